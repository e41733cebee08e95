import Domain
import Foundation
import Testing

@Suite("Track statistics")
struct TrackStatisticsTests {
    @Test("an empty document: zeros and nils, no crash")
    func empty() {
        let stats = TrackStatistics(document: GPXDocument())
        #expect(stats.points == 0 && stats.tracks == 0 && stats.segments == 0 && stats.routes == 0 && stats.waypoints == 0)
        #expect(stats.distance2D == 0 && stats.distance3D == 0)
        #expect(stats.elevationGain == 0 && stats.elevationLoss == 0)
        #expect(stats.minElevation == nil && stats.maxElevation == nil)
        #expect(stats.duration == nil && stats.movingTime == nil && stats.startTime == nil && stats.endTime == nil)
        #expect(stats.averageSpeed == nil && stats.maxSpeed == nil)
        #expect(stats.bounds == nil && stats.splits.isEmpty)
        #expect(stats.averageHeartRate == nil && stats.maxHeartRate == nil)
        #expect(TrackStatistics(segments: [[], []]).points == 0)
        #expect(TrackStatistics(segments: []) == stats)
    }

    @Test("a single point: no distance, no speed, a zero duration")
    func singlePoint() {
        let point = TrackPoint(latitude: 37.5, longitude: 127, elevation: 38, time: Date(timeIntervalSince1970: morning), heartRate: 90)
        let stats = TrackStatistics(segments: [[point]])
        #expect(stats.points == 1 && stats.tracks == 1 && stats.segments == 1)
        #expect(stats.distance2D == 0 && stats.distance3D == 0 && stats.elevationGain == 0)
        #expect(stats.minElevation == 38 && stats.maxElevation == 38)
        #expect(stats.duration == 0 && stats.movingTime == 0)
        #expect(stats.startTime == Date(timeIntervalSince1970: morning) && stats.endTime == stats.startTime)
        #expect(stats.averageSpeed == nil && stats.maxSpeed == nil)
        #expect(stats.splits.isEmpty)
        #expect(stats.bounds == Bounds(minLatitude: 37.5, maxLatitude: 37.5, minLongitude: 127, maxLongitude: 127))
        #expect(stats.averageHeartRate == 90 && stats.maxHeartRate == 90)
    }

    @Test("two segments far apart add no distance between them")
    func segmentGap() {
        let first = northLine(count: 11, step: 100)
        let second = northLine(count: 11, step: 100, longitude: 128.0) // ~88 km east
        let stats = TrackStatistics(segments: [first, second])
        #expect(isClose(stats.distance2D, 2000))
        #expect(isClose(stats.distance3D, 2000))
        #expect(stats.splits.count == 2)
    }

    @Test("3D distance uses the elevation difference of each step")
    func threeD() {
        // 4 steps of 300 m, each 400 m up: 500 m in 3D.
        let points = northLine(count: 5, step: 300, elevation: { Double($0) * 400 })
        let stats = TrackStatistics(segments: [points])
        #expect(isClose(stats.distance2D, 1200))
        #expect(isClose(stats.distance3D, 2000))
    }

    @Test("points without elevation are skipped, not read as zero")
    func elevationGaps() {
        let elevations: [Double?] = [100, nil, nil, 110, nil, 120]
        let stats = TrackStatistics(segments: [northLine(count: 6, step: 50, elevation: { elevations[$0] })])
        // Smoothed over 100, 110, 120: 100, 110, 120.
        #expect(isClose(stats.elevationGain, 20))
        #expect(isClose(stats.elevationLoss, 0))
        #expect(stats.minElevation == 100 && stats.maxElevation == 120)
        // Missing elevations: the 3D distance of those steps is their 2D distance.
        #expect(isClose(stats.distance3D, 250))
    }

