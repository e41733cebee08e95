import FoundationEssentials
import Core
import Domain

/// Writes a document as GPX 1.1 with the same points, times and elevations; heart rate,
/// cadence, temperature, speed and course go into Garmin's TrackPointExtension v2.
enum GPXWriter {
    static func write(_ document: GPXDocument) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="\(escape(document.creator ?? "Tend"))" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">

            """
        if document.name != nil || document.description != nil || document.time != nil {
            out += "  <metadata>\n"
            if let name = document.name { out += "    <name>\(escape(name))</name>\n" }
            if let description = document.description { out += "    <desc>\(escape(description))</desc>\n" }
            if let time = document.time { out += "    <time>\(timestamp(time.timeIntervalSince1970))</time>\n" }
            out += "  </metadata>\n"
        }
        for waypoint in document.waypoints {
            point("wpt", waypoint.point, indent: "  ", name: waypoint.name, description: waypoint.description, into: &out)
        }
        for route in document.routes {
            out += "  <rte>\n"
            if let name = route.name { out += "    <name>\(escape(name))</name>\n" }
            for routePoint in route.points { point("rtept", routePoint, indent: "    ", into: &out) }
            out += "  </rte>\n"
        }
        for track in document.tracks {
            out += "  <trk>\n"
            if let name = track.name { out += "    <name>\(escape(name))</name>\n" }
            for segment in track.segments {
                out += "    <trkseg>\n"
                for trackPoint in segment { point("trkpt", trackPoint, indent: "      ", into: &out) }
                out += "    </trkseg>\n"
            }
            out += "  </trk>\n"
        }
        out += "</gpx>\n"
        return out
    }

    /// One point, appended piece by piece (a long track has hundreds of thousands of them).
    private static func point(_ tag: String, _ point: TrackPoint, indent: String, name: String? = nil, description: String? = nil,
                              into out: inout String) {
        out += indent
        out += "<"
        out += tag
        out += " lat=\""
        out += point.latitude.description
        out += "\" lon=\""
        out += point.longitude.description
        out += "\">"
        if let elevation = point.elevation {
            out += "<ele>"
            out += elevation.description
            out += "</ele>"
        }
        if let time = point.timestamp {
            out += "<time>"
            out += timestamp(time)
            out += "</time>"
        }
        if let name { out += "<name>\(escape(name))</name>" }
        if let description { out += "<desc>\(escape(description))</desc>" }
        if point.temperature != nil || point.heartRate != nil || point.cadence != nil || point.speed != nil || point.course != nil {
            out += "<extensions><gpxtpx:TrackPointExtension>"
            if let temperature = point.temperature { out += "<gpxtpx:atemp>\(temperature)</gpxtpx:atemp>" }
            if let heartRate = point.heartRate { out += "<gpxtpx:hr>\(heartRate)</gpxtpx:hr>" }
            if let cadence = point.cadence { out += "<gpxtpx:cad>\(cadence)</gpxtpx:cad>" }
            if let speed = point.speed { out += "<gpxtpx:speed>\(speed)</gpxtpx:speed>" }
            if let course = point.course { out += "<gpxtpx:course>\(course)</gpxtpx:course>" }
            out += "</gpxtpx:TrackPointExtension></extensions>"
        }
        out += "</"
        out += tag
        out += ">\n"
    }

    /// UTC, with milliseconds only when the time has them. Times from 1970 to 9999 are written
    /// digit by digit (a track has one per point); others through `ISO8601.format`.
    static func timestamp(_ seconds: Double) -> String {
        var whole = seconds.rounded(.down)
        var milliseconds = Int(((seconds - whole) * 1000).rounded())
        if milliseconds >= 1000 {
            whole += 1
            milliseconds -= 1000
        }
        guard whole >= 0, whole < 253_402_300_800 else { // 10000-01-01
            let text = ISO8601.format(Date(timeIntervalSince1970: whole), in: .gmt)
            guard milliseconds > 0 else { return text }
            return String(text.dropLast()) + "." + digits(milliseconds, 3) + "Z"
        }
        let total = Int(whole)
        let (year, month, day) = civil(days: total / 86_400)
        let second = total % 86_400
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        func put(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(48 + rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        put(year, 4)
        bytes.append(45)
        put(month, 2)
        bytes.append(45)
        put(day, 2)
        bytes.append(84)
        put(second / 3600, 2)
        bytes.append(58)
        put(second % 3600 / 60, 2)
        bytes.append(58)
        put(second % 60, 2)
        if milliseconds > 0 {
            bytes.append(46)
            put(milliseconds, 3)
        }
        bytes.append(90)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Year, month and day of a day number since 1970-01-01 (days ≥ 0), by Hinnant's algorithm.
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
        let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func escape(_ text: String) -> String { text.xmlEscaped }
}
