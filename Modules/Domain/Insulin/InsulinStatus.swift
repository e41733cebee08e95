import FoundationEssentials
import Core

/// What the home screen and the lock-screen line show: was tonight's long dose taken, and when
/// was the last rapid dose.
public struct InsulinStatus: Sendable, Equatable {
    public let now: Date
    public let settings: InsulinSettings
    /// The current insulin day.
    public let insulinDay: LocalDate
    /// The long-acting dose of the current insulin day, if taken.
    public let longToday: Dose?
    /// The most recent long-acting dose at all (for "last taken" when today's is missing).
    public let lastLong: Dose?
    public let lastRapid: Dose?
    public let rapidCountToday: Int
    public let rapidUnitsToday: Double

    public var isLongTaken: Bool { longToday != nil }

    /// Past the reminder time of the current insulin day and still no long dose.
    public var isLongDue: Bool {
        guard longToday == nil else { return false }
        return now >= reminderInstant
    }

    /// The reminder time of the current insulin day as an instant.
    public var reminderInstant: Date {
        let days = settings.insulinDays
        // The reminder belongs to the insulin day: 01:00 with a 04:00 day start is the night after.
        let date = settings.reminder < settings.dayStart ? insulinDay.adding(days: 1) : insulinDay
        return days.timeZone.instant(of: date, minutes: settings.reminder.minutes)
    }

    /// When a long dose would no longer be refused by the guard, if that is still ahead.
    public var longGuardEndsAt: Date? {
        guard let lastLong, settings.longGuardMinutes > 0 else { return nil }
        let end = lastLong.takenAt.addingTimeInterval(TimeInterval(settings.longGuardMinutes * 60))
        return end > now ? end : nil
    }
}

/// Builds the status of the current insulin day.
public struct GetInsulinStatus: Sendable {
    let doses: any DoseRepository
    let settings: InsulinSettingsService
    let clock: any Clock

    public init(doses: any DoseRepository, settings: InsulinSettingsService, clock: any Clock) {
        self.doses = doses
        self.settings = settings
        self.clock = clock
    }

    /// Four reads, each answered by an index, never the day's doses: a day that holds
    /// thousands of doses costs what a quiet day costs. They need only the settings, so they are
    /// asked at once (one round trip on PostgreSQL).
    public func callAsFunction(ownerID: String) throws -> InsulinStatus {
        let now = clock.now
        let settings = try settings.current(ownerID: ownerID)
        let days = settings.insulinDays
        let today = days.day(of: now)
        let interval = days.interval(from: today, through: today)
        // A dose a little ahead of the clock (logged within the tolerance) is already the last one.
        let horizon = now.addingTimeInterval(DoseRules.futureTolerance)
        let reads = try doses.statusReads(ownerID: ownerID, day: interval, horizon: horizon)
        return InsulinStatus(
            now: now, settings: settings, insulinDay: today,
            longToday: reads.longToday, lastLong: reads.lastLong, lastRapid: reads.lastRapid,
            rapidCountToday: reads.rapidToday.count,
            rapidUnitsToday: reads.rapidToday.units
        )
    }
}