    @Test("a sawtooth is smoothed by 0.3/0.4/0.3 before summing: 8 m up, 8 m down, not 30")
    func sawtooth() {
        // 0 10 0 10 0 10 0 → 0 4 6 4 6 4 0.
        let stats = TrackStatistics(segments: [northLine(count: 7, step: 10, elevation: { $0 % 2 == 0 ? 0 : 10 })])
        #expect(isClose(stats.elevationGain, 8))
        #expect(isClose(stats.elevationLoss, 8))
        #expect(stats.minElevation == 0 && stats.maxElevation == 10)
    }

    @Test("each segment is smoothed on its own: no climb across the gap")
    func climbPerSegment() {
        let low = northLine(count: 3, step: 100, elevation: { _ in 10 })
        let high = northLine(count: 3, step: 100, longitude: 127.1, elevation: { _ in 500 })
        let stats = TrackStatistics(segments: [low, high])
        #expect(stats.elevationGain == 0 && stats.elevationLoss == 0)
    }

    @Test("moving time leaves out a stop (below 1 km/h)")
    func movingTime() {
        // 10 steps of 20 m in 10 s (7.2 km/h), 6 steps of 1 m in 10 s (0.36 km/h), 10 steps of 20 m.
        var positions: [Double] = [0]
        for step in 0..<26 { positions.append(positions.last! + ((10..<16).contains(step) ? 1 : 20)) }
        let points = positions.enumerated().map { pointNorth($1, time: morning + Double($0) * 10) }
        let stats = TrackStatistics(segments: [points])
        #expect(stats.duration == 260)
        #expect(stats.movingTime == 200)
        #expect(isClose(stats.averageSpeed, 2, within: 1e-9))
        #expect(isClose(stats.maxSpeed, 2, within: 1e-9))
        #expect(isClose(stats.distance2D, 406, within: 1e-6))
    }

    @Test("the threshold: 1.01 m in 3.6 s moves, 0.99 m does not")
    func threshold() {
        let moving = TrackStatistics(segments: [[pointNorth(0, time: morning), pointNorth(1.01, time: morning + 3.6)]])
        let stopped = TrackStatistics(segments: [[pointNorth(0, time: morning), pointNorth(0.99, time: morning + 3.6)]])
        // Date keeps seconds since 2001, so 3.6 s comes back a few ns short.
        #expect(isClose(moving.movingTime, 3.6, within: 1e-6))
        #expect(stopped.movingTime == 0)
        #expect(stopped.averageSpeed == nil && stopped.maxSpeed == nil)
    }

    @Test("a point without time adds its distance to the stretch between the timed points around it")
    func untimedPoint() {
        let points = [pointNorth(0, time: morning), pointNorth(20), pointNorth(40, time: morning + 20)]
        let stats = TrackStatistics(segments: [points])
        #expect(stats.movingTime == 20 && stats.duration == 20)
        #expect(isClose(stats.averageSpeed, 2, within: 1e-9))
    }

    @Test("duration is elapsed time; moving time and splits leave out the pause between segments")
    func pauseBetweenSegments() {
        // Two 1 km segments at 2 m/s (500 s each), 1000 s apart.
        let first = northLine(count: 11, step: 100, time: { morning + Double($0) * 50 })
        let second = northLine(count: 11, step: 100, latitude: 37.6, time: { morning + 1500 + Double($0) * 50 })
        let stats = TrackStatistics(segments: [first, second])
        #expect(stats.duration == 2000 && stats.movingTime == 1000)
        #expect(stats.splits.count == 2)
        #expect(stats.splits.allSatisfy { isClose($0.duration, 500, within: 1e-6) })
    }

    @Test("maximum speed ignores the top 5 % of stretches (one GPS glitch)")
    func robustMaxSpeed() {
        // 40 stretches of 20 m in 10 s, then one bad fix 500 m on in 10 s (50 m/s).
        var points = northLine(count: 41, step: 20, time: { morning + Double($0) * 10 })
        points.append(pointNorth(1300, time: morning + 410))
        let stats = TrackStatistics(segments: [points])
        #expect(isClose(stats.maxSpeed, 2, within: 1e-9))
    }

