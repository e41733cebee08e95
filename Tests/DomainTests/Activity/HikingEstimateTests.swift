import Domain
import Foundation
import Testing

@Suite("Hiking time estimates")
struct HikingEstimateTests {
    /// 6 · e^(−0.175): Tobler's speed on the flat, km/h.
    let flatSpeed = 6 * exp(-0.175)

    @Test("Tobler's function: 6 km/h at −5 %, ≈5.04 km/h on the flat, symmetric around −5 %")
    func toblerSpeed() {
        #expect(HikingEstimate.toblerSpeed(slope: -0.05) == 6)
        #expect(isClose(HikingEstimate.toblerSpeed(slope: 0), 5.036_74, within: 1e-5))
        #expect(isClose(HikingEstimate.toblerSpeed(slope: 0.1), 6 * exp(-0.525), within: 1e-12))
        #expect(isClose(HikingEstimate.toblerSpeed(slope: -0.2), HikingEstimate.toblerSpeed(slope: 0.1), within: 1e-12))
    }

    @Test("flat 10 km: Naismith 2 h, DIN 33466 2.5 h, Tobler 10 / (6·e^(−0.175)) h")
    func flat() {
        let estimate = HikingEstimate.estimate(segments: [northLine(count: 101, step: 100, elevation: { _ in 50 })])
        #expect(isClose(estimate.distance, 10_000))
        #expect(estimate.ascent == 0 && estimate.descent == 0)
        #expect(isClose(estimate.naismith, 7200))
        #expect(isClose(estimate.din33466, 9000))
        #expect(isClose(estimate.tobler, 10 / flatSpeed * 3600))
        #expect(isClose(estimate.tobler, 7147.477, within: 0.001))
        // A route without elevations is flat too.
        #expect(HikingEstimate.estimate(segments: [northLine(count: 101, step: 100)]) == estimate)
    }

    @Test("600 m up over 6 km: Naismith 2.2 h, DIN 2 h + 1.5 h / 2, Tobler at 10 %")
    func uphill() {
        let estimate = HikingEstimate.estimate(segments: [northLine(count: 61, step: 100, elevation: { 10 * Double($0) })])
        #expect(isClose(estimate.ascent, 600) && estimate.descent == 0)
        #expect(isClose(estimate.naismith, 2.2 * 3600))
        #expect(isClose(estimate.din33466, 2.75 * 3600))
        #expect(isClose(estimate.tobler, 6 / (6 * exp(-0.525)) * 3600))
    }

    @Test("600 m down over 6 km: Naismith ignores descent, DIN 1.5 h + 1.2 h / 2, Tobler at −10 %")
    func downhill() {
        let estimate = HikingEstimate.estimate(segments: [northLine(count: 61, step: 100, elevation: { 600 - 10 * Double($0) })])
        #expect(isClose(estimate.descent, 600) && estimate.ascent == 0)
        #expect(isClose(estimate.naismith, 1.2 * 3600))
        #expect(isClose(estimate.din33466, 2.1 * 3600))
        #expect(isClose(estimate.tobler, 6 / (6 * exp(-0.175)) * 3600))
    }

    @Test("DIN 33466 when the climb dominates: vertical time plus half the horizontal")
    func dinClimbDominates() {
        // 2 km with 900 m up: horizontal 0.5 h, vertical 3 h → 3.25 h.
        let estimate = HikingEstimate.estimate(segments: [northLine(count: 21, step: 100, elevation: { 45 * Double($0) })])
        #expect(isClose(estimate.din33466, 3.25 * 3600))
        #expect(isClose(estimate.naismith, (0.4 + 1.5) * 3600))
    }

    @Test("elevation gaps are interpolated for Tobler's slope, skipped for the ascent")
    func elevationGaps() {
        let elevations: [Double?] = [0, nil, nil, 300]
        let estimate = HikingEstimate.estimate(segments: [northLine(count: 4, step: 1000, elevation: { elevations[$0] })])
        #expect(isClose(estimate.ascent, 300))
        #expect(isClose(estimate.tobler, 3 / (6 * exp(-0.525)) * 3600))
    }

    @Test("metre-scale elevation noise every 2 m does not slow Tobler down by more than 1 %")
    func noisyFlat() {
        let noisy = HikingEstimate.estimate(segments: [northLine(count: 2001, step: 2, elevation: { $0 % 2 == 0 ? 0 : 1 })])
        #expect(noisy.tobler / (4 / flatSpeed * 3600) < 1.01)
    }

    @Test("the gap between two segments is not distance")
    func segments() {
        let first = northLine(count: 11, step: 100)
        let second = northLine(count: 11, step: 100, longitude: 127.5)
        let estimate = HikingEstimate.estimate(segments: [first, second])
        #expect(isClose(estimate.distance, 2000))
        #expect(isClose(estimate.naismith, 0.4 * 3600))
        #expect(HikingEstimate.estimate(segments: []).naismith == 0)
    }

    @Test("walking ETA: great-circle distance × 1.3 at Tobler's speed for the slope")
    func walkingTime() {
        #expect(HikingEstimate.detourFactor == 1.3)
        let flat = HikingEstimate.walkingTime(from: pointNorth(0, elevation: 20), to: pointNorth(1000, elevation: 20))
        #expect(isClose(flat.distance, 1300))
        #expect(isClose(flat.seconds, 1.3 / flatSpeed * 3600))
        #expect(isClose(flat.seconds, 929.172, within: 0.001))
        // 130 m up over the 1.3 km walk: a 10 % slope.
        let up = HikingEstimate.walkingTime(from: pointNorth(0, elevation: 20), to: pointNorth(1000, elevation: 150))
        #expect(isClose(up.seconds, 1.3 / (6 * exp(-0.525)) * 3600))
        // Without an elevation at either end: flat.
        let unknown = HikingEstimate.walkingTime(from: pointNorth(0), to: pointNorth(1000, elevation: 150))
        #expect(unknown.seconds == flat.seconds)
        let here = HikingEstimate.walkingTime(from: pointNorth(0), to: pointNorth(0))
        #expect(here.distance == 0 && here.seconds == 0)
    }
}
