import FoundationEssentials
import Core
import Domain

/// The calendar month as `tend --json insulin calendar` and `GET /v1/insulin/calendar` print it.
public struct MonthReportJSON: Encodable, Sendable {
    /// A day of the month: `doses` is `[]` on a day that passed without one, `null` on a day still to come.
    /// `time_in_range_pct` (70–180 mg/dL, as `tend glucose report`) is null on a day without sensor readings.
    struct Day: Encodable, Sendable {
        let date: String
        let doses: [DoseJSON]?
        let timeInRangePct: Double?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(doses, forKey: .doses)
            try container.encode(timeInRangePct, forKey: .timeInRangePct)
        }

        enum CodingKeys: String, CodingKey { case date, doses, timeInRangePct = "time_in_range_pct" }
    }

    struct Rapid: Encodable, Sendable {
        let byHour: [Int]
        let averageUnits: Double?

        enum CodingKeys: String, CodingKey { case byHour = "by_hour", averageUnits = "average_units" }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(byHour, forKey: .byHour)
            try container.encode(averageUnits, forKey: .averageUnits)
        }
    }

    let month: String
    let longDoseDays: Int
    let elapsedDays: Int
    /// Long-dose days over elapsed days, 0–100; null before any day has elapsed.
    let adherencePct: Double?
    let averageLongTime: String?
    let currentStreakDays: Int
    let longestStreakDays: Int
    let days: [Day]
    let rapid: Rapid

    enum CodingKeys: String, CodingKey {
        case month, longDoseDays = "long_dose_days", elapsedDays = "elapsed_days", adherencePct = "adherence_pct"
        case averageLongTime = "average_long_time", currentStreakDays = "current_streak_days"
        case longestStreakDays = "longest_streak_days", days, rapid
    }

    /// - Parameter timeInRange: each day's time in range (`DailyTimeInRange`); a day not in it has none.
    public init(_ report: InsulinMonthReport, timeInRange: [LocalDate: Double] = [:]) {
        month = report.month.description
        longDoseDays = report.longDoseDays
        elapsedDays = report.elapsedDays
        adherencePct = report.elapsedDays == 0 ? nil : (report.adherenceRate * 10_000).rounded() / 100
        averageLongTime = report.averageLongTime?.description
        currentStreakDays = report.currentStreakDays
        longestStreakDays = report.longestStreakDays
        days = report.days.map { day in
            Day(date: day.date.description,
                doses: day.date > report.today ? nil : day.doses.map { DoseJSON($0, settings: report.settings) },
                timeInRangePct: timeInRange[day.date])
        }
        rapid = Rapid(byHour: report.rapidByHour, averageUnits: report.rapidAverageUnits)
    }

    /// The month's time in range by day, up to today (days to come have no readings); none without glucose.
    static func timeInRange(of report: InsulinMonthReport, ownerID: String, from source: DailyTimeInRange?,
                            now: Date) throws -> [LocalDate: Double] {
        let zone = report.settings.timeZone
        return try source?(ownerID: ownerID, from: report.month.firstDay, through: min(report.month.lastDay, zone.localDate(of: now)),
                           zone: zone) ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(month, forKey: .month)
        try container.encode(longDoseDays, forKey: .longDoseDays)
        try container.encode(elapsedDays, forKey: .elapsedDays)
        try container.encode(adherencePct, forKey: .adherencePct)
        try container.encode(averageLongTime, forKey: .averageLongTime)
        try container.encode(currentStreakDays, forKey: .currentStreakDays)
        try container.encode(longestStreakDays, forKey: .longestStreakDays)
        try container.encode(days, forKey: .days)
        try container.encode(rapid, forKey: .rapid)
    }
}
