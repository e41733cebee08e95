import Core
import Domain
import Foundation
import Testing

@Suite("SetParser: sets as a lifter writes them")
struct SetParserTests {
    let parser = SetParser(exercises: ExerciseCatalog.all)

    func one(_ text: String) throws -> WorkoutSet {
        let sets = try parser.parse(text)
        try #require(sets.count == 1, "\(text) gave \(sets.count) sets")
        return sets[0]
    }

    @Test("back squat 100kg 5x5 expands to five numbered sets of 100 kg × 5")
    func fiveByFive() throws {
        let sets = try parser.parse("back squat 100kg 5x5")
        #expect(sets.count == 5)
        #expect(sets.map(\.order) == [0, 1, 2, 3, 4])
        for set in sets {
            #expect(set == WorkoutSet(exercise: "back squat", order: set.order, weightKg: 100, reps: 5))
        }
        // Numbering goes on from where the session is.
        #expect(try parser.parse("back squat 100kg 5x5", startingOrder: 3).map(\.order) == [3, 4, 5, 6, 7])
    }

    @Test("deadlift 140kg 3 is one set of three")
    func weightAndReps() throws {
        #expect(try one("deadlift 140kg 3") == WorkoutSet(exercise: "deadlift", weightKg: 140, reps: 3))
        #expect(try one("deadlift 142.5kg 2") == WorkoutSet(exercise: "deadlift", weightKg: 142.5, reps: 2))
    }

    @Test("pull-up 3x10 is three sets of ten with no weight")
    func bodyweight() throws {
        let sets = try parser.parse("pull-up 3x10")
        #expect(sets == (0..<3).map { WorkoutSet(exercise: "pull-up", order: $0, reps: 10) })
        #expect(try one("burpee 50") == WorkoutSet(exercise: "burpee", reps: 50))
    }

    @Test("row 2000m 7:32 is a distance and a time; km, cal and seconds read too")
    func monostructural() throws {
        #expect(try one("row 2000m 7:32") == WorkoutSet(exercise: "row", seconds: 452, metres: 2000))
        #expect(try one("row 2km") == WorkoutSet(exercise: "row", metres: 2000))
        #expect(try one("run 5km 25:00") == WorkoutSet(exercise: "run", seconds: 1500, metres: 5000))
        #expect(try one("bike 20cal") == WorkoutSet(exercise: "bike", calories: 20))
        #expect(try one("bike 15kcal") == WorkoutSet(exercise: "bike", calories: 15))
        #expect(try one("plank 1:30") == WorkoutSet(exercise: "plank", seconds: 90))
        #expect(try one("plank 90s") == WorkoutSet(exercise: "plank", seconds: 90))
        #expect(try one("row 1:05:00") == WorkoutSet(exercise: "row", seconds: 3900))
    }

    @Test("pounds are converted: 225 lb = 102.058 kg")
    func pounds() throws {
        let set = try one("bench 225lb 1x5")
        #expect(set.exercise == "bench press")
        #expect(set.reps == 5)
        #expect(WO.near(set.weightKg, 102.058_283_25))
        #expect(((set.weightKg ?? 0) * 1000).rounded() / 1000 == 102.058)
        #expect(WO.near(try one("bench 225lbs 5").weightKg, 102.058_283_25))
        #expect(WO.near(try one("deadlift 315lb 1").weightKg, 142.881_596_55))
    }

    @Test("names are matched case-insensitively, by name or alias, longest first")
    func aliases() throws {
        #expect(try one("Back Squat 100KG 5").exercise == "back squat")
        #expect(try one("squat 100kg 5").exercise == "back squat")
        #expect(try one("front squat 80kg 3").exercise == "front squat")
        #expect(try one("bench 80kg 5").exercise == "bench press")
        #expect(try one("ohp 50kg 5").exercise == "overhead press")
        #expect(try one("c&j 80kg 2").exercise == "clean and jerk")
        #expect(try one("clean & jerk 80kg 2").exercise == "clean and jerk")
        #expect(try one("pull up 10").exercise == "pull-up")
        #expect(try parser.parse("t2b 3x12") == (0..<3).map { WorkoutSet(exercise: "toes-to-bar", order: $0, reps: 12) })
        #expect(try one("du 50") == WorkoutSet(exercise: "double-under", reps: 50))
    }

