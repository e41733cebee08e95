import Core
import Domain
import Foundation
import Testing

/// Thursday 26 November 2026, 20:00 in Seoul.
private let thursdayEvening = WO.at("2026-11-26 20:00")

@Suite("Workout use cases: logging, new PRs, edits and deletes")
struct WorkoutUseCaseTests {
    @Test("a first lift is a new PR of every kind it touches; a heavier one later is again")
    func newPRsOnLog() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        let first = try world.log("back squat 100kg 5x5", at: WO.at("2026-11-24 19:00"))
        #expect(first.newRecords == ["back squat": ["heaviest", "e1RM", "1RM", "3RM", "5RM", "volume"]])
        #expect(first.session.sets.count == 5)
        #expect(first.session.kind == .strength)
        #expect(first.session.startedAt == WO.at("2026-11-24 19:00"))
        // 50 for the session + 5 × 5 working sets; the first session of an exercise earns no PR XP.
        #expect(first.xpEarned == 75)

        let second = try world.log("back squat 105kg 5", "pull-up 3x10", at: WO.at("2026-11-25 19:00"))
        #expect(second.newRecords == ["back squat": ["heaviest", "e1RM", "1RM", "3RM", "5RM", "volume"]])
        // 50 + 4 × 5 + 25 for back squat's records.
        #expect(second.xpEarned == 95)

