import Core
import Domain
import Foundation
import Testing

@Suite("Contract: WorkoutRepository")
struct WorkoutRepositoryContract {
    static let everyKindOfSet = [
        WorkoutSet(exercise: "back squat", order: 0, weightKg: 60, reps: 5, isWarmup: true),
        WorkoutSet(exercise: "back squat", order: 1, weightKg: 102.058_283_25, reps: 5, rpe: 8.5, rir: 2),
        WorkoutSet(exercise: "row", order: 2, seconds: 452.5, metres: 2000),
        WorkoutSet(exercise: "bike", order: 3, calories: 20),
        WorkoutSet(exercise: "pull-up", order: 4, reps: 10),
    ]

    func session(_ id: String, at offset: Int64, owner: String = "ana", sets: [WorkoutSet] = [WorkoutSet(exercise: "deadlift", weightKg: 100, reps: 5)],
                 wod: WODResult? = nil, title: String? = nil) -> WorkoutSession {
        WorkoutSession(id: id, ownerID: owner, startedAt: Contract.at(offset), kind: wod == nil ? .strength : .wod, title: title,
                       notes: title.map { "\($0) notes" }, durationMinutes: title == nil ? nil : 42.5, felt: title == nil ? nil : 4, sets: sets,
                       wod: wod, createdAt: Contract.at(offset + 1), updatedAt: Contract.at(offset + 2))
    }

    @Test("a session round-trips with its sets in order and its WOD result; optionals nil and set", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let fran = WODResult(format: .fortime, name: "Fran", reps: 45, seconds: 312.5, capped: true, capMinutes: 10, rx: false,
                             movements: "thrusters, pull-ups")
        let full = session("full", at: 0, sets: Self.everyKindOfSet, wod: fran, title: "Everything")
        let cindy = session("cindy", at: Contract.minute, sets: [], wod: WODResult(format: .amrap, name: "Cindy", rounds: 19, reps: 2))
        let bare = WorkoutSession(id: "bare", ownerID: "ana", startedAt: Contract.at(2 * Contract.minute), kind: .cardio, title: nil, notes: nil,
                                  durationMinutes: nil, felt: nil, sets: [WorkoutSet(exercise: "row", metres: 500)], wod: nil,
                                  createdAt: Contract.at(0), updatedAt: Contract.at(0))
        for session in [full, cindy, bare] { try stores.workouts.insert(session) }
        #expect(try stores.workouts.session(id: "full", ownerID: "ana") == full)
        #expect(try stores.workouts.session(id: "cindy", ownerID: "ana") == cindy)
        #expect(try stores.workouts.session(id: "bare", ownerID: "ana") == bare)
        #expect(try stores.workouts.sessions(ownerID: "ana", in: nil) == [full, cindy, bare])
    }

    @Test("an update replaces every field and the sets; another owner's update changes nothing", arguments: Backend.allCases)
    func update(_ backend: Backend) throws {
        let stores = try Stores(backend)
        var session = session("a", at: 0, sets: Self.everyKindOfSet, title: "Before")
        try stores.workouts.insert(session)
        session.title = "After"
        session.notes = nil
        session.felt = nil
        session.durationMinutes = 60
        session.kind = .wod
        session.startedAt = Contract.at(-Contract.hour)
        session.sets = [WorkoutSet(exercise: "deadlift", order: 0, weightKg: 150, reps: 3)]
        session.wod = WODResult(format: .emom, rounds: 10)
        session.updatedAt = Contract.at(100)
        try stores.workouts.update(session)
        #expect(try stores.workouts.session(id: "a", ownerID: "ana") == session)
        #expect(try stores.workouts.sessions(ownerID: "ana", in: nil) == [session])

        let forged = WorkoutSession(id: "a", ownerID: "eve", startedAt: Contract.t0, kind: .strength, title: "mine now", notes: nil,
                                    durationMinutes: nil, felt: nil, sets: [WorkoutSet(exercise: "deadlift", weightKg: 500, reps: 1)],
                                    wod: nil, createdAt: Contract.t0, updatedAt: Contract.t0)
        try? stores.workouts.update(forged)
        #expect(try stores.workouts.session(id: "a", ownerID: "ana") == session)
    }

