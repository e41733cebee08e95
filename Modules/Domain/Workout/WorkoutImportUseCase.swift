import FoundationEssentials
import Core

/// What an import did (or, for a dry run, would do).
public struct WorkoutImportReport: Sendable, Equatable, Codable {
    public var source: WorkoutImportSource
    public var dryRun: Bool
    /// Sessions added, and those already in the log from an earlier import of the same history.
    public var sessionsAdded: Int
    public var sessionsSkipped: Int
    public var setsAdded: Int
    public var warmupSets: Int
    /// Rows that hold no set: Strong's rest timers and notes, rows of zeros.
    public var rowsWithoutSet: Int
    /// The export's names mapped to a catalog exercise of another name.
    public var exercisesMatched: [String: String]
    /// Own exercises made for names the catalog does not know.
    public var exercisesCreated: [String]
    /// The unit the weights were read in (nil when the file names it row by row).
    public var weightUnit: String?
    public var firstDay: LocalDate?
    public var lastDay: LocalDate?
    /// The XP and the records the added history brings (both are derived from the log).
    public var xpEarned: Int
    public var exercisesWithNewRecords: [String]
    /// The ids of the sessions added, oldest first.
    public var sessionIDs: [String]
}

extension WorkoutUseCases {
    public struct ImportOptions: Sendable {
        /// The unit of weights when the file does not say (Strong's comma layout); the person's
        /// display unit when nil.
        public var weightUnit: WeightUnit?
        /// The unit of distances when the file does not say; km with kg, mi with lb when nil.
        public var distanceUnit: WorkoutImport.DistanceUnit?
        /// Reads and checks everything, stores nothing.
        public var dryRun: Bool

        public init(weightUnit: WeightUnit? = nil, distanceUnit: WorkoutImport.DistanceUnit? = nil, dryRun: Bool = false) {
            self.weightUnit = weightUnit
            self.distanceUnit = distanceUnit
            self.dryRun = dryRun
        }
    }

