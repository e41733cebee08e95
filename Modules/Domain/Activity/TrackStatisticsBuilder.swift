import FoundationEssentials

/// `TrackStatistics` gathered as a GPX file is read, one point at a time, so that a reader can
/// measure a file without keeping its track points (`tend gpx stats` on a long ride stays in a
/// few megabytes). `TrackStatistics(document:)` goes through this same builder, so both ways
/// give the same figures to the last bit.
///
/// Calls follow the document: for each track, its segments (`beginSegment`, `add` each point,
/// `endSegment`) then `endTrack`; for each route, its points then `endRoute`; waypoints at any
/// time. Route points and waypoints are kept (a file has few) because they only widen `bounds`,
/// after the track points, in the order a document lists them.
public struct TrackStatisticsBuilder: Sendable {
    var accumulator = TrackAccumulator()
    private(set) var tracks = 0
    private(set) var segments = 0
    private(set) var routes = 0
    private(set) var routePoints: [TrackPoint] = []
    private(set) var waypointPoints: [TrackPoint] = []

    public init() {}

    public mutating func beginSegment() {
        segments += 1
        accumulator.beginSegment()
    }

    public mutating func add(_ point: TrackPoint) {
        accumulator.add(point)
    }

    public mutating func endSegment() {
        accumulator.endSegment()
    }

    public mutating func add(segment: [TrackPoint]) {
        beginSegment()
        for point in segment { add(point) }
        endSegment()
    }

    public mutating func endTrack() { tracks += 1 }

    public mutating func addRoutePoint(_ point: TrackPoint) { routePoints.append(point) }

    public mutating func endRoute() { routes += 1 }

    public mutating func addWaypoint(_ point: TrackPoint) { waypointPoints.append(point) }

    public func statistics() -> TrackStatistics { TrackStatistics(self) }
}
