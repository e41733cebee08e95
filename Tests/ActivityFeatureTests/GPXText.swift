import Foundation

/// GPX text for tests: straight tracks due north along the meridian 127° E from 37.5° N, so that
/// a distance is the latitude difference × the metres in a degree (haversine along a meridian is
/// exactly R·Δφ) and every time follows from the pace.
struct GPXText {
    /// Metres in one degree of latitude on Tend's sphere (R = 6 371 008.8 m): 111 194.93 m.
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180
    static let startLatitude = 37.5
    static let longitude = 127.0
    static let gpx11 = "http://www.topografix.com/GPX/1/1"
    static let trackPointExtensionV1 = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"

    struct Point: Equatable {
        /// Metres north of the start.
        var metres: Double
        /// Seconds after the file's start time; nil for an untimed point.
        var seconds: Double?
        var elevation: Double?
        var heartRate: Int?
    }

    /// The latitude `metres` north of the start, with 7 decimals as a GPS unit writes it.
    static func latitudeText(_ metres: Double) -> String {
        String(format: "%.7f", startLatitude + metres / metresPerDegree)
    }

    static func latitude(_ metres: Double) -> Double { Double(latitudeText(metres))! }

    /// The distance between two points of the line as the file states them (after rounding).
    static func distance(_ from: Double, _ to: Double) -> Double {
        (latitude(to) - latitude(from)) * Double.pi / 180 * 6_371_008.8
    }

    /// Points every `step` metres over stretches each run at its own pace (seconds per km; nil
    /// for untimed points), from metre 0 and second 0.
    static func points(_ stretches: [(metres: Double, pace: Double?)], step: Double = 10,
                       elevation: ((Double) -> Double)? = nil, heartRate: ((Int) -> Int)? = nil) -> [Point] {
        var result = [Point(metres: 0, seconds: stretches.first?.pace == nil ? nil : 0, elevation: elevation?(0), heartRate: heartRate?(0))]
        var metres = 0.0
        var seconds = 0.0
        for stretch in stretches {
            let steps = Int((stretch.metres / step).rounded())
            for _ in 0..<steps {
                metres += step
                if let pace = stretch.pace { seconds += pace * step / 1000 }
                result.append(Point(metres: metres, seconds: stretch.pace == nil ? nil : seconds, elevation: elevation?(metres),
                                    heartRate: heartRate?(result.count)))
            }
        }
        return result
    }

    /// A steady run: `kilometres` at `pace` seconds per km.
    static func steady(kilometres: Double, pace: Double?, step: Double = 10, elevation: ((Double) -> Double)? = nil,
                       heartRate: ((Int) -> Int)? = nil) -> [Point] {
        points([(kilometres * 1000, pace)], step: step, elevation: elevation, heartRate: heartRate)
    }

    static func time(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        if date.timeIntervalSince1970.rounded() != date.timeIntervalSince1970 {
            formatter.formatOptions.insert(.withFractionalSeconds)
        }
        return formatter.string(from: date)
    }

    static func instant(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    static func pointXML(_ tag: String, _ point: Point, start: Date) -> String {
        var xml = #"<\#(tag) lat="\#(latitudeText(point.metres))" lon="\#(String(format: "%.7f", longitude))">"#
        if let elevation = point.elevation { xml += "<ele>\(elevation)</ele>" }
        if let seconds = point.seconds { xml += "<time>\(time(start.addingTimeInterval(seconds)))</time>" }
        if let heartRate = point.heartRate {
            xml += "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(heartRate)</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>"
        }
        return xml + "</\(tag)>"
    }

    /// A GPX 1.1 file, one point a line.
    static func document(name: String? = "Morning run", start: Date = instant("2026-11-22T22:00:00Z"),
                         segments: [[Point]], routes: [[Point]] = [], waypoints: [(Point, String)] = []) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<gpx version="1.1" creator="GPXText" xmlns="\#(gpx11)" xmlns:gpxtpx="\#(trackPointExtensionV1)">"#,
        ]
        for (point, label) in waypoints {
            lines.append("  " + pointXML("wpt", point, start: start).replacingOccurrences(of: "</wpt>", with: "<name>\(label)</name></wpt>"))
        }
        for route in routes {
            lines.append("  <rte>")
            lines.append(contentsOf: route.map { "    " + pointXML("rtept", $0, start: start) })
            lines.append("  </rte>")
        }
        if !segments.isEmpty {
            lines.append("  <trk>")
            if let name { lines.append("    <name>\(name)</name>") }
            for segment in segments {
                lines.append("    <trkseg>")
                lines.append(contentsOf: segment.map { "      " + pointXML("trkpt", $0, start: start) })
                lines.append("    </trkseg>")
            }
            lines.append("  </trk>")
        }
        lines.append("</gpx>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func track(name: String? = "Morning run", start: Date = instant("2026-11-22T22:00:00Z"), _ points: [Point]) -> String {
        document(name: name, start: start, segments: [points])
    }
}

/// The `trkpt`/`rtept` elements of a GPX file, read with FoundationXML (not Tend's reader).
struct ReadBackPoint: Equatable {
    var latitude: Double
    var longitude: Double
    var elevation: Double?
    var time: String?
    var heartRate: Int?
}
