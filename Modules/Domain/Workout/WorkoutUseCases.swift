import FoundationEssentials
import Core

/// Logging training, personal records, XP and goals, the weekly plan, and the exercise catalog.
public struct WorkoutUseCases: Sendable {
    let workouts: any WorkoutRepository
    let exercises: any ExerciseRepository
    let activities: (any ActivityRepository)?
    let transactor: any Transactor
    public let clock: any Clock
    let timeZone: @Sendable (_ ownerID: String) -> String

    public init(workouts: any WorkoutRepository, exercises: any ExerciseRepository, activities: (any ActivityRepository)?,
                transactor: any Transactor, clock: any Clock, timeZone: @escaping @Sendable (_ ownerID: String) -> String) {
        self.workouts = workouts
        self.exercises = exercises
        self.activities = activities
        self.transactor = transactor
        self.clock = clock
        self.timeZone = timeZone
    }

    public func zone(ownerID: String) -> TimeZone { TimeZone(stored: timeZone(ownerID)) }
    public func today(ownerID: String) -> LocalDate { zone(ownerID: ownerID).localDate(of: clock.now) }

    // MARK: - Exercises

    public func allExercises(ownerID: String) throws -> [Exercise] {
        ExerciseCatalog.all + (try exercises.custom(ownerID: ownerID))
    }

    public func addExercise(ownerID: String, name: String, measure: Measure) throws -> Exercise {
        let name = name.trimmed.lowercased()
        guard (2...40).contains(name.count), name.first?.isLetter == true else {
            throw AppError.invalidInput("an exercise name is 2 to 40 characters and starts with a letter", code: "invalid_exercise")
        }
        if try allExercises(ownerID: ownerID).contains(where: { $0.keys.contains(name) }) {
            throw AppError.conflict("'\(name)' is already an exercise", code: "exercise_exists").with(["name": name])
        }
        let exercise = Exercise(name: name, measure: measure, isCustom: true)
        try transactor.write { try exercises.saveCustom(exercise, ownerID: ownerID, at: clock.now) }
        return exercise
    }

    // MARK: - Sessions

    public struct Entry: Sendable {
        public var sets: [String]
        public var kind: WorkoutKind?
        public var title: String?
        public var startedAt: Date?
        public var durationMinutes: Double?
        public var notes: String?
        public var felt: Int?
        public var wod: WODResult?

        public init(sets: [String] = [], kind: WorkoutKind? = nil, title: String? = nil, startedAt: Date? = nil,
                    durationMinutes: Double? = nil, notes: String? = nil, felt: Int? = nil, wod: WODResult? = nil) {
            self.sets = sets
            self.kind = kind
            self.title = title
            self.startedAt = startedAt
            self.durationMinutes = durationMinutes
            self.notes = notes
            self.felt = felt
            self.wod = wod
        }
    }

    public struct Logged: Sendable, Equatable {
        public let session: WorkoutSession
        /// Records this session set: exercise → the records it improved.
        public let newRecords: [String: [String]]
        public let xpEarned: Int
    }

    public func log(ownerID: String, _ entry: Entry) throws -> Logged {
        let now = clock.now
        let parser = SetParser(exercises: try allExercises(ownerID: ownerID), defaultUnit: try settings(ownerID: ownerID).displayUnit)
        var sets: [WorkoutSet] = []
        for text in entry.sets { sets += try parser.parse(text, startingOrder: sets.count) }
        guard !sets.isEmpty || entry.wod != nil else {
            throw AppError.invalidInput("a session needs at least one set or a WOD result", code: "empty_session")
        }
        try Self.validate(entry, now: now)
        let isCardio = sets.allSatisfy { $0.weightKg == nil && ($0.metres != nil || $0.calories != nil) }
        let kind = entry.kind ?? (entry.wod != nil ? .wod : isCardio ? .cardio : .strength)
        let session = WorkoutSession(id: UUIDv7.makeString(at: now), ownerID: ownerID, startedAt: entry.startedAt ?? now, kind: kind,
                                     title: entry.title?.trimmed.nilIfBlank ?? entry.wod?.name, notes: entry.notes?.trimmed.nilIfBlank,
                                     durationMinutes: entry.durationMinutes ?? entry.wod?.seconds.map { $0 / 60 } ?? entry.wod?.capMinutes,
                                     felt: entry.felt, sets: sets, wod: entry.wod, createdAt: now, updatedAt: now)
        return try transactor.write {
            let before = try workouts.sessions(ownerID: ownerID, in: nil)
            try workouts.insert(session)
            return Logged(session: session, newRecords: try newRecords(of: session, history: before, ownerID: ownerID),
                          xpEarned: try xp(ownerID: ownerID, adding: session, history: before))
        }
    }

