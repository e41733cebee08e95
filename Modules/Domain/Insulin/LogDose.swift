import FoundationEssentials
import Core

/// Logs a dose in one step: the default units when none are given, now when no time is given,
/// validated, then guarded against a double dose unless forced.
public struct LogDose: Sendable {
    public struct Request: Sendable, Equatable {
        /// A client-made id makes the call idempotent: a retry returns the stored dose.
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
            // A retry of a stored dose gets that dose back, whatever the clock says now.
            if let id {
                if let stored = try doses.dose(id: id, ownerID: ownerID) { return Result(dose: stored, created: false) }
                if try doses.idExists(id) {
                    throw AppError.conflict("the id \(id) is already used", code: "id_taken").with(["id": id])
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
            return Result(dose: dose, created: true)
        }
    }
}
