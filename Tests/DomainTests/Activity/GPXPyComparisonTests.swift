import Domain
import Foundation
import Testing

/// TrackStatistics against gpxpy 1.6.2 on three generated tracks (Scripts/bench/make_gpx_fixtures.py
/// writes each track as GPX for gpxpy and as CSV for us, and gpxpy's figures as JSON). The fixtures
/// live outside the test target (Tests/Fixtures/gpx) so that SwiftPM does not ask for resources.
@Suite("TrackStatistics agrees with gpxpy")
struct GPXPyComparisonTests {
    struct Reference: Decodable {
        let points: Int
        let distance_2d_m: Double
        let distance_3d_m: Double
        let elevation_gain_m: Double
        let elevation_loss_m: Double
        let moving_time_s: Double
    }

    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/gpx")

    /// segment,lat,lon,ele,time — one row per point, `ele` may be empty.
    static func segments(_ name: String) throws -> [[TrackPoint]] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("\(name).csv"), encoding: .utf8)
        var segments: [[TrackPoint]] = []
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            let segment = Int(fields[0])!
            while segments.count <= segment { segments.append([]) }
            segments[segment].append(TrackPoint(
                latitude: Double(fields[1])!, longitude: Double(fields[2])!, elevation: Double(fields[3]),
                time: Date(timeIntervalSince1970: Double(fields[4])!)))
        }
        return segments
    }

    static func reference(_ name: String) throws -> Reference {
        let data = try Data(contentsOf: fixtures.appendingPathComponent("\(name).json"))
        return try JSONDecoder().decode(Reference.self, from: data)
    }

    static func relativeError(_ ours: Double?, _ theirs: Double) -> Double {
        abs((ours ?? .infinity) - theirs) / theirs
    }

    @Test("distance within 0.5 %, gain and loss within 5 %, moving time within 5 %",
          arguments: ["run-10k", "hike-800m", "ride-two-segments"])
    func agrees(name: String) throws {
        let segments = try Self.segments(name)
        let gpxpy = try Self.reference(name)
        let ours = TrackStatistics(segments: segments)
        #expect(ours.points == gpxpy.points)
        #expect(Self.relativeError(ours.distance2D, gpxpy.distance_2d_m) < 0.005)
        #expect(Self.relativeError(ours.distance3D, gpxpy.distance_3d_m) < 0.005)
        #expect(Self.relativeError(ours.elevationGain, gpxpy.elevation_gain_m) < 0.05)
        #expect(Self.relativeError(ours.elevationLoss, gpxpy.elevation_loss_m) < 0.05)
        #expect(Self.relativeError(ours.movingTime, gpxpy.moving_time_s) < 0.05)
    }

    @Test("the ride's second segment starts 3 km on: that gap is not distance")
    func rideGap() throws {
        let segments = try Self.segments("ride-two-segments")
        #expect(segments.count == 2)
        let gap = Geo.distance2D(segments[0].last!, segments[1].first!)
        #expect(gap > 2500)
        let whole = TrackStatistics(segments: segments).distance2D
        let parts = segments.map { TrackStatistics(segments: [$0]).distance2D }.reduce(0, +)
        #expect(abs(whole - parts) < 1e-6)
    }
}
