import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/workouts`, `/v1/exercises` and `/v1/plan`: the training log, for the account of the token.
struct WorkoutController: Sendable {
    let workouts: WorkoutUseCases

    func routes() -> [Route] {
        typealias Doc = WorkoutOperations
        return [
            Route("POST", "/v1/workouts", operation: Doc.logSession, handler: logSession),
            Route("GET", "/v1/workouts", operation: Doc.listSessions, handler: listSessions),
            Route("GET", "/v1/workouts/stats", operation: Doc.stats, handler: stats),
            Route("GET", "/v1/workouts/prs", operation: Doc.records, handler: records),
            Route("GET", "/v1/workouts/{id}", operation: Doc.showSession, handler: showSession),
            Route("PATCH", "/v1/workouts/{id}", operation: Doc.editSession, handler: editSession),
            Route("DELETE", "/v1/workouts/{id}", operation: Doc.deleteSession, handler: deleteSession),
            Route("GET", "/v1/exercises", operation: Doc.listExercises, handler: listExercises),
            Route("POST", "/v1/exercises", operation: Doc.addExercise, handler: addExercise),
            Route("GET", "/v1/plan", operation: Doc.showPlan, handler: showPlan),
            Route("PUT", "/v1/plan", operation: Doc.setPlan, handler: setPlan),
        ]
    }

    // MARK: Sessions

    func logSession(_ request: HTTPRequest) throws -> HTTPResponse {
        let logged = try workouts.log(ownerID: owner(request), try request.decode(WorkoutBody.self).entry())
        return try .json(SessionJSON(logged.session, zone: zone(request), logged: logged), status: 201)
    }

    func listSessions(_ request: HTTPRequest) throws -> HTTPResponse {
        let from = try Self.date(request, "from"), to = try Self.date(request, "to")
        let sessions = try workouts.list(ownerID: owner(request), from: from, through: to)
        return try .json(["sessions": sessions.map { SessionJSON($0, zone: zone(request)) }])
    }

    func stats(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(StatsJSON(try workouts.stats(ownerID: owner(request))))
    }

    func records(_ request: HTTPRequest) throws -> HTTPResponse {
        let records = try workouts.records(ownerID: owner(request)).values.sorted { $0.exercise < $1.exercise }
        return try .json(["records": records.map(RecordsJSON.init)])
    }

    func showSession(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(SessionJSON(try workouts.session(ownerID: owner(request), id: request.pathParameters["id"] ?? ""), zone: zone(request)))
    }

    func editSession(_ request: HTTPRequest) throws -> HTTPResponse {
        let changes = try request.decode(WorkoutPatchBody.self).changes()
        let session = try workouts.edit(ownerID: owner(request), id: request.pathParameters["id"] ?? "", changes)
        return try .json(SessionJSON(session, zone: zone(request)))
    }

    func deleteSession(_ request: HTTPRequest) throws -> HTTPResponse {
        try workouts.delete(ownerID: owner(request), id: request.pathParameters["id"] ?? "")
        return .noContent()
    }

    // MARK: Exercises

    func listExercises(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(["exercises": try workouts.allExercises(ownerID: owner(request)).map(ExerciseJSON.init)])
    }

    func addExercise(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try request.decode(ExerciseBody.self)
        guard let measure = Measure(rawValue: body.measure) else {
            throw AppError.invalidInput("field 'measure' must be weight-reps, reps, time, distance or calories", code: "invalid_field")
        }
        return try .json(ExerciseJSON(try workouts.addExercise(ownerID: owner(request), name: body.name, measure: measure)), status: 201)
    }

    // MARK: The plan

    func showPlan(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(PlanJSON(try workouts.settings(ownerID: owner(request))))
    }

    func setPlan(_ request: HTTPRequest) throws -> HTTPResponse {
        var changes: [Int: String] = [:]
        for (key, value) in try request.decode([String: String?].self) {
            guard let day = WorkoutInput.weekday(key), key.count >= 3 else {
                throw AppError.invalidInput("'\(key)' is not a weekday (mon … sun)", code: "invalid_field")
            }
            let text = value ?? ""
            guard text.count <= 200 else { throw AppError.invalidInput("a plan is at most 200 characters", code: "invalid_field") }
            changes[day] = text.trimmed
        }
        let settings = try workouts.updateSettings(ownerID: owner(request)) { settings in
            for (day, text) in changes { settings.plan[day] = text.nilIfBlank }
        }
        return try .json(PlanJSON(settings))
    }

    // MARK: Reading a request

    private func owner(_ request: HTTPRequest) -> String { request.accountID ?? "" }

    private func zone(_ request: HTTPRequest) -> TimeZone { workouts.zone(ownerID: owner(request)) }

    static func date(_ request: HTTPRequest, _ name: String) throws -> LocalDate? {
        guard let text = request.query[name], !text.isEmpty else { return nil }
        guard let date = PlausibleTime.day(text) else {
            throw AppError.invalidInput("'\(name)' must be YYYY-MM-DD \(PlausibleTime.span)", code: "invalid_\(name)")
        }
        return date
    }
}

/// `/v1/supplements`: the schedule, today's checklist and intakes, for the account of the token.
struct SupplementController: Sendable {
    let supplements: SupplementUseCases

    func routes() -> [Route] {
        typealias Doc = WorkoutOperations
        return [
            Route("GET", "/v1/supplements", operation: Doc.listSupplements, handler: list),
            Route("POST", "/v1/supplements", operation: Doc.addSupplement, handler: add),
            Route("GET", "/v1/supplements/today", operation: Doc.checklist, handler: checklist),
            Route("POST", "/v1/supplements/{name}/take", operation: Doc.takeSupplement, handler: take),
            Route("DELETE", "/v1/supplements/{name}", operation: Doc.removeSupplement, handler: remove),
        ]
    }

    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(["supplements": try supplements.list(ownerID: owner(request)).map(SupplementJSON.init)])
    }

    func add(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try request.decode(SupplementBody.self)
        let supplement = try supplements.add(ownerID: owner(request), name: body.name, amount: body.amount, unit: body.unit,
                                             times: try body.scheduledTimes(), weekdays: try body.weekdays())
        return try .json(SupplementJSON(supplement), status: 201)
    }

    func checklist(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(ChecklistJSON(try supplements.today(ownerID: owner(request))))
    }

    func take(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = request.pathParameters["name"] ?? ""
        let intake = try supplements.take(ownerID: owner(request), name: name, force: request.query["force"] == "true")
        return try .json(["name": name, "slot": intake.slot?.description ?? "extra"], status: 201)
    }

    func remove(_ request: HTTPRequest) throws -> HTTPResponse {
        try supplements.remove(ownerID: owner(request), name: request.pathParameters["name"] ?? "")
        return .noContent()
    }

    private func owner(_ request: HTTPRequest) -> String { request.accountID ?? "" }
}
