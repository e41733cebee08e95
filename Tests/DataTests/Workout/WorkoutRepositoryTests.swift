import Foundation
import Testing
import Core
import Domain
@testable import Data

/// Whole seconds, so that Unix milliseconds store them exactly.
private let t0 = Date(timeIntervalSince1970: 1_764_500_000) // 2025-11-30T10:53:20Z

private func workout(_ id: String, at offset: TimeInterval, owner: String = "local", sets: [WorkoutSet], wod: WODResult? = nil,
                     title: String? = nil) -> WorkoutSession {
    WorkoutSession(id: id, ownerID: owner, startedAt: t0.addingTimeInterval(offset), kind: wod == nil ? .strength : .wod, title: title,
                   notes: title.map { "\($0) notes" }, durationMinutes: 42.5, felt: 4, sets: sets, wod: wod, createdAt: t0,
                   updatedAt: t0.addingTimeInterval(1))
}

@Suite("Workout repositories on SQLite")
struct WorkoutRepositoryTests {
    let workouts: SQLiteWorkoutRepository
    let exercises: SQLiteExerciseRepository

    init() throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database)
        workouts = SQLiteWorkoutRepository(database: database)
        exercises = SQLiteExerciseRepository(database: database)
    }

    static let everyKindOfSet = [
        WorkoutSet(exercise: "back squat", order: 0, weightKg: 60, reps: 5, isWarmup: true),
        WorkoutSet(exercise: "back squat", order: 1, weightKg: 102.058_283_25, reps: 5, rpe: 8.5, rir: 2),
        WorkoutSet(exercise: "row", order: 2, seconds: 452, metres: 2000),
        WorkoutSet(exercise: "bike", order: 3, calories: 20),
        WorkoutSet(exercise: "pull-up", order: 4, reps: 10),
    ]

    @Test func sessionsRoundTripWithSetsAndWOD() throws {
        let wod = WODResult(format: .fortime, name: "Fran", reps: 45, capped: true, capMinutes: 10, rx: false, movements: "thrusters, pull-ups")
        let session = workout("a", at: 0, sets: Self.everyKindOfSet, wod: wod, title: "Everything")
        try workouts.insert(session)
        #expect(try workouts.session(id: "a", ownerID: "local") == session)
        #expect(try workouts.sessions(ownerID: "local", in: nil) == [session])
        let amrap = workout("b", at: 60, sets: [], wod: WODResult(format: .amrap, name: "Cindy", rounds: 19, reps: 2))
        try workouts.insert(amrap)
        #expect(try workouts.session(id: "b", ownerID: "local") == amrap)
        let bare = WorkoutSession(id: "c", ownerID: "local", startedAt: t0.addingTimeInterval(120), kind: .cardio, title: nil, notes: nil,
                                  durationMinutes: nil, felt: nil, sets: [WorkoutSet(exercise: "row", order: 0, metres: 500)], wod: nil,
                                  createdAt: t0, updatedAt: t0)
        try workouts.insert(bare)
        #expect(try workouts.session(id: "c", ownerID: "local") == bare)
    }

    @Test func sessionsAreOrderedAndFilteredByOwnerIntervalAndDeletion() throws {
        try workouts.insert(workout("late", at: 7200, sets: [WorkoutSet(exercise: "deadlift", weightKg: 100, reps: 5)]))
        try workouts.insert(workout("early", at: 0, sets: [WorkoutSet(exercise: "deadlift", weightKg: 90, reps: 5)]))
        try workouts.insert(workout("theirs", at: 3600, owner: "other", sets: [WorkoutSet(exercise: "deadlift", weightKg: 200, reps: 1)]))
        var gone = workout("gone", at: 3600, sets: [WorkoutSet(exercise: "deadlift", weightKg: 300, reps: 1)])
        try workouts.insert(gone)
        gone.deletedAt = t0.addingTimeInterval(9000)
        try workouts.update(gone)

        let mine = try workouts.sessions(ownerID: "local", in: nil)
        #expect(mine.map(\.id) == ["early", "late"])
        #expect(mine.map { $0.sets.first?.weightKg } == [90, 100])
        #expect(try workouts.sessions(ownerID: "other", in: nil).map(\.id) == ["theirs"])
        #expect(try workouts.session(id: "gone", ownerID: "local") == nil)
        #expect(try workouts.session(id: "theirs", ownerID: "local") == nil)
        // [lower, upper): the start is in, the end is out.
        #expect(try workouts.sessions(ownerID: "local", in: t0..<t0.addingTimeInterval(7200)).map(\.id) == ["early"])
        #expect(try workouts.sessions(ownerID: "local", in: t0.addingTimeInterval(1)..<t0.addingTimeInterval(7201)).map(\.id) == ["late"])
        #expect(try workouts.sessions(ownerID: "nobody", in: nil).isEmpty)
    }

    @Test func updateReplacesTheSetsAndTheFields() throws {
        var session = workout("a", at: 0, sets: Self.everyKindOfSet, title: "Before")
        try workouts.insert(session)
        session.title = "After"
        session.notes = nil
        session.felt = nil
        session.durationMinutes = 60
        session.startedAt = t0.addingTimeInterval(-3600)
        session.sets = [WorkoutSet(exercise: "deadlift", order: 0, weightKg: 150, reps: 3)]
        session.wod = WODResult(format: .emom, rounds: 10)
        session.updatedAt = t0.addingTimeInterval(100)
        try workouts.update(session)
        #expect(try workouts.session(id: "a", ownerID: "local") == session)
        #expect(try workouts.sessions(ownerID: "local", in: nil) == [session])
        #expect(try workouts.session(id: "a", ownerID: "local")?.sets.count == 1)
    }

    @Test func anUpdateUnderAnotherOwnerLeavesTheSessionAndItsSetsAlone() throws {
        let mine = workout("a", at: 0, sets: [WorkoutSet(exercise: "deadlift", order: 0, weightKg: 140, reps: 3)])
        try workouts.insert(mine)
        let forged = WorkoutSession(id: "a", ownerID: "intruder", startedAt: mine.startedAt, kind: .strength, title: "mine now", notes: nil,
                                durationMinutes: nil, felt: nil, sets: [WorkoutSet(exercise: "deadlift", order: 0, weightKg: 500, reps: 1)],
                                wod: nil, createdAt: t0, updatedAt: t0)
        try? workouts.update(forged)
        // Neither the row nor its sets may change: the UPDATE is scoped to the owner, the sets must be too.
        #expect(try workouts.session(id: "a", ownerID: "local") == mine)
        #expect(try workouts.sessions(ownerID: "local", in: nil).first?.sets == mine.sets)
    }

    @Test func settingsAreOneRowPerOwnerWithThePlan() throws {
        #expect(try workouts.settings(ownerID: "local") == nil)
        var settings = WorkoutSettings(weeklySessions: 4, monthlySessions: 16, monthlyMinutes: 900, plan: [1: "push", 4: "legs: squat 5x5"],
                                       displayUnit: "lb", oneRepMaxFormula: "brzycki")
        try workouts.saveSettings(settings, ownerID: "local", at: t0)
        #expect(try workouts.settings(ownerID: "local") == settings)
        settings.plan[1] = nil
        settings.plan[7] = "long run \"easy\""
        settings.monthlySessions = nil
        try workouts.saveSettings(settings, ownerID: "local", at: t0.addingTimeInterval(60))
        #expect(try workouts.settings(ownerID: "local") == settings)
        #expect(try workouts.settings(ownerID: "other") == nil)
        try workouts.saveSettings(WorkoutSettings(), ownerID: "other", at: t0)
        #expect(try workouts.settings(ownerID: "other") == WorkoutSettings())
        #expect(try workouts.settings(ownerID: "local") == settings)
        // Saving again changed the owner's row in place: a second row would be read first (the
        // earliest), so the new plan would not come back.
        try workouts.saveSettings(WorkoutSettings(weeklySessions: 6), ownerID: "local", at: t0.addingTimeInterval(120))
        #expect(try workouts.settings(ownerID: "local") == WorkoutSettings(weeklySessions: 6))
    }

    @Test func customExercisesBelongToTheirOwner() throws {
        #expect(try exercises.custom(ownerID: "local").isEmpty)
        try exercises.saveCustom(Exercise(name: "sled push", measure: .distance, isCustom: true), ownerID: "local", at: t0)
        try exercises.saveCustom(Exercise(name: "jefferson curl", measure: .weightReps, isCustom: true), ownerID: "local", at: t0)
        try exercises.saveCustom(Exercise(name: "yoke carry", measure: .distance, isCustom: true), ownerID: "other", at: t0)
        #expect(try exercises.custom(ownerID: "local") == [
            Exercise(name: "jefferson curl", measure: .weightReps, isCustom: true),
            Exercise(name: "sled push", measure: .distance, isCustom: true),
        ])
        #expect(try exercises.custom(ownerID: "other").map(\.name) == ["yoke carry"])
    }
}

