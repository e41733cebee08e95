/// A calendar date with no time zone (`YYYY-MM-DD`), the unit of "days" in every feature.
/// Arithmetic goes through the day number since 1970-01-01 (proleptic Gregorian calendar).
public struct LocalDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...LocalDate.daysIn(year: year, month: month)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `dayNumber` days after 1970-01-01 (Howard Hinnant's civil_from_days).
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Days since 1970-01-01 (days_from_civil).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    public func days(until other: LocalDate) -> Int { other.dayNumber - dayNumber }

    /// 1 = Monday … 7 = Sunday (ISO 8601).
    public var isoWeekday: Int {
        let weekday = (dayNumber + 3) % 7 // 1970-01-01 was a Thursday
        return (weekday < 0 ? weekday + 7 : weekday) + 1
    }

    public var yearMonth: YearMonth { YearMonth(year: year, month: month)! }

    public var description: String {
        guard (0...9999).contains(year) else { return "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))" }
        return String(unsafeUninitializedCapacity: 10) { writeDigits(to: $0) }
    }

    /// `YYYY-MM-DD` into `out` (10 bytes), without the small strings `pad` makes: a status
    /// writes several dates per request. Returns the bytes written.
    func writeDigits(to out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var value = year // the caller checked 0...9999
        for index in stride(from: 3, through: 0, by: -1) {
            out[index] = UInt8(48 + value % 10)
            value /= 10
        }
        out[4] = UInt8(ascii: "-")
        out[5] = UInt8(48 + month / 10)
        out[6] = UInt8(48 + month % 10)
        out[7] = UInt8(ascii: "-")
        out[8] = UInt8(48 + day / 10)
        out[9] = UInt8(48 + day % 10)
        return 10
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a YYYY-MM-DD date: \(text)"))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A calendar month (`YYYY-MM`).
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// Parses exactly `YYYY-MM`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let y = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        self.init(year: y, month: m)
    }

    public var firstDay: LocalDate { LocalDate(year: year, month: month, day: 1)! }
    public var lastDay: LocalDate { LocalDate(year: year, month: month, day: numberOfDays)! }
    public var numberOfDays: Int { LocalDate.daysIn(year: year, month: month) }
    public var days: [LocalDate] { (0..<numberOfDays).map { firstDay.adding(days: $0) } }
    public var next: YearMonth { month == 12 ? YearMonth(year: year + 1, month: 1)! : YearMonth(year: year, month: month + 1)! }
    public var previous: YearMonth { month == 1 ? YearMonth(year: year - 1, month: 12)! : YearMonth(year: year, month: month - 1)! }

    public var description: String { "\(LocalDate.pad(year, 4))-\(LocalDate.pad(month, 2))" }

    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}

/// A wall-clock time of day in minutes since midnight (`HH:MM`, 24-hour).
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let minutes: Int

    public init?(minutes: Int) {
        guard (0..<1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.minutes = hour * 60 + minute
    }

    /// Parses `HH:MM` (also `H:MM`), 24-hour.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        self.init(hour: h, minute: m)
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    public var description: String { "\(LocalDate.pad(hour, 2)):\(LocalDate.pad(minute, 2))" }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool { lhs.minutes < rhs.minutes }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