        // 100 × 3 beats nothing: no PR. The third session of the week meets the goal of 3: +100.
        let third = try world.log("back squat 100kg 3", at: WO.at("2026-11-26 19:00"))
        #expect(third.newRecords.isEmpty)
        #expect(third.xpEarned == 50 + 5 + 100)
        #expect(world.memory.writesOutsideTransaction == 0)
    }

    @Test("the PR is judged against the sessions before it, even when logged late")
    func backdatedSession() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        try world.log("deadlift 150kg 3", at: WO.at("2026-11-25 19:00"))
        // Logged afterwards but done before: it was a PR on its own day.
        let earlier = try world.log("deadlift 140kg 3", at: WO.at("2026-11-23 19:00"))
        #expect(earlier.newRecords == ["deadlift": ["heaviest", "e1RM", "1RM", "3RM", "volume"]])
        let later = try world.log("deadlift 145kg 3", at: WO.at("2026-11-26 19:00"))
        #expect(later.newRecords.isEmpty)
    }

    @Test("records are recomputed after a delete: the PR disappears")
    func recomputeAfterDelete() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        let useCases = world.workouts()
        try world.log("deadlift 140kg 3", at: WO.at("2026-11-23 19:00"))
        let heavy = try world.log("deadlift 160kg 1", at: WO.at("2026-11-25 19:00"))
        var deadlift = try #require(try useCases.records(ownerID: world.owner)["deadlift"])
        #expect(deadlift.heaviestKg == 160)
        #expect(deadlift.e1rmKg == 160)
        #expect(deadlift.repMaxKg == [1: 160, 3: 140])

        try useCases.delete(ownerID: world.owner, id: heavy.session.id)
        deadlift = try #require(try useCases.records(ownerID: world.owner)["deadlift"])
        #expect(deadlift.heaviestKg == 140)
        #expect(WO.near(deadlift.e1rmKg, 154))
        #expect(deadlift.repMaxKg == [1: 140, 3: 140])
        #expect(deadlift.bestSetVolumeKg == 420)
        // Gone from every read.
        #expect(WO.error { _ = try useCases.session(ownerID: world.owner, id: heavy.session.id) }?.code == "workout_not_found")
        #expect(try useCases.list(ownerID: world.owner, from: nil, through: nil).count == 1)
        #expect(WO.error { try useCases.delete(ownerID: world.owner, id: heavy.session.id) }?.kind == .notFound)
    }

    @Test("records are recomputed after an edit: the PR changes, and a bad set leaves the session as it was")
    func recomputeAfterEdit() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        let useCases = world.workouts()
        let logged = try world.log("deadlift 140kg 3", at: WO.at("2026-11-23 19:00"), minutes: 40)
        let edited = try useCases.edit(ownerID: world.owner, id: logged.session.id,
                                       .init(title: "Pulls", notes: "grip gave out", felt: 4, sets: ["deadlift 150kg 3", "deadlift 120kg 8"]))
        #expect(edited.title == "Pulls" && edited.notes == "grip gave out" && edited.felt == 4 && edited.durationMinutes == 40)
        #expect(edited.sets.map(\.order) == [0, 1])
        #expect(edited.updatedAt == thursdayEvening)
        let deadlift = try #require(try useCases.records(ownerID: world.owner)["deadlift"])
        #expect(deadlift.heaviestKg == 150)
        #expect(WO.near(deadlift.e1rmKg, 165))
        #expect(deadlift.repMaxKg == [1: 150, 3: 150, 5: 120])
        #expect(deadlift.bestSetVolumeKg == 960)

        let before = world.memory.allSessions
        #expect(WO.error { _ = try useCases.edit(ownerID: world.owner, id: logged.session.id, .init(title: "x", sets: ["deadlift 150kg"])) }?
            .code == "invalid_set")
        #expect(WO.error { _ = try useCases.edit(ownerID: world.owner, id: logged.session.id, .init(sets: [])) }?.code == "empty_session")
        #expect(WO.error { _ = try useCases.edit(ownerID: world.owner, id: logged.session.id, .init(felt: 0)) }?.code == "invalid_felt")
        #expect(world.memory.allSessions == before)
        // Blank text clears a title; the id is found whatever its case.
        let cleared = try useCases.edit(ownerID: world.owner, id: logged.session.id.uppercased(), .init(title: "  "))
        #expect(cleared.title == nil)
    }

    @Test("a session of another owner is not found, for reading, editing or deleting")
    func ownersAreIsolated() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        let useCases = world.workouts()
        let logged = try world.log("deadlift 140kg 3", at: WO.at("2026-11-23 19:00"))
        #expect(WO.error { _ = try useCases.session(ownerID: "someone", id: logged.session.id) }?.code == "workout_not_found")
        #expect(WO.error { _ = try useCases.edit(ownerID: "someone", id: logged.session.id, .init(title: "mine")) }?.code == "workout_not_found")
        #expect(WO.error { try useCases.delete(ownerID: "someone", id: logged.session.id) }?.code == "workout_not_found")
        #expect(try useCases.records(ownerID: "someone").isEmpty)
        #expect(try useCases.session(ownerID: world.owner, id: logged.session.id).title == nil)
    }

    @Test("the kind is guessed: a WOD, cardio without weights, else strength")
    func kindGuess() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        #expect(try world.log("row 2000m 7:32", at: WO.at("2026-11-26 07:00")).session.kind == .cardio)
        #expect(try world.log("bike 20cal", "row 500m", at: WO.at("2026-11-26 08:00")).session.kind == .cardio)
        #expect(try world.log("row 500m", "deadlift 100kg 5", at: WO.at("2026-11-26 09:00")).session.kind == .strength)
        #expect(try world.log("pull-up 3x10", at: WO.at("2026-11-26 10:00")).session.kind == .strength)
        let wod = try world.log(at: WO.at("2026-11-26 11:00"), wod: WODResult(format: .fortime, name: "Fran", seconds: 452))
        #expect(wod.session.kind == .wod)
        #expect(wod.session.title == "Fran")
        #expect(WO.near(wod.session.durationMinutes, 452.0 / 60))
        let capped = try world.log(at: WO.at("2026-11-26 12:00"),
                                   wod: WODResult(format: .fortime, name: "Grace", reps: 20, capped: true, capMinutes: 10))
        #expect(capped.session.durationMinutes == 10)
        let explicit = try world.workouts().log(ownerID: world.owner, .init(sets: ["row 500m"], kind: .wod, durationMinutes: 12))
        #expect(explicit.session.kind == .wod && explicit.session.durationMinutes == 12)
    }

    @Test("refusals: empty session, felt, duration, the future; nothing is stored")
    func refusals() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        let useCases = world.workouts()
        #expect(WO.error { _ = try useCases.log(ownerID: world.owner, .init()) }?.code == "empty_session")
        #expect(WO.error { _ = try useCases.log(ownerID: world.owner, .init(sets: ["deadlift 100kg 5"], felt: 6)) }?.code == "invalid_felt")
        #expect(WO.error { _ = try useCases.log(ownerID: world.owner, .init(sets: ["deadlift 100kg 5"], felt: 0)) }?.code == "invalid_felt")
        #expect(WO.error { _ = try useCases.log(ownerID: world.owner, .init(sets: ["deadlift 100kg 5"], durationMinutes: 0)) }?.code
            == "invalid_duration")
        #expect(WO.error { _ = try useCases.log(ownerID: world.owner, .init(sets: ["deadlift 100kg 5"], durationMinutes: 1441)) }?.code
            == "invalid_duration")
        #expect(WO.error { _ = try useCases.log(ownerID: world.owner, .init(sets: ["deadlift 100kg 5"],
                                                                           startedAt: thursdayEvening.addingTimeInterval(301))) }?.code
            == "future_session")
        #expect(WO.error { _ = try useCases.log(ownerID: world.owner, .init(sets: ["deadlift 100kg 5", "squatt 100kg 5"])) }?.code
            == "unknown_exercise")
        #expect(world.memory.allSessions.isEmpty)
        // Five minutes ahead is a clock's drift, not the future.
        #expect(try useCases.log(ownerID: world.owner, .init(sets: ["deadlift 100kg 5"], startedAt: thursdayEvening.addingTimeInterval(300)))
            .session.startedAt == thursdayEvening.addingTimeInterval(300))
    }

    @Test("list takes days in the owner's zone, both ends included")
    func listByDays() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        let useCases = world.workouts()
        try world.log("deadlift 100kg 5", at: WO.at("2026-11-24 23:59"))
        try world.log("deadlift 100kg 5", at: WO.at("2026-11-25 00:00"))
        try world.log("deadlift 100kg 5", at: WO.at("2026-11-25 23:30"))
        try world.log("deadlift 100kg 5", at: WO.at("2026-11-26 00:10"))
        #expect(try useCases.list(ownerID: world.owner, from: WO.day("2026-11-25"), through: WO.day("2026-11-25")).map(\.startedAt)
            == [WO.at("2026-11-25 00:00"), WO.at("2026-11-25 23:30")])
        #expect(try useCases.list(ownerID: world.owner, from: WO.day("2026-11-25"), through: nil).count == 3)
        #expect(try useCases.list(ownerID: world.owner, from: nil, through: WO.day("2026-11-24")).count == 1)
        #expect(WO.error { _ = try useCases.list(ownerID: world.owner, from: WO.day("2026-11-26"), through: WO.day("2026-11-25")) }?.code
            == "invalid_range")
    }

    @Test("custom exercises: added lowercased, matched in sets, never twice, and per owner")
    func customExercises() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        let useCases = world.workouts()
        let sled = try useCases.addExercise(ownerID: world.owner, name: "  Sled Push ", measure: .distance)
        #expect(sled == Exercise(name: "sled push", measure: .distance, isCustom: true))
        #expect(try world.log("sled push 50m", at: WO.at("2026-11-26 08:00")).session.sets == [WorkoutSet(exercise: "sled push", metres: 50)])
        #expect(WO.error { _ = try useCases.addExercise(ownerID: world.owner, name: "Sled push", measure: .reps) }?.code == "exercise_exists")
        // An alias of the catalog is taken too.
        #expect(WO.error { _ = try useCases.addExercise(ownerID: world.owner, name: "ohp", measure: .weightReps) }?.kind == .conflict)
        #expect(WO.error { _ = try useCases.addExercise(ownerID: world.owner, name: "5k", measure: .reps) }?.code == "invalid_exercise")
        #expect(WO.error { _ = try useCases.addExercise(ownerID: world.owner, name: "x", measure: .reps) }?.code == "invalid_exercise")
        #expect(try useCases.allExercises(ownerID: world.owner).count == ExerciseCatalog.all.count + 1)
        #expect(try useCases.allExercises(ownerID: "someone").count == ExerciseCatalog.all.count)
        #expect(WO.error { _ = try world.log("sled push 50m", owner: "someone") }?.code == "unknown_exercise")
    }

    @Test("the Brzycki formula, once chosen, is used for the records")
    func formulaSetting() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        let useCases = world.workouts()
        try world.log("back squat 100kg 5", at: WO.at("2026-11-26 08:00"))
        #expect(WO.near(try useCases.records(ownerID: world.owner)["back squat"]?.e1rmKg, 116.666_666_666_666_67))
        _ = try useCases.updateSettings(ownerID: world.owner) { $0.oneRepMaxFormula = "brzycki" }
        #expect(try useCases.records(ownerID: world.owner)["back squat"]?.e1rmKg == 112.5)
    }

    @Test("goals are checked: 1 to 14 a week, 1 to 62 sessions or 1 to 20,000 minutes a month")
    func goals() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        let useCases = world.workouts()
        #expect(try useCases.settings(ownerID: world.owner) == WorkoutSettings())
        #expect(try useCases.updateSettings(ownerID: world.owner) { $0.weeklySessions = 14 }.weeklySessions == 14)
        #expect(WO.error { _ = try useCases.updateSettings(ownerID: world.owner) { $0.weeklySessions = 0 } }?.code == "invalid_goal")
        #expect(WO.error { _ = try useCases.updateSettings(ownerID: world.owner) { $0.weeklySessions = 15 } }?.code == "invalid_goal")
        #expect(WO.error { _ = try useCases.updateSettings(ownerID: world.owner) { $0.monthlySessions = 63 } }?.code == "invalid_goal")
        #expect(WO.error { _ = try useCases.updateSettings(ownerID: world.owner) { $0.monthlyMinutes = 0 } }?.code == "invalid_goal")
        #expect(try useCases.settings(ownerID: world.owner).weeklySessions == 14)
    }
}

