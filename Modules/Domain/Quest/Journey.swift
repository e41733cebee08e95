import FoundationEssentials
import Core

/// One walk through a journey's 30 quests.
public struct Journey: Sendable, Equatable, Identifiable {
    public let id: String
    public let ownerID: String
    public let style: QuestStyle
    public var nickname: String
    public var feeling: Feeling
    /// Days between one quest's completion and the next quest opening (1: one a day).
    public var paceDays: Int
    public let timeZoneIdentifier: String
    public let startedAt: Date
    public var completedAt: Date?
    public let createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(id: String, ownerID: String, style: QuestStyle, nickname: String, feeling: Feeling, paceDays: Int,
                timeZoneIdentifier: String, startedAt: Date, completedAt: Date? = nil, createdAt: Date, updatedAt: Date,
                deletedAt: Date? = nil) {
        self.id = id
        self.ownerID = ownerID
        self.style = style
        self.nickname = nickname
        self.feeling = feeling
        self.paceDays = paceDays
        self.timeZoneIdentifier = timeZoneIdentifier
        self.startedAt = startedAt
        self.completedAt = completedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }

    public var isComplete: Bool { completedAt != nil }
    public var timeZone: TimeZone { TimeZone(stored: timeZoneIdentifier) }
}

/// A completed quest: the answer of a question quest, or the reflection of an action quest.
public struct QuestEntry: Sendable, Equatable, Identifiable {
    public let id: String
    public let journeyID: String
    public let ownerID: String
    public let questNumber: Int
    public var answer: String?
    public var reflection: String?
    public var felt: QuestFelt?
    /// When the quest was completed; kept when the text is edited later.
    public let completedAt: Date
    public let createdAt: Date
    public var updatedAt: Date

    public init(id: String, journeyID: String, ownerID: String, questNumber: Int, answer: String?, reflection: String?,
                felt: QuestFelt?, completedAt: Date, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.journeyID = journeyID
        self.ownerID = ownerID
        self.questNumber = questNumber
        self.answer = answer
        self.reflection = reflection
        self.felt = felt
        self.completedAt = completedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Per-person quest settings: the daily reminder (used by notifications).
public struct QuestSettings: Sendable, Equatable {
    public let id: String
    public let ownerID: String
    public var reminder: LocalTime
    /// Off: no quest reminder is planned or sent; the time is kept for when it is switched on again.
    public var reminderEnabled: Bool
    public let createdAt: Date
    public var updatedAt: Date

    public init(id: String, ownerID: String, reminder: LocalTime, reminderEnabled: Bool = true, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.ownerID = ownerID
        self.reminder = reminder
        self.reminderEnabled = reminderEnabled
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

public protocol JourneyRepository: Sendable {
    func insert(_ journey: Journey) throws
    func update(_ journey: Journey) throws
    func journey(id: String, ownerID: String) throws -> Journey?
    /// Every journey of the owner that is not deleted, newest first.
    func journeys(ownerID: String) throws -> [Journey]
}

public protocol QuestEntryRepository: Sendable {
    func insert(_ entry: QuestEntry) throws
    func update(_ entry: QuestEntry) throws
    /// The entries of a journey, by quest number.
    func entries(journeyID: String) throws -> [QuestEntry]
    /// Deletes a journey's entries: the texts are wiped, a tombstone stays for sync.
    func deleteEntries(journeyID: String, at date: Date) throws
}

public protocol QuestSettingsRepository: Sendable {
    func settings(ownerID: String) throws -> QuestSettings?
    func save(_ settings: QuestSettings) throws
}