    @Test("warm-ups, RPE and RIR")
    func warmupRPERIR() throws {
        #expect(try one("squat 60kg 5 warmup") == WorkoutSet(exercise: "back squat", weightKg: 60, reps: 5, isWarmup: true))
        #expect(try one("squat 60kg 5 wu").isWarmup)
        #expect(try one("squat 60kg 5 warm-up").isWarmup)
        #expect(try one("deadlift 180kg 3 @9") == WorkoutSet(exercise: "deadlift", weightKg: 180, reps: 3, rpe: 9))
        #expect(try one("deadlift 180kg 3 rpe8.5").rpe == 8.5)
        #expect(try one("squat 100kg 5 rir2") == WorkoutSet(exercise: "back squat", weightKg: 100, reps: 5, rir: 2))
        let warmups = try parser.parse("squat 40kg 2x8 warmup")
        #expect(warmups.count == 2 && warmups.allSatisfy(\.isWarmup))
    }

    @Test("a custom exercise is matched like the catalog's")
    func customExercise() throws {
        let parser = SetParser(exercises: ExerciseCatalog.all + [Exercise(name: "sled push", measure: .distance, isCustom: true)])
        #expect(try parser.parse("Sled Push 50m") == [WorkoutSet(exercise: "sled push", metres: 50)])
    }

    // MARK: Refusals

    @Test("an unknown exercise is refused with a suggestion: squatt → squat")
    func unknownWithSuggestion() throws {
        let error = try #require(WO.error { _ = try parser.parse("squatt 100kg 5") })
        #expect(error.kind == .invalidInput)
        #expect(error.code == "unknown_exercise")
        #expect(error.message == "unknown exercise 'squatt'; did you mean 'squat'?") // the CLI adds 'hint: tend exercises list'
        let twoWords = try #require(WO.error { _ = try parser.parse("back squatt 100kg 5") })
        #expect(twoWords.message.contains("did you mean 'back squat'?"), "\(twoWords.message)")
        let hopeless = try #require(WO.error { _ = try parser.parse("zzzzzzzzzz 5") })
        #expect(hopeless.code == "unknown_exercise")
        #expect(!hopeless.message.contains("did you mean"), "\(hopeless.message)")
    }

    @Test("a token it cannot read is refused, naming the token")
    func badToken() throws {
        let error = try #require(WO.error { _ = try parser.parse("deadlift 140kg 3 banana") })
        #expect(error.code == "invalid_set")
        #expect(error.message.hasPrefix("cannot read 'banana' in 'deadlift 140kg 3 banana'"), "\(error.message)")
        #expect(WO.error { _ = try parser.parse("deadlift 140kg 3x") }?.code == "invalid_set")
        #expect(WO.error { _ = try parser.parse("row 7:61") }?.code == "invalid_set")
    }

    @Test("a negative or zero weight is refused")
    func badWeight() throws {
        for text in ["deadlift -100kg 3", "deadlift 0kg 3", "bench -225lb 5", "deadlift 601kg 1"] {
            let error = try #require(WO.error { _ = try parser.parse(text) }, "\(text)")
            #expect(error.code == "invalid_set")
            #expect(error.message == "'\(text)': a weight is more than 0 and at most 600 kg")
        }
    }

    @Test("zero reps, zero sets and too many sets are refused")
    func badCounts() throws {
        #expect(WO.error { _ = try parser.parse("squat 100kg 0") }?.message == "'squat 100kg 0': 1 to 10,000 reps")
        #expect(WO.error { _ = try parser.parse("pull-up 3x0") }?.message == "'pull-up 3x0': 1 to 10,000 reps")
        #expect(WO.error { _ = try parser.parse("pull-up 0x10") }?.message == "'pull-up 0x10': 1 to 50 sets")
        #expect(WO.error { _ = try parser.parse("pull-up 51x10") }?.message == "'pull-up 51x10': 1 to 50 sets")
        #expect(WO.error { _ = try parser.parse("squat 100kg 5 @11") }?.message == "'squat 100kg 5 @11': RPE is 1 to 10")
        #expect(WO.error { _ = try parser.parse("squat 100kg 5 rir11") }?.message == "'squat 100kg 5 rir11': RIR is 0 to 10")
        #expect(WO.error { _ = try parser.parse("row 0m") }?.code == "invalid_set")
    }

    @Test("a barbell lift without reps is refused and says how to write it")
    func missingReps() throws {
        let error = try #require(WO.error { _ = try parser.parse("deadlift 140kg") })
        #expect(error.code == "invalid_set")
        #expect(error.message == "'deadlift 140kg': how many reps? e.g. deadlift 100kg 5")
        #expect(WO.error { _ = try parser.parse("pull-up") }?.message == "'pull-up': how many reps? e.g. pull-up 3x10")
        #expect(WO.error { _ = try parser.parse("   ") }?.message == "an empty set")
    }

