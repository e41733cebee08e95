import FoundationEssentials

/// How a person writes a time on the command line: `HH:MM` (today), `yesterday HH:MM`,
/// `YYYY-MM-DD HH:MM` (local wall time), or an ISO 8601 instant with an offset.
/// A bare `HH:MM` means the most recent such time: `23:50` typed at 01:30 is last night.
public enum TimeInput {
    /// A bare time up to this far ahead still means today (a clock a little behind the phone's).
    public static let futureGrace: TimeInterval = 5 * 60

    public static let expected = "HH:MM, 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' or an ISO 8601 time with an offset"

    public static func parse(_ text: String, now: Date, timeZone: TimeZone) -> Date? {
        parseAny(text, now: now, timeZone: timeZone).flatMap { PlausibleTime.contains($0) ? $0 : nil }
    }

    private static func parseAny(_ text: String, now: Date, timeZone: TimeZone) -> Date? {
        let text = text.trimmed
        if let instant = ISO8601.parseInstant(text) { return instant }
        let today = timeZone.localDate(of: now)
        if let time = LocalTime(text) {
            let instant = timeZone.instant(of: today, minutes: time.minutes)
            guard instant > now.addingTimeInterval(futureGrace) else { return instant }
            return timeZone.instant(of: today.adding(days: -1), minutes: time.minutes)
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
