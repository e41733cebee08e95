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

    public func callAsFunction(ownerID: String) throws -> InsulinStatus {
        let now = clock.now
        let settings = try settings.current(ownerID: ownerID)
        let days = settings.insulinDays
        let today = days.day(of: now)
        let todays = try doses.doses(ownerID: ownerID, kind: nil, in: days.interval(from: today, through: today))
        let rapid = todays.filter { $0.kind == .rapid }
        let horizon = now.addingTimeInterval(DoseRules.futureTolerance)
        // Today's doses usually answer "the last one" already; only an empty day asks the past.
        func latest(_ kind: InsulinKind) throws -> Dose? {
            if let today = todays.last(where: { $0.kind == kind && $0.takenAt <= horizon }) { return today }
            return try doses.latest(ownerID: ownerID, kind: kind, atOrBefore: min(horizon, days.start(of: today)))
        }
        return InsulinStatus(
            now: now, settings: settings, insulinDay: today,
            longToday: todays.last { $0.kind == .long },
            lastLong: try latest(.long),
            lastRapid: try latest(.rapid),
            rapidCountToday: rapid.count,
            rapidUnitsToday: rapid.reduce(0) { $0 + $1.units }
        )
    }
}
