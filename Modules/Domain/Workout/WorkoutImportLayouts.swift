import FoundationEssentials
import Core

/// The app an export comes from.
public enum WorkoutImportSource: String, Sendable, Codable, CaseIterable {
    case strong, hevy

    public var title: String { self == .strong ? "Strong" : "Hevy" }
}

extension WorkoutImport {
    /// The unit of distances in a file that does not say (Strong's comma layout).
    public enum DistanceUnit: String, Sendable, CaseIterable {
        case km, mi, m

        var metres: Double {
            switch self {
            case .km: 1000
            case .mi: 1609.344
            case .m: 1
            }
        }
    }

    /// One row of an export, read: the session it belongs to and the set it holds (nil for a
    /// row that is not a set: Strong's rest timers and notes, an empty row).
    struct Row: Sendable {
        let line: Int
        /// When the session started, as the file writes it, and its wall-clock reading (or the
        /// instant itself when the file gives an offset).
        let start: When
        let end: When?
        let title: String?
        let durationMinutes: Double?
        let workoutNotes: String?
        let exercise: String
        let exerciseNotes: String?
        let set: WorkoutSet?
    }

    enum When: Sendable, Hashable {
        case wall(LocalDate, secondOfDay: Int)
        case instant(Date)

        func instant(in zone: TimeZone) -> Date {
            switch self {
            case .instant(let date): return date
            case .wall(let date, let second):
                return zone.instant(of: date, minutes: second / 60).addingTimeInterval(Double(second % 60))
            }
        }
    }

    /// Where each column is, by the names of the header (case and spacing do not matter).
    struct Columns {
        let names: [String]
        private let index: [String: Int]

        init(_ header: Record) {
            names = header.fields
            var index: [String: Int] = [:]
            for (position, name) in header.fields.enumerated() {
                let key = Columns.key(name)
                if index[key] == nil { index[key] = position }
            }
            self.index = index
        }

        static func key(_ name: String) -> String {
            name.trimmed.lowercased().split(whereSeparator: { $0 == " " || $0 == "_" }).joined(separator: " ")
        }

        func has(_ name: String) -> Bool { index[Columns.key(name)] != nil }
        func position(_ name: String) -> Int? { index[Columns.key(name)] }
        func value(_ name: String, in record: Record) -> String {
            guard let position = position(name), position < record.fields.count else { return "" }
            return record.fields[position].trimmed
        }
    }

    // MARK: - Strong

    /// Strong's export, one row per set. Two layouts are read (learnt from public parsers and
    /// real exports: mtanzim/vis-strong-go, a-mufasa/hevy-tools, DaKheera47/strong-statistics,
    /// the OpenBody Strong mapping):
    /// - the older one, `;`-separated, with the units in columns of their own:
    ///   `Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes[;Workout Duration]`
    /// - the newer one, `,`-separated, with the workout's duration and without units (weights
    ///   and distances are in the unit the app was set to: `--unit`, `--distance-unit`):
    ///   `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds[,Notes,Workout Notes],RPE`
    /// `Set Order` is a number, `W` for a warm-up, `D` for a drop set, `F` for a set to failure;
    /// `Rest Timer` and `Note` rows are not sets. Dates are wall-clock times in the person's
    /// zone: `2019-01-11 12:31:54`, `2024-11-28 5:36:08 PM`.
    struct StrongLayout {
        static let required = ["Date", "Workout Name", "Exercise Name", "Set Order", "Weight", "Reps"]
        let columns: Columns
        let weightUnit: WeightUnit
        let distanceUnit: DistanceUnit
        let decimalComma: Bool

        func row(_ record: Record) throws -> Row {
            let line = record.line
            let value = { (name: String) in columns.value(name, in: record) }
            let start = try WorkoutImport.when(value("Date"), column: "Date", line: line)
            let exercise = try WorkoutImport.name(value("Exercise Name"), column: "Exercise Name", line: line)
            let order = value("Set Order")
            let duration = columns.has("Duration") ? value("Duration") : value("Workout Duration")
            let minutes = try WorkoutImport.durationMinutes(duration, line: line)
            let notes = try WorkoutImport.text(value("Notes"), column: "Notes", line: line)
            let base = { (set: WorkoutSet?) in
                Row(line: line, start: start, end: nil, title: try WorkoutImport.title(value("Workout Name"), line: line),
                    durationMinutes: minutes, workoutNotes: try WorkoutImport.text(value("Workout Notes"), column: "Workout Notes", line: line),
                    exercise: exercise, exerciseNotes: notes, set: set)
            }
            let kind = order.lowercased()
            if kind == "rest timer" || kind == "note" || kind == "rest" { return try base(nil) }
            let isWarmup = kind == "w" || kind == "warmup" || kind == "warm-up"
            guard isWarmup || ["d", "f"].contains(kind) || (Int(order).map { $0 >= 0 } ?? false) || order.isEmpty else {
                throw WorkoutImport.error(
                    "line \(line): Set Order '\(order.printable)' is not a set number, W (warm-up), D (drop set) or F (failure)",
                    key: "set_order", ["line": "\(line)", "value": order.printable])
            }
            let weightUnit = try columns.has("Weight Unit") ? WorkoutImport.weightUnit(value("Weight Unit"), line: line) ?? self.weightUnit
                : self.weightUnit
            let distanceUnit = try columns.has("Distance Unit")
                ? WorkoutImport.distanceUnit(value("Distance Unit"), line: line) ?? self.distanceUnit : self.distanceUnit
            let number = { (name: String) in
                try WorkoutImport.number(value(name), column: name, line: line, decimalComma: decimalComma)
            }
            let set = try WorkoutImport.set(
                exercise: exercise, weight: number("Weight").map(weightUnit.kilograms), reps: number("Reps"),
                metres: number("Distance").map { $0 * distanceUnit.metres }, seconds: number("Seconds"), rpe: number("RPE"),
                isWarmup: isWarmup, line: line)
            return try base(set)
        }
    }

