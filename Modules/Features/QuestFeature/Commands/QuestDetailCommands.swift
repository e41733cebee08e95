import Console
import Core
import Domain

/// `tend quest show N`, `edit N` and `progress`.
enum QuestDetailCommands {
    static func show(context: @escaping QuestCommands.ContextProvider) -> Command {
        Command(
            name: "show",
            abstract: "Show a quest of the current journey, with what you wrote.",
            arguments: [Argument("number", help: "The quest number, 1-30.")],
            run: { invocation in
                let number = try QuestInput.number(invocation)
                let context = try context(invocation)
                let view = try context.useCases.show(ownerID: context.ownerID, number: number)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(QuestJSON(view.quest, state: view.state, language: context.language))
                } else {
                    invocation.output.print(QuestText.quest(view.quest, state: view.state, language: context.language).joined(separator: "\n"))
                }
            }
        )
    }

    static func edit(context: @escaping QuestCommands.ContextProvider) -> Command {
        Command(
            name: "edit",
            abstract: "Change what you wrote for a done quest (opens $EDITOR when TEXT is left out in a terminal).",
            arguments: [
                Argument("number", help: "The quest number, 1-30."),
                Argument("text", help: "The new answer or reflection.", isOptional: true),
            ],
            run: { invocation in
                let number = try QuestInput.number(invocation)
                let context = try context(invocation)
                var text = invocation.argument("text")
                if text == nil {
                    let view = try context.useCases.show(ownerID: context.ownerID, number: number)
                    if context.isInteractive {
                        let current = view.entry?.answer ?? view.entry?.reflection ?? ""
                        text = try Terminal.edit(template: "# \(view.quest.prompt.text(context.language))\n\n\(current)\n",
                                                 environment: context.environment)
                    } else {
                        text = Terminal.readAllInput()
                    }
                }
                let entry = try context.useCases.edit(ownerID: context.ownerID, number: number, text: text ?? "")
                let view = try context.useCases.show(ownerID: context.ownerID, number: entry.questNumber)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(QuestJSON(view.quest, state: view.state, language: context.language))
                } else {
                    invocation.output.print(context.language == .ko ? "✓ 수정했어요." : "✓ Saved.")
                }
            }
        )
    }

    static func progress(context: @escaping QuestCommands.ContextProvider) -> Command {
        Command(
            name: "progress",
            abstract: "Stage, quest, percent and days of the journey.",
            run: { invocation in
                let context = try context(invocation)
                let state = try context.useCases.currentState(ownerID: context.ownerID)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(ProgressJSON(state))
                } else {
                    invocation.output.print(QuestText.progress(state, language: context.language))
                }
            }
        )
    }
}
