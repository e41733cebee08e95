import FoundationEssentials
import Core

/// One pass over the track segments that gathers every figure of `TrackStatistics`.
///
/// - Distance: haversine between consecutive points of a segment, never from the last point of a
///   segment to the first of the next.
/// - Moving time: consecutive *timed* points of a segment form a stretch; its distance is the 2D
///   distance along the path between them (points without a time in between add their distance
///   but no time of their own). The stretch counts as moving when that distance over its time is
///   at least 1 km/h. 2D, not 3D, because elevation noise of a metre between two fixes a second
///   apart is 3.6 km/h of phantom speed and would turn every stop into movement. A stretch whose
///   time does not advance (duplicate or backwards timestamps) adds no time.
/// - Splits: the cumulative 2D distance continues from one segment to the next without the gap,
///   and the split clock counts only time inside segments (see `splits()`).
struct TrackAccumulator {
    /// 1 km/h in m/s: below it a stretch is a stop (GPS jitter while standing still stays under it).
    static let stoppedSpeed = 1000.0 / 3600.0
    /// A last split shorter than this is a rounding leftover; it joins the split before.
    static let shortestLastSplit = 1.0

    var points = 0
    var distance2D = 0.0
    var distance3D = 0.0
    var ascent = 0.0
    var descent = 0.0
    var minElevation: Double?
    var maxElevation: Double?
    var firstTimestamp: Double?
    var lastTimestamp: Double?
    var movingTime = 0.0
    var movingDistance = 0.0
    var movingSpeeds: [Double] = []
    var bounds: Bounds?
    var heartRateSum = 0
    var heartRateCount = 0
    var maxHeartRate: Int?
    /// Cumulative distance → cumulative in-segment time, one vertex per timed point.
    var clock = KilometreSampler()
    /// Cumulative distance → recorded elevation, one vertex per point with an elevation.
    var profile = KilometreSampler()
    private var elapsedInSegments = 0.0

    // The segment being read: points arrive one at a time (`beginSegment`, `add`, `endSegment`),
    // so a file's statistics need not keep its points.
    private var climb = Geo.ClimbCounter()
    private var previous: TrackPoint?
    private var previousTimestamp: Double?
    private var distanceSinceTimed = 0.0

    mutating func beginSegment() {
        climb = Geo.ClimbCounter()
        previous = nil
        previousTimestamp = nil
        distanceSinceTimed = 0
    }

    mutating func endSegment() {
        let climb = climb.finish()
        ascent += climb.ascent
        descent += climb.descent
    }

    mutating func add(_ point: TrackPoint) {
        points += 1
        if let elevation = point.elevation { climb.add(elevation) }
        if let previous {
            let step = Geo.distance2D(previous, point)
            distance2D += step
            distanceSinceTimed += step
            if let a = previous.elevation, let b = point.elevation {
                distance3D += (step * step + (b - a) * (b - a)).squareRoot()
            } else {
                distance3D += step
            }
        }
        previous = point
        bounds = bounds?.including(point) ?? Bounds(point)

        if let elevation = point.elevation {
            minElevation = min(minElevation ?? elevation, elevation)
            maxElevation = max(maxElevation ?? elevation, elevation)
            profile.add(position: distance2D, value: elevation)
        }
        if let heartRate = point.heartRate {
            heartRateSum += heartRate
            heartRateCount += 1
            maxHeartRate = max(maxHeartRate ?? heartRate, heartRate)
        }
        if let timestamp = point.timestamp {
            firstTimestamp = min(firstTimestamp ?? timestamp, timestamp)
            lastTimestamp = max(lastTimestamp ?? timestamp, timestamp)
            if let previousTimestamp, timestamp > previousTimestamp {
                let seconds = timestamp - previousTimestamp
                elapsedInSegments += seconds
                let speed = distanceSinceTimed / seconds
                if speed >= Self.stoppedSpeed {
                    movingTime += seconds
                    movingDistance += distanceSinceTimed
                    movingSpeeds.append(speed)
                }
            }
            previousTimestamp = timestamp
            distanceSinceTimed = 0
            clock.add(position: distance2D, value: elapsedInSegments)
        }
    }

    /// Per-kilometre splits along the cumulative 2D distance.
    ///
    /// The time and elevation at each kilometre boundary are interpolated linearly between the
    /// points either side. Time is the clock of the segments (the pause between two segments is
    /// not in any split); where a stop sits exactly on a boundary the boundary takes the moment the
    /// stop began. A split reaching outside the timed points has no duration; elevation outside the
    /// points that have one takes the nearest recorded value.
    func splits() -> [Split] {
        guard distance2D > 0 else { return [] }
        var count = Int((distance2D / 1000).rounded(.up))
        if count > 1, distance2D - Double(count - 1) * 1000 < Self.shortestLastSplit { count -= 1 }
        let firstTimed = clock.first?.position
        let lastTimed = clock.last?.position
        func value(_ profile: KilometreSampler, _ index: Int) -> Double? {
            index == count ? profile.value(atEnd: distance2D) : profile.value(kilometre: index)
        }
        // Boundaries within a millimetre of the timed range count as inside it (rounding).
        let tolerance = 0.001
        return (1...count).map { index in
            let start = Double(index - 1) * 1000
            let end = index == count ? distance2D : Double(index) * 1000
            let length = end - start
            var duration: Double?
            if let firstTimed, let lastTimed, start >= firstTimed - tolerance, end <= lastTimed + tolerance,
               let from = value(clock, index - 1), let to = value(clock, index) {
                duration = to - from
            }
            var elevationChange: Double?
            if let from = value(profile, index - 1), let to = value(profile, index) {
                elevationChange = to - from
            }
            let pace = duration.map { length > 0 ? $0 / length * 1000 : 0 }
            return Split(index: index, distance: length, duration: duration, pace: pace,
                         elevationChange: elevationChange)
        }
    }
}
