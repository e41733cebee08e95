import FoundationEssentials
import Core

/// The fields of an imported row: numbers, units, names, durations and times, each refused by line.
extension WorkoutImport {
    // MARK: - Fields

    /// A set from the numbers of a row; nil when it holds nothing (a zero row); refused when a
    /// number is out of range.
    static func set(exercise: String, weight: Double?, reps: Double?, metres: Double?, seconds: Double?, rpe: Double?,
                    isWarmup: Bool, line: Int) throws -> WorkoutSet? {
        func check(_ value: Double?, _ column: String, _ range: ClosedRange<Double>, shown: String) throws -> Double? {
            guard let value, value != 0 else { return nil }
            guard range.contains(value) else {
                throw error("line \(line): \(column) \(shown) is out of range (\(Int(range.lowerBound)) to \(Int(range.upperBound)))",
                            key: "range", ["line": "\(line)", "column": column, "value": shown])
            }
            return value
        }
        let weightKg = try check(weight, "weight", 0...1000, shown: weight.map { "\(shown($0)) kg" } ?? "")
        let repCount = try check(reps, "reps", 0...10_000, shown: reps.map { shown($0) } ?? "")
        if let repCount, repCount.rounded() != repCount {
            throw error("line \(line): reps \(shown(repCount)) is not a whole number", key: "whole",
                        ["line": "\(line)", "column": "reps", "value": shown(repCount)])
        }
        let distance = try check(metres, "distance", 0...1_000_000, shown: metres.map { "\(shown($0)) m" } ?? "")
        let time = try check(seconds, "seconds", 0...86_400, shown: seconds.map { shown($0) } ?? "")
        let effort = try check(rpe, "RPE", 0...10, shown: rpe.map { shown($0) } ?? "")
        guard weightKg != nil || repCount != nil || distance != nil || time != nil else { return nil }
        return WorkoutSet(exercise: exercise, weightKg: weightKg, reps: repCount.map { Int($0) }, seconds: time, metres: distance,
                          isWarmup: isWarmup, rpe: effort)
    }

