import Domain
import Foundation
import Testing

@Test func tmpPrintFigures() throws {
    for name in ["run-10k", "hike-800m", "ride-two-segments"] {
        let s = TrackStatistics(segments: try GPXPyComparisonTests.segments(name))
        let e = HikingEstimate.estimate(segments: try GPXPyComparisonTests.segments(name))
        print("FIG", name, s.points, s.distance2D, s.distance3D, s.elevationGain, s.elevationLoss, s.movingTime!, s.duration!, s.maxSpeed!, s.averageSpeed!, s.splits.count)
        print("EST", name, e.naismith / 3600, e.tobler / 3600, e.din33466 / 3600, (s.movingTime ?? 0) / 3600)
        print("BEST", name, BestEfforts.fastest(distance: 1000, in: try GPXPyComparisonTests.segments(name)) ?? -1, BestEfforts.fastest(distance: 5000, in: try GPXPyComparisonTests.segments(name)) ?? -1,  BestEfforts.fastest(distance: 10000, in: try GPXPyComparisonTests.segments(name)) ?? -1)
        for sp in s.splits.prefix(12) { print("SPLIT", name, sp.index, sp.distance, sp.duration ?? -1, sp.pace ?? -1, sp.elevationChange ?? -99) }
    }
}
