import Console
import Core
import Domain

/// `tend insulin settings`: show them, or change any of them.
struct SettingsCommand: Sendable {
    let makeContext: InsulinCommands.ContextProvider

    static let longName = Option.value("long-name", valueName: "NAME", help: "Name of the long-acting insulin.")
    static let longUnits = Option.value("long-units", valueName: "N", help: "Default long-acting units.")
    static let rapidName = Option.value("rapid-name", valueName: "NAME", help: "Name of the rapid-acting insulin.")
    static let rapidUnits = Option.value("rapid-units", valueName: "N", help: "Default rapid-acting units.")
    static let dayStarts = Option.value("day-starts", valueName: "HH:MM", help: "When the insulin day starts (default 04:00).")
    static let timeZone = Option.value("time-zone", valueName: "ZONE", help: "Time zone name, e.g. Asia/Seoul (default: the system's).")
    static let longGuardHours = Option.value("long-guard-hours", valueName: "N",
                                             help: "Refuse a second long dose closer than this (default 12; 0 turns it off).")
    static let rapidWindowMinutes = Option.value("rapid-window-minutes", valueName: "N",
                                                 help: "Refuse the same rapid dose again within this (default 10; 0 turns it off).")
    static let reminder = Option.value("reminder", valueName: "HH:MM", help: "When to remind about the long dose (default 22:00).")

    var command: Command {
        Command(name: "settings",
                abstract: "Show or change the insulin names, default units, day start, time zone, guards and reminder.",
                options: [Self.longName, Self.longUnits, Self.rapidName, Self.rapidUnits, Self.dayStarts, Self.timeZone,
                          Self.longGuardHours, Self.rapidWindowMinutes, Self.reminder],
                run: run)
    }

    func run(_ invocation: Invocation) throws {
        let changes = try Self.changes(invocation)
        let context = try makeContext(invocation)
        let settings = changes.isEmpty
            ? try context.useCases.settings.current(ownerID: context.ownerID)
            : try context.useCases.settings.update(ownerID: context.ownerID, changes)
        try invocation.respond(json: { SettingsJSON(settings) }, text: { Self.render(settings, changed: !changes.isEmpty) })
    }

    /// Every option given, read before the database is opened.
    static func changes(_ invocation: Invocation) throws -> InsulinSettingsChanges {
        InsulinSettingsChanges(
            longName: invocation.option(longName.name),
            longUnits: try invocation.option(longUnits.name, expected: InsulinInput.unitsExpected, InsulinInput.units),
            rapidName: invocation.option(rapidName.name),
            rapidUnits: try invocation.option(rapidUnits.name, expected: InsulinInput.unitsExpected, InsulinInput.units),
            dayStart: try invocation.option(dayStarts.name, expected: "a time as HH:MM") { LocalTime($0) },
            timeZoneIdentifier: invocation.option(timeZone.name),
            longGuardMinutes: try invocation.option(longGuardHours.name, expected: "a number of hours such as 12") { text in
                Double(text).flatMap { abs($0) <= 1_000 ? Int(($0 * 60).rounded()) : nil } // the use case checks 0…48 h
            },
            rapidWindowMinutes: try invocation.option(rapidWindowMinutes.name, expected: "a whole number of minutes") { Int($0) },
            reminder: try invocation.option(reminder.name, expected: "a time as HH:MM") { LocalTime($0) })
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
