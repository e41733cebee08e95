import Foundation
import Testing
@testable import Domain

/// Statistics gathered point by point (`tend gpx stats` reads without keeping the points) must
/// equal, to the last bit, the ones measured over stored segments.
@Suite("TrackStatistics streamed point by point")
struct StreamedStatisticsTests {
    /// The climb as measured before streaming: smooth the whole segment, then sum the changes.
    func referenceClimb(_ segment: [TrackPoint]) -> (ascent: Double, descent: Double) {
        var ascent = 0.0
        var descent = 0.0
        var previous: Double?
        for case let elevation? in Geo.smoothedElevations(segment) {
            if let previous {
                let change = elevation - previous
                if change > 0 { ascent += change } else { descent -= change }
            }
            previous = elevation
        }
        return (ascent, descent)
    }

    /// A noisy segment with gaps in elevation, time and heart rate (seeded: the same every run).
    func noisySegment(count: Int, seed: UInt64) -> [TrackPoint] {
        var generator = SeededGenerator(state: seed)
        var elevation = 50.0
        return (0..<count).map { i in
            elevation += Double.random(in: -1.5...1.6, using: &generator)
            let hasElevation = Int.random(in: 0..<10, using: &generator) != 0
            let hasTime = Int.random(in: 0..<12, using: &generator) != 0
            return TrackPoint(latitude: 37.5 + Double(i) * 0.00003 + Double.random(in: -1e-6...1e-6, using: &generator),
                              longitude: 127 + Double(i) * 0.00002, elevation: hasElevation ? elevation : nil,
                              time: hasTime ? Date(timeIntervalSince1970: morning + Double(i) * 1.5) : nil,
                              heartRate: i % 7 == 0 ? nil : 120 + i % 40)
        }
    }

    @Test("the streamed climb equals smoothing the whole segment, for every length from 0 to 40")
    func climbCounter() {
        for count in 0...40 {
            let segment = noisySegment(count: count, seed: UInt64(count + 1))
            let streamed = Geo.climb(segment)
            let reference = referenceClimb(segment)
            #expect(streamed.ascent == reference.ascent && streamed.descent == reference.descent, "\(count) points")
        }
        // The case the counter must not get wrong: a lone rise of 3 elevations, 0.3/0.4/0.3 in the middle.
        let three = [pointNorth(0, elevation: 0), pointNorth(10, elevation: 10), pointNorth(20, elevation: 0)]
        #expect(Geo.climb(three).ascent == 0.3 * 0 + 0.4 * 10 + 0.3 * 0)
    }

    @Test("the kilometre sampler reads a profile exactly as Geo.interpolate does, stops and exact hits included")
    func samplerEqualsInterpolation() {
        var generator = SeededGenerator(state: 42)
        for trial in 0..<200 {
            var profile: [(position: Double, value: Double)] = []
            var sampler = KilometreSampler()
            var position = Double(Int.random(in: 0...3, using: &generator)) * 500
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: break // a stop: several vertices at one position
                case 1: position = (position / 1000).rounded(.up) * 1000 // a vertex right on a kilometre
                default: position += Double.random(in: 1...700, using: &generator)
                }
                let value = Double.random(in: -50...900, using: &generator)
                profile.append((position, value))
                sampler.add(position: position, value: value)
            }
            let end = position + (trial % 3 == 0 ? 0 : Double.random(in: 0...400, using: &generator))
            for k in 0...Int(end / 1000) {
                #expect(sampler.value(kilometre: k) == Geo.interpolate(profile, at: Double(k) * 1000), "trial \(trial), km \(k)")
            }
            #expect(sampler.value(atEnd: end) == Geo.interpolate(profile, at: end), "trial \(trial), end")
        }
    }

    @Test("a document's statistics equal the builder fed point by point, routes and waypoints included")
    func builderEqualsDocument() {
        let segments = [noisySegment(count: 3000, seed: 7), noisySegment(count: 1, seed: 8), [], noisySegment(count: 500, seed: 9)]
        let document = GPXDocument(
            tracks: [GPXTrack(name: "a", segments: Array(segments[0...1])), GPXTrack(segments: Array(segments[2...3]))],
            routes: [GPXRoute(points: [TrackPoint(latitude: -10, longitude: 170)])],
            waypoints: [Waypoint(point: TrackPoint(latitude: 60, longitude: -3))])
        var builder = TrackStatisticsBuilder()
        builder.addWaypoint(TrackPoint(latitude: 60, longitude: -3)) // order of waypoints against tracks does not matter
        for track in document.tracks {
            for segment in track.segments {
                builder.beginSegment()
                for point in segment { builder.add(point) }
                builder.endSegment()
            }
            builder.endTrack()
        }
        builder.addRoutePoint(TrackPoint(latitude: -10, longitude: 170))
        builder.endRoute()
        let streamed = builder.statistics()
        let stored = TrackStatistics(document: document)
        #expect(streamed == stored)
        #expect(stored.points == 3501 && stored.segments == 4 && stored.tracks == 2 && stored.routes == 1 && stored.waypoints == 1)
        #expect(stored.bounds?.minLatitude == -10 && stored.bounds?.maxLongitude == 170)
        #expect(stored.splits.count > 1 && stored.elevationGain > 0 && stored.maxSpeed != nil)
    }
}

/// SplitMix64: a fixed sequence for a seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
