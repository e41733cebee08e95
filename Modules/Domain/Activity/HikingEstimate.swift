import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Core

/// How long a walk should take, by three rules hikers use.
public enum HikingEstimate {
    public struct Estimate: Sendable, Equatable, Codable {
        /// Seconds: 5 km/h on the map distance plus one hour per 600 m of ascent.
        public let naismith: Double
        /// Seconds: Tobler's hiking function integrated along the way.
        public let tobler: Double
        /// Seconds: DIN 33466 (4 km/h; 300 m/h up, 500 m/h down; the larger plus half the smaller).
        public let din33466: Double
        /// Metres, horizontal (2D), never across the gap between two segments.
        public let distance: Double
        /// Metres, from the smoothed elevations, as `TrackStatistics.elevationGain`/`elevationLoss`.
        public let ascent: Double
        public let descent: Double

        public init(naismith: Double, tobler: Double, din33466: Double, distance: Double, ascent: Double, descent: Double) {
            self.naismith = naismith
            self.tobler = tobler
            self.din33466 = din33466
            self.distance = distance
            self.ascent = ascent
            self.descent = descent
        }
    }

    /// The estimates over track segments or a route's points (pass `[route.points]`).
    public static func estimate(segments: [[TrackPoint]]) -> Estimate {
        var distance = 0.0
        var ascent = 0.0
        var descent = 0.0
        var tobler = 0.0
        for segment in segments {
            distance += zip(segment, segment.dropFirst()).reduce(0) { $0 + Geo.distance2D($1.0, $1.1) }
            let climb = Geo.climb(segment)
            ascent += climb.ascent
            descent += climb.descent
            tobler += toblerTime(segment)
        }
        let naismith = distance / 5000 * 3600 + ascent / 600 * 3600
        let horizontal = distance / 4000 * 3600
        let vertical = ascent / 300 * 3600 + descent / 500 * 3600
        let din = max(horizontal, vertical) + min(horizontal, vertical) / 2
        return Estimate(naismith: naismith, tobler: tobler, din33466: din, distance: distance, ascent: ascent, descent: descent)
    }

    /// Tobler's hiking function: walking speed in km/h on a slope given as rise over run
    /// (0.1 = 10 % up, −0.05 is the fastest, 6 km/h).
    public static func toblerSpeed(slope: Double) -> Double {
        6 * exp(-3.5 * abs(slope + 0.05))
    }

    /// The walking distance to a place over the great-circle distance: 1.3, a usual pedestrian
    /// circuity factor — measured ratios of street-network to straight-line walking distance in
    /// cities mostly fall between 1.2 and 1.4, and we would rather promise a little late than early.
    public static let detourFactor: Double = 1.3

    /// Walking ETA to a place: the great-circle distance × `detourFactor`, walked at Tobler's speed
    /// for the average slope (elevation difference over that distance; flat when either point has
    /// no elevation). Returns the walking distance in metres and the time in seconds.
    public static func walkingTime(from: TrackPoint, to: TrackPoint) -> (distance: Double, seconds: Double) {
        let distance = Geo.distance2D(from, to) * detourFactor
        guard distance > 0 else { return (0, 0) }
        var slope = 0.0
        if let a = from.elevation, let b = to.elevation { slope = (b - a) / distance }
        return (distance, distance / 1000 / toblerSpeed(slope: slope) * 3600)
    }

    /// The shortest horizontal stretch a slope is measured over. Points of a recorded track are a
    /// few metres apart, where a metre of elevation noise reads as a 30 % slope; Tobler's function
    /// is convex, so such noise always makes the walk look slower. Over 25 m the noise left after
    /// smoothing is a slope of a few percent, while real hills and switchbacks are still resolved.
    static let shortestSlopeStretch = 25.0

    /// Seconds to walk one segment at Tobler's speed, stretch by stretch (each at least
    /// `shortestSlopeStretch` long, except the last). Elevations are the smoothed ones; a point
    /// without elevation takes one interpolated along the distance between its neighbours that
    /// have one (the nearest one past either end), and a segment with none is flat.
    static func toblerTime(_ segment: [TrackPoint]) -> Double {
        guard segment.count > 1 else { return 0 }
        var positions = [0.0]
        positions.reserveCapacity(segment.count)
        for (a, b) in zip(segment, segment.dropFirst()) { positions.append(positions.last! + Geo.distance2D(a, b)) }
        let smoothed = Geo.smoothedElevations(segment)
        var profile: [(position: Double, value: Double)] = []
        for (position, elevation) in zip(positions, smoothed) {
            if let elevation { profile.append((position, elevation)) }
        }
        let elevations = positions.map { Geo.interpolate(profile, at: $0) ?? 0 }

        var seconds = 0.0
        var start = 0
        for end in 1..<segment.count {
            let run = positions[end] - positions[start]
            guard run >= shortestSlopeStretch || end == segment.count - 1 else { continue }
            if run > 0 {
                let slope = (elevations[end] - elevations[start]) / run
                seconds += run / 1000 / toblerSpeed(slope: slope) * 3600
            }
            start = end
        }
        return seconds
    }
}
