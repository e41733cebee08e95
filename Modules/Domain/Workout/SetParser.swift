import FoundationEssentials
import Core

/// Reads a set the way a lifter writes it: `back squat 100kg 5x5`, `deadlift 140kg 3`,
/// `pull-up 3x10`, `row 2000m 7:32`, `bench 225lb 1x5`, `burpee 50`, `bike 20cal`,
/// `plank 1:30`, `squat 60kg 5 warmup`, `deadlift 180kg 3 @9` (RPE), `squat 100kg 5 rir2`.
/// In a set, `m` after a number means metres (use `1:30` or `90s` for time).
public struct SetParser: Sendable {
    public static let poundsToKilograms = WeightUnit.kilogramsPerPound
    let exercises: [Exercise]
    /// The unit of a weight written without one (`bench 100 5`): the person's display unit.
    let pounds: Bool

    public init(exercises: [Exercise], defaultUnit: String = "kg") {
        self.exercises = exercises
        self.pounds = defaultUnit == "lb"
    }

    /// The forms a set can take, for the messages that refuse one.
    static let forms = "write e.g. 100kg 5 (weight and reps), 100 5, 100kg 5x5 (sets x reps), 3x10, 2000m 7:32, 20cal, @8"

    public func parse(_ text: String, startingOrder: Int = 0) throws -> [WorkoutSet] {
        let tokens = Self.tokens(text)
        guard !tokens.isEmpty else { throw AppError.invalidInput("an empty set", code: "invalid_set").with(key: "empty") }
        // The exercise is the longest run of leading words that names one.
        var exercise: Exercise?
        var used = 0
        for length in stride(from: min(tokens.count, 4), through: 1, by: -1) {
            let name = tokens[0..<length].joined(separator: " ")
            if let match = exercises.first(where: { $0.keys.contains(name) }) {
                exercise = match
                used = length
                break
            }
        }
        guard let exercise else {
            let words = tokens.prefix { !$0.first!.isNumber }.joined(separator: " ")
            let suggestion = Self.closest(to: words, among: exercises.flatMap(\.keys))
            throw AppError.invalidInput(
                "unknown exercise '\(words)'\(suggestion.map { "; did you mean '\($0)'?" } ?? "")",
                code: "unknown_exercise").with(key: suggestion == nil ? nil : "suggested", ["name": words, "suggestion": suggestion ?? ""])
        }
        var weight: Double?
        var sets = 1
        var setsGiven = false
        var reps: Int?
        var seconds: Double?
        var metres: Double?
        var calories: Double?
        var warmup = false
        var rpe: Double?
        var rir: Int?
        // Numbers written without a unit: what they mean depends on the exercise (below).
        var bare: [(text: String, value: Double)] = []
        func fail(_ why: String) -> AppError { AppError.invalidInput("'\(text)': \(why); \(Self.forms)", code: "invalid_set") }
        func unreadable(_ token: String) -> AppError {
            AppError.invalidInput("cannot read '\(token)' in '\(text)': \(Self.forms)", code: "invalid_set")
                .with(key: "unreadable", ["token": token, "set": text])
        }
        for token in tokens[used...] {
            if let value = Self.number(token, suffix: "kg") ?? Self.number(token, suffix: "kgs") {
                guard weight == nil else { throw fail("two weights") }
                weight = value
            } else if let value = Self.number(token, suffix: "lb") ?? Self.number(token, suffix: "lbs") {
                guard weight == nil else { throw fail("two weights") }
                weight = value * Self.poundsToKilograms
            } else if let value = Self.number(token, suffix: "km") {
                metres = value * 1000
            } else if let value = Self.number(token, suffix: "m") {
                metres = value
            } else if let value = Self.number(token, suffix: "cal") ?? Self.number(token, suffix: "kcal") {
                calories = value
            } else if let value = Self.number(token, suffix: "reps") ?? Self.number(token, suffix: "rep"), value == value.rounded() {
                reps = Int(value)
            } else if token.contains("x"), let parts = Optional(token.split(separator: "x", omittingEmptySubsequences: false)),
                      parts.count == 2 {
                // `5x5` is sets x reps; `100kgx5` (a weight first) is a weight x reps.
                if let load = Self.number(String(parts[0]), suffix: "kg")
                    ?? Self.number(String(parts[0]), suffix: "lb").map({ $0 * Self.poundsToKilograms }),
                   let each = Int(parts[1]) {
                    guard weight == nil else { throw fail("two weights") }
                    weight = load
                    reps = each
                } else if let count = Int(parts[0]), let each = Int(parts[1]) {
                    guard !setsGiven else { throw fail("sets x reps twice") }
                    sets = count
                    reps = each
                    setsGiven = true
                } else {
                    throw unreadable(token)
                }
            } else if token.contains(":") || token.hasSuffix("s") && Double(token.dropLast()) != nil,
                      let value = DurationText.seconds(token) {
                seconds = value
            } else if let value = Double(token), value.isFinite, token.first?.isNumber == true {
                bare.append((token, value))
            } else if token == "warmup" || token == "wu" || token == "warm-up" {
                warmup = true
            } else if token.hasPrefix("@"), let value = Double(token.dropFirst()) {
                rpe = value
            } else if token.hasPrefix("rpe"), let value = Double(token.dropFirst(3)) {
                rpe = value
            } else if token.hasPrefix("rir"), let value = Int(token.dropFirst(3)) {
                rir = value
            } else {
                throw unreadable(token)
            }
        }
        // Bare numbers as a lifter means them: for a loaded lift the first is the weight (in the
        // person's unit) and the next the reps; otherwise the one number is what the movement counts.
        func whole(_ number: (text: String, value: Double)) throws -> Int {
            guard number.value == number.value.rounded(), number.value < 1e9 else {
                throw fail("'\(number.text)' reps must be a whole number")
            }
            return Int(number.value)
        }
        switch (exercise.measure, bare.count) {
        case (_, 0):
            break
        case (.weightReps, _) where bare.count > 2 || (weight != nil && bare.count > 1):
            throw fail("too many numbers")
        case (.weightReps, 2) where reps == nil:
            weight = bare[0].value * (pounds ? Self.poundsToKilograms : 1)
            reps = try whole(bare[1])
        case (.weightReps, 1) where weight == nil && reps != nil:
            weight = bare[0].value * (pounds ? Self.poundsToKilograms : 1)
        case (.weightReps, 1) where weight != nil && reps == nil:
            reps = try whole(bare[0])
        case (.weightReps, _):
            throw fail("is \(bare[0].text) the weight or the reps")
        case (_, 1) where reps == nil && exercise.measure == .reps:
            reps = try whole(bare[0])
        case (_, 1) where seconds == nil && exercise.measure == .time:
            seconds = bare[0].value
        case (_, 1) where metres == nil && exercise.measure == .distance:
            metres = bare[0].value
        case (_, 1) where calories == nil && exercise.measure == .calories:
            calories = bare[0].value
        default:
            throw fail("cannot tell what \(bare.map(\.text).joined(separator: " and ")) means for \(exercise.name)")
        }
        try Self.validate(weight: weight, sets: sets, reps: reps, seconds: seconds, metres: metres, calories: calories, rpe: rpe, rir: rir,
                          text: text)
        if exercise.measure == .weightReps, reps == nil, seconds == nil {
            throw AppError.invalidInput("'\(text)': how many reps? e.g. \(exercise.name) 100kg 5", code: "invalid_set")
                .with(key: "reps", ["set": text, "example": "\(exercise.name) 100kg 5"])
        }
        if [.reps, .weightReps].contains(exercise.measure), reps == nil, seconds == nil, metres == nil, calories == nil {
            throw AppError.invalidInput("'\(text)': how many reps? e.g. \(exercise.name) 3x10", code: "invalid_set")
                .with(key: "reps", ["set": text, "example": "\(exercise.name) 3x10"])
        }
        return (0..<sets).map { index in
            WorkoutSet(exercise: exercise.name, order: startingOrder + index, weightKg: weight, reps: reps, seconds: seconds,
                       metres: metres, calories: calories, isWarmup: warmup, rpe: rpe, rir: rir)
        }
    }

