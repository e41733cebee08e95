import FoundationEssentials

/// Storage of doses. Reads never return soft-deleted doses.
public protocol DoseRepository: Sendable {
    func insert(_ dose: Dose) throws
    func update(_ dose: Dose) throws
    /// The dose with this id for this owner, if it exists and is not deleted.
    func dose(id: String, ownerID: String) throws -> Dose?
    /// The owner of the row (of any owner, deleted or not) that uses this id, if any.
    func ownerOfID(_ id: String) throws -> String?
    /// Doses taken in `interval` (half-open), oldest first; all of them when `interval` is nil.
    func doses(ownerID: String, kind: InsulinKind?, in interval: Range<Date>?) throws -> [Dose]
    /// The most recent dose of a kind taken at or before `date`.
    func latest(ownerID: String, kind: InsulinKind, atOrBefore date: Date) throws -> Dose?
    /// The most recent dose of a kind taken in `interval` (half-open).
    func latest(ownerID: String, kind: InsulinKind, in interval: Range<Date>) throws -> Dose?
    /// How many doses of a kind were taken in `interval` (half-open), and their units: counted by
    /// an index, without reading the doses.
    func tally(ownerID: String, kind: InsulinKind, in interval: Range<Date>) throws -> DoseTally
    /// The insulin status's four reads at once (`DoseStatusReads`; by default one after another).
    func statusReads(ownerID: String, day: Range<Date>, horizon: Date) throws -> DoseStatusReads
    /// `statusReads`, and the owner's live insulin settings read in the same state of the data
    /// and, where the engine pipelines, the same round trip: `day` is the caller's guess from
    /// settings it saw before, to be checked against those returned. Settings nil: none stored,
    /// or a store that does not read them here (the caller reads them itself).
    func statusReadsWithSettings(ownerID: String, day: Range<Date>, horizon: Date) throws
        -> (settings: InsulinSettings?, reads: DoseStatusReads)
    /// When the owner's earliest dose was taken.
    func earliestTakenAt(ownerID: String) throws -> Date?
}

/// The number of doses and their units over a span.
public struct DoseTally: Sendable, Equatable {
    public var count: Int
    public var units: Double

    public init(count: Int, units: Double) {
        self.count = count
        self.units = units
    }
}

/// Storage of each owner's insulin settings (one row per owner).
public protocol InsulinSettingsRepository: Sendable {
    func settings(ownerID: String) throws -> InsulinSettings?
    func save(_ settings: InsulinSettings) throws
}
