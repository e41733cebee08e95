/// The two languages Tend's written content comes in.
public enum Language: String, Sendable, Codable, CaseIterable {
    case en, ko

    /// `--lang`, else `LANG` (ko… → Korean), else English.
    public static func resolve(option: String?, environment: [String: String]) -> Language? {
        if let option { return Language(rawValue: option.lowercased()) }
        let locale = environment["LC_ALL"]?.nilIfBlank ?? environment["LANG"] ?? ""
        return locale.lowercased().hasPrefix("ko") ? .ko : .en
    }
}

/// A text written in both languages.
public struct LocalizedText: Sendable, Codable, Equatable {
    public let en: String
    public let ko: String

    public init(en: String, ko: String) {
        self.en = en
        self.ko = ko
    }

    public func text(_ language: Language) -> String { language == .ko ? ko : en }

    /// The text with `{name}` placeholders filled in.
    public func text(_ language: Language, _ values: [String: String]) -> String {
        var result = text(language)
        for (key, value) in values { result = result.replacing("{\(key)}", with: value) }
        return result
    }
}

/// Question quests are answered in writing (감정 직면); action quests are done (감정 정리).
public enum QuestStyle: String, Sendable, Codable, CaseIterable {
    case question, action

    public var other: QuestStyle { self == .question ? .action : .question }
}

public struct QuestTemplate: Sendable, Codable, Equatable {
    public let id: String
    public let number: Int
    public let title: LocalizedText
    public let prompt: LocalizedText
    public let tip: LocalizedText
}

public struct StageTemplate: Sendable, Codable, Equatable {
    public let number: Int
    public let name: LocalizedText
    public let purpose: LocalizedText
    public let quests: [QuestTemplate]
}

public struct JourneyTemplate: Sendable, Codable, Equatable {
    public let style: QuestStyle
    public let name: LocalizedText
    public let description: LocalizedText
    public let stages: [StageTemplate]

    public var quests: [QuestTemplate] { stages.flatMap(\.quests) }

    public func quest(number: Int) -> QuestTemplate? { quests.first { $0.number == number } }

    public func stage(ofQuest number: Int) -> StageTemplate? { stages.first { $0.quests.contains { $0.number == number } } }
}

/// Bori's lines: onboarding, messages of the day, congratulations.
public struct BoriLines: Sendable, Codable, Equatable {
    public struct Progress: Sendable, Codable, Equatable {
        public let firstDay: LocalizedText
        public let returning: LocalizedText
        public let doneForToday: LocalizedText
        public let halfway: LocalizedText
        public let lastStage: LocalizedText
        public let lastQuest: LocalizedText

        enum CodingKeys: String, CodingKey {
            case firstDay = "first_day", returning, doneForToday = "done_for_today", halfway
            case lastStage = "last_stage", lastQuest = "last_quest"
        }
    }

    public let onboarding: [LocalizedText]
    public let feelings: [String: LocalizedText]
    public let stageMessages: [String: [LocalizedText]]
    public let progressMessages: Progress
    public let completion: [LocalizedText]
    public let notYet: LocalizedText
    public let help: LocalizedText

    enum CodingKeys: String, CodingKey {
        case onboarding, feelings, stageMessages = "stage_messages", progressMessages = "progress_messages"
        case completion, notYet = "not_yet", help
    }
}

/// Everything written for the quest journeys.
public struct QuestContent: Sendable, Equatable {
    public static let stageCount = 5
    public static let questsPerStage = 6
    public static let questCount = stageCount * questsPerStage

    public let journeys: [JourneyTemplate]
    public let bori: BoriLines

    public init(journeys: [JourneyTemplate], bori: BoriLines) {
        self.journeys = journeys
        self.bori = bori
    }

    public func journey(_ style: QuestStyle) -> JourneyTemplate? { journeys.first { $0.style == style } }
}

/// Where the content comes from (files shipped in `Resources/Quests`, loaded by `Data`).
public protocol QuestContentSource: Sendable {
    func content() throws -> QuestContent
}
