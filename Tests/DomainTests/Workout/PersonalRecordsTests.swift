import Core
import Domain
import Foundation
import Testing

@Suite("PersonalRecords: heaviest, e1RM, rep maxes, best set volume")
struct PersonalRecordsTests {
    func set(_ weight: Double, _ reps: Int, warmup: Bool = false) -> WorkoutSet {
        WorkoutSet(exercise: "back squat", weightKg: weight, reps: reps, isWarmup: warmup)
    }

    @Test("Epley is w·(1 + r/30), Brzycki w·36/(37 − r), one rep is the weight itself")
    func formulas() {
        #expect(WO.near(PersonalRecords.Formula.epley.estimate(weight: 100, reps: 5), 116.666_666_666_666_67))
        #expect(PersonalRecords.Formula.brzycki.estimate(weight: 100, reps: 5) == 112.5)
        let epley10: Double = 100 * (1 + 10.0 / 30)
        #expect(PersonalRecords.Formula.epley.estimate(weight: 100, reps: 10) == epley10)
        #expect(WO.near(PersonalRecords.Formula.brzycki.estimate(weight: 100, reps: 10), 133.333_333_333_333_33))
        #expect(PersonalRecords.Formula.epley.estimate(weight: 140, reps: 1) == 140)
        #expect(PersonalRecords.Formula.brzycki.estimate(weight: 140, reps: 1) == 140)
        // Twelve reps still count; thirteen do not.
        #expect(WO.near(PersonalRecords.Formula.epley.estimate(weight: 80, reps: 12), 112))
        #expect(WO.near(PersonalRecords.Formula.brzycki.estimate(weight: 80, reps: 12), 115.2))
        #expect(PersonalRecords.Formula.epley.estimate(weight: 80, reps: 13) == nil)
        #expect(PersonalRecords.Formula.brzycki.estimate(weight: 80, reps: 13) == nil)
        #expect(PersonalRecords.Formula.epley.estimate(weight: 80, reps: 0) == nil)
    }

    @Test("folding sets in: what each one improves, and the records at the end")
    func folding() {
        var records = PersonalRecords(exercise: "back squat")
        #expect(records.add(set(100, 5), formula: .epley) == ["heaviest", "e1RM", "1RM", "3RM", "5RM", "volume"])
        // 13 reps: no e1RM, but the 10RM and the best set volume (60 × 13 = 780).
        #expect(records.add(set(60, 13), formula: .epley) == ["10RM", "volume"])
        #expect(WO.near(records.e1rmKg, 116.666_666_666_666_67))
        // A single: heaviest, e1RM (120 > 116.67) and 1RM.
        #expect(records.add(set(120, 1), formula: .epley) == ["heaviest", "e1RM", "1RM"])
        // A warm-up never counts, however heavy.
        #expect(records.add(set(200, 5, warmup: true), formula: .epley) == [])
        // 105 × 3: e1RM 115.5 < 120, but a 3RM.
        #expect(records.add(set(105, 3), formula: .epley) == ["3RM"])
        // The same set again improves nothing.
        #expect(records.add(set(105, 3), formula: .epley) == [])

        #expect(records.heaviestKg == 120)
        #expect(records.e1rmKg == 120)
        #expect(records.repMaxKg == [1: 120, 3: 105, 5: 100, 10: 60])
        #expect(records.bestSetVolumeKg == 780)
    }

    @Test("a rep max is the heaviest weight lifted for at least that many reps")
    func repMaxAtLeast() {
        var records = PersonalRecords(exercise: "deadlift")
        records.add(set(90, 7), formula: .epley)
        #expect(records.repMaxKg == [1: 90, 3: 90, 5: 90])
        records.add(set(70, 12), formula: .epley)
        #expect(records.repMaxKg == [1: 90, 3: 90, 5: 90, 10: 70])
        records.add(set(95, 4), formula: .epley)
        #expect(records.repMaxKg == [1: 95, 3: 95, 5: 90, 10: 70])
    }

    @Test("sets without a weight, and warm-ups, make no records")
    func noWeightNoRecords() {
        var records = PersonalRecords(exercise: "pull-up")
        #expect(records.add(WorkoutSet(exercise: "pull-up", reps: 10), formula: .epley) == [])
        #expect(records.add(WorkoutSet(exercise: "pull-up", weightKg: 20, reps: 5, isWarmup: true), formula: .epley) == [])
        #expect(records.heaviestKg == nil && records.e1rmKg == nil && records.repMaxKg.isEmpty && records.bestSetVolumeKg == nil)
    }

    @Test("13 reps and over count for heaviest, volume and rep maxes, never for the estimate")
    func highRepsOnly() {
        var records = PersonalRecords(exercise: "back squat")
        records.add(set(60, 13), formula: .brzycki)
        #expect(records.heaviestKg == 60)
        #expect(records.e1rmKg == nil)
        #expect(records.repMaxKg == [1: 60, 3: 60, 5: 60, 10: 60])
        #expect(records.bestSetVolumeKg == 780)
    }