    /// Brings in a Strong or Hevy CSV export: one session per workout (the rows sharing a start
    /// time and a name), its sets in the file's order, weights in kilograms, the workout's and
    /// the exercises' notes as the session's notes. The whole file is read and checked before
    /// anything is stored, and stored in one transaction: a bad row refuses the file, naming
    /// its line. A session's id derives from the owner, the app, its start and its name, so an
    /// export imported again (or a longer one from later) adds only what is new, and a session
    /// deleted after an import stays deleted. Records and XP are derived from the log, so they
    /// include the history at once.
    public func importHistory(ownerID: String, source: WorkoutImportSource, data: Data,
                              options: ImportOptions = ImportOptions()) throws -> WorkoutImportReport {
        guard data.count <= WorkoutImport.maximumBytes else {
            throw AppError(.tooLarge, code: "import_too_large",
                           "the file is \(data.count >> 20) MiB; an export of at most \(WorkoutImport.maximumBytes >> 20) MiB is read")
                .with(["size": "\(data.count >> 20)", "limit": "\(WorkoutImport.maximumBytes >> 20)"])
        }
        let csv = try WorkoutImport.CSV(data)
        let settings = try settings(ownerID: ownerID)
        let unit = options.weightUnit ?? WeightUnit(stored: settings.displayUnit)
        let (rows, weightUnit) = try WorkoutImport.rows(of: csv, source: source, weightUnit: unit, distanceUnit: options.distanceUnit)
        let zone = zone(ownerID: ownerID)
        let now = clock.now

        // Workouts: the rows sharing a start and a name, in the order they first appear.
        struct Workout {
            var rows: [WorkoutImport.Row]
            let start: Date
            let title: String?
        }
        var order: [String] = []
        var groups: [String: Workout] = [:]
        for row in rows {
            let start = row.start.instant(in: zone)
            try PlausibleTime.check(start, "line \(row.line): the workout's start")
            if start.timeIntervalSince(now) > 300 {
                throw WorkoutImport.error("line \(row.line): the workout starts in the future (\(zone.dateTimeText(of: start)))",
                                          key: "future", ["line": "\(row.line)", "time": zone.dateTimeText(of: start)])
            }
            let key = "\(Int64((start.timeIntervalSince1970 * 1000).rounded()))\n\(row.title ?? "")"
            if groups[key] == nil {
                order.append(key)
                groups[key] = Workout(rows: [], start: start, title: row.title)
            }
            groups[key]!.rows.append(row)
        }
        guard groups.values.contains(where: { $0.rows.contains { $0.set != nil } }) else {
            throw WorkoutImport.error("the file holds no sets", key: "no_sets", [:])
        }

        return try transactor.write {
            let history = try self.workouts.sessions(ownerID: ownerID, in: nil)
            let known = Set(history.map(\.id))
            var matcher = WorkoutImport.ExerciseMatcher(exercises: try allExercises(ownerID: ownerID))
            var report = WorkoutImportReport(
                source: source, dryRun: options.dryRun, sessionsAdded: 0, sessionsSkipped: 0, setsAdded: 0, warmupSets: 0,
                rowsWithoutSet: rows.filter { $0.set == nil }.count, exercisesMatched: [:], exercisesCreated: [],
                weightUnit: weightUnit?.rawValue, firstDay: nil, lastDay: nil, xpEarned: 0, exercisesWithNewRecords: [],
                sessionIDs: [])
            var added: [WorkoutSession] = []
            for key in order {
                let workout = groups[key]!
                let id = WorkoutImport.sessionID(ownerID: ownerID, source: source, start: workout.start, title: workout.title)
                if try known.contains(id) || self.workouts.containsSession(id: id, ownerID: ownerID) {
                    report.sessionsSkipped += 1
                    continue
                }
                var sets: [WorkoutSet] = []
                var notes: [String] = []
                for row in workout.rows {
                    let (exercise, isNew) = matcher.resolve(row.exercise, measure: WorkoutImport.measure(of: row.set))
                    if isNew {
                        report.exercisesCreated.append(exercise.name)
                        if !options.dryRun { try exercises.saveCustom(exercise, ownerID: ownerID, at: now) }
                    } else if !exercise.isCustom,
                              WorkoutImport.ExerciseMatcher.key(exercise.name) != WorkoutImport.ExerciseMatcher.key(row.exercise) {
                        report.exercisesMatched[row.exercise] = exercise.name
                    }
                    if let note = row.exerciseNotes {
                        let line = "\(row.exercise): \(note)"
                        if !notes.contains(line) { notes.append(line) }
                    }
                    guard var set = row.set else { continue }
                    set.exercise = exercise.name
                    set.order = sets.count
                    sets.append(set)
                }
                guard !sets.isEmpty else { continue }
                let first = workout.rows[0]
                let workoutNotes = workout.rows.lazy.compactMap(\.workoutNotes).first
                let minutes = first.durationMinutes ?? first.end.flatMap { end -> Double? in
                    let minutes = end.instant(in: zone).timeIntervalSince(workout.start) / 60
                    return minutes > 0 && minutes <= 24 * 60 ? minutes : nil
                }
                let isCardio = sets.allSatisfy { $0.weightKg == nil && ($0.metres != nil || $0.calories != nil) }
                let session = WorkoutSession(
                    id: id, ownerID: ownerID, startedAt: workout.start, kind: isCardio ? .cardio : .strength, title: workout.title,
                    notes: ([workoutNotes].compactMap { $0 } + notes).joined(separator: "\n").nilIfBlank, durationMinutes: minutes,
                    felt: nil, sets: sets, wod: nil, createdAt: now, updatedAt: now)
                if !options.dryRun { try self.workouts.insert(session) }
                added.append(session)
                report.sessionsAdded += 1
                report.setsAdded += sets.count
                report.warmupSets += sets.filter(\.isWarmup).count
            }
            added.sort { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
            report.sessionIDs = added.map(\.id)
            report.firstDay = added.first.map { zone.localDate(of: $0.startedAt) }
            report.lastDay = added.last.map { zone.localDate(of: $0.startedAt) }
            guard !added.isEmpty else { return report }
            let formula = try formula(ownerID: ownerID)
            let all = (history + added).sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
            let today = today(ownerID: ownerID)
            let before = TrainingStats(sessions: history, otherTrainingDays: [], settings: settings, today: today, zone: zone,
                                       formula: formula)
            let after = TrainingStats(sessions: all, otherTrainingDays: [], settings: settings, today: today, zone: zone, formula: formula)
            report.xpEarned = after.xp - before.xp
            let recordsBefore = PersonalRecords.compute(history, formula: formula)
            report.exercisesWithNewRecords = PersonalRecords.compute(all, formula: formula)
                .filter { $0.value.heaviestKg != nil && $0.value != recordsBefore[$0.key] }.keys.sorted()
            return report
        }
    }
}

extension WorkoutImport {
    /// A UUIDv7 of the session's start whose random bits are a hash of the owner, the app, the
    /// start and the name: the same workout of the same export always gets the same id.
    static func sessionID(ownerID: String, source: WorkoutImportSource, start: Date, title: String?) -> String {
        let milliseconds = Int64((start.timeIntervalSince1970 * 1000).rounded())
        var generator = HashedGenerator(seed: "workout-import\n\(source.rawValue)\n\(ownerID)\n\(milliseconds)\n\(title ?? "")")
        return UUIDv7.text(of: UUIDv7.make(at: start, using: &generator))
    }

    /// SplitMix64 seeded with the FNV-1a hash of a text: numbers that only depend on the text.
    struct HashedGenerator: RandomNumberGenerator {
        var state: UInt64

        init(seed: String) {
            state = StableHash.fnv1a(seed)
        }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