@Suite("Workout benchmark WODs: the best result is a PR")
struct WorkoutBenchmarkTests {
    func fran(_ seconds: Double? = nil, capped reps: Int? = nil, rx: Bool = true, name: String = "Fran") -> WODResult {
        WODResult(format: .fortime, name: name, reps: reps, seconds: seconds, capped: reps != nil, capMinutes: 10, rx: rx)
    }

    @Test("For Time: less is better, Rx beats scaled, finished beats capped")
    func forTime() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        var hour = 6
        func log(_ wod: WODResult) throws -> [String: [String]] {
            hour += 1
            return try world.log(at: WO.at("2026-11-26 \(hour):00"), wod: wod).newRecords
        }
        #expect(try log(fran(452)) == ["fran": ["benchmark"]])
        #expect(try log(fran(480)).isEmpty)
        #expect(try log(fran(452)).isEmpty) // a tie is no record
        #expect(try log(fran(300, rx: false)).isEmpty)
        #expect(try log(fran(capped: 90)).isEmpty)
        #expect(try log(fran(431, name: "FRAN")) == ["fran": ["benchmark"]])
        let best = try #require(try world.workouts().benchmarks(ownerID: world.owner)["fran"])
        #expect(best.seconds == 431 && best.rx)

        #expect(try log(fran(capped: 10, name: "Grace")) == ["grace": ["benchmark"]])
        #expect(try log(fran(capped: 12, name: "Grace")) == ["grace": ["benchmark"]])
        #expect(try log(fran(590, name: "Grace")) == ["grace": ["benchmark"]])
        #expect(try world.workouts().benchmarks(ownerID: world.owner)["grace"]?.seconds == 590)
        // Not a benchmark: no record, and not in the list.
        #expect(try log(fran(100, name: "Tuesday burner")).isEmpty)
        #expect(Set(try world.workouts().benchmarks(ownerID: world.owner).keys) == ["fran", "grace"])
    }

    @Test("a result built outside the parser (a timer, a client) is held to the same ranges, and nothing is stored")
    func resultRanges() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        for wod in [WODResult(format: .fortime, seconds: 1e12), WODResult(format: .fortime, seconds: 0),
                    WODResult(format: .amrap, rounds: 3, capMinutes: 1e300), WODResult(format: .amrap, rounds: 3, capMinutes: 0)] {
            #expect(throws: AppError.self) { try world.log(wod: wod) }
        }
        #expect(world.memory.allSessions.isEmpty)
    }

    @Test("a benchmark logged late is judged against the results before it, as sets are")
    func backdatedBenchmark() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        #expect(try world.log(at: WO.at("2026-11-25 07:00"), wod: fran(420)).newRecords == ["fran": ["benchmark"]])
        // Done on 2 November, logged now: the first Fran of all, so a PR on its day, like a first lift.
        let early = try world.log("deadlift 100kg 5", at: WO.at("2026-11-02 07:00"), wod: fran(480))
        #expect(early.newRecords["deadlift"] != nil)
        #expect(early.newRecords["fran"] == ["benchmark"])
        // The best of all is still the 7:00.
        #expect(try world.workouts().benchmarks(ownerID: world.owner)["fran"]?.seconds == 420)
    }

    @Test("AMRAP: rounds, then reps; the best survives a delete of a worse one and falls back after a delete of the best")
    func amrap() throws {
        let world = WorkoutWorld(now: thursdayEvening)
        func cindy(_ rounds: Int, _ reps: Int, at text: String) throws -> WorkoutUseCases.Logged {
            try world.log(at: WO.at(text), wod: WODResult(format: .amrap, name: "Cindy", rounds: rounds, reps: reps, capMinutes: 20))
        }
        #expect(try cindy(18, 7, at: "2026-11-02 07:00").newRecords == ["cindy": ["benchmark"]])
        let best = try cindy(19, 2, at: "2026-11-09 07:00")
        #expect(best.newRecords == ["cindy": ["benchmark"]])
        #expect(try cindy(18, 29, at: "2026-11-16 07:00").newRecords.isEmpty)
        #expect(try cindy(19, 2, at: "2026-11-23 07:00").newRecords.isEmpty)
        #expect(try world.workouts().benchmarks(ownerID: world.owner)["cindy"]?.summary == "19+2")
        try world.workouts().delete(ownerID: world.owner, id: best.session.id)
        #expect(try world.workouts().benchmarks(ownerID: world.owner)["cindy"]?.summary == "19+2") // the other 19+2
    }
}
