import FoundationEssentials

/// The one span of time anything a person logs, plans or asks about can fall in: the years 1900
/// through 2200, for an instant wherever on Earth it is read. A date outside it is a typo or a
/// hostile client (a dose in the year 1, a meeting in 9999 that a streak or a countdown would
/// walk day by day), refused wherever a date or a time enters: the command line (`TimeInput`),
/// every API body and query, and the use cases' rules.
public enum PlausibleTime {
    public static let years: ClosedRange<Int> = 1900...2200
    public static let firstDay = LocalDate(year: years.lowerBound, month: 1, day: 1)!
    public static let lastDay = LocalDate(year: years.upperBound, month: 12, day: 31)!
    /// The instants that fall in those years in every time zone (UTC−12 to UTC+14): from
    /// 1900-01-01T12:00Z up to, not including, 2200-12-31T10:00Z.
    public static let instants = Date(timeIntervalSince1970: Double(firstDay.dayNumber) * 86_400 + 12 * 3600)
        ..< Date(timeIntervalSince1970: Double(lastDay.dayNumber + 1) * 86_400 - 14 * 3600)
    /// How a message names the span.
    public static let span = "between the years \(years.lowerBound) and \(years.upperBound)"

    public static func contains(_ instant: Date) -> Bool { instants.contains(instant) }
    public static func contains(_ day: LocalDate) -> Bool { years.contains(day.year) }
    public static func contains(_ month: YearMonth) -> Bool { years.contains(month.year) }

    /// An ISO 8601 instant with an offset inside the span; nil when it is not one or falls outside.
    public static func instant(_ text: String) -> Date? {
        ISO8601.parseInstant(text).flatMap { contains($0) ? $0 : nil }
    }

    /// A `YYYY-MM-DD` day inside the span.
    public static func day(_ text: String) -> LocalDate? {
        LocalDate(text).flatMap { contains($0) ? $0 : nil }
    }

    /// A `YYYY-MM` month inside the span.
    public static func month(_ text: String) -> YearMonth? {
        YearMonth(text).flatMap { contains($0) ? $0 : nil }
    }

    /// Refuses an instant outside the span: 400 `invalid_date`, naming `what` ("the dose time").
    public static func check(_ instant: Date, _ what: String) throws {
        guard contains(instant) else {
            let shown = ISO8601.format(instant, in: TimeZone(secondsFromGMT: 0)!)
            throw outside(what, shown)
        }
    }

    /// Refuses a day outside the span: 400 `invalid_date`, naming `what` ("the meal's day").
    public static func check(_ day: LocalDate, _ what: String) throws {
        guard contains(day) else { throw outside(what, "\(day)") }
    }

    /// Refuses a month outside the span: 400 `invalid_date`.
    public static func check(_ month: YearMonth, _ what: String) throws {
        guard contains(month) else { throw outside(what, "\(month)") }
    }

    private static func outside(_ what: String, _ shown: String) -> AppError {
        AppError.invalidInput("\(what) must be \(span) (got \(shown))", code: "invalid_date")
            .with(key: "out_of_range", ["what": what, "date": shown,
                                       "first": "\(years.lowerBound)", "last": "\(years.upperBound)"])
    }
}
