import Console
import Core
import Domain

/// `tend quest start` (onboarding) and `tend quest new` (another journey after one ends).
enum JourneyStartCommands {
    static func start(context: @escaping QuestCommands.ContextProvider) -> Command {
        Command(
            name: "start",
            abstract: "Begin a journey: your nickname, how you feel, and the quest style you prefer.",
            discussion: "Feelings: sad, angry, empty, anxious, regretful, confused, relieved (or 슬픔, 화남, 공허함, 불안, 후회, 혼란, 홀가분함).",
            options: [
                .value("nickname", valueName: "NAME", help: "What Bori calls you."),
                .value("feeling", valueName: "FEELING", help: "How you feel now."),
                .value("style", valueName: "STYLE", help: "question (write) or action (do).", allowedValues: ["question", "action"]),
                .value("pace", valueName: "DAYS", help: "Days between quests (default 1: one a day)."),
            ],
            run: { invocation in
                let context = try context(invocation)
                let content = try context.useCases.questContent()
                let language = context.language
                let interactive = context.isInteractive && !GlobalOptions.wantsJSON(invocation)
                if interactive {
                    invocation.output.print(content.bori.onboarding.map { "🐾 " + $0.text(language) }.joined(separator: "\n") + "\n")
                }
                let nickname = try value(invocation, "nickname", interactive: interactive,
                                         question: language == .ko ? "보리가 뭐라고 부르면 좋을까요?" : "What should Bori call you?")
                let feelingText = try value(invocation, "feeling", interactive: interactive,
                                            question: language == .ko ? "지금 기분은 어때요? (슬픔, 화남, 공허함, 불안, 후회, 혼란, 홀가분함)"
                                                : "How do you feel right now? (sad, angry, empty, anxious, regretful, confused, relieved)")
                guard let feeling = Feeling(word: feelingText) else {
                    throw UsageError("unknown feeling '\(feelingText)': one of \(Feeling.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                let styleText = try value(invocation, "style", interactive: interactive,
                                          question: language == .ko ? "어떤 퀘스트가 좋아요? question(글로 마주하기) / action(몸으로 정리하기)"
                                              : "Which quests suit you? question (write) / action (do)")
                guard let style = QuestInput.style(styleText) else { throw UsageError("the style is question or action (got '\(styleText)')") }
                let pace = try invocation.option("pace", expected: "a number of days 1-7") { Int($0) } ?? 1
                let state = try context.useCases.start(ownerID: context.ownerID, .init(nickname: nickname, feeling: feeling, style: style, paceDays: pace))
                try printStarted(state, invocation: invocation, context: context, content: content, showStory: !interactive)
            }
        )
    }

    static func new(context: @escaping QuestCommands.ContextProvider) -> Command {
        Command(
            name: "new",
            abstract: "Start a new journey after one is finished (the other style unless you choose).",
            options: [.value("style", valueName: "STYLE", help: "question or action.", allowedValues: ["question", "action"])],
            run: { invocation in
                let context = try context(invocation)
                let style = invocation.option("style").flatMap(QuestInput.style)
                let state = try context.useCases.startNew(ownerID: context.ownerID, style: style)
                try printStarted(state, invocation: invocation, context: context, content: try context.useCases.questContent(), showStory: false)
            }
        )
    }

    private static func value(_ invocation: Invocation, _ name: String, interactive: Bool, question: String) throws -> String {
        if let given = invocation.option(name), !given.trimmed.isEmpty { return given }
        guard interactive else { throw UsageError("missing --\(name) (or run it in a terminal to be asked)") }
        guard let answer = Terminal.ask(question, output: invocation.output), !answer.trimmed.isEmpty else {
            throw UsageError("no \(name) given")
        }
        return answer.trimmed
    }

    private static func printStarted(_ state: JourneyState, invocation: Invocation, context: QuestContext, content: QuestContent,
                                     showStory: Bool) throws {
        if GlobalOptions.wantsJSON(invocation) {
            try invocation.output.printJSON(ProgressJSON(state))
            return
        }
        let language = context.language
        if showStory {
            invocation.output.print(content.bori.onboarding.map { "🐾 " + $0.text(language) }.joined(separator: "\n") + "\n")
        }
        let today = try context.useCases.today(ownerID: context.ownerID)
        invocation.output.print(language == .ko
            ? "「\(state.template.name.text(language))」 여정을 시작해요. \(state.template.description.text(language))\n"
            : "Your journey “\(state.template.name.text(language))” begins. \(state.template.description.text(language))\n")
        invocation.output.print(QuestText.today(today, language: language))
    }
}
