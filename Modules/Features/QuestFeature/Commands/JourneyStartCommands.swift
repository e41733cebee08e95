import Console
import Core
import Domain

/// `tend quest start` (onboarding) and `tend quest new` (another journey after one ends).
struct JourneyStartCommands: Sendable {
    let makeContext: QuestCommands.ContextProvider

    static let nickname = Option.value("nickname", valueName: "NAME", help: "What Bori calls you.")
    static let feeling = Option.value("feeling", valueName: "FEELING", help: "How you feel now.")
    static let style = Option.value("style", valueName: "STYLE", help: "question (write) or action (do).",
                                    allowedValues: ["question", "action"])
    static let pace = Option.value("pace", valueName: "DAYS", help: "Days between quests (default 1: one a day).")
    static let newStyle = Option.value("style", valueName: "STYLE", help: "question or action.", allowedValues: ["question", "action"])

    var start: Command {
        Command(name: "start", abstract: "Begin a journey: your nickname, how you feel, and the quest style you prefer.",
                discussion: "Feelings: sad, angry, empty, anxious, regretful, confused, relieved "
                    + "(or 슬픔, 화남, 공허함, 불안, 후회, 혼란, 홀가분함).",
                options: [Self.nickname, Self.feeling, Self.style, Self.pace], run: startJourney)
    }

    var new: Command {
        Command(name: "new", abstract: "Start a new journey after one is finished (the other style unless you choose).",
                options: [Self.newStyle], run: startNew)
    }

    func startJourney(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let content = try context.useCases.questContent()
        let language = context.language
        let interactive = context.isInteractive && !GlobalOptions.wantsJSON(invocation)
        if interactive {
            invocation.output.print(content.bori.onboarding.map { "🐾 " + $0.text(language) }.joined(separator: "\n") + "\n")
        }
        let nickname = try Self.value(invocation, Self.nickname, interactive: interactive,
                                      question: language == .ko ? "보리가 뭐라고 부르면 좋을까요?"
                                                                : "What should Bori call you?")
        let feelingText = try Self.value(invocation, Self.feeling, interactive: interactive, question: language == .ko
            ? "지금 기분은 어때요? (슬픔, 화남, 공허함, 불안, 후회, 혼란, 홀가분함)"
            : "How do you feel right now? (sad, angry, empty, anxious, regretful, confused, relieved)")
        guard let feeling = Feeling(word: feelingText) else {
            throw UsageError("unknown feeling '\(feelingText)': one of \(Feeling.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let styleText = try Self.value(invocation, Self.style, interactive: interactive, question: language == .ko
            ? "어떤 퀘스트가 좋아요? question(글로 마주하기) / action(몸으로 정리하기)"
            : "Which quests suit you? question (write) / action (do)")
        guard let style = QuestInput.style(styleText) else { throw UsageError("the style is question or action (got '\(styleText)')") }
        let pace = try invocation.option(Self.pace, expected: "a number of days 1-7") { Int($0) } ?? 1
        let state = try context.useCases.start(ownerID: context.ownerID,
                                               .init(nickname: nickname, feeling: feeling, style: style, paceDays: pace))
        try Self.respond(started: state, invocation: invocation, context: context, content: content, showStory: !interactive)
    }

    func startNew(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let style = invocation.option(Self.newStyle).flatMap(QuestInput.style)
        let state = try context.useCases.startNew(ownerID: context.ownerID, style: style)
        try Self.respond(started: state, invocation: invocation, context: context, content: try context.useCases.questContent(),
                         showStory: false)
    }

    /// The option's value, else (in a terminal) the person's answer to the question.
    private static func value(_ invocation: Invocation, _ option: Option, interactive: Bool, question: String) throws -> String {
        if let given = invocation.option(option.name), !given.trimmed.isEmpty { return given }
        guard interactive else { throw UsageError("missing --\(option.name) (or run it in a terminal to be asked)") }
        guard let answer = try Terminal.ask(question, output: invocation.output), !answer.trimmed.isEmpty else {
            throw UsageError("no \(option.name) given")
        }
        return answer.trimmed
    }

    /// The journey that begins, and its first quest; Bori's story first unless it was told while asking.
    private static func respond(started state: JourneyState, invocation: Invocation, context: QuestContext, content: QuestContent,
                                showStory: Bool) throws {
        let language = context.language
        try invocation.respond(json: { ProgressJSON(state) }, text: {
            let today = try context.useCases.today(ownerID: context.ownerID)
            let name = state.template.name.text(language), description = state.template.description.text(language)
            let story = content.bori.onboarding.map { "🐾 " + $0.text(language) }.joined(separator: "\n") + "\n"
            return (showStory ? story + "\n" : "")
                + (language == .ko ? "「\(name)」 여정을 시작해요. \(description)\n"
                                   : "Your journey “\(name)” begins. \(description)\n")
                + "\n" + QuestText.today(today, language: language)
        })
    }
}
