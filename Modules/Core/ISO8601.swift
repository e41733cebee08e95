import FoundationEssentials

/// ISO 8601 instants with an explicit offset, parsed and printed by hand: it is on the start-up
/// path of every `tend` run, and it must accept `Z`, `±HH:MM`, `±HHMM` and fractional seconds.
public enum ISO8601 {
    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM|±HHMM|±HH)`; a space may stand for `T`.
    /// Returns nil when there is no offset: a local time is not an instant.
    public static func parseInstant(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parseInstant(bytes: $0) }
    }

    /// The same on UTF-8 bytes (hot loops such as GPX parsing); with `assumingUTC`, a time
    /// without an offset is taken as UTC, as GPX files mean it.
    public static func parseInstant(bytes scalars: UnsafeBufferPointer<UInt8>, assumingUTC: Bool = false) -> Date? {
        guard scalars.count >= 16 else { return nil }
        var index = 0

        func number(_ width: Int) -> Int? {
            guard index + width <= scalars.count else { return nil }
            var value = 0
            for offset in 0..<width {
                let byte = scalars[index + offset]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += width
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < scalars.count, scalars[index] == byte else { return false }
            index += 1
            return true
        }

        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2),
              let date = LocalDate(year: year, month: month, day: day) else { return nil }
        guard index < scalars.count, scalars[index] == 0x54 || scalars[index] == 0x74 || scalars[index] == 0x20 else { return nil }
        index += 1
        guard let hour = number(2), expect(0x3A), let minute = number(2), hour < 24, minute < 60 else { return nil }
        var second = 0
        var fraction = 0.0
        if expect(0x3A) {
            guard let s = number(2), s < 61 else { return nil }
            second = min(s, 59)
            if expect(0x2E) || expect(0x2C) {
                var scale = 0.1
                var digits = 0
                while index < scalars.count, scalars[index] >= 48, scalars[index] <= 57 {
                    fraction += Double(scalars[index] - 48) * scale
                    scale /= 10
                    index += 1
                    digits += 1
                }
                guard digits > 0 else { return nil }
            }
        }
        var offsetSeconds = 0
        if index == scalars.count {
            guard assumingUTC else { return nil }
        } else {
            switch scalars[index] {
            case 0x5A, 0x7A: // Z
                index += 1
            case 0x2B, 0x2D: // + or -
                let sign = scalars[index] == 0x2D ? -1 : 1
                index += 1
                guard let oh = number(2), oh <= 18 else { return nil }
                var om = 0
                if index < scalars.count {
                    _ = expect(0x3A)
                    guard let m = number(2), m < 60 else { return nil }
                    om = m
                }
                offsetSeconds = sign * (oh * 3600 + om * 60)
            default:
                return nil
            }
        }
        guard index == scalars.count else { return nil }
        let seconds = date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `YYYY-MM-DDTHH:MM:SS±HH:MM` in the given zone (`Z` for UTC), whole seconds.
    public static func format(_ date: Date, in timeZone: TimeZone) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let local = Int((date.timeIntervalSince1970).rounded(.down)) + offset
        let day = LocalDate(dayNumber: floorDiv(local, 86_400))
        let secondOfDay = local - floorDiv(local, 86_400) * 86_400
        // Every time in an API answer passes here: the digits go straight into the string's
        // storage (25 bytes at most) rather than through six small strings and interpolations.
        guard (0...9999).contains(day.year), abs(offset) < 100 * 3600 else {
            let time = "\(LocalDate.pad(secondOfDay / 3600, 2)):\(LocalDate.pad(secondOfDay % 3600 / 60, 2)):\(LocalDate.pad(secondOfDay % 60, 2))"
            return "\(day)T\(time)\(formatOffset(offset))"
        }
        return String(unsafeUninitializedCapacity: 25) { out in
            var index = day.writeDigits(to: out)
            func put(_ byte: UInt8) { out[index] = byte; index += 1 }
            func two(_ value: Int) { put(UInt8(48 + value / 10)); put(UInt8(48 + value % 10)) }
            put(UInt8(ascii: "T"))
            two(secondOfDay / 3600); put(UInt8(ascii: ":")); two(secondOfDay % 3600 / 60); put(UInt8(ascii: ":")); two(secondOfDay % 60)
            if offset == 0 {
                put(UInt8(ascii: "Z"))
            } else {
                put(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                two(abs(offset) / 3600); put(UInt8(ascii: ":")); two(abs(offset) % 3600 / 60)
            }
            return index
        }
    }

    public static func formatOffset(_ seconds: Int) -> String {
        if seconds == 0 { return "Z" }
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        return "\(sign)\(LocalDate.pad(magnitude / 3600, 2)):\(LocalDate.pad(magnitude % 3600 / 60, 2))"
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}
