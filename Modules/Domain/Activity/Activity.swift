import FoundationEssentials
import Core

/// A run or a hike.
public enum ActivityKind: String, Sendable, Codable, CaseIterable {
    case run, hike
}

/// One run or hike: imported from GPX (with its track) or entered by hand.
public struct Activity: Sendable, Equatable, Identifiable {
    public enum Source: String, Sendable, Codable {
        case gpx, manual
    }

    public let id: String
    public let ownerID: String
    public var kind: ActivityKind
    public var name: String?
    public var startedAt: Date
    /// Seconds from start to end.
    public var duration: Double
    public var movingTime: Double?
    /// Metres (2D).
    public var distance: Double
    public var elevationGain: Double?
    public var elevationLoss: Double?
    public var source: Source
    /// The whole GPX content for an import; nil for a manual entry, and in lists.
    public var track: GPXDocument?
    public let createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(id: String, ownerID: String, kind: ActivityKind, name: String?, startedAt: Date, duration: Double,
                movingTime: Double?, distance: Double, elevationGain: Double?, elevationLoss: Double?, source: Source,
                track: GPXDocument?, createdAt: Date, updatedAt: Date, deletedAt: Date? = nil) {
        self.id = id
        self.ownerID = ownerID
        self.kind = kind
        self.name = name
        self.startedAt = startedAt
        self.duration = duration
        self.movingTime = movingTime
        self.distance = distance
        self.elevationGain = elevationGain
        self.elevationLoss = elevationLoss
        self.source = source
        self.track = track
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }

    /// Seconds per kilometre over the moving time (else the whole duration).
    public var pace: Double? {
        guard distance >= 1 else { return nil }
        let pace = (movingTime ?? duration) / (distance / 1000)
        return pace.isFinite ? pace : nil
    }
}

/// A saved place (the box, home) for walking ETAs.
public struct Place: Sendable, Equatable, Identifiable {
    public let id: String
    public let ownerID: String
    public var name: String
    public var latitude: Double
    public var longitude: Double
    public var elevation: Double?
    public let createdAt: Date
    public var updatedAt: Date

    public init(id: String, ownerID: String, name: String, latitude: Double, longitude: Double, elevation: Double?,
                createdAt: Date, updatedAt: Date) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

public protocol ActivityRepository: Sendable {
    func insert(_ activity: Activity) throws
    func update(_ activity: Activity) throws
    /// One activity with its track.
    func activity(id: String, ownerID: String) throws -> Activity?
    /// Activities started in `interval` (all when nil), newest first, without their tracks.
    func activities(ownerID: String, kind: ActivityKind?, in interval: Range<Date>?) throws -> [Activity]
    /// The ids of activities of a kind that have a track (for personal bests).
    func trackedActivityIDs(ownerID: String, kind: ActivityKind) throws -> [String]
}

public protocol PlaceRepository: Sendable {
    func save(_ place: Place) throws
    /// Looks up by name, case-insensitively.
    func place(named name: String, ownerID: String) throws -> Place?
    func places(ownerID: String) throws -> [Place]
    func delete(id: String, ownerID: String, at date: Date) throws
}
