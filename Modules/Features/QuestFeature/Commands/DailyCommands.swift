import Console
import Core
import Domain

/// `tend quest today`, `answer` and `done`: the daily step.
enum DailyCommands {
    static func today(context: @escaping QuestCommands.ContextProvider) -> Command {
        Command(
            name: "today",
            abstract: "Bori's message and today's quest with its tip.",
            run: { invocation in
                let context = try context(invocation)
                let today = try context.useCases.today(ownerID: context.ownerID)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(TodayJSON(today, language: context.language))
                } else {
                    let help = try context.useCases.questContent().bori.help.text(context.language)
                    invocation.output.print(QuestText.today(today, language: context.language) + "\n\n" + help)
                }
            }
        )
    }

    static func answer(context: @escaping QuestCommands.ContextProvider) -> Command {
        Command(
            name: "answer",
            abstract: "Answer today's question quest (opens $EDITOR when TEXT is left out in a terminal).",
            arguments: [Argument("text", help: "Your answer; or pipe it on stdin.", isOptional: true)],
            run: { invocation in
                let context = try context(invocation)
                var text = invocation.argument("text")
                if text == nil {
                    if context.isInteractive {
                        let today = try context.useCases.today(ownerID: context.ownerID)
                        let template = "# \(today.quest.title.text(context.language))\n# \(today.quest.prompt.text(context.language))\n"
                            + "# \(today.quest.tip.text(context.language))\n# Lines starting with # are ignored.\n\n"
                        text = try Terminal.edit(template: template, environment: context.environment)
                    } else {
                        text = Terminal.readAllInput()
                    }
                }
                let entry = try context.useCases.answer(ownerID: context.ownerID, text: text ?? "", language: context.language)
                try printCompleted(entry, invocation: invocation, context: context)
            }
        )
    }

    static func done(context: @escaping QuestCommands.ContextProvider) -> Command {
        Command(
            name: "done",
            abstract: "Mark today's action quest done.",
            options: [
                .value("reflection", valueName: "TEXT", help: "A few words on how it went."),
                .value("felt", valueName: "FELT", help: "better, same or harder (나아짐, 비슷함, 힘듦)."),
            ],
            run: { invocation in
                let felt = try invocation.option("felt", expected: "better, same or harder") { QuestFelt(word: $0) }
                let context = try context(invocation)
                let entry = try context.useCases.done(ownerID: context.ownerID, reflection: invocation.option("reflection"),
                                                      felt: felt, language: context.language)
                try printCompleted(entry, invocation: invocation, context: context)
            }
        )
    }

    private static func printCompleted(_ entry: QuestEntry, invocation: Invocation, context: QuestContext) throws {
        let state = try context.useCases.currentState(ownerID: context.ownerID)
        if GlobalOptions.wantsJSON(invocation) {
            try invocation.output.printJSON(ProgressJSON(state))
            return
        }
        let language = context.language
        if state.isComplete {
            let bori = try context.useCases.questContent().bori
            let values = ["nickname": state.journey.nickname, "days": String(state.daysOnJourney)]
            invocation.output.print(bori.completion.map { "🐾 " + $0.text(language, values) }.joined(separator: "\n"))
            invocation.output.print(language == .ko
                ? "\n돌아보기: tend quest review \(state.journey.id)\n새 여정: tend quest new"
                : "\nLook back: tend quest review \(state.journey.id)\nA new journey: tend quest new")
            return
        }
        invocation.output.print(language == .ko
            ? "✓ 퀘스트 \(entry.questNumber) 완료. 오늘도 한 걸음 나아갔어요."
            : "✓ Quest \(entry.questNumber) done. One more step today.")
        invocation.output.print(QuestText.progress(state, language: language))
        if let opens = state.nextOpensAt {
            invocation.output.print(language == .ko ? "다음 퀘스트: \(QuestText.when(opens, state))" : "Next quest opens: \(QuestText.when(opens, state))")
        }
    }
}
