import Core
import Domain
import Foundation
import Testing

// MARK: - One in-memory store behind every workout fake

/// Workouts, settings, custom exercises, activities (runs and hikes), supplements and intakes in
/// one `TableMemory`, so that the transactor can snapshot and restore all of it.
struct WorkoutTables: InMemoryTables {
    var sessions: [String: WorkoutSession] = [:]
    var settings: [String: WorkoutSettings] = [:]
    var custom: [String: [Exercise]] = [:]
    var activities: [String: Activity] = [:]
    var supplements: [String: Supplement] = [:]
    var intakes: [String: SupplementIntake] = [:]
}

typealias WorkoutMemory = TableMemory<WorkoutTables>
/// `BEGIN … COMMIT/ROLLBACK` over the whole workout store; nested writes behave like savepoints.
typealias WorkoutFakeTransactor = TableTransactor<WorkoutTables>

extension WorkoutMemory {
    var allSessions: [WorkoutSession] { read { Array($0.sessions.values) }.sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) } }
    var allIntakes: [SupplementIntake] { read { Array($0.intakes.values) }.sorted { ($0.takenAt, $0.id) < ($1.takenAt, $1.id) } }
}

struct WorkoutFakeFailure: Error, Equatable {
    let reason: String
}

final class FakeWorkoutRepository: WorkoutRepository {
    let memory: WorkoutMemory

    init(memory: WorkoutMemory) { self.memory = memory }

    func insert(_ session: WorkoutSession) throws {
        try memory.write { tables in
            guard tables.sessions[session.id] == nil else { throw WorkoutFakeFailure(reason: "primary key \(session.id) exists") }
            tables.sessions[session.id] = session
        }
    }

    func update(_ session: WorkoutSession) throws {
        try memory.write { tables in
            guard let stored = tables.sessions[session.id], stored.ownerID == session.ownerID else {
                throw WorkoutFakeFailure(reason: "no row \(session.id) of \(session.ownerID) to update")
            }
            tables.sessions[session.id] = session
        }
    }

    func session(id: String, ownerID: String) throws -> WorkoutSession? {
        memory.read { tables in
            guard let session = tables.sessions[id], session.ownerID == ownerID, session.deletedAt == nil else { return nil }
            return session
        }
    }

    func sessions(ownerID: String, in interval: Range<Date>?) throws -> [WorkoutSession] {
        memory.read { tables in
            tables.sessions.values
                .filter { $0.ownerID == ownerID && $0.deletedAt == nil }
                .filter { interval?.contains($0.startedAt) ?? true }
                .sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
        }
    }

    func settings(ownerID: String) throws -> WorkoutSettings? { memory.read { $0.settings[ownerID] } }

    func saveSettings(_ settings: WorkoutSettings, ownerID: String, at date: Date) throws {
        memory.write { $0.settings[ownerID] = settings }
    }
}

final class FakeExerciseRepository: ExerciseRepository {
    let memory: WorkoutMemory

    init(memory: WorkoutMemory) { self.memory = memory }

    func custom(ownerID: String) throws -> [Exercise] { memory.read { $0.custom[ownerID] ?? [] } }

    func saveCustom(_ exercise: Exercise, ownerID: String, at date: Date) throws {
        memory.write { $0.custom[ownerID, default: []].append(exercise) }
    }
}

/// Runs and hikes, only as far as attendance needs them.
final class FakeWorkoutActivityRepository: ActivityRepository {
    let memory: WorkoutMemory

    init(memory: WorkoutMemory) { self.memory = memory }

    func insert(_ activity: Activity) throws { memory.write { $0.activities[activity.id] = activity } }
    func update(_ activity: Activity) throws { memory.write { $0.activities[activity.id] = activity } }

    func activity(id: String, ownerID: String) throws -> Activity? {
        memory.read { tables in tables.activities[id].flatMap { $0.ownerID == ownerID && $0.deletedAt == nil ? $0 : nil } }
    }

    func activities(ownerID: String, kind: ActivityKind?, in interval: Range<Date>?) throws -> [Activity] {
        memory.read { tables in
            tables.activities.values
                .filter { $0.ownerID == ownerID && $0.deletedAt == nil && (kind == nil || $0.kind == kind) }
                .filter { interval?.contains($0.startedAt) ?? true }
                .sorted { $0.startedAt > $1.startedAt }
        }
    }

    func trackedActivityIDs(ownerID: String, kind: ActivityKind) throws -> [String] { [] }
}

final class FakeSupplementRepository: SupplementRepository {
    let memory: WorkoutMemory

    init(memory: WorkoutMemory) { self.memory = memory }

    func save(_ supplement: Supplement) throws { memory.write { $0.supplements[supplement.id] = supplement } }

    func supplements(ownerID: String) throws -> [Supplement] {
        memory.read { tables in
            tables.supplements.values.filter { $0.ownerID == ownerID && $0.deletedAt == nil }.sorted { $0.name < $1.name }
        }
    }

    func insert(_ intake: SupplementIntake) throws {
        try memory.write { tables in
            guard tables.intakes[intake.id] == nil else { throw WorkoutFakeFailure(reason: "primary key \(intake.id) exists") }
            tables.intakes[intake.id] = intake
        }
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
    let memory = WorkoutMemory()
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
                               activities: activities ? FakeWorkoutActivityRepository(memory: memory) : nil,
                               transactor: WorkoutFakeTransactor(memory: memory), clock: FixedClock(date ?? now), timeZone: { _ in zone })
    }

    func supplements(at date: Date? = nil) -> SupplementUseCases {
        let zone = zone
        return SupplementUseCases(supplements: FakeSupplementRepository(memory: memory), transactor: WorkoutFakeTransactor(memory: memory),
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
        #expect(throws: WorkoutFakeFailure.self) {
            try WorkoutFakeTransactor(memory: world.memory).write {
                try FakeWorkoutRepository(memory: world.memory).insert(WO.session(WO.at("2026-11-26 09:00"), "deadlift 120kg 5"))
                try FakeWorkoutRepository(memory: world.memory).saveSettings(WorkoutSettings(weeklySessions: 5), ownerID: Owner.local,
                                                                             at: world.now)
                throw WorkoutFakeFailure(reason: "boom")
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