    static func validate(_ entry: Entry, now: Date) throws {
        if let felt = entry.felt, !(1...5).contains(felt) { throw AppError.invalidInput("--felt is 1 to 5", code: "invalid_felt") }
        if let minutes = entry.durationMinutes, !(minutes > 0 && minutes <= 24 * 60) {
            throw AppError.invalidInput("a duration is more than 0 and at most 24 h", code: "invalid_duration").with(key: "session")
        }
        if let start = entry.startedAt { try PlausibleTime.check(start, "the session's start") }
        if let start = entry.startedAt, start.timeIntervalSince(now) > 300 {
            throw AppError.invalidInput("the session is in the future", code: "future_session")
        }
        // Timers and clients build results too, not only `WODResult.parse`.
        if let seconds = entry.wod?.seconds, !WODResult.isValidTime(seconds) {
            throw AppError.invalidInput("a finished time is more than 0 and at most 24 h", code: "invalid_result").with(key: "time")
        }
        if let cap = entry.wod?.capMinutes, !WODResult.isValidCap(cap) {
            throw AppError.invalidInput("a time cap is more than 0 and at most 600 min", code: "invalid_result").with(key: "cap")
        }
        if let wod = entry.wod, let seconds = wod.seconds, let cap = wod.capMinutes, seconds > cap * 60 {
            throw AppError.invalidInput("a finished time of \(DurationText.clock(seconds)) is over the \(Int(cap)) min cap: write cap+REPS",
                                        code: "invalid_result")
                .with(key: "over_cap", ["time": DurationText.clock(seconds), "cap": "\(Int(cap))"])
        }
    }

    /// What this session improved, against the records of the history before it (a first set
    /// of an exercise is a record, as the seed's "new PR" on a first lift).
    func newRecords(of session: WorkoutSession, history: [WorkoutSession], ownerID: String) throws -> [String: [String]] {
        let formula = try formula(ownerID: ownerID)
        var records = PersonalRecords.compute(history.filter { $0.startedAt <= session.startedAt }, formula: formula)
        var improved: [String: [String]] = [:]
        for set in session.sets {
            let gained = records[set.exercise, default: PersonalRecords(exercise: set.exercise)].add(set, formula: formula)
            if !gained.isEmpty {
                improved[set.exercise, default: []].append(contentsOf: gained.filter { !(improved[set.exercise] ?? []).contains($0) })
            }
        }
        if let wod = session.wod, let name = wod.name?.lowercased(), ExerciseCatalog.benchmarks.contains(name) {
            let previous = history.filter { $0.startedAt < session.startedAt }.compactMap(\.wod)
                .filter { $0.name?.lowercased() == name && $0.format == wod.format }
            if previous.allSatisfy({ wod.isBetter(than: $0) }) { improved[name, default: []].append("benchmark") }
        }
        return improved
    }

    private func xp(ownerID: String, adding session: WorkoutSession, history: [WorkoutSession]) throws -> Int {
        let settings = try settings(ownerID: ownerID)
        let zone = zone(ownerID: ownerID)
        let today = today(ownerID: ownerID)
        let formula = try formula(ownerID: ownerID)
        let before = TrainingStats(sessions: history, otherTrainingDays: [], settings: settings, today: today, zone: zone, formula: formula)
        let after = TrainingStats(sessions: (history + [session]).sorted { $0.startedAt < $1.startedAt }, otherTrainingDays: [],
                                  settings: settings, today: today, zone: zone, formula: formula)
        return after.xp - before.xp
    }

    public func session(ownerID: String, id: String) throws -> WorkoutSession {
        guard let session = try workouts.session(id: id.lowercased(), ownerID: ownerID) else {
            throw AppError.notFound("no workout with id \(id)", code: "workout_not_found").with(["id": id])
        }
        return session
    }

    public func list(ownerID: String, from first: LocalDate?, through last: LocalDate?) throws -> [WorkoutSession] {
        if let first, let last, last < first {
            throw AppError.invalidInput("the end date \(last) is before the start date \(first)", code: "invalid_range")
                .with(["start": "\(first)", "end": "\(last)"])
        }
        let zone = zone(ownerID: ownerID)
        let lower = first.map { zone.instant(of: $0, minutes: 0) } ?? Date(timeIntervalSince1970: -62_135_596_800)
        let upper = last.map { zone.instant(of: $0.adding(days: 1), minutes: 0) } ?? Date(timeIntervalSince1970: 253_402_300_799)
        return try workouts.sessions(ownerID: ownerID, in: lower..<upper)
    }

    public struct Changes: Sendable {
        public var title: String?
        public var notes: String?
        public var felt: Int?
        public var durationMinutes: Double?
        public var startedAt: Date?
        /// Replaces every set when given.
        public var sets: [String]?

        public init(title: String? = nil, notes: String? = nil, felt: Int? = nil, durationMinutes: Double? = nil, startedAt: Date? = nil,
                    sets: [String]? = nil) {
            self.title = title
            self.notes = notes
            self.felt = felt
            self.durationMinutes = durationMinutes
            self.startedAt = startedAt
            self.sets = sets
        }
    }

