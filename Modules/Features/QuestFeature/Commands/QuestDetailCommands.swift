import Console
import Core
import Domain

/// `tend quest show N`, `edit N` and `progress`.
struct QuestDetailCommands: Sendable {
    let makeContext: QuestCommands.ContextProvider

    static let number = Argument("number", help: "The quest number, 1-30.")

    var show: Command {
        Command(name: "show", abstract: "Show a quest of the current journey, with what you wrote.", arguments: [Self.number],
                run: showQuest)
    }

    var edit: Command {
        Command(name: "edit", abstract: "Change what you wrote for a done quest (opens $EDITOR when TEXT is left out in a terminal).",
                arguments: [Self.number, Argument("text", help: "The new answer or reflection.", isOptional: true)], run: editQuest)
    }

    var progress: Command {
        Command(name: "progress", abstract: "Stage, quest, percent and days of the journey.", run: showProgress)
    }

    func showQuest(_ invocation: Invocation) throws {
        let number = try QuestInput.number(invocation)
        let context = try makeContext(invocation)
        let view = try context.useCases.show(ownerID: context.ownerID, number: number)
        try invocation.respond(json: { QuestJSON(view.quest, state: view.state, language: context.language) }, text: {
            QuestText.quest(view.quest, state: view.state, language: context.language).joined(separator: "\n")
        })
    }

    func editQuest(_ invocation: Invocation) throws {
        let number = try QuestInput.number(invocation)
        let context = try makeContext(invocation)
        var text = invocation.argument("text")
        if text == nil {
            let view = try context.useCases.show(ownerID: context.ownerID, number: number)
            if context.isInteractive {
                let current = view.entry?.answer ?? view.entry?.reflection ?? ""
                text = try Terminal.edit(template: "# \(view.quest.prompt.text(context.language))\n\n\(current)\n",
                                         environment: context.environment)
            } else {
                text = try Terminal.readAllInput()
            }
        }
        let entry = try context.useCases.edit(ownerID: context.ownerID, number: number, text: text ?? "")
        let view = try context.useCases.show(ownerID: context.ownerID, number: entry.questNumber)
        try invocation.respond(json: { QuestJSON(view.quest, state: view.state, language: context.language) }, text: {
            context.language == .ko ? "✓ 수정했어요." : "✓ Saved."
        })
    }

    func showProgress(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let state = try context.useCases.currentState(ownerID: context.ownerID)
        try invocation.respond(json: { ProgressJSON(state) }, text: { QuestText.progress(state, language: context.language) })
    }
}
