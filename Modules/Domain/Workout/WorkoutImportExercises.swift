import FoundationEssentials
import Core

extension WorkoutImport {
    /// Maps the exercise names of an export to the catalog, or to one's own exercises: case,
    /// spacing and hyphens do not matter; the apps' equipment suffix is read (`Bench Press
    /// (Barbell)` is the catalog's bench press, `Pull Up` its pull-up), but another implement
    /// is another exercise (`Bench Press (Dumbbell)` becomes an own exercise, so that its
    /// records never mix with the barbell's). A name that matches nothing becomes an own
    /// exercise, named as the export writes it in lower case.
    struct ExerciseMatcher {
        private var byKey: [String: Exercise] = [:]

        init(exercises: [Exercise]) {
            for exercise in exercises {
                for key in [exercise.name] + exercise.aliases where byKey[Self.key(key)] == nil {
                    byKey[Self.key(key)] = exercise
                }
            }
        }

        /// The apps' names that differ from the catalog's, by key.
        static let aliases: [String: String] = [
            "bent over row": "barbell row",
            "military press": "overhead press",
            "strict military press": "overhead press",
            "standing overhead press": "overhead press",
            "pull up (weighted)": "weighted pull-up",
            "weighted pull up": "weighted pull-up",
            "chest dip": "dip",
            "triceps dip": "dip",
            "squat (bodyweight)": "air squat",
            "bodyweight squat": "air squat",
            "goblet squat (kettlebell)": "goblet squat",
            "goblet squat (dumbbell)": "goblet squat",
            "kettlebell swing (kettlebell)": "kettlebell swing",
            "russian kettlebell swing": "kettlebell swing",
            "snatch (dumbbell)": "dumbbell snatch",
            "muscle up (bar)": "bar muscle-up",
            "muscle up (rings)": "muscle-up",
            "ring muscle up": "muscle-up",
            "rowing (machine)": "row",
            "rowing machine": "row",
            "running (treadmill)": "run",
            "treadmill running": "run",
            "ski erg (machine)": "ski",
            "ski machine": "ski",
            "assault bike (machine)": "bike",
            "air bike (machine)": "bike",
            "jump rope": "single-under",
            "double unders": "double-under",
            "wall ball (medicine ball)": "wall ball",
        ]

        /// Suffixes that name the catalog's own implement: dropped when what is left is a
        /// catalog exercise measured that way.
        static let implements: [(suffix: String, measure: Measure)] = [
            (" (barbell)", .weightReps), (" (bodyweight)", .reps), (" (kettlebell)", .weightReps),
        ]

        /// Lower case, hyphens and underscores as spaces, runs of spaces as one.
        static func key(_ name: String) -> String {
            String(name.lowercased().map { $0 == "-" || $0 == "_" || $0 == "–" ? " " : $0 }).split(separator: " ")
                .joined(separator: " ")
        }

        /// The exercise a name of the export means, and whether it is new (to be saved as an
        /// own exercise, measured as `measure`).
        mutating func resolve(_ name: String, measure: @autoclosure () -> Measure) -> (exercise: Exercise, isNew: Bool) {
            let key = Self.key(name)
            if let known = lookup(key) { return (known, false) }
            for (suffix, measure) in Self.implements where key.hasSuffix(suffix) {
                if let known = lookup(String(key.dropLast(suffix.count))), !known.isCustom, known.measure == measure {
                    byKey[key] = known
                    return (known, false)
                }
            }
            let own = Exercise(name: name.lowercased().split(separator: " ").joined(separator: " "), measure: measure(), isCustom: true)
            byKey[key] = own
            return (own, true)
        }

        private func lookup(_ key: String) -> Exercise? {
            if let exercise = byKey[key] { return exercise }
            if let alias = Self.aliases[key] { return byKey[Self.key(alias)] }
            return nil
        }
    }

    /// How an own exercise is measured, from its first set: a weight, reps, a distance or a time.
    static func measure(of set: WorkoutSet?) -> Measure {
        guard let set else { return .reps }
        if set.weightKg != nil { return .weightReps }
        if set.reps != nil { return .reps }
        if set.metres != nil { return .distance }
        if set.seconds != nil { return .time }
        return .reps
    }
}
