import FoundationEssentials

/// The records of one exercise, computed from every working set of the history.
public struct PersonalRecords: Sendable, Equatable {
    public let exercise: String
    public var heaviestKg: Double?
    public var e1rmKg: Double?
    /// The heaviest weight lifted for at least 1, 3, 5 and 10 reps.
    public var repMaxKg: [Int: Double]
    public var bestSetVolumeKg: Double?

    public static let repMaxCounts = [1, 3, 5, 10]

    public init(exercise: String) {
        self.exercise = exercise
        repMaxKg = [:]
    }

    public enum Formula: String, Sendable, CaseIterable {
        case epley, brzycki

        /// The estimated one-rep max; the weight itself for one rep; nil over 12 reps.
        public func estimate(weight: Double, reps: Int) -> Double? {
            guard reps >= 1, reps <= 12 else { return nil }
            if reps == 1 { return weight }
            switch self {
            case .epley: return weight * (1 + Double(reps) / 30)
            case .brzycki: return weight * 36 / (37 - Double(reps))
            }
        }
    }

    /// Folds a set in; returns the names of the records it improved.
    @discardableResult
    public mutating func add(_ set: WorkoutSet, formula: Formula) -> [String] {
        guard !set.isWarmup, let weight = set.weightKg, let reps = set.reps, reps > 0 else { return [] }
        var improved: [String] = []
        if weight > (heaviestKg ?? 0) {
            heaviestKg = weight
            improved.append("heaviest")
        }
        if let estimate = formula.estimate(weight: weight, reps: reps), estimate > (e1rmKg ?? 0) + 1e-9 {
            e1rmKg = estimate
            improved.append("e1RM")
        }
        for count in Self.repMaxCounts where reps >= count && weight > (repMaxKg[count] ?? 0) {
            repMaxKg[count] = weight
            improved.append("\(count)RM")
        }
        let volume = weight * Double(reps)
        if volume > (bestSetVolumeKg ?? 0) {
            bestSetVolumeKg = volume
            improved.append("volume")
        }
        return improved
    }

    /// Records of every exercise over sessions in order.
    public static func compute(_ sessions: [WorkoutSession], formula: Formula) -> [String: PersonalRecords] {
        var records: [String: PersonalRecords] = [:]
        for session in sessions {
            for set in session.sets {
                records[set.exercise, default: PersonalRecords(exercise: set.exercise)].add(set, formula: formula)
            }
        }
        return records
    }
}
