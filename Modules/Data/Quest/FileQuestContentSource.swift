import FoundationEssentials
import Synchronization
import Core
import Domain

/// Loads the quest journeys and Bori's lines from `journeys.json` and `bori.json` in a folder
/// (`Resources/Quests`), checks their shape, and keeps them after the first read.
public final class FileQuestContentSource: QuestContentSource {
    let directory: String
    private let cache = Mutex<QuestContent?>(nil)

    public init(directory: String) {
        self.directory = directory
    }

    public func content() throws -> QuestContent {
        try cache.withLock { cached in
            if let cached { return cached }
            let loaded = try load()
            cached = loaded
            return loaded
        }
    }

    private func load() throws -> QuestContent {
        struct JourneysFile: Decodable { let journeys: [JourneyTemplate] }
        let decoder = JSONDecoder()
        do {
            let journeys = try decoder.decode(JourneysFile.self, from: try read("journeys.json")).journeys
            let bori = try decoder.decode(BoriLines.self, from: try read("bori.json"))
            let content = QuestContent(journeys: journeys, bori: bori)
            try Self.validate(content)
            return content
        } catch let error as AppError {
            throw error
        } catch {
            throw AppError.unavailable("the quest content in \(directory) cannot be read: \(error)", code: "content_missing")
        }
    }

    private func read(_ name: String) throws -> Data {
        let path = directory + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AppError.unavailable("the quest content is missing: \(path) (set TEND_RESOURCES to the Resources folder)",
                                       code: "content_missing")
        }
        return data
    }

    /// Exactly 5 stages of 6 quests per journey, numbered 1…30 in order, unique ids, and every
    /// text present in both languages.
    public static func validate(_ content: QuestContent) throws {
        func fail(_ what: String) -> AppError { AppError.unavailable("the quest content is invalid: \(what)", code: "content_invalid") }
        func check(_ text: LocalizedText, _ place: String) throws {
            if text.en.trimmed.isEmpty || text.ko.trimmed.isEmpty { throw fail("\(place) lacks a language") }
        }
        for style in QuestStyle.allCases {
            guard let journey = content.journey(style) else { throw fail("no \(style.rawValue) journey") }
            try check(journey.name, "\(style.rawValue) name")
            try check(journey.description, "\(style.rawValue) description")
            guard journey.stages.count == QuestContent.stageCount else {
                throw fail("\(style.rawValue) has \(journey.stages.count) stages")
            }
            var ids = Set<String>()
            for (stageIndex, stage) in journey.stages.enumerated() {
                guard stage.number == stageIndex + 1, stage.quests.count == QuestContent.questsPerStage else {
                    throw fail("\(style.rawValue) stage \(stage.number) is out of order or does not have 6 quests")
                }
                try check(stage.name, "\(style.rawValue) stage \(stage.number) name")
                try check(stage.purpose, "\(style.rawValue) stage \(stage.number) purpose")
                for (questIndex, quest) in stage.quests.enumerated() {
                    let expected = stageIndex * QuestContent.questsPerStage + questIndex + 1
                    guard quest.number == expected else { throw fail("\(quest.id) should be quest \(expected)") }
                    guard ids.insert(quest.id).inserted else { throw fail("duplicate id \(quest.id)") }
                    for (text, field) in [(quest.title, "title"), (quest.prompt, "prompt"), (quest.tip, "tip")] {
                        try check(text, "\(quest.id) \(field)")
                    }
                }
            }
        }
        let bori = content.bori
        guard !bori.onboarding.isEmpty, !bori.completion.isEmpty else { throw fail("Bori's onboarding or completion is empty") }
        for feeling in Feeling.allCases where bori.feelings[feeling.rawValue] == nil {
            throw fail("Bori has no line for the feeling \(feeling.rawValue)")
        }
        for stage in 1...QuestContent.stageCount where (bori.stageMessages[String(stage)] ?? []).isEmpty {
            throw fail("Bori has no message for stage \(stage)")
        }
        for text in bori.onboarding + bori.completion + Array(bori.feelings.values) + bori.stageMessages.values.flatMap({ $0 })
            + [bori.notYet, bori.help, bori.progressMessages.firstDay, bori.progressMessages.returning,
               bori.progressMessages.doneForToday, bori.progressMessages.halfway, bori.progressMessages.lastStage,
               bori.progressMessages.lastQuest] {
            try check(text, "a line of Bori's")
        }
    }
}
