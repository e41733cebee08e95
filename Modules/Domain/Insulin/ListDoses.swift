import FoundationEssentials
import Core

/// Doses between two insulin days (inclusive), or one dose by id.
public struct ListDoses: Sendable {
    let doses: any DoseRepository
    let settings: InsulinSettingsService

    public init(doses: any DoseRepository, settings: InsulinSettingsService) {
        self.doses = doses
        self.settings = settings
    }

    /// Doses taken in `interval`; all of them when nil.
    public func callAsFunction(ownerID: String, in interval: Range<Date>?) throws -> [Dose] {
        try doses.doses(ownerID: ownerID, kind: nil, in: interval)
    }

    /// Doses of the insulin days `first...last` (either end open when nil).
    public func callAsFunction(ownerID: String, from first: LocalDate?, through last: LocalDate?) throws -> [Dose] {
        if let first, let last, last < first {
            throw AppError.invalidInput("the end date \(last) is before the start date \(first)", code: "invalid_range")
                .with(["start": "\(first)", "end": "\(last)"])
        }
        let days = try settings.current(ownerID: ownerID).insulinDays
        let lower = first.map { days.start(of: $0) } ?? Date(timeIntervalSince1970: 0)
        let upper = last.map { days.start(of: $0.adding(days: 1)) } ?? Date(timeIntervalSince1970: 253_402_300_799)
        return try doses.doses(ownerID: ownerID, kind: nil, in: lower..<upper)
    }

    public func dose(ownerID: String, id: String) throws -> Dose {
        guard let dose = try doses.dose(id: id.lowercased(), ownerID: ownerID) else {
            throw AppError.notFound("no dose with id \(id)", code: "dose_not_found").with(["id": id])
        }
        return dose
    }
}
