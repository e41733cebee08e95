import Core
import Domain

/// The calendar month as `tend --json insulin calendar` and `GET /v1/insulin/calendar` print it.
public struct MonthReportJSON: Encodable, Sendable {
    /// A day of the month: `doses` is `[]` on a day that passed without one, `null` on a day still to come.
    struct Day: Encodable, Sendable {
        let date: String
        let doses: [DoseJSON]?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(doses, forKey: .doses)
        }

        enum CodingKeys: String, CodingKey { case date, doses }
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

    public init(_ report: InsulinMonthReport) {
        month = report.month.description
        longDoseDays = report.longDoseDays
        elapsedDays = report.elapsedDays
        adherencePct = report.elapsedDays == 0 ? nil : (report.adherenceRate * 10_000).rounded() / 100
        averageLongTime = report.averageLongTime?.description
        currentStreakDays = report.currentStreakDays
        longestStreakDays = report.longestStreakDays
        days = report.days.map { day in
            Day(date: day.date.description,
                doses: day.date > report.today ? nil : day.doses.map { DoseJSON($0, settings: report.settings) })
        }
        rapid = Rapid(byHour: report.rapidByHour, averageUnits: report.rapidAverageUnits)
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