@Suite("Supplement repository on SQLite")
struct SupplementRepositoryTests {
    let supplements: SQLiteSupplementRepository

    init() throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database)
        supplements = SQLiteSupplementRepository(database: database)
    }

    func supplement(_ id: String, _ name: String, owner: String = "local", times: [String] = ["08:00", "20:00"],
                    weekdays: [Int] = []) -> Supplement {
        Supplement(id: id, ownerID: owner, name: name, amount: 2.5, unit: "g", times: times.map { LocalTime($0)! }, weekdays: weekdays,
                   createdAt: t0, updatedAt: t0)
    }

    @Test func supplementsRoundTripUpdateAndSoftDelete() throws {
        let creatine = supplement("s1", "creatine")
        let fishOil = supplement("s2", "fish oil", times: ["08:00"], weekdays: [1, 3, 5])
        try supplements.save(fishOil)
        try supplements.save(creatine)
        try supplements.save(supplement("s3", "zinc", owner: "other"))
        #expect(try supplements.supplements(ownerID: "local") == [creatine, fishOil])
        var changed = creatine
        changed.amount = 5
        changed.times = [LocalTime("07:30")!]
        changed.updatedAt = t0.addingTimeInterval(60)
        try supplements.save(changed)
        #expect(try supplements.supplements(ownerID: "local") == [changed, fishOil])
        var removed = fishOil
        removed.deletedAt = t0.addingTimeInterval(120)
        try supplements.save(removed)
        #expect(try supplements.supplements(ownerID: "local") == [changed])
        #expect(try supplements.supplements(ownerID: "other").map(\.name) == ["zinc"])
    }

    @Test func intakesByOwnerAndDays() throws {
        try supplements.save(supplement("s1", "creatine"))
        try supplements.save(supplement("s2", "zinc", owner: "other"))
        let intakes = [
            SupplementIntake(id: "i1", supplementID: "s1", ownerID: "local", day: LocalDate("2026-11-25")!, slot: LocalTime("08:00"),
                             takenAt: t0),
            SupplementIntake(id: "i2", supplementID: "s1", ownerID: "local", day: LocalDate("2026-11-26")!, slot: LocalTime("20:00"),
                             takenAt: t0.addingTimeInterval(60)),
            SupplementIntake(id: "i3", supplementID: "s1", ownerID: "local", day: LocalDate("2026-11-26")!, slot: nil,
                             takenAt: t0.addingTimeInterval(120)),
            SupplementIntake(id: "i4", supplementID: "s2", ownerID: "other", day: LocalDate("2026-11-26")!, slot: LocalTime("08:00"),
                             takenAt: t0.addingTimeInterval(30)),
        ]
        for intake in intakes { try supplements.insert(intake) }
        #expect(try supplements.intakes(ownerID: "local", from: LocalDate("2026-11-26")!, through: LocalDate("2026-11-26")!) == [intakes[1], intakes[2]])
        #expect(try supplements.intakes(ownerID: "local", from: LocalDate("2026-11-01")!, through: LocalDate("2026-11-30")!) == Array(intakes[0...2]))
        #expect(try supplements.intakes(ownerID: "local", from: LocalDate("2026-11-27")!, through: LocalDate("2026-11-30")!).isEmpty)
        #expect(try supplements.intakes(ownerID: "other", from: LocalDate("2026-11-01")!, through: LocalDate("2026-11-30")!) == [intakes[3]])
    }
}
