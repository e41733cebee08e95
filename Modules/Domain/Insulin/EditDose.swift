import FoundationEssentials
import Core

/// Changes a logged dose; the changed dose passes the same rules as a new one.
public struct EditDose: Sendable {
    public struct Changes: Sendable, Equatable {
        public var kind: InsulinKind?
        public var units: Double?
        public var takenAt: Date?
        /// `.some(nil)` or an empty string removes the note.
        public var note: String??
        public var force: Bool

        public init(kind: InsulinKind? = nil, units: Double? = nil, takenAt: Date? = nil, note: String?? = nil, force: Bool = false) {
            self.kind = kind
            self.units = units
            self.takenAt = takenAt
            self.note = note
            self.force = force
        }
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

    public func callAsFunction(ownerID: String, id: String, _ changes: Changes) throws -> Dose {
        let now = clock.now
        let settings = try settings.current(ownerID: ownerID)
        if let units = changes.units { try DoseRules.validate(units: units) }
        if let takenAt = changes.takenAt { try DoseRules.validate(takenAt: takenAt, now: now, timeZone: settings.timeZone) }
        if let note = changes.note { try DoseRules.validate(note: note) }

        return try transactor.write(publishing: .insulinChanged(ownerID: ownerID), to: events) {
            guard var dose = try doses.dose(id: id.lowercased(), ownerID: ownerID) else {
                throw AppError.notFound("no dose with id \(id)", code: "dose_not_found").with(["id": id])
            }
            if let kind = changes.kind { dose.kind = kind }
            if let units = changes.units { dose.units = units }
            if let takenAt = changes.takenAt { dose.takenAt = takenAt }
            if let note = changes.note { dose.note = note?.nilIfBlank }
            if !changes.force {
                try DoseRules.checkGuards(for: dose, in: doses, settings: settings)
            }
            dose.updatedAt = now
            try doses.update(dose)
            return dose
        }
    }
}
