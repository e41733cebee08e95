import FoundationEssentials
import Core

/// The calendar screen of one month: which insulin days had the long dose, adherence, the
/// average long-acting time, streaks, and the rapid-acting pattern.
public struct InsulinMonthReport: Sendable, Equatable {
    public struct Day: Sendable, Equatable {
        public let date: LocalDate
        public let doses: [Dose]
        public var hasLong: Bool { doses.contains { $0.kind == .long } }
    }

    public let month: YearMonth
    public let settings: InsulinSettings
    /// The current insulin day (today on the calendar).
    public let today: LocalDate
    public let days: [Day]
    public let longDoseDays: Int
    public let elapsedDays: Int
    /// Long-dose days over elapsed days, 0…1 (0 when no day has elapsed).
    public let adherenceRate: Double
    public let averageLongTime: LocalTime?
    public let currentStreakDays: Int
    public let longestStreakDays: Int
    /// Rapid-acting doses of the month by local hour of day (24 counts).
    public let rapidByHour: [Int]
    public let rapidAverageUnits: Double?
}

/// Computes `InsulinMonthReport`. Rules:
/// - elapsed days run from the later of the month's first day and the insulin day of first use
///   (settings created, or the earliest dose if one was back-dated before that) to the earlier of
///   the month's last day and the current insulin day;
/// - the average long-acting time is a circular mean, so 22:50 and 00:10 average to 23:30;
/// - streaks count consecutive insulin days with a long dose across month edges; a current day
///   not dosed yet does not break the current streak, which then counts from the day before.
public struct GetInsulinMonthReport: Sendable {
    let doses: any DoseRepository
    let settings: InsulinSettingsService
    let clock: any Clock

    public init(doses: any DoseRepository, settings: InsulinSettingsService, clock: any Clock) {
        self.doses = doses
        self.settings = settings
        self.clock = clock
    }

    public func callAsFunction(ownerID: String, month: YearMonth?) throws -> InsulinMonthReport {
        let settings = try settings.current(ownerID: ownerID)
        let calendar = settings.insulinDays
        let today = calendar.day(of: clock.now)
        let month = month ?? today.yearMonth
        try PlausibleTime.check(month, "the month")
        let monthDoses = try doses.doses(ownerID: ownerID, kind: nil, in: calendar.interval(from: month.firstDay, through: month.lastDay))
        let longDays = Set(try doses.doses(ownerID: ownerID, kind: .long, in: nil).map { calendar.day(of: $0.takenAt) })
        var firstUse = settings.createdAt
        if let earliest = try doses.earliestTakenAt(ownerID: ownerID), earliest < firstUse { firstUse = earliest }

        return Self.report(month: month, settings: settings, today: today, monthDoses: monthDoses,
                           longDays: longDays, firstUseDay: calendar.day(of: firstUse))
    }

    /// The pure computation, separate so that it is tested without storage.
    static func report(month: YearMonth, settings: InsulinSettings, today: LocalDate, monthDoses: [Dose],
                       longDays: Set<LocalDate>, firstUseDay: LocalDate) -> InsulinMonthReport {
        let calendar = settings.insulinDays
        let byDay = Dictionary(grouping: monthDoses) { calendar.day(of: $0.takenAt) }
        let days = month.days.map { InsulinMonthReport.Day(date: $0, doses: byDay[$0] ?? []) }
        let longDoseDays = days.filter(\.hasLong).count

        let first = max(month.firstDay, firstUseDay)
        let last = min(month.lastDay, today)
        let elapsed = last >= first ? first.days(until: last) + 1 : 0
        let dosedInElapsed = elapsed == 0 ? 0 : days.filter { $0.hasLong && $0.date >= first && $0.date <= last }.count
        let adherence = elapsed == 0 ? 0 : min(1, Double(dosedInElapsed) / Double(elapsed))

        let longTimes = monthDoses.filter { $0.kind == .long }.map { calendar.timeZone.localTime(of: $0.takenAt) }
        let rapid = monthDoses.filter { $0.kind == .rapid }
        var byHour = [Int](repeating: 0, count: 24)
        for dose in rapid { byHour[calendar.timeZone.localTime(of: dose.takenAt).hour] += 1 }

        let streaks = Streaks(days: longDays, today: today)
        return InsulinMonthReport(
            month: month, settings: settings, today: today, days: days,
            longDoseDays: longDoseDays, elapsedDays: elapsed, adherenceRate: adherence,
            averageLongTime: CircularMean.averageTime(longTimes),
            currentStreakDays: streaks.current, longestStreakDays: streaks.longest,
            rapidByHour: byHour,
            rapidAverageUnits: rapid.isEmpty ? nil : rapid.reduce(0) { $0 + $1.units } / Double(rapid.count)
        )
    }
}
