import FoundationEssentials

/// How a person writes a time on the command line: `HH:MM` (today), `yesterday HH:MM`,
/// `YYYY-MM-DD HH:MM` (local wall time), or an ISO 8601 instant with an offset.
public enum TimeInput {
    public static let expected = "HH:MM, 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' or an ISO 8601 time with an offset"

    public static func parse(_ text: String, now: Date, timeZone: TimeZone) -> Date? {
        let text = text.trimmed
        if let instant = ISO8601.parseInstant(text) { return instant }
        let today = timeZone.localDate(of: now)
        if let time = LocalTime(text) {
            return timeZone.instant(of: today, minutes: time.minutes)
        }
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        guard parts.count == 2, let time = LocalTime(parts[1]) else { return nil }
        let date: LocalDate?
        switch parts[0].lowercased() {
        case "today": date = today
        case "yesterday": date = today.adding(days: -1)
        default: date = LocalDate(parts[0])
        }
        return date.map { timeZone.instant(of: $0, minutes: time.minutes) }
    }
}