    @Test("compute folds every exercise over the sessions, per formula")
    func compute() {
        let sessions = [
            WO.session(WO.at("2026-11-23 19:00"), "back squat 100kg 5x5", "bench 80kg 8"),
            WO.session(WO.at("2026-11-25 19:00"), "back squat 60kg 5 warmup", "back squat 110kg 3", "pull-up 3x10"),
        ]
        let epley = PersonalRecords.compute(sessions, formula: .epley)
        #expect(Set(epley.keys) == ["back squat", "bench press", "pull-up"])
        #expect(epley["back squat"]?.heaviestKg == 110)
        #expect(WO.near(epley["back squat"]?.e1rmKg, 121))
        #expect(epley["back squat"]?.repMaxKg == [1: 110, 3: 110, 5: 100])
        #expect(epley["back squat"]?.bestSetVolumeKg == 500)
        let benchEpley: Double = 80 * (1 + 8.0 / 30)
        #expect(WO.near(epley["bench press"]?.e1rmKg, benchEpley))
        #expect(epley["pull-up"]?.heaviestKg == nil)
        let brzycki = PersonalRecords.compute(sessions, formula: .brzycki)
        // 110 × 36/34 = 116.47 against 100 × 36/32 = 112.5.
        let squatBrzycki: Double = 110 * 36.0 / 34
        #expect(WO.near(brzycki["back squat"]?.e1rmKg, squatBrzycki))
        let benchBrzycki: Double = 80 * 36.0 / 29
        #expect(brzycki["bench press"]?.e1rmKg == benchBrzycki)
    }
}

@Suite("Workout WOD results: parsing and comparing")
struct WorkoutWODResultTests {
    @Test("AMRAP: R+r or R")
    func amrap() throws {
        let full = try #require(WODResult.parse("12+5", format: .amrap))
        #expect(full.rounds == 12 && full.reps == 5 && full.seconds == nil && !full.capped)
        let rounds = try #require(WODResult.parse(" 12 ", format: .amrap))
        #expect(rounds.rounds == 12 && rounds.reps == 0)
        for bad in ["12+", "+5", "7:32", "-1", "abc", "12+5+1", "", "1000", "12+-3"] {
            #expect(WODResult.parse(bad, format: .amrap) == nil, "\(bad)")
        }
    }

    @Test("For Time: M:SS, or cap+N past the cap")
    func forTime() throws {
        let time = try #require(WODResult.parse("7:32", format: .fortime))
        #expect(time.seconds == 452 && time.rounds == nil && time.reps == nil && !time.capped)
        #expect(WODResult.parse("1:02:03", format: .fortime)?.seconds == 3723)
        let capped = try #require(WODResult.parse("CAP+45", format: .fortime))
        #expect(capped.capped && capped.reps == 45 && capped.seconds == nil)
        #expect(WODResult.parse("24:00:00", format: .fortime)?.seconds == 86_400)
        for bad in ["12+5", "cap+", "cap+-3", "0:00", "7:60", "fast", "cap45", "24:00:01", "9999999999999999:59:59"] {
            #expect(WODResult.parse(bad, format: .fortime) == nil, "\(bad)")
        }
    }

    @Test("EMOM and Tabata: the rounds done")
    func rounds() throws {
        #expect(WODResult.parse("10", format: .emom)?.rounds == 10)
        #expect(WODResult.parse("8", format: .tabata)?.rounds == 8)
        for bad in ["10+2", "5:00", "-1", "ten", ""] {
            #expect(WODResult.parse(bad, format: .emom) == nil, "\(bad)")
            #expect(WODResult.parse(bad, format: .tabata) == nil, "\(bad)")
        }
    }

    @Test("For Time: less is better, finished beats capped, more reps at the cap is better")
    func forTimeOrder() {
        let fast = WODResult(format: .fortime, name: "Fran", seconds: 452)
        let slow = WODResult(format: .fortime, name: "Fran", seconds: 480)
        let capped100 = WODResult(format: .fortime, name: "Fran", reps: 100, capped: true)
        let capped120 = WODResult(format: .fortime, name: "Fran", reps: 120, capped: true)
        #expect(fast.isBetter(than: slow))
        #expect(!slow.isBetter(than: fast))
        #expect(!fast.isBetter(than: fast))
        #expect(slow.isBetter(than: capped120))
        #expect(!capped120.isBetter(than: slow))
        #expect(capped120.isBetter(than: capped100))
        #expect(!capped100.isBetter(than: capped120))
    }

    @Test("Rx beats scaled, whatever the numbers")
    func rxBeatsScaled() {
        let rx = WODResult(format: .fortime, name: "Fran", seconds: 540, rx: true)
        let scaled = WODResult(format: .fortime, name: "Fran", seconds: 300, rx: false)
        #expect(rx.isBetter(than: scaled))
        #expect(!scaled.isBetter(than: rx))
        let amrapRx = WODResult(format: .amrap, rounds: 10, reps: 0)
        let amrapScaled = WODResult(format: .amrap, rounds: 20, reps: 0, rx: false)
        #expect(amrapRx.isBetter(than: amrapScaled))
    }

    @Test("AMRAP: more rounds, then more reps")
    func amrapOrder() {
        let a = WODResult(format: .amrap, rounds: 12, reps: 5)
        let b = WODResult(format: .amrap, rounds: 12, reps: 3)
        let c = WODResult(format: .amrap, rounds: 11, reps: 29)
        #expect(a.isBetter(than: b) && b.isBetter(than: c) && a.isBetter(than: c))
        #expect(!c.isBetter(than: a) && !a.isBetter(than: a))
    }

    @Test("summaries")
    func summaries() {
        #expect(WODResult(format: .amrap, rounds: 12, reps: 5).summary == "12+5")
        #expect(WODResult(format: .fortime, seconds: 452).summary == "7:32")
        #expect(WODResult(format: .fortime, reps: 45, capped: true).summary == "cap+45")
        #expect(WODResult(format: .emom, rounds: 10).summary == "10 rounds")
    }
}