    /// A plain decimal number (`72.5`, `-1`, `72,5` in a `;` file); nil for an empty field.
    static func number(_ text: String, column: String, line: Int, decimalComma: Bool) throws -> Double? {
        guard !text.isEmpty else { return nil }
        var body = Substring(text)
        var negative = false
        if body.first == "-" || body.first == "+" {
            negative = body.first == "-"
            body = body.dropFirst()
        }
        let separator: Character? = body.contains(".") ? "." : decimalComma && body.contains(",") ? "," : nil
        let parts = separator.map { body.split(separator: $0, omittingEmptySubsequences: false) } ?? [body]
        guard parts.count <= 2, !body.isEmpty, body.count <= 20,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), !(parts.first?.isEmpty ?? true) || parts.count == 2,
              let value = Double(parts.joined(separator: ".")) else {
            throw error("line \(line): \(column) '\(text.printable)' is not a number", key: "number",
                        ["line": "\(line)", "column": column, "value": text.printable])
        }
        if negative && value != 0 {
            throw error("line \(line): \(column) '\(text.printable)' is negative", key: "negative",
                        ["line": "\(line)", "column": column, "value": text.printable])
        }
        return value
    }

    static func weightUnit(_ text: String, line: Int) throws -> WeightUnit? {
        switch text.lowercased() {
        case "": return nil
        case "kg", "kgs": return .kg
        case "lb", "lbs": return .lb
        default:
            throw error("line \(line): Weight Unit '\(text.printable)' is neither kg nor lbs", key: "unit",
                        ["line": "\(line)", "column": "Weight Unit", "value": text.printable])
        }
    }

    static func distanceUnit(_ text: String, line: Int) throws -> DistanceUnit? {
        switch text.lowercased() {
        case "": return nil
        case "km": return .km
        case "mi", "mi.", "miles": return .mi
        case "m", "meters", "metres": return .m
        default:
            throw error("line \(line): Distance Unit '\(text.printable)' is not km, mi or m", key: "unit",
                        ["line": "\(line)", "column": "Distance Unit", "value": text.printable])
        }
    }

    /// An exercise name: 1 to 100 characters on one line.
    static func name(_ text: String, column: String, line: Int) throws -> String {
        let name = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !name.isEmpty else {
            throw error("line \(line): the \(column) is empty", key: "no_exercise", ["line": "\(line)", "column": column])
        }
        guard name.count <= 100, !name.hasControlCharacters else {
            throw error("line \(line): the \(column) is over 100 characters or holds control characters", key: "bad_name",
                        ["line": "\(line)", "column": column])
        }
        return name
    }

    static func title(_ text: String, line: Int) throws -> String? {
        let title = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard title.count <= 200, !title.hasControlCharacters else {
            throw error("line \(line): the workout's name is over 200 characters or holds control characters", key: "bad_title",
                        ["line": "\(line)"])
        }
        return title.nilIfBlank
    }

    /// Free text (notes may hold line breaks): at most 5,000 characters, no control characters.
    static func text(_ text: String, column: String, line: Int) throws -> String? {
        guard text.count <= 5000, !text.hasControlCharacters else {
            throw error("line \(line): \(column) is over 5,000 characters or holds control characters", key: "bad_text",
                        ["line": "\(line)", "column": column])
        }
        return text.trimmed.nilIfBlank
    }

    /// Strong's `35m`, `1h 5m`, `1h`, `45s` or a number of seconds; nil when empty or not
    /// plausible (a session's duration is more than 0 and at most 24 h).
    static func durationMinutes(_ text: String, line: Int) throws -> Double? {
        let text = text.lowercased().filter { !$0.isWhitespace }
        guard !text.isEmpty else { return nil }
        var seconds = 0.0
        if let plain = Double(text), text.allSatisfy({ $0.isNumber || $0 == "." }) {
            seconds = plain
        } else {
            var digits = ""
            for character in text {
                if character.isASCII && (character.isNumber || character == ".") {
                    digits.append(character)
                } else if let unit = ["h": 3600.0, "m": 60, "s": 1][String(character)], let value = Double(digits) {
                    seconds += value * unit
                    digits = ""
                } else {
                    throw error("line \(line): Duration '\(text.printable)' is not a duration such as 1h 5m", key: "duration",
                                ["line": "\(line)", "value": text.printable])
                }
            }
            guard digits.isEmpty else {
                throw error("line \(line): Duration '\(text.printable)' is not a duration such as 1h 5m", key: "duration",
                            ["line": "\(line)", "value": text.printable])
            }
        }
        let minutes = seconds / 60
        return minutes > 0 && minutes <= 24 * 60 ? minutes : nil
    }

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                             "november", "december"]
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// A date and time as the exports write it: `2019-01-11 12:31:54`, `2024-11-28 5:36:08 PM`
    /// (with a narrow no-break space), `26 Jul 2025, 07:06`, `Jul 26, 2025, 7:06 AM`, or ISO
    /// 8601 with an offset (then it is that instant).
    static func when(_ text: String, column: String, line: Int) throws -> When {
        if let instant = ISO8601.parseInstant(text) { return .instant(instant) }
        guard let wall = wallClock(text), PlausibleTime.contains(wall.date) else {
            throw error("line \(line): \(column) '\(text.printable)' is not a date and time such as 2024-11-28 17:36:08",
                        key: "date", ["line": "\(line)", "column": column, "value": text.printable])
        }
        return .wall(wall.date, secondOfDay: wall.second)
    }

    static func wallClock(_ text: String) -> (date: LocalDate, second: Int)? {
        guard text.count <= 60 else { return nil }
        // Runs of digits and of letters; everything else separates them.
        var tokens: [String] = []
        var current = ""
        for character in text.lowercased() {
            let isDigit = character.isASCII && character.isNumber, isLetter = character.isASCII && character.isLetter
            if (isDigit || isLetter), let last = current.last, (last.isNumber == isDigit) {
                current.append(character)
            } else {
                if !current.isEmpty { tokens.append(current) }
                current = isDigit || isLetter ? String(character) : ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        var numbers: [String] = []
        var month: Int?
        var meridiem: String?
        for token in tokens {
            if token.first!.isNumber {
                numbers.append(token)
            } else if token == "am" || token == "pm" {
                meridiem = token
            } else if token == "t" || token == "at" || weekdays.contains(where: { $0.hasPrefix(token) && token.count >= 3 }) {
                continue
            } else if let index = months.firstIndex(of: String(token.prefix(3))), monthNames[index].hasPrefix(token) || token == "sept" {
                guard month == nil else { return nil }
                month = index + 1
            } else {
                return nil
            }
        }
        let year: Int, monthNumber: Int, day: Int
        var rest: ArraySlice<String>
        if let month {
            guard numbers.count >= 2 else { return nil }
            let pair = numbers.prefix(2)
            guard let yearText = pair.first(where: { $0.count == 4 }), let dayText = pair.first(where: { $0.count <= 2 }) else { return nil }
            year = Int(yearText)!
            day = Int(dayText)!
            monthNumber = month
            rest = numbers.dropFirst(2)
        } else {
            guard numbers.count >= 3, numbers[0].count == 4, numbers[1].count <= 2, numbers[2].count <= 2 else { return nil }
            year = Int(numbers[0])!
            monthNumber = Int(numbers[1])!
            day = Int(numbers[2])!
            rest = numbers.dropFirst(3)
        }
        guard let date = LocalDate(year: year, month: monthNumber, day: day) else { return nil }
        // The time: H:MM, H:MM:SS or H:MM:SS.fff; none is midnight.
        guard rest.count != 1, rest.count <= 4, rest.allSatisfy({ $0.count <= 2 || rest.count == 4 }) else { return nil }
        let parts = rest.prefix(3).map { Int($0)! }
        var hour = parts.first ?? 0
        let minute = parts.count > 1 ? parts[1] : 0
        let second = parts.count > 2 ? parts[2] : 0
        if let meridiem {
            guard (1...12).contains(hour), !parts.isEmpty else { return nil }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        return (date, hour * 3600 + minute * 60 + second)
    }
}

extension WorkoutImport {
    /// A number as a message shows it: `100`, `72.5`, `0.33`.
    static func shown(_ value: Double) -> String {
        let value = rounded(value, places: 2)
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
