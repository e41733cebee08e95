import Core
import Domain
import Foundation
import Testing

// MARK: - Training tables, as the tests read them

extension FakeDatabase {
    var allSessions: [WorkoutSession] { read { $0.workouts.values }.sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) } }
    var allIntakes: [SupplementIntake] { read { $0.intakes.values }.sorted { ($0.takenAt, $0.id) < ($1.takenAt, $1.id) } }
}

final class FakeWorkoutRepository: WorkoutRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    func insert(_ session: WorkoutSession) throws {
        try memory.write(.workoutInsert, session) { try $0.workouts.insert(session, key: session.id, call: .workoutInsert) }
    }

    /// Only the owner's session (and its sets) changes.
    func update(_ session: WorkoutSession) throws {
        try memory.write(.workoutUpdate, session) { tables in
            guard tables.workouts[session.id]?.ownerID == session.ownerID else {
                throw FakeFailure(.workoutUpdate, "no session \(session.id) of \(session.ownerID)")
            }
            tables.workouts[session.id] = session
        }
    }

    func session(id: String, ownerID: String) throws -> WorkoutSession? {
        memory.read { tables in tables.workouts[id].flatMap { $0.ownerID == ownerID && $0.deletedAt == nil ? $0 : nil } }
    }

    func sessions(ownerID: String, in interval: Range<Date>?) throws -> [WorkoutSession] {
        memory.read { tables in
            tables.workouts.values
                .filter { $0.ownerID == ownerID && $0.deletedAt == nil }
                .filter { interval?.contains($0.startedAt) ?? true }
                .sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
        }
    }

    func containsSession(id: String, ownerID: String) throws -> Bool {
        memory.read { $0.workouts[id]?.ownerID == ownerID }
    }

    func settings(ownerID: String) throws -> WorkoutSettings? { memory.read { $0.workoutSettings[ownerID] } }

    func saveSettings(_ settings: WorkoutSettings, ownerID: String, at date: Date) throws {
        try memory.write(.workoutSaveSettings, settings) { $0.workoutSettings[ownerID] = settings }
    }
}

/// Custom exercises by owner, by name; stored as the SQLite table keeps them (a name and a
/// measure: no aliases).
final class FakeExerciseRepository: ExerciseRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    func custom(ownerID: String) throws -> [Exercise] {
        memory.read { tables in
            tables.customExercises.values.filter { $0.ownerID == ownerID }.map(\.exercise).sorted { $0.name < $1.name }
        }
    }

    func saveCustom(_ exercise: Exercise, ownerID: String, at date: Date) throws {
        try memory.write(.exerciseSaveCustom, exercise) { tables in
            let stored = StoredExercise(ownerID: ownerID, exercise: Exercise(name: exercise.name, measure: exercise.measure, isCustom: true),
                                        createdAt: date)
            tables.customExercises[UUIDv7.makeString(at: date)] = stored
        }
    }
}

/// Supplements by id, intakes by id.
final class FakeSupplementRepository: SupplementRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    /// An upsert on the id.
    func save(_ supplement: Supplement) throws {
        try memory.write(.supplementSave, supplement) { tables in
            if let stored = tables.supplements[supplement.id], stored.ownerID != supplement.ownerID {
                throw FakeFailure(.supplementSave, "supplement \(supplement.id) belongs to \(stored.ownerID)")
            }
            tables.supplements[supplement.id] = supplement
        }
    }

    func supplements(ownerID: String) throws -> [Supplement] {
        memory.read { tables in
            tables.supplements.values.filter { $0.ownerID == ownerID && $0.deletedAt == nil }.sorted { $0.name < $1.name }
        }
    }

    func insert(_ intake: SupplementIntake) throws {
        try memory.write(.intakeInsert, intake) { try $0.intakes.insert(intake, key: intake.id, call: .intakeInsert) }
    }

    func intakes(ownerID: String, from: LocalDate, through: LocalDate) throws -> [SupplementIntake] {
        memory.read { tables in
            tables.intakes.values.filter { $0.ownerID == ownerID && $0.day >= from && $0.day <= through }.sorted { $0.takenAt < $1.takenAt }
        }
    }
}

// MARK: - A world to run the workout use cases in

struct WorkoutWorld {
    /// What the use cases published.
    let events = RecordedEvents()
    let memory = FakeDatabase()
    let zone: String
    let now: Date
    let owner = Owner.local

    init(now: Date, zone: String = "Asia/Seoul") {
        self.now = now
        self.zone = zone
    }

    /// The use cases with the clock at `date` (default the world's `now`); without the activity
    /// repository when `activities` is false.
    func workouts(at date: Date? = nil, activities: Bool = true) -> WorkoutUseCases {
        let zone = zone
        return WorkoutUseCases(workouts: FakeWorkoutRepository(memory: memory), exercises: FakeExerciseRepository(memory: memory),
                               activities: activities ? FakeActivityRepository(memory: memory) : nil,
                               transactor: FakeTransactor(memory: memory), clock: FixedClock(date ?? now), timeZone: { _ in zone })
    }

    func supplements(at date: Date? = nil) -> SupplementUseCases {
        let zone = zone
        return SupplementUseCases(supplements: FakeSupplementRepository(memory: memory), transactor: FakeTransactor(memory: memory),
                                  clock: FixedClock(date ?? now), timeZone: { _ in zone }, events: events)
    }

