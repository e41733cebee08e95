import FoundationEssentials
import Core

public enum WorkoutKind: String, Sendable, Codable, CaseIterable {
    case strength, wod, cardio
}

/// One set: what was done, and whether it was a warm-up.
public struct WorkoutSet: Sendable, Equatable, Codable {
    public var exercise: String
    public var order: Int
    public var weightKg: Double?
    public var reps: Int?
    public var seconds: Double?
    public var metres: Double?
    public var calories: Double?
    public var isWarmup: Bool
    public var rpe: Double?
    public var rir: Int?

    public init(exercise: String, order: Int = 0, weightKg: Double? = nil, reps: Int? = nil, seconds: Double? = nil,
                metres: Double? = nil, calories: Double? = nil, isWarmup: Bool = false, rpe: Double? = nil, rir: Int? = nil) {
        self.exercise = exercise
        self.order = order
        self.weightKg = weightKg
        self.reps = reps
        self.seconds = seconds
        self.metres = metres
        self.calories = calories
        self.isWarmup = isWarmup
        self.rpe = rpe
        self.rir = rir
    }

    /// Weight × reps of a weighted set.
    public var volume: Double? {
        guard let weightKg, let reps else { return nil }
        return weightKg * Double(reps)
    }
}

/// The result of a WOD: AMRAP rounds + reps, For Time (or the reps done at the cap), EMOM rounds.
public struct WODResult: Sendable, Equatable, Codable {
    public enum Format: String, Sendable, Codable, CaseIterable {
        case amrap, fortime, emom, tabata
    }

    public var format: Format
    public var name: String?
    public var rounds: Int?
    public var reps: Int?
    public var seconds: Double?
    /// For Time past the cap: `reps` done when the cap was hit.
    public var capped: Bool
    public var capMinutes: Double?
    public var rx: Bool
    public var movements: String?

    public init(format: Format, name: String? = nil, rounds: Int? = nil, reps: Int? = nil, seconds: Double? = nil, capped: Bool = false,
                capMinutes: Double? = nil, rx: Bool = true, movements: String? = nil) {
        self.format = format
        self.name = name
        self.rounds = rounds
        self.reps = reps
        self.seconds = seconds
        self.capped = capped
        self.capMinutes = capMinutes
        self.rx = rx
        self.movements = movements
    }

    /// Parses a result for its format: AMRAP `R+r` or `R`; For Time `M:SS` or `cap+N`; EMOM and
    /// Tabata the rounds (or reps) completed.
    public static func parse(_ text: String, format: Format) -> (rounds: Int?, reps: Int?, seconds: Double?, capped: Bool)? {
        let text = text.trimmed.lowercased()
        switch format {
        case .amrap:
            let parts = text.split(separator: "+", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let rounds = Int(parts[0]), rounds >= 0, rounds < 1000 else { return nil }
            let reps = parts.count == 2 ? Int(parts[1]) : 0
            guard let reps, reps >= 0, reps < 10_000 else { return nil }
            return (rounds, reps, nil, false)
        case .fortime:
            if text.hasPrefix("cap+") {
                guard let reps = Int(text.dropFirst(4)), reps >= 0, reps < 10_000 else { return nil }
                return (nil, reps, nil, true)
            }
            guard let seconds = DurationText.seconds(text), isValidTime(seconds) else { return nil }
            return (nil, nil, seconds, false)
        case .emom, .tabata:
            guard let rounds = Int(text), rounds >= 0, rounds < 1000 else { return nil }
            return (rounds, nil, nil, false)
        }
    }

    /// A For Time result: more than 0 and at most 24 h, like a timed set.
    public static func isValidTime(_ seconds: Double) -> Bool { seconds > 0 && seconds <= 86_400 }

    /// A time cap: more than 0 and at most 10 h.
    public static func isValidCap(_ minutes: Double) -> Bool { minutes > 0 && minutes <= 600 }

    /// Better-than for the same benchmark: more rounds+reps, less time, a finished For Time
    /// beats a capped one; Rx beats scaled.
    public func isBetter(than other: WODResult) -> Bool {
        if rx != other.rx { return rx }
        switch format {
        case .fortime:
            if capped != other.capped { return !capped }
            if capped { return (reps ?? 0) > (other.reps ?? 0) }
            return (seconds ?? .infinity) < (other.seconds ?? .infinity)
        default:
            return ((rounds ?? 0), (reps ?? 0)) > ((other.rounds ?? 0), (other.reps ?? 0))
        }
    }

    public var summary: String {
        switch format {
        case .amrap: return "\(rounds ?? 0)+\(reps ?? 0)"
        case .fortime: return capped ? "cap+\(reps ?? 0)" : DurationText.clock(seconds ?? 0)
        case .emom, .tabata: return rounds == 1 ? "1 round" : "\(rounds ?? 0) rounds"
        }
    }
}

extension WODResult.Format {
    /// As people write it: AMRAP, For Time, EMOM, Tabata.
    public var title: String {
        switch self {
        case .amrap: "AMRAP"
        case .fortime: "For Time"
        case .emom: "EMOM"
        case .tabata: "Tabata"
        }
    }

