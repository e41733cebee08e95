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

    private static func point(_ tag: String, _ point: TrackPoint, indent: String, name: String? = nil, description: String? = nil,
                              into out: inout String) {
        out += "\(indent)<\(tag) lat=\"\(point.latitude)\" lon=\"\(point.longitude)\">"
        var children = ""
        if let elevation = point.elevation { children += "<ele>\(elevation)</ele>" }
        if let time = point.timestamp { children += "<time>\(timestamp(time))</time>" }
        if let name { children += "<name>\(escape(name))</name>" }
        if let description { children += "<desc>\(escape(description))</desc>" }
        var extensions = ""
        if let temperature = point.temperature { extensions += "<gpxtpx:atemp>\(temperature)</gpxtpx:atemp>" }
        if let heartRate = point.heartRate { extensions += "<gpxtpx:hr>\(heartRate)</gpxtpx:hr>" }
        if let cadence = point.cadence { extensions += "<gpxtpx:cad>\(cadence)</gpxtpx:cad>" }
        if let speed = point.speed { extensions += "<gpxtpx:speed>\(speed)</gpxtpx:speed>" }
        if let course = point.course { extensions += "<gpxtpx:course>\(course)</gpxtpx:course>" }
        if !extensions.isEmpty {
            children += "<extensions><gpxtpx:TrackPointExtension>\(extensions)</gpxtpx:TrackPointExtension></extensions>"
        }
        out += children + "</\(tag)>\n"
    }

    /// UTC, with milliseconds only when the time has them.
    static func timestamp(_ seconds: Double) -> String {
        let whole = seconds.rounded(.down)
        let milliseconds = Int(((seconds - whole) * 1000).rounded())
        let text = ISO8601.format(Date(timeIntervalSince1970: whole), in: .gmt)
        guard milliseconds > 0 else { return text }
        let padded = String(milliseconds)
        return String(text.dropLast()) + "." + String(repeating: "0", count: 3 - padded.count) + padded + "Z"
    }

    static func escape(_ text: String) -> String { text.xmlEscaped }
}