    @Test("times: M:SS, H:MM:SS and seconds, and the clock back")
    func clockText() {
        #expect(DurationText.seconds("7:32") == 452)
        #expect(DurationText.seconds("1:05:00") == 3900)
        #expect(DurationText.seconds("90s") == 90)
        #expect(DurationText.seconds("90") == 5400) // a bare number in a duration is minutes, everywhere
        #expect(DurationText.seconds("7:60") == nil)
        #expect(DurationText.seconds("7:") == nil)
        #expect(DurationText.seconds("a:10") == nil)
        #expect(DurationText.clock(452) == "7:32")
        #expect(DurationText.clock(3900) == "1:05:00")
        #expect(DurationText.clock(65) == "1:05")
    }
}

@Suite("SetParser: numbers as a lifter means them, never dropped")
struct SetParserNumberTests {
    let parser = SetParser(exercises: ExerciseCatalog.all)

    func one(_ text: String, _ parser: SetParser? = nil) throws -> WorkoutSet {
        let sets = try (parser ?? self.parser).parse(text)
        try #require(sets.count == 1, "\(text) gave \(sets.count) sets")
        return sets[0]
    }

    @Test("bench 100 5 is 100 kg for five: the first bare number of a loaded lift is its weight")
    func bareWeightAndReps() throws {
        #expect(try one("bench 100 5") == WorkoutSet(exercise: "bench press", weightKg: 100, reps: 5))
        #expect(try one("deadlift 142.5 3") == WorkoutSet(exercise: "deadlift", weightKg: 142.5, reps: 3))
        let sets = try parser.parse("squat 100 5x5")
        #expect(sets.count == 5)
        #expect(sets.allSatisfy { $0.weightKg == 100 && $0.reps == 5 })
    }

    @Test("a bare weight is in the person's unit: lb when they chose pounds")
    func bareWeightInPounds() throws {
        let pounds = SetParser(exercises: ExerciseCatalog.all, defaultUnit: "lb")
        let set = try one("bench 225 5", pounds)
        #expect(WO.near(set.weightKg, 102.058_283_25))
        #expect(set.reps == 5)
        // A written unit still wins.
        #expect(try one("bench 100kg 5", pounds).weightKg == 100)
    }

    @Test("the spacing people type: 100 kg, 5 x 5, 100kg x 5, 5 × 5, @ 8, 90 s")
    func spacing() throws {
        let expected = (0..<5).map { WorkoutSet(exercise: "back squat", order: $0, weightKg: 100, reps: 5) }
        for text in ["back squat 100 kg 5 x 5", "back squat 100kg 5x5", "back squat 100 kg 5 × 5", "back squat 100 KG 5 X 5",
                     "back squat 100kg 5 x5", "back squat 100kg 5x 5"] {
            #expect(try parser.parse(text) == expected, "\(text)")
        }
        #expect(try one("bench 100kg x 5") == WorkoutSet(exercise: "bench press", weightKg: 100, reps: 5))
        #expect(try one("bench 100kgx5") == WorkoutSet(exercise: "bench press", weightKg: 100, reps: 5))
        #expect(try one("bench 225 lb 5").reps == 5)
        #expect(try one("deadlift 180 kg 3 @ 9") == WorkoutSet(exercise: "deadlift", weightKg: 180, reps: 3, rpe: 9))
        #expect(try one("plank 90 s") == WorkoutSet(exercise: "plank", seconds: 90))
        #expect(try one("row 2000 m 7:32") == WorkoutSet(exercise: "row", seconds: 452, metres: 2000))
        #expect(try one("pull-up 10 reps") == WorkoutSet(exercise: "pull-up", reps: 10))
    }

    @Test("a bare number means what the movement counts: seconds for a plank, metres for a row, calories on a bike")
    func bareByMeasure() throws {
        #expect(try one("plank 60") == WorkoutSet(exercise: "plank", seconds: 60))
        #expect(try one("row 2000 7:32") == WorkoutSet(exercise: "row", seconds: 452, metres: 2000))
        #expect(try one("bike 20") == WorkoutSet(exercise: "bike", calories: 20))
        #expect(try one("burpee 50") == WorkoutSet(exercise: "burpee", reps: 50))
    }

    @Test("numbers that cannot be placed are refused with the forms that work, never dropped")
    func ambiguous() throws {
        for text in ["bench 100", "bench 100 5 3", "deadlift 140kg 3 5", "bench 100kg 200lb 5", "burpee 50 10", "bench 100 5.5"] {
            let error = try #require(WO.error { _ = try parser.parse(text) }, "\(text) must be refused")
            #expect(error.code == "invalid_set")
            #expect(error.message.contains("100kg 5"), "\(error.message)")
        }
    }
}
