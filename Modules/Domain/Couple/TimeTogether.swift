import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Core

/// Each member's clock, sky and the next good time to call.
public enum TimeTogether {
    /// The hours a member is assumed awake, for the call window.
    public static let awakeFrom = LocalTime(hour: 8, minute: 0)!
    public static let awakeUntil = LocalTime(hour: 23, minute: 0)!

    /// Whether the sun is up at a place (its elevation above −0.833°, the sunrise convention),
    /// from the low-precision solar position of the Astronomical Almanac (about 0.01°). Without
    /// a place, 06:00–18:00 local.
    public static func isDaytime(at instant: Date, latitude: Double?, longitude: Double?, zone: TimeZone) -> Bool {
        guard let latitude, let longitude else {
            let hour = zone.localTime(of: instant).hour
            return (6..<18).contains(hour)
        }
        return solarElevation(at: instant, latitude: latitude, longitude: longitude) > -0.833
    }

    static func solarElevation(at instant: Date, latitude: Double, longitude: Double) -> Double {
        let radians = Double.pi / 180
        let d = instant.timeIntervalSince1970 / 86_400 - 10_957.5 // days since J2000.0
        let g = (357.529 + 0.98560028 * d) * radians
        let q = 280.459 + 0.98564736 * d
        let eclipticLongitude = (q + 1.915 * sin(g) + 0.020 * sin(2 * g)) * radians
        let obliquity = (23.439 - 0.00000036 * d) * radians
        let rightAscension = atan2(cos(obliquity) * sin(eclipticLongitude), cos(eclipticLongitude)) / radians
        let declination = asin(sin(obliquity) * sin(eclipticLongitude))
        let siderealDegrees = (18.697374558 + 24.06570982441908 * d) * 15 + longitude
        let hourAngle = (siderealDegrees - rightAscension) * radians
        let phi = latitude * radians
        return asin(sin(phi) * sin(declination) + cos(phi) * cos(declination) * cos(hourAngle)) / radians
    }

    /// The next stretch, from `now` and within a day, when every zone is between `awakeFrom`
    /// and `awakeUntil` — nil when their waking hours do not meet in the next 24 hours.
    public static func callWindow(now: Date, zones: [TimeZone]) -> DateInterval? {
        let horizon = now.addingTimeInterval(24 * 3600)
        var common: [DateInterval] = [DateInterval(start: now, end: horizon)]
        for zone in zones {
            let today = zone.localDate(of: now)
            let awake = (-1...1).map { offset -> DateInterval in
                let day = today.adding(days: offset)
                return DateInterval(start: zone.instant(of: day, minutes: awakeFrom.minutes),
                                    end: zone.instant(of: day, minutes: awakeUntil.minutes))
            }
            common = common.flatMap { window in
                awake.compactMap { span in
                    let start = max(window.start, span.start)
                    let end = min(window.end, span.end)
                    return start < end ? DateInterval(start: start, end: end) : nil
                }
            }
        }
        return common.min { $0.start < $1.start }
    }
}
