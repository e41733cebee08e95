import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Core

/// Distances on the Earth's surface and the elevation smoothing shared by the activity statistics.
public enum Geo {
    /// The IUGG mean Earth radius R₁ = (2a + b) / 3, in metres.
    ///
    /// A sphere of this radius is what haversine is meant for: it puts one degree of latitude at
    /// 111.195 km, between the ellipsoid's 110.57 km (equator) and 111.69 km (poles). gpxpy uses the
    /// equatorial radius 6 378 137 m instead, which makes every distance 0.11 % longer than ours —
    /// well inside the 0.5 % we allow against it, and the mean radius is the smaller error on average.
    public static let earthRadius: Double = 6_371_008.8

    /// Great-circle (haversine) distance in metres; elevation ignored.
    public static func distance2D(_ a: TrackPoint, _ b: TrackPoint) -> Double {
        distance(latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude, longitude2: b.longitude)
    }

    /// The haversine distance combined with the elevation difference (Pythagoras) when both points
    /// have an elevation; the 2D distance otherwise.
    public static func distance3D(_ a: TrackPoint, _ b: TrackPoint) -> Double {
        let flat = distance2D(a, b)
        guard let ea = a.elevation, let eb = b.elevation else { return flat }
        let rise = eb - ea
        return (flat * flat + rise * rise).squareRoot()
    }

    /// Haversine distance in metres between two coordinates in degrees. Haversine (rather than the
    /// spherical law of cosines) stays accurate for the few-metre steps of a GPS track.
    public static func distance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let radiansPerDegree = Double.pi / 180
        let phi1 = latitude1 * radiansPerDegree
        let phi2 = latitude2 * radiansPerDegree
        let halfDeltaPhi = (phi2 - phi1) / 2
        let halfDeltaLambda = (longitude2 - longitude1) * radiansPerDegree / 2
        let sinPhi = sin(halfDeltaPhi)
        let sinLambda = sin(halfDeltaLambda)
        let h = sinPhi * sinPhi + cos(phi1) * cos(phi2) * sinLambda * sinLambda
        // Rounding can push h a hair past 1 for antipodal points; asin would return NaN.
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }
}

/// A latitude/longitude box in degrees. It does not handle a track that crosses the antimeridian
/// (it would span the whole globe); no activity of ours does.
public struct Bounds: Sendable, Equatable, Codable {
    public let minLatitude: Double
    public let maxLatitude: Double
    public let minLongitude: Double
    public let maxLongitude: Double

    public init(minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.maxLatitude = maxLatitude
        self.minLongitude = minLongitude
        self.maxLongitude = maxLongitude
    }

    /// The smallest box holding every point; nil without points.
    public init?(points: some Sequence<TrackPoint>) {
        var box: Bounds?
        for point in points { box = box?.including(point) ?? Bounds(point) }
        guard let box else { return nil }
        self = box
    }

    init(_ point: TrackPoint) {
        self.init(minLatitude: point.latitude, maxLatitude: point.latitude,
                  minLongitude: point.longitude, maxLongitude: point.longitude)
    }

    func including(_ point: TrackPoint) -> Bounds {
        Bounds(minLatitude: min(minLatitude, point.latitude), maxLatitude: max(maxLatitude, point.latitude),
               minLongitude: min(minLongitude, point.longitude), maxLongitude: max(maxLongitude, point.longitude))
    }
}

// MARK: - Elevation smoothing (shared by TrackStatistics and HikingEstimate)

extension Geo {
    /// One segment's elevations after gpxpy's three-point filter, aligned with the points (nil where
    /// a point has no elevation).
    ///
    /// The points without an elevation are skipped, not read as zero: the filter runs over the
    /// consecutive points that have one, each becoming 0.3·previous + 0.4·own + 0.3·next; the first
    /// and last keep their value. This is exactly gpxpy's `calculate_uphill_downhill` filter, so
    /// that our ascent matches the reference library; it takes off the point-to-point jitter that
    /// would otherwise add up to metres of phantom climb, and leaves a straight slope unchanged.
    static func smoothedElevations(_ segment: [TrackPoint]) -> [Double?] {
        var indices: [Int] = []
        var raw: [Double] = []
        indices.reserveCapacity(segment.count)
        raw.reserveCapacity(segment.count)
        for (index, point) in segment.enumerated() {
            if let elevation = point.elevation {
                indices.append(index)
                raw.append(elevation)
            }
        }
        var smoothed = [Double?](repeating: nil, count: segment.count)
        for k in raw.indices {
            let value = k > 0 && k < raw.count - 1 ? 0.3 * raw[k - 1] + 0.4 * raw[k] + 0.3 * raw[k + 1] : raw[k]
            smoothed[indices[k]] = value
        }
        return smoothed
    }

    /// Ascent and descent of one segment in metres: the sums of the rises and of the drops between
    /// consecutive smoothed elevations (see `smoothedElevations`). Both figures come from the same
    /// smoothed profile, so ascent − descent is the smoothed net change.
    static func climb(_ segment: [TrackPoint]) -> (ascent: Double, descent: Double) {
        var counter = ClimbCounter()
        for point in segment {
            if let elevation = point.elevation { counter.add(elevation) }
        }
        return counter.finish()
    }

    /// `climb` one elevation at a time, for a segment read as it streams: the smoothed value of
    /// an elevation is known once the next one arrives (the last keeps its own), and each is the
    /// same expression as in `smoothedElevations`, so the sums are the same to the last bit.
    struct ClimbCounter {
        private var count = 0
        private var beforeLast = 0.0
        private var last = 0.0
        private var previousSmoothed: Double?
        private var ascent = 0.0
        private var descent = 0.0

        mutating func add(_ elevation: Double) {
            if count == 0 {
                take(elevation)
            } else if count >= 2 {
                take(0.3 * beforeLast + 0.4 * last + 0.3 * elevation)
            }
            beforeLast = last
            last = elevation
            count += 1
        }

        /// Ascent and descent of the segment (the last elevation ends it, unsmoothed).
        mutating func finish() -> (ascent: Double, descent: Double) {
            if count >= 2 { take(last) }
            return (ascent, descent)
        }

        private mutating func take(_ smoothed: Double) {
            if let previousSmoothed {
                let change = smoothed - previousSmoothed
                if change > 0 { ascent += change } else { descent -= change }
            }
            previousSmoothed = smoothed
        }
    }

    /// Linear interpolation of a piecewise-linear profile given as (position, value) vertices in
    /// ascending position; outside the profile it returns the end values. Where several vertices
    /// share a position (a stop), it returns the first one's value.
    static func interpolate(_ profile: [(position: Double, value: Double)], at position: Double) -> Double? {
        guard let first = profile.first, let last = profile.last else { return nil }
        if position <= first.position { return first.value }
        if position > last.position { return last.value }
        // `lower + 1` is the first vertex at or past `position`, so it exists.
        let lower = lastIndexBelow(position, in: profile)
        let a = profile[lower]
        let b = profile[lower + 1]
        let span = b.position - a.position
        return span > 0 ? a.value + (b.value - a.value) * (position - a.position) / span : b.value
    }

    /// The last index whose position is strictly below `position` (binary search; the profile is
    /// non-decreasing and its first position is below `position`).
    private static func lastIndexBelow(_ position: Double, in profile: [(position: Double, value: Double)]) -> Int {
        var low = 0
        var high = profile.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if profile[middle].position < position { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
