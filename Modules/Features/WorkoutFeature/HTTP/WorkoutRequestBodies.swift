import FoundationEssentials
import Core
import Domain

/// The JSON bodies the workout and supplement routes read.
struct WorkoutBody: Decodable {
    struct WOD: Decodable {
        let format: String
        let result: String
        let name: String?
        /// The time cap in seconds.
        let capS: Double?
        let rx: Bool?
        let movements: String?

        enum CodingKeys: String, CodingKey { case format, result, name, capS = "cap_s", rx, movements }
    }

    let sets: [String]?
    let kind: String?
    let title: String?
    let startedAt: String?
    /// Seconds.
    let durationS: Double?
    let notes: String?
    let felt: Int?
    let wod: WOD?

    enum CodingKeys: String, CodingKey { case sets, kind, title, startedAt = "started_at", durationS = "duration_s", notes, felt, wod }

    func entry() throws -> WorkoutUseCases.Entry {
        var kindValue: WorkoutKind?
        if let kind {
            guard let parsed = WorkoutKind(rawValue: kind) else {
                throw AppError.invalidInput("field 'kind' must be strength, wod or cardio", code: "invalid_field")
            }
            kindValue = parsed
        }
        let start = try Self.instant(startedAt)
        var result: WODResult?
        if let wod {
            guard let format = WODResult.Format(rawValue: wod.format) else {
                throw AppError.invalidInput("field 'wod.format' must be amrap, fortime, emom or tabata", code: "invalid_field")
            }
            guard let parsed = WODResult.parse(wod.result, format: format) else {
                throw AppError.invalidInput("field 'wod.result' does not fit \(format.withArticle) result", code: "invalid_field")
            }
            if let cap = wod.capS, !(cap.isFinite && WODResult.isValidCap(cap / 60)) {
                throw AppError.invalidInput("field 'wod.cap_s' is more than 0 and at most 36000 (10 h)", code: "invalid_field")
            }
            result = WODResult(format: format, name: wod.name, rounds: parsed.rounds, reps: parsed.reps, seconds: parsed.seconds,
                               capped: parsed.capped, capMinutes: wod.capS.map { $0 / 60 }, rx: wod.rx ?? true, movements: wod.movements)
        }
        return WorkoutUseCases.Entry(sets: sets ?? [], kind: kindValue, title: title, startedAt: start,
                                     durationMinutes: durationS.map { $0 / 60 }, notes: notes, felt: felt, wod: result)
    }

    /// `started_at`: ISO 8601 with an offset, or nil when left out.
    static func instant(_ text: String?) throws -> Date? {
        guard let text else { return nil }
        guard let instant = ISO8601.parseInstant(text) else {
            throw AppError.invalidInput("field 'started_at' must be ISO 8601 with an offset", code: "invalid_field")
        }
        return instant
    }
}

struct WorkoutPatchBody: Decodable {
    let title: String?
    let notes: String?
    let felt: Int?
    /// Seconds.
    let durationS: Double?
    let startedAt: String?
    let sets: [String]?

    enum CodingKeys: String, CodingKey { case title, notes, felt, durationS = "duration_s", startedAt = "started_at", sets }

    func changes() throws -> WorkoutUseCases.Changes {
        WorkoutUseCases.Changes(title: title, notes: notes, felt: felt, durationMinutes: durationS.map { $0 / 60 },
                                startedAt: try WorkoutBody.instant(startedAt), sets: sets)
    }
}

struct ExerciseBody: Decodable {
    let name: String
    let measure: String
}

struct SupplementBody: Decodable {
    let name: String
    let amount: Double
    let unit: String
    let times: [String]
    let days: [String]?

    func scheduledTimes() throws -> [LocalTime] {
        try times.map { text in
            guard let time = LocalTime(text) else { throw AppError.invalidInput("field 'times' holds HH:MM times", code: "invalid_field") }
            return time
        }
    }

    func weekdays() throws -> [Int] {
        try (days ?? []).map { text in
            guard let day = WorkoutInput.weekday(text), text.count >= 3 else {
                throw AppError.invalidInput("field 'days' holds weekdays mon … sun", code: "invalid_field")
            }
            return day
        }
    }
}