    /// The words of a set, with the spacing people type joined up: `100 kg` → `100kg`,
    /// `5 x 5` / `5 × 5` → `5x5`, `@ 8` → `@8`, `rpe 8` → `rpe8`.
    static func tokens(_ text: String) -> [String] {
        let words = text.lowercased().replacing("×", with: "x").replacing("*", with: "x")
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
        let units: Set<String> = ["kg", "kgs", "lb", "lbs", "km", "m", "cal", "kcal", "s", "sec", "reps", "rep"]
        let joiners: Set<String> = ["@", "rpe", "rir"]
        func endsInNumberOrWeight(_ token: String) -> Bool {
            token.last?.isNumber == true || token.hasSuffix("kg") || token.hasSuffix("lb") || token.hasSuffix("lbs")
        }
        var tokens: [String] = []
        for word in words {
            guard let last = tokens.last else { tokens.append(word); continue }
            let startsWithDigit = word.first?.isNumber == true
            if units.contains(word), Double(last) != nil {
                tokens[tokens.count - 1] = last + (word == "sec" ? "s" : word)
            } else if word == "x", endsInNumberOrWeight(last) {
                tokens[tokens.count - 1] = last + "x"
            } else if last.hasSuffix("x"), last.count > 1, startsWithDigit, endsInNumberOrWeight(String(last.dropLast())) {
                tokens[tokens.count - 1] = last + word
            } else if word.hasPrefix("x"), word.dropFirst().first?.isNumber == true, endsInNumberOrWeight(last) {
                tokens[tokens.count - 1] = last + word
            } else if joiners.contains(last), startsWithDigit {
                tokens[tokens.count - 1] = last + word
            } else {
                tokens.append(word)
            }
        }
        return tokens
    }