    // MARK: - Hevy

    /// Hevy's export, one row per set, `,`-separated with every field quoted (learnt from public
    /// parsers: Jake-Leicht/Hevy-Dashboard-App, multiplex55/Multi_Hevy_Workout_Dashboard,
    /// DaKheera47/strong-statistics' Hevy reader):
    /// `"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"`
    /// in kilograms and kilometres, or with `weight_lbs` and `distance_miles` for an account set
    /// to pounds: the header names the unit. `set_type` is `normal`, `warmup`, `failure` or
    /// `dropset`. Times are wall-clock times in the person's zone: `26 Jul 2025, 07:06`.
    struct HevyLayout {
        static let required = ["title", "start_time", "exercise_title"]
        static let weights: [(column: String, unit: WeightUnit)] = [("weight_kg", .kg), ("weight_lbs", .lb), ("weight_lb", .lb)]
        static let distances: [(column: String, unit: DistanceUnit)] = [
            ("distance_km", .km), ("distance_miles", .mi), ("distance_mi", .mi), ("distance_meters", .m), ("distance_m", .m),
        ]
        let columns: Columns

        var weight: (column: String, unit: WeightUnit)? { Self.weights.first { columns.has($0.column) } }
        var distance: (column: String, unit: DistanceUnit)? { Self.distances.first { columns.has($0.column) } }

        func row(_ record: Record) throws -> Row {
            let line = record.line
            let value = { (name: String) in columns.value(name, in: record) }
            let start = try WorkoutImport.when(value("start_time"), column: "start_time", line: line)
            let endText = value("end_time")
            let end = endText.isEmpty ? nil : try WorkoutImport.when(endText, column: "end_time", line: line)
            let exercise = try WorkoutImport.name(value("exercise_title"), column: "exercise_title", line: line)
            let type = value("set_type").lowercased()
            let number = { (name: String) in try WorkoutImport.number(value(name), column: name, line: line, decimalComma: false) }
            let weight = try weight.flatMap { try number($0.column).map(self.weight!.unit.kilograms) }
            let metres = try distance.flatMap { try number($0.column).map { $0 * self.distance!.unit.metres } }
            let set = try WorkoutImport.set(
                exercise: exercise, weight: weight, reps: number("reps"), metres: metres, seconds: number("duration_seconds"),
                rpe: number("rpe"), isWarmup: type == "warmup" || type == "warm-up" || type == "warm_up", line: line)
            return Row(line: line, start: start, end: end, title: try WorkoutImport.title(value("title"), line: line),
                       durationMinutes: nil, workoutNotes: try WorkoutImport.text(value("description"), column: "description", line: line),
                       exercise: exercise, exerciseNotes: try WorkoutImport.text(value("exercise_notes"), column: "exercise_notes", line: line),
                       set: set)
        }
    }

    /// The header read as `source`'s layout; refused when a column it needs is missing (and
    /// named, with a hint when the file is the other app's export).
    static func rows(of csv: CSV, source: WorkoutImportSource, weightUnit: WeightUnit, distanceUnit: DistanceUnit?) throws
        -> (rows: [Row], weightUnit: WeightUnit?) {
        let columns = Columns(csv.header)
        let required = source == .strong ? StrongLayout.required : HevyLayout.required
        let missing = required.filter { !columns.has($0) }
        let other: WorkoutImportSource = source == .strong ? .hevy : .strong
        let looksLikeOther = (other == .strong ? StrongLayout.required : HevyLayout.required).allSatisfy(columns.has)
        if !missing.isEmpty || (source == .hevy && HevyLayout(columns: columns).weight == nil && !looksLikeOther) {
            let names = missing.isEmpty ? ["weight_kg or weight_lbs"] : missing
            if looksLikeOther {
                throw error("this is \(other.title)'s export, not \(source.title)'s: import it as \(other.title)'s",
                            key: "other_app", ["app": other.title, "expected": source.title, "command": other.rawValue])
            }
            let header = csv.header.fields.prefix(20).map { $0.printable }.joined(separator: String(csv.delimiter))
            throw error("the header is not \(source.title)'s export: no column \(names.joined(separator: ", ")) (line 1: \(header))",
                        key: "header", ["app": source.title, "missing": names.joined(separator: ", ")])
        }
        if source == .hevy, looksLikeOther, HevyLayout(columns: columns).weight == nil {
            throw error("this is Strong's export, not Hevy's: import it as Strong's",
                        key: "other_app", ["app": "Strong", "expected": "Hevy", "command": "strong"])
        }
        switch source {
        case .strong:
            let layout = StrongLayout(columns: columns, weightUnit: weightUnit,
                                      distanceUnit: distanceUnit ?? (weightUnit == .lb ? .mi : .km), decimalComma: csv.delimiter == ";")
            return (try csv.records.map(layout.row), columns.has("Weight Unit") ? nil : weightUnit)
        case .hevy:
            let layout = HevyLayout(columns: columns)
            return (try csv.records.map(layout.row), layout.weight?.unit)
        }
    }

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
