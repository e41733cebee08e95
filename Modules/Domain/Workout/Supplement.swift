import FoundationEssentials
import Core

/// A supplement with its schedule: times of day, on some weekdays (all when empty).
public struct Supplement: Sendable, Equatable, Identifiable {
    public let id: String
    public let ownerID: String
    public var name: String
    public var amount: Double
    public var unit: String
    public var times: [LocalTime]
    /// ISO weekdays, 1 = Monday; empty means every day.
    public var weekdays: [Int]
    public let createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(id: String, ownerID: String, name: String, amount: Double, unit: String, times: [LocalTime], weekdays: [Int],
                createdAt: Date, updatedAt: Date, deletedAt: Date? = nil) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.amount = amount
        self.unit = unit
        self.times = times.sorted()
        self.weekdays = weekdays.sorted()
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }

    public func isScheduled(on day: LocalDate) -> Bool { weekdays.isEmpty || weekdays.contains(day.isoWeekday) }
}

/// One taking of a supplement, for one scheduled slot.
public struct SupplementIntake: Sendable, Equatable {
    public let id: String
    public let supplementID: String
    public let ownerID: String
    public let day: LocalDate
    /// The scheduled time this intake answers (nil for an extra one, forced).
    public let slot: LocalTime?
    public let takenAt: Date

    public init(id: String, supplementID: String, ownerID: String, day: LocalDate, slot: LocalTime?, takenAt: Date) {
        self.id = id
        self.supplementID = supplementID
        self.ownerID = ownerID
        self.day = day
        self.slot = slot
        self.takenAt = takenAt
    }
}

public protocol SupplementRepository: Sendable {
    func save(_ supplement: Supplement) throws
    func supplements(ownerID: String) throws -> [Supplement]
    func insert(_ intake: SupplementIntake) throws
    func intakes(ownerID: String, from: LocalDate, through: LocalDate) throws -> [SupplementIntake]
}
