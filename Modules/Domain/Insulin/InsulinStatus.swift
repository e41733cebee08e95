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
    /// Each owner's settings as last read here: the guess that lets the settings be read with
    /// the dose reads (one round trip on PostgreSQL), checked against what is read every time.
    let seen = SeenInsulinSettings()

    public init(doses: any DoseRepository, settings: InsulinSettingsService, clock: any Clock) {
        self.doses = doses
        self.settings = settings
        self.clock = clock
    }

    /// Four reads, each answered by an index, never the day's doses: a day that holds
    /// thousands of doses costs what a quiet day costs. They need only the settings' day, so
    /// they are asked with the settings themselves when the day can be guessed from the
    /// settings last seen, and again (rarely: the zone or day start changed) when it was wrong.
    public func callAsFunction(ownerID: String) throws -> InsulinStatus {
        let now = clock.now
        // A dose a little ahead of the clock (logged within the tolerance) is already the last one.
        let horizon = now.addingTimeInterval(DoseRules.futureTolerance)
        if let guess = seen.settings(ownerID: ownerID) {
            let day = Self.day(of: now, guess)
            let (read, reads) = try doses.statusReadsWithSettings(ownerID: ownerID, day: day.interval, horizon: horizon)
            let current = try read ?? settings.current(ownerID: ownerID)
            seen.remember(current)
            // Settings that keep their zone and day start keep the day: no second zone lookup.
            let sameDays = current.timeZoneIdentifier == guess.timeZoneIdentifier && current.dayStart == guess.dayStart
            if sameDays || Self.day(of: now, current) == day { return Self.status(now, current, day.date, reads) }
            return try status(now, current, horizon: horizon)
        }
        let current = try settings.current(ownerID: ownerID)
        seen.remember(current)
        return try status(now, current, horizon: horizon)
    }

    private func status(_ now: Date, _ settings: InsulinSettings, horizon: Date) throws -> InsulinStatus {
        let day = Self.day(of: now, settings)
        let reads = try doses.statusReads(ownerID: settings.ownerID, day: day.interval, horizon: horizon)
        return Self.status(now, settings, day.date, reads)
    }

    /// The insulin day `now` falls in under `settings`, and its span.
    private static func day(of now: Date, _ settings: InsulinSettings) -> (date: LocalDate, interval: Range<Date>) {
        let days = settings.insulinDays
        let today = days.day(of: now)
        return (today, days.interval(from: today, through: today))
    }

    private static func status(_ now: Date, _ settings: InsulinSettings, _ today: LocalDate, _ reads: DoseStatusReads) -> InsulinStatus {
        InsulinStatus(
            now: now, settings: settings, insulinDay: today,
            longToday: reads.longToday, lastLong: reads.lastLong, lastRapid: reads.lastRapid,
            rapidCountToday: reads.rapidToday.count,
            rapidUnitsToday: reads.rapidToday.units
        )
    }
}

/// Owners' insulin settings as last read, for guesses only (never answered from): bounded.
final class SeenInsulinSettings: Sendable {
    private let byOwner = Locked<[String: InsulinSettings]>([:])

    func settings(ownerID: String) -> InsulinSettings? {
        byOwner.withLock { $0[ownerID] }
    }

    func remember(_ settings: InsulinSettings) {
        byOwner.withLock { byOwner in
            if byOwner.count >= 10_000, byOwner[settings.ownerID] == nil { byOwner.removeAll() }
            byOwner[settings.ownerID] = settings
        }
    }
}
