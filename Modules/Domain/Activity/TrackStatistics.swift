import FoundationEssentials
import Core

/// One kilometre of an activity.
public struct Split: Sendable, Equatable, Codable {
    /// 1-based kilometre.
    public let index: Int
    /// Metres in this split: 1000, the last one may be shorter.
    public let distance: Double
    /// Seconds spent on this split inside the track's segments (nil without times).
    public let duration: Double?
    /// Seconds per kilometre.
    public let pace: Double?
    /// Metres, end minus start, interpolated (nil without elevation).
    public let elevationChange: Double?

    public init(index: Int, distance: Double, duration: Double?, pace: Double?, elevationChange: Double?) {
        self.index = index
        self.distance = distance
        self.duration = duration
        self.pace = pace
        self.elevationChange = elevationChange
    }
}

/// The figures of a GPX file or of bare track segments.
///
/// Every figure except the counts and `bounds` comes from the track segments (routes and waypoints
/// are counted, not measured), and no figure bridges two segments: the gap between them is neither
/// distance, nor moving time, nor climb. See `TrackAccumulator` for how each figure is measured.
public struct TrackStatistics: Sendable, Equatable, Codable {
    /// Track points (route points and waypoints are not counted here).
    public let points: Int
    public let tracks: Int
    public let segments: Int
    public let routes: Int
    public let waypoints: Int
    /// Metres along the track segments (haversine, plus the elevation difference for 3D).
    public let distance2D: Double
    public let distance3D: Double
    /// Metres, from the smoothed elevations (`Geo.smoothedElevations`).
    public let elevationGain: Double
    public let elevationLoss: Double
    /// Metres, from the recorded (unsmoothed) elevations.
    public let minElevation: Double?
    public let maxElevation: Double?
    /// Seconds from the earliest to the latest timed point (elapsed, pauses between segments included).
    public let duration: Double?
    /// Seconds of the timed stretches moving at 1 km/h or more.
    public let movingTime: Double?
    public let startTime: Date?
    public let endTime: Date?
    /// Metres per second: the distance of the moving stretches over the moving time.
    public let averageSpeed: Double?
    /// Metres per second: the 95th percentile of the moving stretches' speeds.
    public let maxSpeed: Double?
    /// Track points, route points and waypoints: the box a map of the file must show.
    public let bounds: Bounds?
    public let splits: [Split]
    /// Beats per minute: the mean over the track points that have a heart rate.
    public let averageHeartRate: Double?
    public let maxHeartRate: Int?

    public init(document: GPXDocument) {
        var builder = TrackStatisticsBuilder()
        for track in document.tracks {
            for segment in track.segments { builder.add(segment: segment) }
            builder.endTrack()
        }
        for route in document.routes {
            for point in route.points { builder.addRoutePoint(point) }
            builder.endRoute()
        }
        for waypoint in document.waypoints { builder.addWaypoint(waypoint.point) }
        self.init(builder)
    }

    /// The same for bare segments, taken as one track (none when there are no segments).
    public init(segments: [[TrackPoint]]) {
        var builder = TrackStatisticsBuilder()
        for segment in segments { builder.add(segment: segment) }
        if !segments.isEmpty { builder.endTrack() }
        self.init(builder)
    }

    init(_ builder: TrackStatisticsBuilder) {
        let accumulator = builder.accumulator
        var bounds = accumulator.bounds
        for point in builder.routePoints { bounds = bounds?.including(point) ?? Bounds(point) }
        for point in builder.waypointPoints { bounds = bounds?.including(point) ?? Bounds(point) }

        self.points = accumulator.points
        self.tracks = builder.tracks
        self.segments = builder.segments
        self.routes = builder.routes
        self.waypoints = builder.waypointPoints.count
        self.distance2D = accumulator.distance2D
        self.distance3D = accumulator.distance3D
        self.elevationGain = accumulator.ascent
        self.elevationLoss = accumulator.descent
        self.minElevation = accumulator.minElevation
        self.maxElevation = accumulator.maxElevation
        self.startTime = accumulator.firstTimestamp.map(Date.init(timeIntervalSince1970:))
        self.endTime = accumulator.lastTimestamp.map(Date.init(timeIntervalSince1970:))
        if let first = accumulator.firstTimestamp, let last = accumulator.lastTimestamp {
            self.duration = last - first
            self.movingTime = accumulator.movingTime
        } else {
            self.duration = nil
            self.movingTime = nil
        }
        self.averageSpeed = accumulator.movingTime > 0 ? accumulator.movingDistance / accumulator.movingTime : nil
        self.maxSpeed = Self.robustMaximum(accumulator.movingSpeeds)
        self.bounds = bounds
        self.splits = accumulator.splits()
        self.averageHeartRate = accumulator.heartRateCount > 0
            ? Double(accumulator.heartRateSum) / Double(accumulator.heartRateCount) : nil
        self.maxHeartRate = accumulator.maxHeartRate
    }

    /// The share of the fastest stretches left out of the maximum speed: one bad fix makes two
    /// impossibly fast stretches, so the plain maximum is a GPS error more often than a sprint.
    static let ignoredTopSpeeds = 0.05

    /// The speed below which 95 % of the moving stretches fall (the element at index ⌊n · 0.95⌋ of
    /// the sorted speeds, gpxpy's percentile), so a handful of outliers cannot set the maximum.
    /// gpxpy first also drops stretches whose length is over 1.5 standard deviations from the mean;
    /// we don't, because with smart recording (fixes 1–10 s apart) that drops honest long stretches.
    static func robustMaximum(_ speeds: [Double]) -> Double? {
        guard !speeds.isEmpty else { return nil }
        let sorted = speeds.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * (1 - ignoredTopSpeeds)))]
    }
}
