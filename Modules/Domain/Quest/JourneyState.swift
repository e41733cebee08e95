import FoundationEssentials
import Core

/// Where a journey stands at a moment: which quest is current, whether it is open yet, the
/// progress figures. Quests open in order, one at a time: the next opens `paceDays` calendar
/// days after the previous one was completed (days in the journey's time zone), so missed
/// days never pile up into a backlog.
public struct JourneyState: Sendable, Equatable {
    public let journey: Journey
    public let template: JourneyTemplate
    public let entries: [QuestEntry]
    public let now: Date

    public init(journey: Journey, template: JourneyTemplate, entries: [QuestEntry], now: Date) {
        self.journey = journey
        self.template = template
        self.entries = entries.sorted { $0.questNumber < $1.questNumber }
        self.now = now
    }

    var zone: TimeZone { journey.timeZone }
    public var today: LocalDate { zone.localDate(of: now) }
    public var completed: Int { entries.count }
    public var total: Int { QuestContent.questCount }
    public var percent: Int { completed * 100 / total }
    public var isComplete: Bool { completed >= total }

    /// The quest to do next (the last one when the journey is complete).
    public var currentNumber: Int { min(completed + 1, total) }

    public var stage: Int { (currentNumber - 1) / QuestContent.questsPerStage + 1 }

    public func entry(_ number: Int) -> QuestEntry? { entries.first { $0.questNumber == number } }

    /// The day the current quest opens.
    public var opensOn: LocalDate {
        guard let last = entries.last else { return zone.localDate(of: journey.startedAt) }
        return zone.localDate(of: last.completedAt).adding(days: journey.paceDays)
    }

    public var isCurrentOpen: Bool { !isComplete && today >= opensOn }

    /// When the next quest opens, if not yet (midnight of its day in the journey's zone).
    public var nextOpensAt: Date? {
        guard !isComplete, !isCurrentOpen else { return nil }
        return zone.instant(of: opensOn, minutes: 0)
    }

    /// Calendar days since the start, counting the first (up to the end for a finished journey).
    public var daysOnJourney: Int {
        let end = journey.completedAt.map { zone.localDate(of: $0) } ?? today
        return zone.localDate(of: journey.startedAt).days(until: end) + 1
    }

    /// Whether the quest was completed today.
    public var completedToday: QuestEntry? {
        entries.last.flatMap { zone.localDate(of: $0.completedAt) == today ? $0 : nil }
    }

    public enum Status: String, Sendable, Codable {
        case open, done, locked
    }

    public func status(of number: Int) -> Status {
        if entry(number) != nil { return .done }
        return number == currentNumber && isCurrentOpen ? .open : .locked
    }
}