    @Test("splits on a 2.5 km straight line at 2 m/s: two full kilometres and a half")
    func splits() {
        // 251 points 10 m apart, 5 s apart, 2 % up.
        let points = northLine(count: 251, step: 10, elevation: { 100 + 0.2 * Double($0) },
                               time: { morning + 5 * Double($0) })
        let splits = TrackStatistics(segments: [points]).splits
        #expect(splits.count == 3)
        #expect(splits.map(\.index) == [1, 2, 3])
        for (split, expected) in zip(splits, [(1000.0, 500.0, 20.0), (1000, 500, 20), (500, 250, 10)]) {
            #expect(isClose(split.distance, expected.0, within: 1e-6))
            #expect(isClose(split.duration, expected.1, within: 1e-6))
            #expect(isClose(split.pace, 500, within: 1e-6))
            #expect(isClose(split.elevationChange, expected.2, within: 1e-6))
        }
    }

    @Test("split boundaries between points are interpolated")
    func interpolatedSplits() {
        // Points 300 m apart, 100 s apart (3 m/s), 10 m up each: km 1 ends a third into the 4th step.
        let points = northLine(count: 5, step: 300, elevation: { 10 * Double($0) }, time: { morning + 100 * Double($0) })
        let splits = TrackStatistics(segments: [points]).splits
        #expect(splits.count == 2)
        #expect(isClose(splits[0].duration, 1000 / 3, within: 1e-6))
        #expect(isClose(splits[0].elevationChange, 100 / 3, within: 1e-6))
        #expect(isClose(splits[1].distance, 200, within: 1e-6))
        #expect(isClose(splits[1].duration, 200 / 3, within: 1e-6))
        #expect(isClose(splits[1].pace, 1000 / 3, within: 1e-6))
    }

    @Test("splits without times or elevations have nil duration, pace and elevation change")
    func bareSplits() {
        let splits = TrackStatistics(segments: [northLine(count: 16, step: 100)]).splits
        #expect(splits.count == 2)
        #expect(splits.allSatisfy { $0.duration == nil && $0.pace == nil && $0.elevationChange == nil })
        #expect(isClose(splits[1].distance, 500, within: 1e-6))
    }

    @Test("heart rate: the mean over the points that have one, and the maximum")
    func heartRate() {
        let rates: [Int?] = [120, 130, nil, 150]
        let stats = TrackStatistics(segments: [northLine(count: 4, step: 10, heartRate: { rates[$0] })])
        #expect(isClose(stats.averageHeartRate, 400.0 / 3, within: 1e-9))
        #expect(stats.maxHeartRate == 150)
        #expect(TrackStatistics(segments: [northLine(count: 4, step: 10)]).averageHeartRate == nil)
    }

    @Test("a document: counts, track-only distance, bounds over tracks, routes and waypoints")
    func document() {
        let track = GPXTrack(name: "run", segments: [northLine(count: 11, step: 100), northLine(count: 2, step: 100, latitude: 37.6)])
        let route = GPXRoute(name: "plan", points: [TrackPoint(latitude: 37.4, longitude: 127.0), TrackPoint(latitude: 37.45, longitude: 127.2)])
        let waypoint = Waypoint(point: TrackPoint(latitude: 37.55, longitude: 126.8), name: "café")
        let document = GPXDocument(tracks: [track, GPXTrack()], routes: [route], waypoints: [waypoint])
        let stats = TrackStatistics(document: document)
        #expect(stats.tracks == 2 && stats.segments == 2 && stats.routes == 1 && stats.waypoints == 1)
        #expect(stats.points == 13)
        #expect(isClose(stats.distance2D, 1100))
        let bounds = stats.bounds
        #expect(bounds?.minLatitude == 37.4 && bounds?.minLongitude == 126.8 && bounds?.maxLongitude == 127.2)
        #expect(isClose(bounds?.maxLatitude, 37.6 + 100 / metresPerDegree, within: 1e-12))
    }
}
