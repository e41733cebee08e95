import FoundationEssentials

/// One point of a track, route or waypoint. Stored compactly (48 bytes: NaN or 0 marks a missing
/// value) because a long file holds hundreds of thousands of them; read through the optionals.
public struct TrackPoint: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    private var rawElevation: Double = .nan
    private var rawTime: Double = .nan
    private var rawHeartRate: UInt16 = 0
    private var rawCadence: UInt16 = .max
    private var rawTemperature: Float = .nan
    private var rawSpeed: Float = .nan
    private var rawCourse: Float = .nan

    public init(latitude: Double, longitude: Double, elevation: Double? = nil, time: Date? = nil, heartRate: Int? = nil,
                cadence: Int? = nil, temperature: Double? = nil, speed: Double? = nil, course: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.time = time
        self.heartRate = heartRate
        self.cadence = cadence
        self.temperature = temperature
        self.speed = speed
        self.course = course
    }

    /// Metres above sea level.
    public var elevation: Double? {
        get { rawElevation.isNaN ? nil : rawElevation }
        set { rawElevation = newValue ?? .nan }
    }

    public var time: Date? {
        get { rawTime.isNaN ? nil : Date(timeIntervalSince1970: rawTime) }
        set { rawTime = newValue?.timeIntervalSince1970 ?? .nan }
    }

    /// Seconds since 1970 without building a `Date` (hot loops).
    public var timestamp: Double? { rawTime.isNaN ? nil : rawTime }

    /// Beats per minute (Garmin TrackPointExtension).
    public var heartRate: Int? {
        get { rawHeartRate == 0 ? nil : Int(rawHeartRate) }
        set { rawHeartRate = newValue.map { UInt16(clamping: max(1, $0)) } ?? 0 }
    }

    /// Steps (or revolutions) per minute.
    public var cadence: Int? {
        get { rawCadence == .max ? nil : Int(rawCadence) }
        set { rawCadence = newValue.map { UInt16(clamping: min(max(0, $0), Int(UInt16.max) - 1)) } ?? .max }
    }

    /// Degrees Celsius.
    public var temperature: Double? {
        get { rawTemperature.isNaN ? nil : Double(rawTemperature) }
        set { rawTemperature = newValue.map(Float.init) ?? .nan }
    }

    /// Metres per second, as recorded (GPX 1.0 `<speed>`).
    public var speed: Double? {
        get { rawSpeed.isNaN ? nil : Double(rawSpeed) }
        set { rawSpeed = newValue.map(Float.init) ?? .nan }
    }

    /// Degrees from north (GPX 1.0 `<course>`).
    public var course: Double? {
        get { rawCourse.isNaN ? nil : Double(rawCourse) }
        set { rawCourse = newValue.map(Float.init) ?? .nan }
    }

    public static func == (lhs: TrackPoint, rhs: TrackPoint) -> Bool {
        lhs.latitude == rhs.latitude && lhs.longitude == rhs.longitude && lhs.elevation == rhs.elevation
            && lhs.timestamp == rhs.timestamp && lhs.heartRate == rhs.heartRate && lhs.cadence == rhs.cadence
            && lhs.temperature == rhs.temperature && lhs.speed == rhs.speed && lhs.course == rhs.course
    }
}

/// A named point of interest.
public struct Waypoint: Sendable, Equatable {
    public var point: TrackPoint
    public var name: String?
    public var description: String?

    public init(point: TrackPoint, name: String? = nil, description: String? = nil) {
        self.point = point
        self.name = name
        self.description = description
    }
}

public struct GPXTrack: Sendable, Equatable {
    public var name: String?
    /// Each segment is a run of points recorded without a break; the gap between two segments
    /// is not distance.
    public var segments: [[TrackPoint]]

    public init(name: String? = nil, segments: [[TrackPoint]] = []) {
        self.name = name
        self.segments = segments
    }
}

public struct GPXRoute: Sendable, Equatable {
    public var name: String?
    public var points: [TrackPoint]

    public init(name: String? = nil, points: [TrackPoint] = []) {
        self.name = name
        self.points = points
    }
}

/// What a GPX file holds.
public struct GPXDocument: Sendable, Equatable {
    public var version: String?
    public var creator: String?
    public var name: String?
    public var description: String?
    public var time: Date?
    public var tracks: [GPXTrack]
    public var routes: [GPXRoute]
    public var waypoints: [Waypoint]

    public init(version: String? = nil, creator: String? = nil, name: String? = nil, description: String? = nil,
                time: Date? = nil, tracks: [GPXTrack] = [], routes: [GPXRoute] = [], waypoints: [Waypoint] = []) {
        self.version = version
        self.creator = creator
        self.name = name
        self.description = description
        self.time = time
        self.tracks = tracks
        self.routes = routes
        self.waypoints = waypoints
    }

    /// Every track segment of every track, in order.
    public var segments: [[TrackPoint]] { tracks.flatMap(\.segments) }
}

/// Reading and writing GPX, implemented in `Data` on libxml2.
public protocol GPXCoding: Sendable {
    /// Parses a GPX file; a bad file is an `AppError` whose message starts `<name>:<line>:`.
    func read(path: String) throws -> GPXDocument
    func read(data: Data, name: String) throws -> GPXDocument
    /// `TrackStatistics(document: read(…))` in one pass, without keeping the track points.
    func statistics(path: String) throws -> TrackStatistics
    func statistics(data: Data, name: String) throws -> TrackStatistics
    func write(_ document: GPXDocument) -> String
}

extension GPXCoding {
    public func statistics(path: String) throws -> TrackStatistics { TrackStatistics(document: try read(path: path)) }
    public func statistics(data: Data, name: String) throws -> TrackStatistics {
        TrackStatistics(document: try read(data: data, name: name))
    }
}
