import FoundationEssentials
import Core

/// The insulin day: a calendar day that starts at `dayStart` (04:00 by default) instead of
/// midnight, so that a dose at 00:30 still belongs to the evening before.
public struct InsulinDayCalendar: Sendable {
    public let timeZone: TimeZone
    public let dayStart: LocalTime

    public init(timeZone: TimeZone, dayStart: LocalTime) {
        self.timeZone = timeZone
        self.dayStart = dayStart
    }

    /// The insulin day an instant belongs to: its wall date, or the day before when it comes
    /// before that date's start. Derived from `start(of:)` so that days and intervals agree even
    /// when the day start falls in an hour that a DST change skips or repeats.
    public func day(of instant: Date) -> LocalDate {
        let date = timeZone.wallClock(of: instant).date
        return instant < start(of: date) ? date.adding(days: -1) : date
    }

    /// The instant an insulin day begins.
    public func start(of day: LocalDate) -> Date {
        timeZone.instant(of: day, minutes: dayStart.minutes)
    }

    /// The half-open interval of instants belonging to the days `first...last`.
    public func interval(from first: LocalDate, through last: LocalDate) -> Range<Date> {
        start(of: first)..<start(of: last.adding(days: 1))
    }
}
