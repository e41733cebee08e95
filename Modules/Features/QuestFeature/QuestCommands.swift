import Console
import Core
import Domain

/// What the quest commands work with.
public struct QuestContext: Sendable {
    public let useCases: QuestUseCases
    public let ownerID: String
    public let language: Language
    public let environment: [String: String]
    /// Whether stdin is a terminal, so that the command may ask or open an editor.
    public let isInteractive: Bool

    public init(useCases: QuestUseCases, ownerID: String, language: Language, environment: [String: String],
                isInteractive: Bool) {
        self.useCases = useCases
        self.ownerID = ownerID
        self.language = language
        self.environment = environment
        self.isInteractive = isInteractive
    }
}

/// `tend quest …`: the journey through a break-up, with Bori.
public enum QuestCommands {
    public typealias ContextProvider = @Sendable (Invocation) throws -> QuestContext

    public static func make(context: @escaping ContextProvider) -> Command {
        let start = JourneyStartCommands(makeContext: context), daily = DailyCommands(makeContext: context)
        let detail = QuestDetailCommands(makeContext: context), journeys = JourneyCommands(makeContext: context)
        return Command(
            name: "quest",
            abstract: "A gentle 30-quest journey through a break-up, one quest a day, with Bori.",
            discussion: """
                Two journeys of 5 stages × 6 quests: question quests you answer in writing (facing the
                feelings), action quests you do (sorting the feelings: small acts that restore a routine).
                One quest opens a day. Your answers stay in your database and never appear in logs.
                """,
            subcommands: [
                start.start, daily.today, daily.answer, daily.done, detail.show, detail.edit, detail.progress,
                journeys.journeys, journeys.review, journeys.export, start.new, journeys.remind, journeys.delete,
            ]
        )
    }
}

enum QuestInput {
    static func style(_ text: String) -> QuestStyle? {
        switch text.lowercased() {
        case "question", "질문", "질문형": .question
        case "action", "행동", "행동형": .action
        default: nil
        }
    }

    static func number(_ invocation: Invocation) throws -> Int {
        try invocation.argument("number", expected: "a quest number 1-30") { Int($0) }!
    }
}
