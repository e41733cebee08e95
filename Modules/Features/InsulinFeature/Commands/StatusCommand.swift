import Console
import Domain

/// `tend insulin status`: was tonight's dose taken, and when was the last rapid one.
enum StatusCommand {
    static func make(context: @escaping InsulinCommands.ContextProvider) -> Command {
        Command(
            name: "status",
            abstract: "Show whether today's long-acting dose is taken and when the last rapid dose was.",
            options: [
                .value("format", valueName: "FORMAT", help: "text (the card) or line (one line for a prompt or status bar).",
                       allowedValues: ["text", "line"]),
            ],
            run: { invocation in
                let context = try context(invocation)
                let status = try context.useCases.status(ownerID: context.ownerID)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(StatusJSON(status))
                } else if invocation.option("format") == "line" {
                    invocation.output.print(StatusText.line(status, language: Language(rawValue: invocation.language.rawValue) ?? .en))
                } else {
                    invocation.output.print(StatusText.card(status, language: Language(rawValue: invocation.language.rawValue) ?? .en).joined(separator: "\n"))
                }
            }
        )
    }
}
