import FoundationEssentials
import Core

/// The rules every new or edited dose passes: validation first, then the double-dose guards.
/// `force` skips the guards, never the validation.
public struct DoseRules: Sendable {
    /// A dose may be logged this far ahead of now (clocks drift; nobody logs tomorrow's dose).
    public static let futureTolerance: TimeInterval = 5 * 60
    public static let maximumUnits: Double = 100

    public init() {}

    public static func validate(units: Double) throws {
        guard units.isFinite, units > 0, units <= maximumUnits, (units * 2).rounded() == units * 2 else {
            throw AppError.invalidInput(
                "units must be more than 0 and at most 100, in steps of 0.5 (got \(formatUnits(units)))",
                code: "invalid_units").with(["units": formatUnits(units)])
        }
    }

    public static func validate(takenAt: Date, now: Date, timeZone: TimeZone) throws {
        try PlausibleTime.check(takenAt, "the dose time")
        guard takenAt.timeIntervalSince(now) <= futureTolerance else {
            let wall = timeZone.wallClock(of: takenAt)
            let time = LocalTime(minutes: wall.secondOfDay / 60)!
            throw AppError.invalidInput(
                "the dose time \(wall.date) \(time) is in the future; give the time it was taken",
                code: "future_dose").with(["date": "\(wall.date)", "time": "\(time)"])
        }
    }

    public static func validate(note: String?) throws {
        guard let note else { return }
        guard note.count <= 500 else {
            throw AppError.invalidInput("the note is too long (at most 500 characters)", code: "invalid_note")
        }
    }

    /// Refuses `candidate` when it looks like a second dose of the same injection.
    /// A long dose closer than the guard to another long dose — before or after it — is refused;
    /// a rapid dose with the same units inside the double-tap window likewise.
    public static func checkGuards(for candidate: Dose, against neighbours: [Dose], settings: InsulinSettings) throws {
        let window: TimeInterval
        switch candidate.kind {
        case .long: window = TimeInterval(settings.longGuardMinutes * 60)
        case .rapid: window = TimeInterval(settings.rapidWindowMinutes * 60)
        }
        guard window > 0 else { return }
        let clashes = neighbours.filter { other in
            other.id != candidate.id && other.kind == candidate.kind
                && abs(other.takenAt.timeIntervalSince(candidate.takenAt)) < window
                && (candidate.kind == .long || other.units == candidate.units)
        }
        guard let nearest = clashes.min(by: {
            abs($0.takenAt.timeIntervalSince(candidate.takenAt)) < abs($1.takenAt.timeIntervalSince(candidate.takenAt))
        }) else { return }

        let zone = settings.timeZone
        let when = zone.wallClock(of: nearest.takenAt)
        let time = LocalTime(minutes: when.secondOfDay / 60)!
        let apart = candidate.kind == .long
            ? "less than \(formatHours(settings.longGuardMinutes)) apart"
            : "the same \(formatUnits(nearest.units)) units less than \(settings.rapidWindowMinutes) min apart"
        throw AppError.conflict(
            "a \(candidate.kind.displayName) dose of \(formatUnits(nearest.units)) units was already logged "
                + "at \(time) on \(when.date) (\(apart))",
            code: "duplicate_dose",
            details: nearest).with(key: candidate.kind.rawValue, ["units": formatUnits(nearest.units),
                                                                  "time": "\(time)",
                                                                  "date": "\(when.date)",
                                                                  "hours": formatUnits(Double(settings.longGuardMinutes) / 60),
                                                                  "minutes": "\(settings.rapidWindowMinutes)"])
    }

    /// Loads the doses that could clash with `candidate` and checks the guards against them.
    static func checkGuards(for candidate: Dose, in doses: any DoseRepository, settings: InsulinSettings) throws {
        let minutes = candidate.kind == .long ? settings.longGuardMinutes : settings.rapidWindowMinutes
        let window = TimeInterval(max(minutes, 0) * 60)
        let interval = candidate.takenAt.addingTimeInterval(-window)..<candidate.takenAt.addingTimeInterval(window + 0.001)
        let neighbours = try doses.doses(ownerID: candidate.ownerID, kind: candidate.kind, in: interval)
        try checkGuards(for: candidate, against: neighbours, settings: settings)
    }
}

/// Units as a person writes them: `10`, `4.5`.
public func formatUnits(_ units: Double) -> String {
    guard units.isFinite else { return String(units) }
    return units == units.rounded() && abs(units) < 1e15 ? String(Int(units)) : String(units)
}

func formatHours(_ minutes: Int) -> String {
    minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
}
