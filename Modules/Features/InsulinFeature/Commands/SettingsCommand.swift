import Console
import Core
import Domain

/// `tend insulin settings`: show them, or change any of them.
enum SettingsCommand {
    static func make(context: @escaping InsulinCommands.ContextProvider) -> Command {
        Command(
            name: "settings",
            abstract: "Show or change the insulin names, default units, day start, time zone, guards and reminder.",
            options: [
                .value("long-name", valueName: "NAME", help: "Name of the long-acting insulin."),
                .value("long-units", valueName: "N", help: "Default long-acting units."),
                .value("rapid-name", valueName: "NAME", help: "Name of the rapid-acting insulin."),
                .value("rapid-units", valueName: "N", help: "Default rapid-acting units."),
                .value("day-starts", valueName: "HH:MM", help: "When the insulin day starts (default 04:00)."),
                .value("time-zone", valueName: "ZONE", help: "Time zone name, e.g. Asia/Seoul (default: the system's)."),
                .value("long-guard-hours", valueName: "N", help: "Refuse a second long dose closer than this (default 12; 0 turns it off)."),
                .value("rapid-window-minutes", valueName: "N", help: "Refuse the same rapid dose again within this (default 10; 0 turns it off)."),
                .value("reminder", valueName: "HH:MM", help: "When to remind about the long dose (default 22:00)."),
            ],
            run: { invocation in
                let changes = InsulinSettingsChanges(
                    longName: invocation.option("long-name"),
                    longUnits: try invocation.option("long-units", expected: InsulinInput.unitsExpected, InsulinInput.units),
                    rapidName: invocation.option("rapid-name"),
                    rapidUnits: try invocation.option("rapid-units", expected: InsulinInput.unitsExpected, InsulinInput.units),
                    dayStart: try invocation.option("day-starts", expected: "a time as HH:MM") { LocalTime($0) },
                    timeZoneIdentifier: invocation.option("time-zone"),
                    longGuardMinutes: try invocation.option("long-guard-hours", expected: "a number of hours such as 12") { text in
                        Double(text).flatMap { abs($0) <= 1_000 ? Int(($0 * 60).rounded()) : nil } // the use case checks 0…48 h
                    },
                    rapidWindowMinutes: try invocation.option("rapid-window-minutes", expected: "a whole number of minutes") { Int($0) },
                    reminder: try invocation.option("reminder", expected: "a time as HH:MM") { LocalTime($0) })
                let context = try context(invocation)
                let settings = changes.isEmpty
                    ? try context.useCases.settings.current(ownerID: context.ownerID)
                    : try context.useCases.settings.update(ownerID: context.ownerID, changes)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(SettingsJSON(settings))
                } else {
                    invocation.output.print(render(settings, changed: !changes.isEmpty))
                }
            }
        )
    }

    static func render(_ settings: InsulinSettings, changed: Bool) -> String {
        let rows: [(String, String)] = [
            ("Long-acting", "\(settings.longName), \(formatUnits(settings.longUnits)) u by default"),
            ("Rapid-acting", "\(settings.rapidName), \(formatUnits(settings.rapidUnits)) u by default"),
            ("Insulin day starts", settings.dayStart.description),
            ("Time zone", settings.timeZoneIdentifier),
            ("Long-acting guard", settings.longGuardMinutes == 0 ? "off" : "\(formatDecimal(Double(settings.longGuardMinutes) / 60)) h"),
            ("Rapid double-tap window", settings.rapidWindowMinutes == 0 ? "off" : "\(settings.rapidWindowMinutes) min"),
            ("Reminder", settings.reminder.description),
        ]
        let width = rows.map { TextWidth.displayWidth($0.0) }.max() ?? 0
        let body = rows.map { TextWidth.pad($0.0, to: width, alignment: .left) + "  " + $0.1 }.joined(separator: "\n")
        return changed ? "Settings saved.\n" + body : body
    }
}
