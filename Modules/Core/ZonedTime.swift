import FoundationEssentials

/// Conversions between instants and wall-clock time in a zone, by offset arithmetic: cheap,
/// and exact across DST changes (a wall time in a spring-forward gap moves forward; one that
/// occurs twice in the autumn resolves to its first occurrence).
extension TimeZone {
    /// The zone of a stored identifier. Identifiers are validated where they are entered, so an
    /// unknown one only comes from a system whose zone database changed: it reads as UTC.
    public init(stored identifier: String) {
        self = TimeZone(identifier: identifier) ?? .gmt
    }

    /// The wall-clock date and second of day of `instant` in this zone.
    public func wallClock(of instant: Date) -> (date: LocalDate, secondOfDay: Int) {
        let local = Int(instant.timeIntervalSince1970.rounded(.down)) + secondsFromGMT(for: instant)
        let day = ISO8601.floorDiv(local, 86_400)
        return (LocalDate(dayNumber: day), local - day * 86_400)
    }

    public func localDate(of instant: Date) -> LocalDate { wallClock(of: instant).date }

    public func localTime(of instant: Date) -> LocalTime {
        LocalTime(minutes: wallClock(of: instant).secondOfDay / 60)!
    }

    /// `2026-11-30 09:17`: the wall-clock date and minute of `instant`, as lists and messages show it.
    public func dateTimeText(of instant: Date) -> String {
        let wall = wallClock(of: instant)
        return "\(wall.date) \(LocalTime(minutes: wall.secondOfDay / 60)!)"
    }

    /// The instant at which the wall clock in this zone shows `date` at `minutes` after midnight.
    public func instant(of date: LocalDate, minutes: Int) -> Date {
        let wall = date.dayNumber * 86_400 + minutes * 60
        let before = secondsFromGMT(for: Date(timeIntervalSince1970: Double(wall - 86_400)))
        let after = secondsFromGMT(for: Date(timeIntervalSince1970: Double(wall + 86_400)))
        let candidates = [before, after].map { wall - $0 }.filter { candidate in
            secondsFromGMT(for: Date(timeIntervalSince1970: Double(candidate))) == wall - candidate
        }
        let seconds = candidates.min() ?? (wall - before)
        return Date(timeIntervalSince1970: Double(seconds))
    }
}