    /// Records are never stored: they are recomputed from the history, so an edit or a delete
    /// changes them at once.
    public func edit(ownerID: String, id: String, _ changes: Changes) throws -> WorkoutSession {
        try Self.validate(Entry(startedAt: changes.startedAt, durationMinutes: changes.durationMinutes, felt: changes.felt), now: clock.now)
        return try transactor.write {
            var session = try session(ownerID: ownerID, id: id)
            if let title = changes.title { session.title = title.trimmed.nilIfBlank }
            if let notes = changes.notes { session.notes = notes.trimmed.nilIfBlank }
            if let felt = changes.felt { session.felt = felt }
            if let minutes = changes.durationMinutes { session.durationMinutes = minutes }
            if let start = changes.startedAt { session.startedAt = start }
            if let texts = changes.sets {
                let parser = SetParser(exercises: try allExercises(ownerID: ownerID),
                                       defaultUnit: try settings(ownerID: ownerID).displayUnit)
                var sets: [WorkoutSet] = []
                for text in texts { sets += try parser.parse(text, startingOrder: sets.count) }
                guard !sets.isEmpty || session.wod != nil else {
                    throw AppError.invalidInput("a session needs at least one set or a WOD result", code: "empty_session")
                }
                session.sets = sets
            }
            session.updatedAt = clock.now
            try workouts.update(session)
            return session
        }
    }

    public func delete(ownerID: String, id: String) throws {
        try transactor.write {
            var session = try session(ownerID: ownerID, id: id)
            session.deletedAt = clock.now
            session.updatedAt = clock.now
            try workouts.update(session)
        }
    }

    // MARK: - Records and stats

    public func records(ownerID: String) throws -> [String: PersonalRecords] {
        PersonalRecords.compute(try workouts.sessions(ownerID: ownerID, in: nil), formula: try formula(ownerID: ownerID))
    }

    /// The best result of each named benchmark WOD.
    public func benchmarks(ownerID: String) throws -> [String: WODResult] {
        var best: [String: WODResult] = [:]
        for wod in try workouts.sessions(ownerID: ownerID, in: nil).compactMap(\.wod) {
            guard let name = wod.name?.lowercased(), ExerciseCatalog.benchmarks.contains(name) else { continue }
            if best[name].map({ wod.isBetter(than: $0) }) ?? true { best[name] = wod }
        }
        return best
    }

    /// One read of the time zone and one of the settings (each is a query; Today asks for this on every visit).
    public func stats(ownerID: String) throws -> TrainingStats {
        try stats(ownerID: ownerID, zone: zone(ownerID: ownerID))
    }

    /// The stats in a zone the caller already read (a page that has the account in hand).
    public func stats(ownerID: String, zone: TimeZone) throws -> TrainingStats {
        var otherDays = Set<LocalDate>()
        var otherMonth: (minutes: Double, sessions: Int) = (0, 0)
        let today = zone.localDate(of: clock.now)
        if let activities {
            for activity in try activities.activities(ownerID: ownerID, kind: nil, in: nil) {
                let day = zone.localDate(of: activity.startedAt)
                otherDays.insert(day)
                if day.yearMonth == today.yearMonth, day <= today {
                    otherMonth.minutes += (activity.movingTime ?? activity.duration) / 60
                    otherMonth.sessions += 1
                }
            }
        }
        let settings = try settings(ownerID: ownerID)
        return TrainingStats(sessions: try workouts.sessions(ownerID: ownerID, in: nil), otherTrainingDays: otherDays,
                             settings: settings, today: today, zone: zone, formula: Self.formula(settings), otherMonth: otherMonth)
    }

    // MARK: - Settings and plan

    public func settings(ownerID: String) throws -> WorkoutSettings { try workouts.settings(ownerID: ownerID) ?? WorkoutSettings() }

    func formula(ownerID: String) throws -> PersonalRecords.Formula { Self.formula(try settings(ownerID: ownerID)) }

    static func formula(_ settings: WorkoutSettings) -> PersonalRecords.Formula {
        PersonalRecords.Formula(rawValue: settings.oneRepMaxFormula) ?? .epley
    }

    public func updateSettings(ownerID: String, _ change: (inout WorkoutSettings) throws -> Void) throws -> WorkoutSettings {
        try transactor.write {
            var settings = try settings(ownerID: ownerID)
            try change(&settings)
            guard (1...14).contains(settings.weeklySessions) else {
                throw AppError.invalidInput("the weekly goal is 1 to 14 sessions", code: "invalid_goal").with(key: "weekly")
            }
            if let sessions = settings.monthlySessions, !(1...62).contains(sessions) {
                throw AppError.invalidInput("the monthly goal is 1 to 62 sessions", code: "invalid_goal").with(key: "monthly")
            }
            if let minutes = settings.monthlyMinutes, !(1...20_000).contains(minutes) {
                throw AppError.invalidInput("the monthly time goal is 1 to 20,000 minutes", code: "invalid_goal")
                    .with(key: "monthly_minutes")
            }
            try workouts.saveSettings(settings, ownerID: ownerID, at: clock.now)
            return settings
        }
    }
}

