import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/workouts`, `/v1/exercises`, `/v1/plan` and `/v1/supplements`: the same use cases as
/// the commands, for the account of the token.
public enum WorkoutRoutes {
    public static func make(workouts: WorkoutUseCases, supplements: SupplementUseCases) -> [Route] {
        typealias S = OpenAPISchema
        @Sendable func owner(_ request: HTTPRequest) -> String { request.accountID ?? "" }
        @Sendable func zone(_ request: HTTPRequest) -> TimeZone { workouts.zone(ownerID: owner(request)) }
        let id = S.pathParameter("id", "The session's id")
        let name = S.pathParameter("name", "The supplement's name")
        return [
            Route("POST", "/v1/workouts", operation: OpenAPIOperation(
                summary: "Log a session: sets in the compact form, and/or a WOD result", tag: "workouts",
                requestBody: S.jsonBody(S.ref("NewWorkout")), responses: [("201", S.jsonResponse("The session", S.ref("Workout")))]
            )) { request in
                let logged = try workouts.log(ownerID: owner(request), try request.decode(WorkoutBody.self).entry())
                return try .json(SessionJSON(logged.session, zone: zone(request), logged: logged), status: 201)
            },
            Route("GET", "/v1/workouts", operation: OpenAPIOperation(
                summary: "Sessions between two dates", tag: "workouts",
                parameters: [S.queryParameter("from", "YYYY-MM-DD", S.date), S.queryParameter("to", "YYYY-MM-DD (inclusive)", S.date)],
                responses: [("200", S.jsonResponse("The sessions", S.ref("WorkoutList")))]
            )) { request in
                let sessions = try workouts.list(ownerID: owner(request), from: try date(request, "from"), through: try date(request, "to"))
                return try .json(["sessions": sessions.map { SessionJSON($0, zone: zone(request)) }])
            },
            Route("GET", "/v1/workouts/stats", operation: OpenAPIOperation(
                summary: "XP, level, streaks, the week against the goal, the month's time, today's plan", tag: "workouts",
                responses: [("200", S.jsonResponse("The stats", S.ref("WorkoutStats")))]
            )) { request in
                try .json(StatsJSON(try workouts.stats(ownerID: owner(request))))
            },
            Route("GET", "/v1/workouts/prs", operation: OpenAPIOperation(
                summary: "Personal records of every exercise", tag: "workouts",
                responses: [("200", S.jsonResponse("The records", S.ref("RecordList")))]
            )) { request in
                let records = try workouts.records(ownerID: owner(request)).values.sorted { $0.exercise < $1.exercise }
                return try .json(["records": records.map(RecordsJSON.init)])
            },
            Route("GET", "/v1/workouts/{id}", operation: OpenAPIOperation(
                summary: "One session", tag: "workouts", parameters: [id], responses: [("200", S.jsonResponse("The session", S.ref("Workout")))]
            )) { request in
                try .json(SessionJSON(try workouts.session(ownerID: owner(request), id: request.pathParameters["id"] ?? ""), zone: zone(request)))
            },
            Route("PATCH", "/v1/workouts/{id}", operation: OpenAPIOperation(
                summary: "Change a session (records are recomputed)", tag: "workouts", parameters: [id],
                requestBody: S.jsonBody(S.ref("WorkoutPatch")), responses: [("200", S.jsonResponse("The session", S.ref("Workout")))]
            )) { request in
                let session = try workouts.edit(ownerID: owner(request), id: request.pathParameters["id"] ?? "", try request.decode(WorkoutPatchBody.self).changes())
                return try .json(SessionJSON(session, zone: zone(request)))
            },
            Route("DELETE", "/v1/workouts/{id}", operation: OpenAPIOperation(
                summary: "Delete a session", tag: "workouts", parameters: [id], responses: [("204", S.emptyResponse("Deleted"))]
            )) { request in
                try workouts.delete(ownerID: owner(request), id: request.pathParameters["id"] ?? "")
                return .noContent()
            },
            Route("GET", "/v1/exercises", operation: OpenAPIOperation(
                summary: "The catalog and your own exercises", tag: "workouts",
                responses: [("200", S.jsonResponse("The exercises", S.ref("ExerciseList")))]
            )) { request in
                try .json(["exercises": try workouts.allExercises(ownerID: owner(request)).map(ExerciseJSON.init)])
            },
            Route("POST", "/v1/exercises", operation: OpenAPIOperation(
                summary: "Add your own exercise", tag: "workouts", requestBody: S.jsonBody(S.ref("NewExercise")),
                responses: [("201", S.jsonResponse("The exercise", S.ref("Exercise")))]
            )) { request in
                let body = try request.decode(ExerciseBody.self)
                guard let measure = Measure(rawValue: body.measure) else {
                    throw AppError.invalidInput("field 'measure' must be weight-reps, reps, time, distance or calories", code: "invalid_field")
                }
                return try .json(ExerciseJSON(try workouts.addExercise(ownerID: owner(request), name: body.name, measure: measure)), status: 201)
            },
            Route("GET", "/v1/plan", operation: OpenAPIOperation(
                summary: "The weekly plan", tag: "workouts", responses: [("200", S.jsonResponse("Weekday → plan", S.ref("Plan")))]
            )) { request in
                try .json(planJSON(try workouts.settings(ownerID: owner(request))))
            },
            Route("PUT", "/v1/plan", operation: OpenAPIOperation(
                summary: "Set weekdays of the plan (an empty text or null clears one)", tag: "workouts", requestBody: S.jsonBody(S.ref("Plan")),
                responses: [("200", S.jsonResponse("Weekday → plan", S.ref("Plan")))]
            )) { request in
                let body = try request.decode([String: String?].self)
                var changes: [Int: String] = [:]
                for (key, value) in body {
                    let value = value ?? ""
                    guard let day = WorkoutInput.weekday(key), key.count >= 3 else {
                        throw AppError.invalidInput("'\(key)' is not a weekday (mon … sun)", code: "invalid_field")
                    }
                    guard value.count <= 200 else { throw AppError.invalidInput("a plan is at most 200 characters", code: "invalid_field") }
                    changes[day] = value.trimmed
                }
                let settings = try workouts.updateSettings(ownerID: owner(request)) { settings in
                    for (day, text) in changes { settings.plan[day] = text.nilIfBlank }
                }
                return try .json(planJSON(settings))
            },
            Route("GET", "/v1/supplements", operation: OpenAPIOperation(
                summary: "Supplements", tag: "workouts", responses: [("200", S.jsonResponse("The supplements", S.ref("SupplementList")))]
            )) { request in
                try .json(["supplements": try supplements.list(ownerID: owner(request)).map(SupplementJSON.init)])
            },
            Route("POST", "/v1/supplements", operation: OpenAPIOperation(
                summary: "Add a supplement with its schedule", tag: "workouts", requestBody: S.jsonBody(S.ref("NewSupplement")),
                responses: [("201", S.jsonResponse("The supplement", S.ref("Supplement")))]
            )) { request in
                let body = try request.decode(SupplementBody.self)
                let times = try body.times.map { text -> LocalTime in
                    guard let time = LocalTime(text) else { throw AppError.invalidInput("field 'times' holds HH:MM times", code: "invalid_field") }
                    return time
                }
                let days = try (body.days ?? []).map { text -> Int in
                    guard let day = WorkoutInput.weekday(text), text.count >= 3 else {
                        throw AppError.invalidInput("field 'days' holds weekdays mon … sun", code: "invalid_field")
                    }
                    return day
                }
                let supplement = try supplements.add(ownerID: owner(request), name: body.name, amount: body.amount, unit: body.unit,
                                                     times: times, weekdays: days)
                return try .json(SupplementJSON(supplement), status: 201)
            },
            Route("GET", "/v1/supplements/today", operation: OpenAPIOperation(
                summary: "Today's checklist", tag: "workouts", responses: [("200", S.jsonResponse("The checklist", S.ref("SupplementChecklist")))]
            )) { request in
                try .json(SupplementCommands.ChecklistJSON(try supplements.today(ownerID: owner(request))))
            },
            Route("POST", "/v1/supplements/{name}/take", operation: OpenAPIOperation(
                summary: "Take one now (once per scheduled time unless force=true)", tag: "workouts",
                parameters: [name, S.queryParameter("force", "true to take an extra one", S.enumeration(["true", "false"]))],
                responses: [("201", S.jsonResponse("The intake", S.ref("Intake")))]
            )) { request in
                let intake = try supplements.take(ownerID: owner(request), name: request.pathParameters["name"] ?? "",
                                                  force: request.query["force"] == "true")
                return try .json(["name": request.pathParameters["name"] ?? "", "slot": intake.slot?.description ?? "extra"], status: 201)
            },
            Route("DELETE", "/v1/supplements/{name}", operation: OpenAPIOperation(
                summary: "Remove a supplement", tag: "workouts", parameters: [name], responses: [("204", S.emptyResponse("Removed"))]
            )) { request in
                try supplements.remove(ownerID: owner(request), name: request.pathParameters["name"] ?? "")
                return .noContent()
            },
        ]
    }

    static func planJSON(_ settings: WorkoutSettings) -> PlanJSON { PlanJSON(settings) }

    static func date(_ request: HTTPRequest, _ name: String) throws -> LocalDate? {
        guard let text = request.query[name], !text.isEmpty else { return nil }
        guard let date = LocalDate(text) else { throw AppError.invalidInput("'\(name)' must be YYYY-MM-DD", code: "invalid_\(name)") }
        return date
    }
}

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
            guard let parsed = WorkoutKind(rawValue: kind) else { throw AppError.invalidInput("field 'kind' must be strength, wod or cardio", code: "invalid_field") }
            kindValue = parsed
        }
        var start: Date?
        if let startedAt {
            guard let parsed = ISO8601.parseInstant(startedAt) else { throw AppError.invalidInput("field 'started_at' must be ISO 8601 with an offset", code: "invalid_field") }
            start = parsed
        }
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
            result = WODResult(format: format, name: wod.name, rounds: parsed.rounds, reps: parsed.reps, seconds: parsed.seconds, capped: parsed.capped,
                               capMinutes: wod.capS.map { $0 / 60 }, rx: wod.rx ?? true, movements: wod.movements)
        }
        return WorkoutUseCases.Entry(sets: sets ?? [], kind: kindValue, title: title, startedAt: start, durationMinutes: durationS.map { $0 / 60 },
                                     notes: notes, felt: felt, wod: result)
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
        var start: Date?
        if let startedAt {
            guard let parsed = ISO8601.parseInstant(startedAt) else { throw AppError.invalidInput("field 'started_at' must be ISO 8601 with an offset", code: "invalid_field") }
            start = parsed
        }
        return WorkoutUseCases.Changes(title: title, notes: notes, felt: felt, durationMinutes: durationS.map { $0 / 60 }, startedAt: start, sets: sets)
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
}
