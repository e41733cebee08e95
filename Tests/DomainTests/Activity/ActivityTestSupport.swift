import Domain
import Foundation

/// Metres per degree of latitude on `Geo.earthRadius`: along a meridian haversine is exactly R·Δφ,
/// so points built with it are a known distance apart.
let metresPerDegree = Geo.earthRadius * Double.pi / 180

/// A straight line due north from (37.5, 127.0): point `i` is `i · step` metres from the start,
/// with the elevation, time (seconds since 1970) and heart rate the closures give it.
func northLine(
    count: Int, step: Double, latitude: Double = 37.5, longitude: Double = 127.0,
    elevation: (Int) -> Double? = { _ in nil }, time: (Int) -> Double? = { _ in nil },
    heartRate: (Int) -> Int? = { _ in nil }
) -> [TrackPoint] {
    (0..<count).map { i in
        TrackPoint(latitude: latitude + Double(i) * step / metresPerDegree, longitude: longitude,
                   elevation: elevation(i), time: time(i).map(Date.init(timeIntervalSince1970:)),
                   heartRate: heartRate(i))
    }
}

/// A point `metres` north of (37.5, 127.0).
func pointNorth(_ metres: Double, elevation: Double? = nil, time: Double? = nil) -> TrackPoint {
    TrackPoint(latitude: 37.5 + metres / metresPerDegree, longitude: 127.0, elevation: elevation,
               time: time.map(Date.init(timeIntervalSince1970:)))
}

/// 2024-05-04 06:00:00 UTC, a Saturday morning run.
let morning = 1_714_802_400.0

func isClose(_ a: Double?, _ b: Double, within tolerance: Double = 1e-6) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}
