import Console
import Core
import Domain

/// `tend quest today`, `answer` and `done`: the daily step.
struct DailyCommands: Sendable {
    let makeContext: QuestCommands.ContextProvider

    static let reflection = Option.value("reflection", valueName: "TEXT", help: "A few words on how it went.")
    static let felt = Option.value("felt", valueName: "FELT", help: "better, same or harder (나아짐, 비슷함, 힘듦).")

    var today: Command {
        Command(name: "today", abstract: "Bori's message and today's quest with its tip.", run: showToday)
    }

    var answer: Command {
        Command(name: "answer", abstract: "Answer today's question quest (opens $EDITOR when TEXT is left out in a terminal).",
                arguments: [Argument("text", help: "Your answer; or pipe it on stdin.", isOptional: true)], run: answerToday)
    }

    var done: Command {
        Command(name: "done", abstract: "Mark today's action quest done.", options: [Self.reflection, Self.felt], run: markDone)
    }

    func showToday(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let today = try context.useCases.today(ownerID: context.ownerID)
        try invocation.respond(json: { TodayJSON(today, language: context.language) }, text: {
            let help = try context.useCases.questContent().bori.help.text(context.language)
            return QuestText.today(today, language: context.language) + "\n\n" + help
        })
    }

    func answerToday(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        var text = invocation.argument("text")
        if text == nil {
            if context.isInteractive {
                let quest = try context.useCases.today(ownerID: context.ownerID).quest
                let language = context.language
                let template = "# \(quest.title.text(language))\n# \(quest.prompt.text(language))\n"
                    + "# \(quest.tip.text(language))\n# Lines starting with # are ignored.\n\n"
                text = try Terminal.edit(template: template, environment: context.environment)
            } else {
                text = try Terminal.readAllInput()
            }
        }
        let entry = try context.useCases.answer(ownerID: context.ownerID, text: text ?? "", language: context.language)
        try Self.respond(completed: entry, invocation: invocation, context: context)
    }

    func markDone(_ invocation: Invocation) throws {
        let felt = try invocation.option(Self.felt, expected: "better, same or harder") { QuestFelt(word: $0) }
        let context = try makeContext(invocation)
        let entry = try context.useCases.done(ownerID: context.ownerID, reflection: invocation.option(Self.reflection),
                                              felt: felt, language: context.language)
        try Self.respond(completed: entry, invocation: invocation, context: context)
    }

    /// The progress after a quest; Bori's farewell when it was the last one.
    private static func respond(completed entry: QuestEntry, invocation: Invocation, context: QuestContext) throws {
        let state = try context.useCases.currentState(ownerID: context.ownerID)
        let language = context.language
        try invocation.respond(json: { ProgressJSON(state) }, text: {
            if state.isComplete {
                let bori = try context.useCases.questContent().bori
                let values = ["nickname": state.journey.nickname, "days": String(state.daysOnJourney)]
                return bori.completion.map { "🐾 " + $0.text(language, values) }.joined(separator: "\n") + "\n"
                    + (language == .ko
                        ? "\n돌아보기: tend quest review \(state.journey.id)\n새 여정: tend quest new"
                        : "\nLook back: tend quest review \(state.journey.id)\nA new journey: tend quest new")
            }
            var lines = [
                language == .ko
                    ? "✓ 퀘스트 \(entry.questNumber) 완료. 오늘도 한 걸음 나아갔어요."
                    : "✓ Quest \(entry.questNumber) done. One more step today.",
                QuestText.progress(state, language: language),
            ]
            if let opens = state.nextOpensAt {
                let when = QuestText.when(opens, state)
                lines.append(language == .ko ? "다음 퀘스트: \(when)" : "Next quest opens: \(when)")
            }
            return lines.joined(separator: "\n")
        })
    }
}