    @Test("sessions: the owner's live ones, oldest first, in a half-open interval", arguments: Backend.allCases)
    func listing(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.workouts.insert(session("late", at: 2 * Contract.hour))
        try stores.workouts.insert(session("early", at: 0))
        try stores.workouts.insert(session("theirs", at: Contract.hour, owner: "ben"))
        var gone = session("gone", at: Contract.hour)
        try stores.workouts.insert(gone)
        gone.deletedAt = Contract.at(3 * Contract.hour)
        try stores.workouts.update(gone)

        #expect(try stores.workouts.sessions(ownerID: "ana", in: nil).map(\.id) == ["early", "late"])
        #expect(try stores.workouts.sessions(ownerID: "ana", in: Contract.at(0)..<Contract.at(2 * Contract.hour)).map(\.id) == ["early"])
        #expect(try stores.workouts.sessions(ownerID: "ana", in: Contract.at(1)..<Contract.at(2 * Contract.hour + 1)).map(\.id) == ["late"])
        #expect(try stores.workouts.session(id: "gone", ownerID: "ana") == nil)
        #expect(try stores.workouts.session(id: "theirs", ownerID: "ana") == nil)
        #expect(try stores.workouts.sessions(ownerID: "ben", in: nil).map(\.id) == ["theirs"])
    }

    @Test("settings: one per owner, with the plan, replaced on save", arguments: Backend.allCases)
    func settings(_ backend: Backend) throws {
        let stores = try Stores(backend)
        #expect(try stores.workouts.settings(ownerID: "ana") == nil)
        var settings = WorkoutSettings(weeklySessions: 4, monthlySessions: 16, monthlyMinutes: 900, plan: [1: "push", 4: "legs: squat 5x5"],
                                       displayUnit: "lb", oneRepMaxFormula: "brzycki")
        try stores.workouts.saveSettings(settings, ownerID: "ana", at: Contract.at(0))
        #expect(try stores.workouts.settings(ownerID: "ana") == settings)
        settings.plan[1] = nil
        settings.plan[7] = "long run \"easy\""
        settings.monthlySessions = nil
        settings.monthlyMinutes = nil
        try stores.workouts.saveSettings(settings, ownerID: "ana", at: Contract.at(Contract.minute))
        #expect(try stores.workouts.settings(ownerID: "ana") == settings)
        try stores.workouts.saveSettings(WorkoutSettings(), ownerID: "ben", at: Contract.at(0))
        #expect(try stores.workouts.settings(ownerID: "ben") == WorkoutSettings())
        #expect(try stores.workouts.settings(ownerID: "ana") == settings)
    }
}

@Suite("Contract: ExerciseRepository")
struct ExerciseRepositoryContract {
    @Test("custom exercises: the owner's, by name, kept as a name and a measure", arguments: Backend.allCases)
    func custom(_ backend: Backend) throws {
        let stores = try Stores(backend)
        #expect(try stores.exercises.custom(ownerID: "ana").isEmpty)
        try stores.exercises.saveCustom(Exercise(name: "sled push", measure: .distance, isCustom: true), ownerID: "ana", at: Contract.at(0))
        try stores.exercises.saveCustom(Exercise(name: "jefferson curl", measure: .weightReps, aliases: ["jc"], isCustom: true),
                                        ownerID: "ana", at: Contract.at(1))
        try stores.exercises.saveCustom(Exercise(name: "yoke carry", measure: .distance, isCustom: true), ownerID: "ben", at: Contract.at(2))
        // Not in the protocol's comment: by name, as SQLite lists them; aliases are not kept.
        #expect(try stores.exercises.custom(ownerID: "ana") == [
            Exercise(name: "jefferson curl", measure: .weightReps, isCustom: true),
            Exercise(name: "sled push", measure: .distance, isCustom: true),
        ])
        #expect(try stores.exercises.custom(ownerID: "ben").map(\.name) == ["yoke carry"])
    }
}

