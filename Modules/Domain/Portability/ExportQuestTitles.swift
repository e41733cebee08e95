import FoundationEssentials
import Core

/// What an export's Markdown names each answered quest by: its stage, number and title, in the
/// person's language, from the quest content (`QuestContentSource`) that Composition hands the
/// exporter. The stored entries hold only the quest's number.
public struct ExportQuestTitles: Sendable, Equatable {
    public struct Quest: Sendable, Equatable {
        public let stage: Int
        public let number: Int
        public let title: String
    }

    public let language: Language
    private let quests: [String: Quest]

    public init(content: QuestContent, language: Language) {
        self.language = language
        var quests: [String: Quest] = [:]
        for journey in content.journeys {
            for stage in journey.stages {
                for quest in stage.quests {
                    quests["\(journey.style.rawValue) \(quest.number)"] =
                        Quest(stage: stage.number, number: quest.number, title: quest.title.text(language))
                }
            }
        }
        self.quests = quests
    }

    /// The quest of a journey of `style` (`question`, `action`) numbered `number`; nil when the
    /// content has no such quest (a style or number of a newer Tend).
    public func quest(style: String, number: Int) -> Quest? {
        quests["\(style) \(number)"]
    }

    /// The Markdown heading of an answered quest: `## Quest 8 · Stage 2 · Title` (in Korean
    /// `## 퀘스트 8 · 2단계 · Title`), or `## Quest 8` when the quest is not known.
    public func heading(style: String, number: Int) -> String {
        guard let quest = quest(style: style, number: number) else { return Self.plainHeading(number) }
        return language == .ko ? "## 퀘스트 \(number) · \(quest.stage)단계 · \(quest.title)"
            : "## Quest \(number) · Stage \(quest.stage) · \(quest.title)"
    }

    public static func plainHeading(_ number: Int) -> String { "## Quest \(number)" }
}
