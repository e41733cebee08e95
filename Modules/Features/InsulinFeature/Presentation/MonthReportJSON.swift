import Core
import Domain

/// The calendar month as `tend --json insulin calendar` and `GET /v1/insulin/calendar` print it.
public struct MonthReportJSON: Encodable, Sendable {
    struct Day: Encodable, Sendable {
        let date: String
        let doses: [DoseJSON]
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
    let adherenceRate: Double
    let averageLongTime: String?
    let currentStreakDays: Int
    let longestStreakDays: Int
    let days: [Day]
    let rapid: Rapid

    enum CodingKeys: String, CodingKey {
        case month, longDoseDays = "long_dose_days", elapsedDays = "elapsed_days", adherenceRate = "adherence_rate"
        case averageLongTime = "average_long_time", currentStreakDays = "current_streak_days"
        case longestStreakDays = "longest_streak_days", days, rapid
    }

    public init(_ report: InsulinMonthReport) {
        month = report.month.description
        longDoseDays = report.longDoseDays
        elapsedDays = report.elapsedDays
        adherenceRate = report.adherenceRate
        averageLongTime = report.averageLongTime?.description
        currentStreakDays = report.currentStreakDays
        longestStreakDays = report.longestStreakDays
        days = report.days.map { Day(date: $0.date.description, doses: $0.doses.map { DoseJSON($0, settings: report.settings) }) }
        rapid = Rapid(byHour: report.rapidByHour, averageUnits: report.rapidAverageUnits)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(month, forKey: .month)
        try container.encode(longDoseDays, forKey: .longDoseDays)
        try container.encode(elapsedDays, forKey: .elapsedDays)
        try container.encode(adherenceRate, forKey: .adherenceRate)
        try container.encode(averageLongTime, forKey: .averageLongTime)
        try container.encode(currentStreakDays, forKey: .currentStreakDays)
        try container.encode(longestStreakDays, forKey: .longestStreakDays)
        try container.encode(days, forKey: .days)
        try container.encode(rapid, forKey: .rapid)
    }
}
