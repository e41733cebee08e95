import FoundationEssentials
import Core
import Domain

/// `tend --json quest progress` and `GET /v1/quests/progress`.
public struct ProgressJSON: Encodable, Sendable {
    let journeyID: String
    let style: String
    let stage: Int
    let quest: Int
    let completed: Int
    let total: Int
    let percent: Int
    let nextOpensAt: String?
    let isComplete: Bool
    let daysOnJourney: Int
    let startedAt: String
    let completedAt: String?

    public init(_ state: JourneyState) {
        let zone = state.journey.timeZone
        journeyID = state.journey.id
        style = state.journey.style.rawValue
        stage = state.stage
        quest = state.currentNumber
        completed = state.completed
        total = state.total
        percent = state.percent
        nextOpensAt = state.nextOpensAt.map { ISO8601.format($0, in: zone) }
        isComplete = state.isComplete
        daysOnJourney = state.daysOnJourney
        startedAt = ISO8601.format(state.journey.startedAt, in: zone)
        completedAt = state.journey.completedAt.map { ISO8601.format($0, in: zone) }
    }

    enum CodingKeys: String, CodingKey {
        case journeyID = "journey_id", style, stage, quest, completed, total, percent = "completed_pct", nextOpensAt = "next_opens_at"
        case isComplete = "is_complete", daysOnJourney = "days_on_journey", startedAt = "started_at", completedAt = "completed_at"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(journeyID, forKey: .journeyID)
        try container.encode(style, forKey: .style)
        try container.encode(stage, forKey: .stage)
        try container.encode(quest, forKey: .quest)
        try container.encode(completed, forKey: .completed)
        try container.encode(total, forKey: .total)
        try container.encode(percent, forKey: .percent)
        try container.encode(nextOpensAt, forKey: .nextOpensAt)
        try container.encode(isComplete, forKey: .isComplete)
        try container.encode(daysOnJourney, forKey: .daysOnJourney)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(completedAt, forKey: .completedAt)
    }
}

/// One quest with, when done, what the person wrote.
public struct QuestJSON: Encodable, Sendable {
    let number: Int
    let stage: Int
    let kind: String
    let title: String
    let prompt: String
    let tip: String
    let status: String
    let answer: String?
    let reflection: String?
    let felt: String?
    let completedAt: String?

    public init(_ quest: QuestTemplate, state: JourneyState, language: Language) {
        let entry = state.entry(quest.number)
        number = quest.number
        stage = (quest.number - 1) / QuestContent.questsPerStage + 1
        kind = state.journey.style.rawValue
        title = quest.title.text(language)
        prompt = quest.prompt.text(language)
        tip = quest.tip.text(language)
        status = state.status(of: quest.number).rawValue
        answer = entry?.answer
        reflection = entry?.reflection
        felt = entry?.felt?.rawValue
        completedAt = entry.map { ISO8601.format($0.completedAt, in: state.journey.timeZone) }
    }

    enum CodingKeys: String, CodingKey {
        case number, stage, kind, title, prompt, tip, status, answer, reflection, felt, completedAt = "completed_at"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(stage, forKey: .stage)
        try container.encode(kind, forKey: .kind)
        try container.encode(title, forKey: .title)
        try container.encode(prompt, forKey: .prompt)
        try container.encode(tip, forKey: .tip)
        try container.encode(status, forKey: .status)
        try container.encode(answer, forKey: .answer)
        try container.encode(reflection, forKey: .reflection)
        try container.encode(felt, forKey: .felt)
        try container.encode(completedAt, forKey: .completedAt)
    }
}

/// `tend --json quest today`: Bori's message and the quest of the day.
public struct TodayJSON: Encodable, Sendable {
    let message: String
    let quest: QuestJSON
    let progress: ProgressJSON

    public init(_ today: QuestUseCases.Today, language: Language) {
        message = today.message.text(language)
        quest = QuestJSON(today.quest, state: today.state, language: language)
        progress = ProgressJSON(today.state)
    }
}

/// A journey in the list of journeys, and in full for a review.
public struct JourneyJSON: Encodable, Sendable {
    struct Stage: Encodable, Sendable {
        let number: Int
        let name: String
        let purpose: String
        let quests: [QuestJSON]
    }

    let journeyID: String
    let style: String
    let name: String
    let nickname: String
    let feeling: String
    let progress: ProgressJSON
    let stages: [Stage]?

    public init(_ state: JourneyState, language: Language, full: Bool) {
        journeyID = state.journey.id
        style = state.journey.style.rawValue
        name = state.template.name.text(language)
        nickname = state.journey.nickname
        feeling = state.journey.feeling.rawValue
        progress = ProgressJSON(state)
        stages = full ? state.template.stages.map { stage in
            Stage(number: stage.number, name: stage.name.text(language), purpose: stage.purpose.text(language),
                  quests: stage.quests.map { QuestJSON($0, state: state, language: language) })
        } : nil
    }

    enum CodingKeys: String, CodingKey {
        case journeyID = "id", style, name, nickname, feeling, progress, stages
    }

    /// `stages` is null in a list of journeys, present for one journey in full.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(journeyID, forKey: .journeyID)
        try container.encode(style, forKey: .style)
        try container.encode(name, forKey: .name)
        try container.encode(nickname, forKey: .nickname)
        try container.encode(feeling, forKey: .feeling)
        try container.encode(progress, forKey: .progress)
        try container.encode(stages, forKey: .stages)
    }
}

public struct JourneyListJSON: Encodable, Sendable {
    let journeys: [JourneyJSON]

    public init(_ states: [JourneyState], language: Language) {
        journeys = states.map { JourneyJSON($0, language: language, full: false) }
    }
}

/// The quest reminder (`tend quest remind`, `GET`/`PUT /v1/quests/reminder`): its time and its switch.
public struct QuestReminderJSON: Encodable, Sendable {
    let reminder: String
    let reminderEnabled: Bool

    enum CodingKeys: String, CodingKey {
        case reminder, reminderEnabled = "reminder_enabled"
    }

    public init(_ settings: QuestSettings) {
        reminder = settings.reminder.description
        reminderEnabled = settings.reminderEnabled
    }
}
