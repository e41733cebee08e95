import FoundationEssentials
import Core
import Domain

/// Workouts in `workouts` (the WOD result as JSON), their sets in `workout_sets`, goals and the
/// plan in `workout_settings`.
public struct SQLiteWorkoutRepository: WorkoutRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func insert(_ session: WorkoutSession) throws {
        try database.write {
            try database.execute(
                """
                INSERT INTO workouts (id, owner_id, started_at, kind, title, notes, duration_min, felt, wod,
                    created_at, updated_at, deleted_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [.text(session.id), .text(session.ownerID), session.startedAt.sqlValue, .text(session.kind.rawValue),
                 session.title.sqlValue, session.notes.sqlValue, session.durationMinutes.sqlValue, session.felt.sqlValue,
                 try Self.encode(session.wod), session.createdAt.sqlValue, session.updatedAt.sqlValue, session.deletedAt.sqlValue])
            try insertSets(session)
        }
    }

    public func update(_ session: WorkoutSession) throws {
        try database.write {
            try database.execute(
                """
                UPDATE workouts SET started_at = ?, kind = ?, title = ?, notes = ?, duration_min = ?, felt = ?, wod = ?, updated_at = ?,
                    deleted_at = ? WHERE id = ? AND owner_id = ?
                """,
                [session.startedAt.sqlValue, .text(session.kind.rawValue), session.title.sqlValue, session.notes.sqlValue,
                 session.durationMinutes.sqlValue, session.felt.sqlValue, try Self.encode(session.wod), session.updatedAt.sqlValue,
                 session.deletedAt.sqlValue, .text(session.id), .text(session.ownerID)])
            // Only the owner's own session has its sets replaced.
            guard database.changes > 0 else { return }
            try database.execute("DELETE FROM workout_sets WHERE workout_id = ?", [.text(session.id)])
            try insertSets(session)
        }
    }

    private func insertSets(_ session: WorkoutSession) throws {
        for (position, set) in session.sets.enumerated() {
            try database.execute(
                """
                INSERT INTO workout_sets (workout_id, position, exercise, weight_kg, reps, seconds, metres, calories, warmup, rpe, rir)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [.text(session.id), .integer(Int64(position)), .text(set.exercise), set.weightKg.sqlValue, set.reps.sqlValue,
                 set.seconds.sqlValue, set.metres.sqlValue, set.calories.sqlValue, set.isWarmup.sqlValue,
                 set.rpe.sqlValue, set.rir.sqlValue])
        }
    }

    public func session(id: String, ownerID: String) throws -> WorkoutSession? {
        guard let row = try database.queryOne("SELECT * FROM workouts WHERE id = ? AND owner_id = ? AND deleted_at IS NULL",
                                              [.text(id), .text(ownerID)]) else { return nil }
        return try decode(row, sets: try sets(of: [id])[id] ?? [])
    }

    public func sessions(ownerID: String, in interval: Range<Date>?) throws -> [WorkoutSession] {
        let lower = interval.map { $0.lowerBound.sqlValue } ?? .integer(.min)
        let upper = interval.map { $0.upperBound.sqlValue } ?? .integer(.max)
        let rows = try database.query(Self.sessionsInOrder, [.text(ownerID), lower, upper])
        // Grouped and put in order here: an ORDER BY over the join made SQLite sort every set in
        // a temporary b-tree on each Today page.
        let sets = try database.query(Self.setsOfSessions, [.text(ownerID), lower, upper])
        var byWorkout: [String: [WorkoutSet]] = [:]
        for row in sets { byWorkout[try row.get("workout_id"), default: []].append(try Self.decodeSet(row)) }
        return try rows.map { row in
            try decode(row, sets: (byWorkout[try row.get("id", as: String.self)] ?? []).sorted { $0.order < $1.order })
        }
    }

    private func sets(of ids: [String]) throws -> [String: [WorkoutSet]] {
        var result: [String: [WorkoutSet]] = [:]
        for id in ids {
            result[id] = try database.query("SELECT * FROM workout_sets WHERE workout_id = ? ORDER BY position", [.text(id)])
                .map(Self.decodeSet)
        }
        return result
    }

    /// Oldest first, from the index of 0021 in that order (no sort).
    static let sessionsInOrder = "SELECT * FROM workouts WHERE owner_id = ? AND deleted_at IS NULL AND started_at >= ? AND started_at < ? "
        + "ORDER BY started_at, id"
    static let setsOfSessions = """
        SELECT s.* FROM workout_sets s JOIN workouts w ON w.id = s.workout_id
        WHERE w.owner_id = ? AND w.deleted_at IS NULL AND w.started_at >= ? AND w.started_at < ?
        """
    /// The live settings, from the index of 0021 in its order (no sort).
    static let currentSettings = "SELECT * FROM workout_settings WHERE owner_id = ? AND deleted_at IS NULL ORDER BY created_at LIMIT 1"

    public func settings(ownerID: String) throws -> WorkoutSettings? {
        try database.queryOne(Self.currentSettings, [.text(ownerID)]).map { row in
            let planText: String = try row.get("plan")
            let plan = (try? JSONDecoder().decode([String: String].self, from: Data(planText.utf8))) ?? [:]
            return WorkoutSettings(weeklySessions: try row.get("weekly_sessions"), monthlySessions: try row.get("monthly_sessions"),
                                   monthlyMinutes: try row.get("monthly_minutes"),
                                   plan: Dictionary(uniqueKeysWithValues: plan.compactMap { key, value in Int(key).map { ($0, value) } }),
                                   displayUnit: try row.get("display_unit"), oneRepMaxFormula: try row.get("one_rep_max_formula"))
        }
    }

    public func saveSettings(_ settings: WorkoutSettings, ownerID: String, at date: Date) throws {
        let planByDay = Dictionary(uniqueKeysWithValues: settings.plan.map { (String($0.key), $0.value) })
        let plan = String(decoding: try JSONEncoder().encode(planByDay), as: UTF8.self)
        let values: [SQLValue] = [.integer(Int64(settings.weeklySessions)), settings.monthlySessions.sqlValue,
                                  settings.monthlyMinutes.sqlValue, .text(plan), .text(settings.displayUnit),
                                  .text(settings.oneRepMaxFormula), date.sqlValue]
        if let row = try database.queryOne(
            "SELECT id FROM workout_settings WHERE owner_id = ? AND deleted_at IS NULL ORDER BY created_at LIMIT 1",
            [.text(ownerID)]) {
            try database.execute(
                """
                UPDATE workout_settings SET weekly_sessions = ?, monthly_sessions = ?, monthly_minutes = ?, plan = ?, display_unit = ?,
                    one_rep_max_formula = ?, updated_at = ? WHERE id = ?
                """, values + [.text(try row.get("id"))])
        } else {
            try database.execute(
                """
                INSERT INTO workout_settings (weekly_sessions, monthly_sessions, monthly_minutes, plan, display_unit, one_rep_max_formula,
                    updated_at, id, owner_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, values + [.text(UUIDv7.makeString(at: date)), .text(ownerID), date.sqlValue])
        }
    }

    static func encode(_ wod: WODResult?) throws -> SQLValue {
        guard let wod else { return .null }
        return .text(String(decoding: try JSONEncoder().encode(wod), as: UTF8.self))
    }

    private func decode(_ row: Row, sets: [WorkoutSet]) throws -> WorkoutSession {
        let wodText: String? = try row.get("wod")
        let wod = try wodText.map { try JSONDecoder().decode(WODResult.self, from: Data($0.utf8)) }
        return WorkoutSession(id: try row.get("id"), ownerID: try row.get("owner_id"), startedAt: try row.get("started_at"),
                              kind: WorkoutKind(rawValue: try row.get("kind")) ?? .strength, title: try row.get("title"),
                              notes: try row.get("notes"), durationMinutes: try row.get("duration_min"), felt: try row.get("felt"),
                              sets: sets, wod: wod, createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"),
                              deletedAt: try row.get("deleted_at"))
    }

    static func decodeSet(_ row: Row) throws -> WorkoutSet {
        WorkoutSet(exercise: try row.get("exercise"), order: try row.get("position"), weightKg: try row.get("weight_kg"),
                   reps: try row.get("reps"), seconds: try row.get("seconds"), metres: try row.get("metres"),
                   calories: try row.get("calories"), isWarmup: try row.get("warmup"), rpe: try row.get("rpe"), rir: try row.get("rir"))
    }
}

/// Custom exercises in `custom_exercises`.
public struct SQLiteExerciseRepository: ExerciseRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func custom(ownerID: String) throws -> [Exercise] {
        try database.query("SELECT name, measure FROM custom_exercises WHERE owner_id = ? AND deleted_at IS NULL ORDER BY name",
                           [.text(ownerID)]).map { row in
            Exercise(name: try row.get("name"), measure: Measure(rawValue: try row.get("measure")) ?? .reps, isCustom: true)
        }
    }

    public func saveCustom(_ exercise: Exercise, ownerID: String, at date: Date) throws {
        try database.execute(
            "INSERT INTO custom_exercises (id, owner_id, name, measure, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            [.text(UUIDv7.makeString(at: date)), .text(ownerID), .text(exercise.name), .text(exercise.measure.rawValue),
             date.sqlValue, date.sqlValue])
    }
}

/// Supplements in `supplements`, intakes in `supplement_intakes`.
public struct SQLiteSupplementRepository: SupplementRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func save(_ supplement: Supplement) throws {
        try database.execute(
            """
            INSERT INTO supplements (id, owner_id, name, amount, unit, times, weekdays, created_at, updated_at, deleted_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, amount = excluded.amount, unit = excluded.unit, times = excluded.times,
                weekdays = excluded.weekdays, updated_at = excluded.updated_at, deleted_at = excluded.deleted_at
            """,
            [.text(supplement.id), .text(supplement.ownerID), .text(supplement.name), .real(supplement.amount), .text(supplement.unit),
             .text(supplement.times.map(\.description).joined(separator: ",")),
             .text(supplement.weekdays.map(String.init).joined(separator: ",")),
             supplement.createdAt.sqlValue, supplement.updatedAt.sqlValue, supplement.deletedAt.sqlValue])
    }

    public func supplements(ownerID: String) throws -> [Supplement] {
        try database.query("SELECT * FROM supplements WHERE owner_id = ? AND deleted_at IS NULL ORDER BY name",
                           [.text(ownerID)]).map { row in
            let times: String = try row.get("times")
            let weekdays: String = try row.get("weekdays")
            return Supplement(id: try row.get("id"), ownerID: try row.get("owner_id"), name: try row.get("name"),
                              amount: try row.get("amount"),
                              unit: try row.get("unit"), times: times.split(separator: ",").compactMap { LocalTime(String($0)) },
                              weekdays: weekdays.split(separator: ",").compactMap { Int($0) },
                              createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"))
        }
    }

    public func insert(_ intake: SupplementIntake) throws {
        try database.execute(
            """
            INSERT INTO supplement_intakes (id, supplement_id, owner_id, day, slot_minutes, taken_at, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [.text(intake.id), .text(intake.supplementID), .text(intake.ownerID), .text(intake.day.description),
             intake.slot.map { .integer(Int64($0.minutes)) } ?? .null,
             intake.takenAt.sqlValue, intake.takenAt.sqlValue, intake.takenAt.sqlValue])
    }

    public func intakes(ownerID: String, from: LocalDate, through: LocalDate) throws -> [SupplementIntake] {
        try database.query(
            "SELECT * FROM supplement_intakes WHERE owner_id = ? AND day >= ? AND day <= ? AND deleted_at IS NULL ORDER BY taken_at",
            [.text(ownerID), .text(from.description), .text(through.description)]).map { row in
            SupplementIntake(id: try row.get("id"), supplementID: try row.get("supplement_id"), ownerID: try row.get("owner_id"),
                             day: LocalDate(try row.get("day", as: String.self)) ?? LocalDate(dayNumber: 0),
                             slot: (try row.get("slot_minutes", as: Int?.self)).flatMap { LocalTime(minutes: $0) },
                             takenAt: try row.get("taken_at"))
        }
    }
}
