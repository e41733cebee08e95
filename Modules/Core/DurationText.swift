/// A duration as a person types it, in one meaning everywhere a duration is asked:
/// `1:05:00`, `45:30`, `90s`, `20m` or `20min`, `1h`, `1h30m`, `1.5h`, or a bare number, which is
/// minutes ("a 30 run", "--duration 45"). A command that asks for a count of seconds (a rest of
/// `90`) says SECONDS and reads a plain number instead.
public enum DurationText {
    /// Seconds, or nil for text that is not a duration (or not more than 0).
    public static func seconds(_ text: String) -> Double? {
        let text = text.trimmed.lowercased()
        guard !text.isEmpty else { return nil }
        let value: Double?
        if text.contains(":") {
            value = clockSeconds(text)
        } else if let number = Double(text) {
            value = number * 60
        } else {
            value = unitSeconds(text)
        }
        return value.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    }

    /// `7:32`, `1:05:00`: minutes and seconds, or hours, minutes and seconds.
    static func clockSeconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
        let numbers = parts.compactMap { Double($0) }
        guard numbers.count == parts.count, numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        return numbers.reduce(0.0) { $0 * 60 + $1 }
    }

    /// `90s`, `20m`, `20min`, `1h30m`, `1.5h`: numbers each followed by a unit.
    static func unitSeconds(_ text: String) -> Double? {
        let units: [(String, Double)] = [("hours", 3600), ("hour", 3600), ("hrs", 3600), ("hr", 3600), ("h", 3600),
                                         ("minutes", 60), ("minute", 60), ("mins", 60), ("min", 60), ("m", 60),
                                         ("seconds", 1), ("second", 1), ("secs", 1), ("sec", 1), ("s", 1)]
        var rest = Substring(text.replacing(" ", with: ""))
        var total = 0.0
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isNumber || $0 == "." }
            guard let number = Double(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let (unit, factor) = units.first(where: { rest.hasPrefix($0.0) }) else { return nil }
            rest = rest.dropFirst(unit.count)
            total += number * factor
        }
        return total
    }

    /// `7:32` under an hour, `1:05:00` from an hour.
    public static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return total >= 3600 ? "\(total / 3600):\(two(total % 3600 / 60)):\(two(total % 60))" : "\(total / 60):\(two(total % 60))"
    }
}
