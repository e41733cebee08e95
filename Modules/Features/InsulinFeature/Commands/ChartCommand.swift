import FoundationEssentials
import Console
import Core
import Domain

/// `tend insulin chart --svg FILE`: the month as a picture.
struct ChartCommand: Sendable {
    let makeContext: InsulinCommands.ContextProvider

    static let svg = Option.value("svg", valueName: "FILE", help: "Where to write the SVG file (required).")
    static let month = Option.value("month", valueName: "YYYY-MM", help: "The month to draw (default: the current one).")

    var command: Command {
        Command(name: "chart", abstract: "Write an SVG chart of a month: long-acting time per day, rapid-acting time and units.",
                options: [Self.svg, Self.month], run: run)
    }

    func run(_ invocation: Invocation) throws {
        guard let path = invocation.option(Self.svg), !path.isEmpty else {
            throw UsageError("missing --svg FILE: where to write the chart")
        }
        let month = try InsulinInput.month(invocation, Self.month.name)
        let context = try makeContext(invocation)
        let report = try context.useCases.monthReport(ownerID: context.ownerID, month: month)
        try TextFile.write(InsulinChartSVG.render(report, language: Language(rawValue: invocation.language.rawValue) ?? .en), to: path)
        // The file is the answer: text says only where it went (announce), JSON says it too.
        if GlobalOptions.wantsJSON(invocation) {
            try invocation.output.printJSON(["svg": path, "month": report.month.description])
        }
        TextFile.announce(path, in: invocation)
    }
}
