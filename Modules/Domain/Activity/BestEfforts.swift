import FoundationEssentials
import Core

/// Personal bests inside recorded runs.
public enum BestEfforts {
    /// The fastest time in seconds to cover `distance` metres inside one track: two pointers over
    /// the cumulative 2D distance, interpolating the ends; within segments only — no distance
    /// across a gap; nil if no segment is long enough or has no times.
    ///
    /// Time along a segment is piecewise linear in distance between its timed points (untimed
    /// points add distance only). The time to cover a window [x, x + distance] is then piecewise
    /// linear in x and changes slope only where one end of the window meets a timed point, so the
    /// minimum is at such a place: we try every timed point as the start (the end interpolated
    /// ahead) and as the end (the start interpolated behind). Backwards or repeated timestamps
    /// add no time, and a window that takes no time at all is a recording error, not a best.
    public static func fastest(distance: Double, in segments: [[TrackPoint]]) -> Double? {
        guard distance > 0 else { return nil }
        var best: Double?
        for segment in segments {
            let timeline = timeline(of: segment)
            guard let first = timeline.first, let last = timeline.last,
                  last.position - first.position >= distance else { continue }
            for candidate in [forward(timeline, distance), backward(timeline, distance)] {
                if let candidate, candidate > 0 { best = min(best ?? candidate, candidate) }
            }
        }
        return best
    }

    private typealias Timeline = [(position: Double, time: Double)]

    /// One vertex per timed point: cumulative 2D distance and cumulative non-negative time.
    private static func timeline(of segment: [TrackPoint]) -> Timeline {
        var timeline: Timeline = []
        var position = 0.0
        var clock = 0.0
        var previous: TrackPoint?
        var previousTimestamp: Double?
        for point in segment {
            if let previous { position += Geo.distance2D(previous, point) }
            previous = point
            guard let timestamp = point.timestamp else { continue }
            if let previousTimestamp { clock += max(0, timestamp - previousTimestamp) }
            previousTimestamp = timestamp
            timeline.append((position, clock))
        }
        return timeline
    }

    /// Each timed point as a window's start; the end interpolated ahead.
    private static func forward(_ timeline: Timeline, _ distance: Double) -> Double? {
        var best: Double?
        var j = 0
        for i in timeline.indices {
            let target = timeline[i].position + distance
            if target > timeline[timeline.count - 1].position { break }
            while timeline[j].position < target { j += 1 }
            // timeline[j] is the first vertex at or past the target; j > 0 because distance > 0.
            let time = time(at: target, between: timeline[j - 1], and: timeline[j]) - timeline[i].time
            best = min(best ?? time, time)
        }
        return best
    }

    /// Each timed point as a window's end; the start interpolated behind.
    private static func backward(_ timeline: Timeline, _ distance: Double) -> Double? {
        var best: Double?
        var i = 0
        for j in timeline.indices {
            let target = timeline[j].position - distance
            if target < timeline[0].position { continue }
            // Move to the last vertex at or before the target; the start takes its last moment there,
            // so a stop just before the window is not counted in it.
            while i + 1 < timeline.count, timeline[i + 1].position <= target { i += 1 }
            let start = i + 1 < timeline.count ? time(at: target, between: timeline[i], and: timeline[i + 1]) : timeline[i].time
            let time = timeline[j].time - start
            best = min(best ?? time, time)
        }
        return best
    }

    private static func time(at position: Double, between a: (position: Double, time: Double),
                             and b: (position: Double, time: Double)) -> Double {
        let span = b.position - a.position
        return span > 0 ? a.time + (b.time - a.time) * (position - a.position) / span : b.time
    }
}
