import FoundationEssentials

/// Storage of doses. Reads never return soft-deleted doses.
public protocol DoseRepository: Sendable {
    func insert(_ dose: Dose) throws
    func update(_ dose: Dose) throws
    /// The dose with this id for this owner, if it exists and is not deleted.
    func dose(id: String, ownerID: String) throws -> Dose?
    /// Whether any row (of any owner, deleted or not) already uses this id.
    func idExists(_ id: String) throws -> Bool
    /// Doses taken in `interval` (half-open), oldest first; all of them when `interval` is nil.
    func doses(ownerID: String, kind: InsulinKind?, in interval: Range<Date>?) throws -> [Dose]
    /// The most recent dose of a kind taken at or before `date`.
    func latest(ownerID: String, kind: InsulinKind, atOrBefore date: Date) throws -> Dose?
    /// When the owner's earliest dose was taken.
    func earliestTakenAt(ownerID: String) throws -> Date?
}

/// Storage of each owner's insulin settings (one row per owner).
public protocol InsulinSettingsRepository: Sendable {
    func settings(ownerID: String) throws -> InsulinSettings?
    func save(_ settings: InsulinSettings) throws
}
