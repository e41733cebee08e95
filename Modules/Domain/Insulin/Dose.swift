import FoundationEssentials

/// One logged injection.
public struct Dose: Sendable, Equatable, Identifiable {
    public let id: String
    public let ownerID: String
    public var kind: InsulinKind
    public var units: Double
    public var takenAt: Date
    public var note: String?
    public let createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(id: String, ownerID: String, kind: InsulinKind, units: Double, takenAt: Date, note: String?,
                createdAt: Date, updatedAt: Date, deletedAt: Date? = nil) {
        self.id = id
        self.ownerID = ownerID
        self.kind = kind
        self.units = units
        self.takenAt = takenAt
        self.note = note
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }
}