    /// "an AMRAP result", "a For Time result".
    public var withArticle: String { (self == .amrap || self == .emom ? "an " : "a ") + title }
}

extension WorkoutKind {
    /// As a heading shows it: Strength, WOD, Cardio.
    public var title: String {
        switch self {
        case .strength: "Strength"
        case .wod: "WOD"
        case .cardio: "Cardio"
        }
    }
}

/// A training session.
public struct WorkoutSession: Sendable, Equatable, Identifiable {
    public let id: String
    public let ownerID: String
    public var startedAt: Date
    public var kind: WorkoutKind
    public var title: String?
    public var notes: String?
    public var durationMinutes: Double?
    /// How it felt, 1 (awful) to 5 (great).
    public var felt: Int?
    public var sets: [WorkoutSet]
    public var wod: WODResult?
    public let createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(id: String, ownerID: String, startedAt: Date, kind: WorkoutKind, title: String?, notes: String?,
                durationMinutes: Double?, felt: Int?, sets: [WorkoutSet], wod: WODResult?, createdAt: Date, updatedAt: Date,
                deletedAt: Date? = nil) {
        self.id = id
        self.ownerID = ownerID
        self.startedAt = startedAt
        self.kind = kind
        self.title = title
        self.notes = notes
        self.durationMinutes = durationMinutes
        self.felt = felt
        self.sets = sets
        self.wod = wod
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }
}

/// Goals and the weekly plan.
public struct WorkoutSettings: Sendable, Equatable {
    public var weeklySessions: Int
    public var monthlySessions: Int?
    public var monthlyMinutes: Int?
    /// ISO weekday (1 = Monday) → what to train.
    public var plan: [Int: String]
    public var displayUnit: String
    public var oneRepMaxFormula: String

    public init(weeklySessions: Int = 3, monthlySessions: Int? = nil, monthlyMinutes: Int? = nil, plan: [Int: String] = [:],
                displayUnit: String = "kg", oneRepMaxFormula: String = "epley") {
        self.weeklySessions = weeklySessions
        self.monthlySessions = monthlySessions
        self.monthlyMinutes = monthlyMinutes
        self.plan = plan
        self.displayUnit = displayUnit
        self.oneRepMaxFormula = oneRepMaxFormula
    }
}

public protocol WorkoutRepository: Sendable {
    func insert(_ session: WorkoutSession) throws
    func update(_ session: WorkoutSession) throws
    func session(id: String, ownerID: String) throws -> WorkoutSession?
    /// Sessions started in `interval` (all when nil), oldest first, with their sets.
    func sessions(ownerID: String, in interval: Range<Date>?) throws -> [WorkoutSession]
    /// Whether the owner has a session with this id, deleted or not (see `WorkoutImportUseCase.swift`).
    func containsSession(id: String, ownerID: String) throws -> Bool
    func settings(ownerID: String) throws -> WorkoutSettings?
    func saveSettings(_ settings: WorkoutSettings, ownerID: String, at date: Date) throws
}
