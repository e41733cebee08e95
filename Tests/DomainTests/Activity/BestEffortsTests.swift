import Domain
import Foundation
import Testing

@Suite("Best efforts inside a run")
struct BestEffortsTests {
    /// 3 km due north, a point every 10 m: the first and last kilometres at 2.5 m/s (400 s each),
    /// the middle one at 4 m/s (250 s).
    func fastMiddle(latitude: Double = 37.5) -> [TrackPoint] {
        northLine(count: 301, step: 10, latitude: latitude, time: { i in
            let metres = Double(i) * 10
            if metres <= 1000 { return morning + metres / 2.5 }
            if metres <= 2000 { return morning + 400 + (metres - 1000) / 4 }
            return morning + 650 + (metres - 2000) / 2.5
        })
    }

    @Test("the fast middle kilometre is the best kilometre")
    func fastestKilometre() {
        #expect(isClose(BestEfforts.fastest(distance: 1000, in: [fastMiddle()]), 250, within: 1e-6))
        #expect(isClose(BestEfforts.fastest(distance: 500, in: [fastMiddle()]), 125, within: 1e-6))
    }

    @Test("longer windows take the fast kilometre and the rest at the slow pace")
    func longerWindows() {
        #expect(isClose(BestEfforts.fastest(distance: 1500, in: [fastMiddle()]), 450, within: 1e-6))
        #expect(isClose(BestEfforts.fastest(distance: 2000, in: [fastMiddle()]), 650, within: 1e-6))
        #expect(isClose(BestEfforts.fastest(distance: 3000, in: [fastMiddle()]), 1050, within: 1e-6))
    }

    @Test("windows between points are interpolated")
    func interpolation() {
        // 10 m windows ending mid-step: 1005 m from a 100 m grid of points at 4 m/s.
        let points = northLine(count: 21, step: 100, time: { morning + 25 * Double($0) })
        #expect(isClose(BestEfforts.fastest(distance: 1005, in: [points]), 251.25, within: 1e-6))
    }

    @Test("too short, no times, or no distance: nil")
    func none() {
        #expect(BestEfforts.fastest(distance: 3001, in: [fastMiddle()]) == nil)
        #expect(BestEfforts.fastest(distance: 1000, in: [northLine(count: 301, step: 10)]) == nil)
        #expect(BestEfforts.fastest(distance: 1000, in: []) == nil)
        #expect(BestEfforts.fastest(distance: 0, in: [fastMiddle()]) == nil)
    }

    @Test("no window spans the gap between two segments")
    func segmentGap() {
        let first = northLine(count: 61, step: 10, time: { morning + 2.5 * Double($0) })
        let second = northLine(count: 61, step: 10, latitude: 37.6, time: { morning + 1000 + 2.5 * Double($0) })
        #expect(BestEfforts.fastest(distance: 1000, in: [first, second]) == nil)
        #expect(isClose(BestEfforts.fastest(distance: 500, in: [first, second]), 125, within: 1e-6))
        // The best over several segments is the best of any one of them.
        #expect(isClose(BestEfforts.fastest(distance: 1000, in: [first, fastMiddle(latitude: 38)]), 250, within: 1e-6))
    }

    @Test("a stop outside the window is not counted; inside it is")
    func stop() {
        // 1 km at 4 m/s, 100 s standing still, 1 km at 4 m/s.
        var points = northLine(count: 11, step: 100, time: { morning + 25 * Double($0) })
        points.append(pointNorth(1000, time: morning + 350))
        points += northLine(count: 10, step: 100, latitude: 37.5 + 1100 / metresPerDegree, time: { morning + 375 + 25 * Double($0) })
        #expect(isClose(BestEfforts.fastest(distance: 1000, in: [points]), 250, within: 1e-6))
        #expect(isClose(BestEfforts.fastest(distance: 1500, in: [points]), 475, within: 1e-6))
    }

    @Test("points without time add distance; time is interpolated across them")
    func untimedPoints() {
        let points = northLine(count: 21, step: 100, time: { $0 % 2 == 0 ? morning + 25 * Double($0) : nil })
        #expect(isClose(BestEfforts.fastest(distance: 1000, in: [points]), 250, within: 1e-6))
    }
}
