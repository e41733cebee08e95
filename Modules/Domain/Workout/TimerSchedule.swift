/// A workout timer as a pure schedule of phases: tested without waiting, and played live by
/// the terminal.
public struct TimerSchedule: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case work, rest
    }

    public struct Phase: Sendable, Equatable {
        public let kind: Kind
        public let round: Int
        public let start: Double
        public let end: Double

        public var duration: Double { end - start }
    }

    public let name: String
    public let rounds: Int
    public let phases: [Phase]

    public var total: Double { phases.last?.end ?? 0 }

    init(name: String, rounds: Int, blocks: [(Kind, Int, Double)]) {
        self.name = name
        self.rounds = rounds
        var start = 0.0
        var phases: [Phase] = []
        for (kind, round, duration) in blocks where duration > 0 {
            phases.append(Phase(kind: kind, round: round, start: start, end: start + duration))
            start += duration
        }
        self.phases = phases
    }

    /// As many rounds as possible in `minutes`.
    public static func amrap(minutes: Double) -> TimerSchedule {
        TimerSchedule(name: "AMRAP \(format(minutes)) min", rounds: 1, blocks: [(.work, 1, minutes * 60)])
    }

    /// Every minute on the minute: `rounds` intervals of `interval` seconds.
    public static func emom(rounds: Int, interval: Double) -> TimerSchedule {
        TimerSchedule(name: "EMOM \(rounds) × \(format(interval)) s", rounds: rounds, blocks: (1...rounds).map { (.work, $0, interval) })
    }

    /// Tabata: 20 s work / 10 s rest × 8 by default (4 minutes).
    public static func tabata(work: Double = 20, rest: Double = 10, rounds: Int = 8) -> TimerSchedule {
        TimerSchedule(name: "Tabata", rounds: rounds, blocks: (1...rounds).flatMap { [(.work, $0, work), (.rest, $0, rest)] })
    }

    /// For Time with a cap.
    public static func forTime(capMinutes: Double) -> TimerSchedule {
        TimerSchedule(name: "For Time, cap \(format(capMinutes)) min", rounds: 1, blocks: [(.work, 1, capMinutes * 60)])
    }

    /// Custom intervals: work and rest × rounds (no rest after the last round).
    public static func intervals(work: Double, rest: Double, rounds: Int) -> TimerSchedule {
        TimerSchedule(name: "Intervals \(format(work))/\(format(rest)) s × \(rounds)", rounds: rounds,
                      blocks: (1...rounds).flatMap { round in
                          round < rounds ? [(.work, round, work), (.rest, round, rest)] : [(.work, round, work)]
                      })
    }

    public static func rest(seconds: Double) -> TimerSchedule {
        TimerSchedule(name: "Rest", rounds: 1, blocks: [(.rest, 1, seconds)])
    }

    /// The phase at `elapsed` seconds, nil once the timer is over.
    public func phase(at elapsed: Double) -> Phase? {
        phases.first { elapsed >= $0.start && elapsed < $0.end }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
