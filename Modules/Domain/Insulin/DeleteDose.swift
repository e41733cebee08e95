import FoundationEssentials
import Core

/// Removes a dose logged by mistake. The row stays as a tombstone (`deleted_at`) so sync can carry it.
public struct DeleteDose: Sendable {
    let doses: any DoseRepository
    let transactor: any Transactor
    let clock: any Clock

    let events: any DomainEventSink

    public init(doses: any DoseRepository, transactor: any Transactor, clock: any Clock, events: any DomainEventSink) {
        self.events = events
        self.doses = doses
        self.transactor = transactor
        self.clock = clock
    }

    @discardableResult
    public func callAsFunction(ownerID: String, id: String) throws -> Dose {
        try transactor.write(publishing: .insulinChanged(ownerID: ownerID), to: events) {
            guard var dose = try doses.dose(id: id.lowercased(), ownerID: ownerID) else {
                throw AppError.notFound("no dose with id \(id)", code: "dose_not_found").with(["id": id])
            }
            let now = clock.now
            dose.deletedAt = now
            dose.updatedAt = now
            try doses.update(dose)
            return dose
        }
    }
}