@Suite("Contract: SupplementRepository")
struct SupplementRepositoryContract {
    func supplement(_ id: String, _ name: String, owner: String = "ana", times: [String] = ["08:00", "20:00"],
                    weekdays: [Int] = []) -> Supplement {
        Supplement(id: id, ownerID: owner, name: name, amount: 2.5, unit: "g", times: times.map(Contract.time), weekdays: weekdays,
                   createdAt: Contract.at(0), updatedAt: Contract.at(1))
    }

    @Test("supplements round-trip by name, change in place, and leave when deleted", arguments: Backend.allCases)
    func supplements(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let creatine = supplement("s1", "creatine")
        let fishOil = supplement("s2", "fish oil", times: ["08:00"], weekdays: [1, 3, 5])
        let vitaminD = supplement("s4", "Vitamin D", times: [], weekdays: [7])
        try stores.supplements.save(fishOil)
        try stores.supplements.save(creatine)
        try stores.supplements.save(vitaminD)
        try stores.supplements.save(supplement("s3", "zinc", owner: "ben"))
        // Not in the protocol's comment: by name in byte order, as SQLite lists them.
        #expect(try stores.supplements.supplements(ownerID: "ana") == [vitaminD, creatine, fishOil])

        var changed = creatine
        changed.name = "creatine monohydrate"
        changed.amount = 5
        changed.unit = "mg"
        changed.times = [Contract.time("07:30")]
        changed.weekdays = [2]
        changed.updatedAt = Contract.at(Contract.minute)
        try stores.supplements.save(changed)
        #expect(try stores.supplements.supplements(ownerID: "ana") == [vitaminD, changed, fishOil])

        var removed = fishOil
        removed.deletedAt = Contract.at(2 * Contract.minute)
        removed.updatedAt = Contract.at(2 * Contract.minute)
        try stores.supplements.save(removed)
        #expect(try stores.supplements.supplements(ownerID: "ana") == [vitaminD, changed])
        #expect(try stores.supplements.supplements(ownerID: "ben").map(\.name) == ["zinc"])
    }

    @Test("intakes: the owner's, from the first day through the last, by when taken", arguments: Backend.allCases)
    func intakes(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.supplements.save(supplement("s1", "creatine"))
        try stores.supplements.save(supplement("s2", "zinc", owner: "ben"))
        let intakes = [
            SupplementIntake(id: "i1", supplementID: "s1", ownerID: "ana", day: Contract.date("2026-11-25"), slot: Contract.time("08:00"),
                             takenAt: Contract.at(0)),
            SupplementIntake(id: "i2", supplementID: "s1", ownerID: "ana", day: Contract.date("2026-11-26"), slot: Contract.time("20:00"),
                             takenAt: Contract.at(Contract.minute)),
            SupplementIntake(id: "i3", supplementID: "s1", ownerID: "ana", day: Contract.date("2026-11-26"), slot: nil,
                             takenAt: Contract.at(2 * Contract.minute)),
            SupplementIntake(id: "i4", supplementID: "s2", ownerID: "ben", day: Contract.date("2026-11-26"), slot: Contract.time("08:00"),
                             takenAt: Contract.at(30)),
        ]
        for intake in intakes.reversed() { try stores.supplements.insert(intake) }
        let day = Contract.date("2026-11-26")
        #expect(try stores.supplements.intakes(ownerID: "ana", from: day, through: day) == [intakes[1], intakes[2]])
        #expect(try stores.supplements.intakes(ownerID: "ana", from: Contract.date("2026-11-01"), through: Contract.date("2026-11-30"))
                == Array(intakes[0...2]))
        #expect(try stores.supplements.intakes(ownerID: "ana", from: Contract.date("2026-11-27"), through: Contract.date("2026-11-30")).isEmpty)
        #expect(try stores.supplements.intakes(ownerID: "ben", from: Contract.date("2026-11-01"), through: Contract.date("2026-11-30"))
                == [intakes[3]])
        #expect(throws: (any Error).self) { try stores.supplements.insert(intakes[0]) }
    }
}