    static func validate(weight: Double?, sets: Int, reps: Int?, seconds: Double?, metres: Double?, calories: Double?, rpe: Double?,
                         rir: Int?, text: String) throws {
        func fail(_ why: String) -> AppError { AppError.invalidInput("'\(text)': \(why)", code: "invalid_set") }
        if let weight, !(weight > 0 && weight <= 600) { throw fail("a weight is more than 0 and at most 600 kg") }
        guard (1...50).contains(sets) else { throw fail("1 to 50 sets") }
        if let reps, !(1...10_000).contains(reps) { throw fail("1 to 10,000 reps") }
        if let seconds, !(seconds > 0 && seconds <= 86_400) { throw fail("a time is more than 0 and at most 24 h") }
        if let metres, !(metres > 0 && metres <= 1_000_000) { throw fail("a distance is more than 0 and at most 1000 km") }
        if let calories, !(calories > 0 && calories <= 20_000) { throw fail("calories are more than 0 and at most 20,000") }
        if let rpe, !(1...10).contains(rpe) { throw fail("RPE is 1 to 10") }
        if let rir, !(0...10).contains(rir) { throw fail("RIR is 0 to 10") }
    }

    static func number(_ token: String, suffix: String) -> Double? {
        guard token.hasSuffix(suffix), token.count > suffix.count else { return nil }
        return Double(token.dropLast(suffix.count)).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The closest name by edit distance (at most 3 edits), for "did you mean".
    public static func closest(to input: String, among names: [String]) -> String? {
        guard !input.isEmpty else { return nil }
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var row = Array(0...b.count)
            for (i, x) in a.enumerated() {
                var previous = row[0]
                row[0] = i + 1
                for (j, y) in b.enumerated() {
                    let current = row[j + 1]
                    row[j + 1] = min(row[j + 1] + 1, row[j] + 1, previous + (x == y ? 0 : 1))
                    previous = current
                }
            }
            return row[b.count]
        }
        let target = Array(input)
        let best = names.map { ($0, distance(target, Array($0))) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= max(1, min(3, input.count / 3)) else {
            return names.first { $0.hasPrefix(input) || input.hasPrefix($0) }
        }
        return best.0
    }
}
