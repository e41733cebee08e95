import FoundationEssentials
import Console
import Core
import Domain

/// `tend insulin chart --svg FILE`: the month as a picture.
enum ChartCommand {
    static func make(context: @escaping InsulinCommands.ContextProvider) -> Command {
        Command(
            name: "chart",
            abstract: "Write an SVG chart of a month: long-acting time per day, rapid-acting time and units.",
            options: [
                .value("svg", valueName: "FILE", help: "Where to write the SVG file (required)."),
                .value("month", valueName: "YYYY-MM", help: "The month to draw (default: the current one)."),
            ],
            run: { invocation in
                guard let path = invocation.option("svg"), !path.isEmpty else {
                    throw UsageError("missing --svg FILE: where to write the chart")
                }
                let month = try InsulinInput.month(invocation)
                let context = try context(invocation)
                let report = try context.useCases.monthReport(ownerID: context.ownerID, month: month)
                let svg = InsulinChartSVG.render(report)
                try TextFile.write(svg, to: path)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(["svg": path, "month": report.month.description])
                }
                TextFile.announce(path, in: invocation)
            }
        )
    }
}