    @discardableResult
    func log(_ sets: String..., at startedAt: Date? = nil, minutes: Double? = nil, wod: WODResult? = nil,
             owner: String = Owner.local) throws -> WorkoutUseCases.Logged {
        try workouts().log(ownerID: owner, .init(sets: sets, startedAt: startedAt, durationMinutes: minutes, wod: wod))
    }

    /// A run or hike straight into storage.
    func seedActivity(_ kind: ActivityKind, at start: Date, minutes: Double = 30, owner: String = Owner.local, deleted: Bool = false) {
        let activity = Activity(id: UUIDv7.makeString(at: start), ownerID: owner, kind: kind, name: nil, startedAt: start,
                                duration: minutes * 60, movingTime: minutes * 60, distance: 5000, elevationGain: nil, elevationLoss: nil,
                                source: .manual, track: nil, createdAt: start, updatedAt: start, deletedAt: deleted ? start : nil)
        memory.seed { $0.activities[activity.id] = activity }
    }
}

// MARK: - Helpers

enum WO {
    static let parser = SetParser(exercises: ExerciseCatalog.all)

    /// An instant from `YYYY-MM-DD HH:MM` read as wall time in `zone` (Foundation's calendar,
    /// independent of Core's arithmetic).
    static func at(_ text: String, in zone: String = "Asia/Seoul") -> Date {
        let halves = text.split(separator: " ")
        precondition(halves.count == 2, "expected 'YYYY-MM-DD HH:MM', got \(text)")
        let ymd = halves[0].split(separator: "-").map { Int($0)! }
        let hm = halves[1].split(separator: ":").map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar.date(from: DateComponents(year: ymd[0], month: ymd[1], day: ymd[2], hour: hm[0], minute: hm[1]))!
    }

    static func day(_ text: String) -> LocalDate { LocalDate(text)! }
    static func clock(_ text: String) -> LocalTime { LocalTime(text)! }

    /// The sets of one or more texts, numbered in order.
    static func sets(_ texts: String...) -> [WorkoutSet] {
        var sets: [WorkoutSet] = []
        for text in texts { sets += try! parser.parse(text, startingOrder: sets.count) }
        return sets
    }

    /// A session built by hand, for the statistics.
    static func session(_ start: Date, _ texts: String..., minutes: Double? = nil, wod: WODResult? = nil, owner: String = Owner.local,
                        id: String? = nil) -> WorkoutSession {
        var sets: [WorkoutSet] = []
        for text in texts { sets += try! parser.parse(text, startingOrder: sets.count) }
        return WorkoutSession(id: id ?? UUIDv7.makeString(at: start), ownerID: owner, startedAt: start, kind: wod == nil ? .strength : .wod,
                              title: nil, notes: nil, durationMinutes: minutes, felt: nil, sets: sets, wod: wod, createdAt: start,
                              updatedAt: start)
    }

    /// The AppError a body throws (nil when it throws nothing or something else).
    static func error(_ body: () throws -> Void) -> AppError? {
        do {
            try body()
            return nil
        } catch let error as AppError {
            return error
        } catch {
            return nil
        }
    }

    static func near(_ a: Double?, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }
}

// MARK: - Self-checks of the fakes

@Suite("Workout in-memory fakes")
struct WorkoutFakeTests {
    @Test("the transactor restores sessions, settings and supplements when the body throws")
    func transactorRollsBack() throws {
        let world = WorkoutWorld(now: WO.at("2026-11-26 20:00"))
        try world.log("deadlift 100kg 5", at: WO.at("2026-11-26 08:00"))
        let before = world.memory.allSessions
        #expect(throws: FakeFailure.self) {
            try FakeTransactor(memory: world.memory).write {
                try FakeWorkoutRepository(memory: world.memory).insert(WO.session(WO.at("2026-11-26 09:00"), "deadlift 120kg 5"))
                try FakeWorkoutRepository(memory: world.memory).saveSettings(WorkoutSettings(weeklySessions: 5), ownerID: Owner.local,
                                                                             at: world.now)
                throw FakeFailure(reason: "boom")
            }
        }
        #expect(world.memory.allSessions == before)
        #expect(try FakeWorkoutRepository(memory: world.memory).settings(ownerID: Owner.local) == nil)
        #expect(world.memory.rollbacks == 1)
    }

    @Test("reads leave out deleted rows and other owners' rows, oldest first")
    func readsFilter() throws {
        let world = WorkoutWorld(now: WO.at("2026-11-26 20:00"))
        let repository = FakeWorkoutRepository(memory: world.memory)
        let b = WO.session(WO.at("2026-11-25 08:00"), "deadlift 100kg 5", id: "b")
        let a = WO.session(WO.at("2026-11-24 08:00"), "deadlift 100kg 5", id: "a")
        var deleted = WO.session(WO.at("2026-11-23 08:00"), "deadlift 100kg 5", id: "c")
        deleted.deletedAt = world.now
        let other = WO.session(WO.at("2026-11-22 08:00"), "deadlift 100kg 5", owner: "someone-else", id: "d")
        for session in [b, a, deleted, other] { try repository.insert(session) }
        #expect(try repository.sessions(ownerID: Owner.local, in: nil).map(\.id) == ["a", "b"])
        #expect(try repository.session(id: "c", ownerID: Owner.local) == nil)
        #expect(try repository.session(id: "d", ownerID: Owner.local) == nil)
        #expect(try repository.sessions(ownerID: Owner.local, in: WO.at("2026-11-25 00:00")..<WO.at("2026-11-26 00:00")).map(\.id) == ["b"])
    }
}
