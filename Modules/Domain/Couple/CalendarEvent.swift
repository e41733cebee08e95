import FoundationEssentials
import Core

/// How an event repeats: anniversaries yearly, a weekly call, a monthly day.
public enum EventRecurrence: String, Sendable, Codable, CaseIterable {
    case yearly, monthly, weekly
}

/// Whose an event is, as the member who writes or reads it says it.
public enum EventScope: String, Sendable, Codable, CaseIterable {
    case me, partner, us
}

/// An event of the shared calendar: all-day (dates) or timed (instants, with the author's zone
/// so that a repeat keeps its wall-clock time).
public struct CalendarEvent: Sendable, Equatable {
    public let id: String
    public let coupleID: String
    public let authorID: String
    public var title: String
    /// The member the event belongs to; nil for both.
    public var whoseAccountID: String?
    public var isAllDay: Bool
    /// Local dates in `timeZone`, end inclusive.
    public var startDay: LocalDate
    public var endDay: LocalDate
    public var startsAt: Date?
    public var endsAt: Date?
    public var timeZone: String
    public var recurrence: EventRecurrence?
    public let createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(id: String, coupleID: String, authorID: String, title: String, whoseAccountID: String?, isAllDay: Bool,
                startDay: LocalDate, endDay: LocalDate, startsAt: Date?, endsAt: Date?, timeZone: String,
                recurrence: EventRecurrence?, createdAt: Date, updatedAt: Date, deletedAt: Date? = nil) {
        self.id = id
        self.coupleID = coupleID
        self.authorID = authorID
        self.title = title
        self.whoseAccountID = whoseAccountID
        self.isAllDay = isAllDay
        self.startDay = startDay
        self.endDay = endDay
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.timeZone = timeZone
        self.recurrence = recurrence
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }

    /// `me`, `partner` or `us` as `viewerID` says it.
    public func scope(for viewerID: String) -> EventScope {
        guard let whose = whoseAccountID else { return .us }
        return whose == viewerID ? .me : .partner
    }

    /// Every occurrence that overlaps `first...last` (dates in the event's zone). A monthly or
    /// yearly repeat skips months that lack its day (the 31st, 29 February), as RFC 5545 does.
    public func occurrences(from first: LocalDate, through last: LocalDate) -> [EventOccurrence] {
        let length = startDay.days(until: endDay)
        let zone = TimeZone(stored: timeZone)
        let startMinutes = startsAt.map { zone.wallClock(of: $0).secondOfDay / 60 }
        let duration: TimeInterval? = if let startsAt, let endsAt { endsAt.timeIntervalSince(startsAt) } else { nil }
        func occurrence(at day: LocalDate) -> EventOccurrence {
            let start = startMinutes.map { zone.instant(of: day, minutes: $0) }
            let end: Date? = if let start, let duration { start.addingTimeInterval(duration) } else { nil }
            return EventOccurrence(event: self, startDay: day, endDay: day.adding(days: length), startsAt: start, endsAt: end)
        }
        guard let recurrence else {
            return endDay >= first && startDay <= last ? [occurrence(at: startDay)] : []
        }
        var result: [EventOccurrence] = []
        var step = 0
        // Jump close to the range instead of walking from a decades-old anniversary.
        switch recurrence {
        case .weekly: step = max(0, (startDay.days(until: first) - length) / 7 - 1)
        case .monthly: step = max(0, (first.year - startDay.year) * 12 + first.month - startDay.month - 1 - length / 28)
        case .yearly: step = max(0, first.year - startDay.year - 1 - length / 365)
        }
        while true {
            // The year of the next candidate, known before the date is built: a day that does
            // not exist (31 April) is skipped, but the walk must still end past the range.
            let year: Int
            switch recurrence {
            case .weekly: year = startDay.adding(days: 7 * step).year
            case .monthly: year = startDay.year + (startDay.month - 1 + step) / 12
            case .yearly: year = startDay.year + step
            }
            if year > last.year { break }
            let candidate: LocalDate?
            switch recurrence {
            case .weekly: candidate = startDay.adding(days: 7 * step)
            case .monthly:
                let months = startDay.month - 1 + step
                candidate = LocalDate(year: startDay.year + months / 12, month: months % 12 + 1, day: startDay.day)
            case .yearly: candidate = LocalDate(year: startDay.year + step, month: startDay.month, day: startDay.day)
            }
            step += 1
            guard let day = candidate else { continue }
            if day > last { break }
            if day.adding(days: length) >= first { result.append(occurrence(at: day)) }
        }
        return result
    }
}

/// One occurrence of an event, repeats expanded.
public struct EventOccurrence: Sendable, Equatable {
    public let event: CalendarEvent
    public let startDay: LocalDate
    public let endDay: LocalDate
    public let startsAt: Date?
    public let endsAt: Date?
}
