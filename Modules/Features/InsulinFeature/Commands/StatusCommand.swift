import Console
import Domain

/// `tend insulin status`: was tonight's dose taken, and when was the last rapid one.
struct StatusCommand: Sendable {
    let makeContext: InsulinCommands.ContextProvider

    static let format = Option.value("format", valueName: "FORMAT", help: "text (the card) or line (one line for a prompt or status bar).",
                                     allowedValues: ["text", "line"])

    var command: Command {
        Command(name: "status", abstract: "Show whether today's long-acting dose is taken and when the last rapid dose was.",
                options: [Self.format], run: run)
    }

    func run(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let status = try context.useCases.status(ownerID: context.ownerID)
        let language = Language(rawValue: invocation.language.rawValue) ?? .en
        let warnings = try context.doubleDoseWarnings()
        try invocation.respond(json: { StatusJSON(status, warnings: warnings) }, text: {
            invocation.option(Self.format) == "line"
                ? StatusText.line(status, language: language) + (warnings.isEmpty ? "" : " ⚠")
                : (StatusText.card(status, language: language)
                    + warnings.flatMap { $0.lines(settings: status.settings, language: language) }).joined(separator: "\n")
        })
    }
}
