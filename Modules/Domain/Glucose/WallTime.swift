import FoundationEssentials
import Core

/// The timestamps of CGM exports: a wall-clock time without an offset, read in the person's zone.
/// LibreView writes the date as its account's preference has it (`MM-DD-YYYY hh:mm AM` in the
/// US, `DD-MM-YYYY HH:mm` elsewhere, `YYYY-MM-DD HH:mm`; `-`, `/` or `.` between), Clarity
/// `YYYY-MM-DDThh:mm:ss` (older exports a space for the `T`).
public enum WallTime {
    public enum Order: String, Sendable, CaseIterable {
        case dayFirst = "day-first"
        case monthFirst = "month-first"
        case yearFirst = "year-first"
    }

    /// The pieces of a timestamp before the order of day and month is known.
    struct Parts: Equatable {
        var first: Int, second: Int, third: Int
        var minutes: Int, seconds: Int
        var yearFirst: Bool
        var hasMeridiem: Bool
    }

    static func parts(_ text: String) -> Parts? {
        let pieces = text.trimmed.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        guard (2...3).contains(pieces.count) else { return nil }
        let date = pieces[0].split(whereSeparator: { "-/.".contains($0) }).map { Int($0) }
        guard date.count == 3, let a = date[0], let b = date[1], let c = date[2] else { return nil }
        let clock = pieces[1].split(separator: ":").map { Int($0) }
        guard (2...3).contains(clock.count), clock.allSatisfy({ $0 != nil }) else { return nil }
        var hour = clock[0]!
        let minute = clock[1]!, second = clock.count == 3 ? clock[2]! : 0
        var meridiem = false
        if pieces.count == 3 {
            let mark = pieces[2].uppercased()
            guard mark == "AM" || mark == "PM", (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (mark == "PM" ? 12 : 0)
            meridiem = true
        }
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        let yearFirst = pieces[0].split(whereSeparator: { "-/.".contains($0) })[0].count == 4
        return Parts(first: a, second: b, third: c, minutes: hour * 60 + minute, seconds: second, yearFirst: yearFirst,
                     hasMeridiem: meridiem)
    }

    /// The order of a file's dates from all of them: a first number over 12 says day-first, a
    /// second over 12 month-first, AM/PM says the US (month-first); nil when nothing tells.
    static func order(of all: [Parts]) -> Order? {
        if all.contains(where: \.yearFirst) { return .yearFirst }
        if all.contains(where: { $0.first > 12 }) { return .dayFirst }
        if all.contains(where: { $0.second > 12 }) { return .monthFirst }
        if all.contains(where: \.hasMeridiem) { return .monthFirst }
        return nil
    }

    /// The instant of `parts` in `zone`, or nil when it is no date of the years 1900–2200.
    static func instant(_ parts: Parts, order: Order, zone: TimeZone) -> Date? {
        let (year, month, day): (Int, Int, Int) = switch order {
        case .yearFirst: (parts.first, parts.second, parts.third)
        case .dayFirst: (parts.third, parts.second, parts.first)
        case .monthFirst: (parts.third, parts.first, parts.second)
        }
        guard let date = LocalDate(year: year, month: month, day: day), PlausibleTime.contains(date) else { return nil }
        return zone.instant(of: date, minutes: parts.minutes).addingTimeInterval(Double(parts.seconds))
    }
}
