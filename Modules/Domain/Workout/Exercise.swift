/// How an exercise is measured.
public enum Measure: String, Sendable, Codable, CaseIterable {
    case weightReps = "weight-reps"
    case reps
    case time
    case distance
    case calories
}

/// A movement of the catalog, or one's own.
public struct Exercise: Sendable, Equatable, Codable {
    public let name: String
    public let measure: Measure
    public let aliases: [String]
    public let isCustom: Bool

    public init(name: String, measure: Measure, aliases: [String] = [], isCustom: Bool = false) {
        self.name = name
        self.measure = measure
        self.aliases = aliases
        self.isCustom = isCustom
    }

    /// Every way to write it, lowercased.
    public var keys: [String] { ([name] + aliases).map { $0.lowercased() } }
}

/// The built-in catalog: common gym and CrossFit movements.
public enum ExerciseCatalog {
    public static let all: [Exercise] = [
        // Barbell and weighted lifts.
        .init(name: "back squat", measure: .weightReps, aliases: ["squat", "bs", "back squats"]),
        .init(name: "front squat", measure: .weightReps, aliases: ["fs"]),
        .init(name: "overhead squat", measure: .weightReps, aliases: ["ohs"]),
        .init(name: "deadlift", measure: .weightReps, aliases: ["dl", "conventional deadlift"]),
        .init(name: "sumo deadlift", measure: .weightReps, aliases: ["sumo"]),
        .init(name: "romanian deadlift", measure: .weightReps, aliases: ["rdl"]),
        .init(name: "bench press", measure: .weightReps, aliases: ["bench", "bp"]),
        .init(name: "incline bench press", measure: .weightReps, aliases: ["incline bench"]),
        .init(name: "overhead press", measure: .weightReps, aliases: ["press", "strict press", "ohp", "shoulder press"]),
        .init(name: "push press", measure: .weightReps, aliases: ["pp"]),
        .init(name: "push jerk", measure: .weightReps, aliases: ["jerk"]),
        .init(name: "split jerk", measure: .weightReps),
        .init(name: "clean", measure: .weightReps, aliases: ["squat clean"]),
        .init(name: "power clean", measure: .weightReps, aliases: ["pc"]),
        .init(name: "hang clean", measure: .weightReps),
        .init(name: "clean and jerk", measure: .weightReps, aliases: ["c&j", "cnj", "clean & jerk"]),
        .init(name: "snatch", measure: .weightReps, aliases: ["squat snatch"]),
        .init(name: "power snatch", measure: .weightReps, aliases: ["ps"]),
        .init(name: "hang snatch", measure: .weightReps),
        .init(name: "thruster", measure: .weightReps, aliases: ["thrusters"]),
        .init(name: "barbell row", measure: .weightReps, aliases: ["bent over row", "pendlay row", "bb row"]),
        .init(name: "hip thrust", measure: .weightReps),
        .init(name: "lunge", measure: .weightReps, aliases: ["lunges", "walking lunge"]),
        .init(name: "kettlebell swing", measure: .weightReps, aliases: ["kb swing", "kbs", "swing"]),
        .init(name: "goblet squat", measure: .weightReps),
        .init(name: "dumbbell snatch", measure: .weightReps, aliases: ["db snatch"]),
        .init(name: "wall ball", measure: .weightReps, aliases: ["wall balls", "wb", "wallball"]),
        .init(name: "weighted pull-up", measure: .weightReps),
        // Gymnastics and bodyweight.
        .init(name: "pull-up", measure: .reps, aliases: ["pullup", "pull up", "pull-ups", "pullups"]),
        .init(name: "chin-up", measure: .reps, aliases: ["chinup", "chin up"]),
        .init(name: "push-up", measure: .reps, aliases: ["pushup", "push up", "push-ups"]),
        .init(name: "sit-up", measure: .reps, aliases: ["situp", "sit up", "sit-ups"]),
        .init(name: "air squat", measure: .reps, aliases: ["air squats"]),
        .init(name: "burpee", measure: .reps, aliases: ["burpees"]),
        .init(name: "box jump", measure: .reps, aliases: ["box jumps", "bj"]),
        .init(name: "toes-to-bar", measure: .reps, aliases: ["t2b", "ttb", "toes to bar"]),
        .init(name: "muscle-up", measure: .reps, aliases: ["mu", "muscle up", "ring muscle-up"]),
        .init(name: "bar muscle-up", measure: .reps, aliases: ["bmu"]),
        .init(name: "handstand push-up", measure: .reps, aliases: ["hspu"]),
        .init(name: "double-under", measure: .reps, aliases: ["du", "double under", "double-unders", "dus"]),
        .init(name: "single-under", measure: .reps, aliases: ["su", "jump rope", "rope"]),
        .init(name: "rope climb", measure: .reps, aliases: ["rope climbs"]),
        .init(name: "dip", measure: .reps, aliases: ["dips", "ring dip"]),
        .init(name: "pistol", measure: .reps, aliases: ["pistols", "pistol squat"]),
        .init(name: "plank", measure: .time),
        .init(name: "handstand hold", measure: .time),
        // Monostructural.
        .init(name: "row", measure: .distance, aliases: ["rowing", "rower", "erg"]),
        .init(name: "ski", measure: .distance, aliases: ["skierg", "ski erg"]),
        .init(name: "bike", measure: .calories, aliases: ["assault bike", "echo bike", "airbike", "air bike"]),
        .init(name: "run", measure: .distance, aliases: ["running"]),
    ]

    /// Named benchmark WODs whose best result is a personal record.
    public static let benchmarks = ["fran", "grace", "isabel", "diane", "elizabeth", "helen", "karen", "annie", "jackie",
                                    "cindy", "mary", "murph", "dt", "nancy", "kelly", "filthy fifty", "fight gone bad"]
}

public protocol ExerciseRepository: Sendable {
    func custom(ownerID: String) throws -> [Exercise]
    func saveCustom(_ exercise: Exercise, ownerID: String, at date: Date) throws
}

import FoundationEssentials
