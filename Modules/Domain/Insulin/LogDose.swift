import FoundationEssentials
import Core

/// Logs a dose in one step: the default units when none are given, now when no time is given,
/// validated, then guarded against a double dose unless forced.
public struct LogDose: Sendable {
    public struct Request: Sendable, Equatable {
        /// A client-made id makes the call idempotent: a retry with the same values returns the
        /// stored dose; other values under that id are refused (`id_conflict`).
        public var id: String?
        public var kind: InsulinKind
        public var units: Double?
        public var takenAt: Date?
        public var note: String?
        public var force: Bool

        public init(id: String? = nil, kind: InsulinKind, units: Double? = nil, takenAt: Date? = nil,
                    note: String? = nil, force: Bool = false) {
            self.id = id
            self.kind = kind
            self.units = units
            self.takenAt = takenAt
            self.note = note
            self.force = force
        }
    }

    public struct Result: Sendable, Equatable {
        public let dose: Dose
        /// False when the id already named a stored dose and that one is returned.
        public let created: Bool
        /// The settings the dose was logged under, read in its transaction (none for a retry
        /// answered with the stored dose): the answer shows the dose with them, no read again.
        public var settings: InsulinSettings?
    }

    let doses: any DoseRepository
    let settings: InsulinSettingsService
    let transactor: any Transactor
    let clock: any Clock

    let events: any DomainEventSink

    public init(doses: any DoseRepository, settings: InsulinSettingsService, transactor: any Transactor, clock: any Clock,
                events: any DomainEventSink) {
        self.events = events
        self.doses = doses
        self.settings = settings
        self.transactor = transactor
        self.clock = clock
    }

    public func callAsFunction(ownerID: String, _ request: Request) throws -> Result {
        if let id = request.id, UUID(uuidString: id) == nil {
            throw AppError.invalidInput("id must be a UUID (got '\(id)')", code: "invalid_id").with(["id": id])
        }
        let id = request.id?.lowercased()
        return try transactor.write(publishing: .insulinChanged(ownerID: ownerID), to: events) {
            // A retry of a stored dose gets that dose back, whatever the clock says now; the same
            // id with other values is another dose, refused with the stored one to compare.
            if let id {
                if let stored = try doses.dose(id: id, ownerID: ownerID) {
                    guard request.isRetry(of: stored) else {
                        throw AppError.conflict("the id \(id) is already used by a dose with other values", code: "id_conflict",
                                                details: stored).with(["id": id])
                    }
                    return Result(dose: stored, created: false, settings: nil)
                }
                if let owner = try doses.ownerOfID(id) {
                    // Another account's dose is answered as a missing one is: nothing tells it exists.
                    guard owner == ownerID else {
                        throw AppError.notFound("no dose with id \(id)", code: "dose_not_found").with(["id": id])
                    }
                    throw AppError.conflict("the id \(id) is already used by a deleted dose", code: "id_taken").with(["id": id])
                }
            }
            let now = clock.now
            let settings = try settings.current(ownerID: ownerID)
            let units = request.units ?? settings.defaultUnits(of: request.kind)
            let takenAt = request.takenAt ?? now
            let note = request.note?.nilIfBlank
            try DoseRules.validate(units: units)
            try DoseRules.validate(takenAt: takenAt, now: now, timeZone: settings.timeZone)
            try DoseRules.validate(note: note)
            let dose = Dose(id: id ?? UUIDv7.makeString(at: now), ownerID: ownerID, kind: request.kind, units: units,
                            takenAt: takenAt, note: note, createdAt: now, updatedAt: now)
            if !request.force {
                try DoseRules.checkGuards(for: dose, in: doses, settings: settings)
            }
            try doses.insert(dose)
            return Result(dose: dose, created: true, settings: settings)
        }
    }
}

extension LogDose.Request {
    /// Whether this request is a retry of the call that stored `dose`: the same kind, and the
    /// same units, time and note where the request gives them (left out, they were the
    /// defaults and the clock of the first call).
    func isRetry(of dose: Dose) -> Bool {
        guard kind == dose.kind else { return false }
        if let units, units != dose.units { return false }
        // Times are stored to the millisecond.
        if let takenAt, abs(takenAt.timeIntervalSince(dose.takenAt)) >= 0.001 { return false }
        return note?.nilIfBlank == dose.note
    }
}
