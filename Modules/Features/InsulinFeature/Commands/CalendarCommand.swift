import Console
import Core
import Domain

/// `tend insulin calendar`: the month at a glance.
enum CalendarCommand {
    static func make(context: @escaping InsulinCommands.ContextProvider) -> Command {
        Command(
            name: "calendar",
            abstract: "Show a month: days with the long dose, adherence, average time, streaks, rapid doses by hour.",
            options: [.value("month", valueName: "YYYY-MM", help: "The month to show (default: the current one).")],
            run: { invocation in
                let month = try InsulinInput.month(invocation)
                let context = try context(invocation)
                let report = try context.useCases.monthReport(ownerID: context.ownerID, month: month)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(MonthReportJSON(report))
                } else {
                    invocation.output.print(CalendarText.render(report))
                }
            }
        )
    }
}
