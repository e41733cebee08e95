import Console
import Core
import Domain

/// `tend insulin calendar`: the month at a glance.
struct CalendarCommand: Sendable {
    let makeContext: InsulinCommands.ContextProvider

    static let month = Option.value("month", valueName: "YYYY-MM", help: "The month to show (default: the current one).")

    var command: Command {
        Command(name: "calendar",
                abstract: "Show a month: days with the long dose, adherence, average time, streaks, rapid doses by hour.",
                options: [Self.month], run: run)
    }

    func run(_ invocation: Invocation) throws {
        let month = try InsulinInput.month(invocation, Self.month.name)
        let context = try makeContext(invocation)
        let report = try context.useCases.monthReport(ownerID: context.ownerID, month: month)
        let timeInRange = try MonthReportJSON.timeInRange(of: report, ownerID: context.ownerID, from: context.timeInRange,
                                                          now: context.useCases.clock.now)
        let language = Language(rawValue: invocation.language.rawValue) ?? .en
        try invocation.respond(json: { MonthReportJSON(report, timeInRange: timeInRange) },
                               text: { CalendarText.render(report, timeInRange: timeInRange, language: language) })
    }
}
