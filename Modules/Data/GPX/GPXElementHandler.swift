import FoundationEssentials
import CLibXML2
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// What the GPX reader makes of the elements libxml2's SAX2 parser reports, in document order.
/// GPX 1.0 and 1.1 are told apart by namespace URI, whatever prefix a file uses, and a file
/// without a namespace is read too. Unknown elements and extensions are skipped with all they
/// hold; Garmin's TrackPointExtension (v1 and v2) gives heart rate, cadence and temperature.
///
/// Names arrive as libxml2's interned C strings and values as spans of its buffer: nothing
/// becomes a Swift string unless it is a name or an error message. A problem is recorded in
/// `failure` and the parser stopped (a C callback cannot throw). A struct reached through a
/// pointer, not a class: a class's stored properties pay a dynamic exclusivity check on every
/// access, which was a sixth of the instructions of a read.
struct GPXElementHandler {
    static let gpx10 = "http://www.topografix.com/GPX/1/0"
    static let gpx11 = "http://www.topografix.com/GPX/1/1"
    static let trackPointExtensionBytes = Array("http://www.garmin.com/xmlschemas/TrackPointExtension/".utf8)

    let name: String
    /// Set once libxml2's context exists: for lines and for stopping.
    var parser: xmlParserCtxtPtr?
    /// The first problem found in the GPX (ours); libxml2's own come in `xmlError`.
    private(set) var failure: AppError?
    /// Set with `failure`: checked on every event, and cheaper to test than an optional error.
    private var stopped = false
    var xmlError: (line: Int, message: String)?

    private(set) var document = GPXDocument()
    /// When set, track points go into these figures instead of the document.
    private(set) var statistics: TrackStatisticsBuilder?
    private(set) var sawRoot = false

    private var gpxNamespace: [CChar]?
    /// The interned pointer of the GPX namespace once seen: later elements compare by address.
    private var gpxNamespacePointer: UnsafePointer<xmlChar>?

    // Where the parser is.
    private enum Container { case none, metadata, track, segment, route, point(PointKind) }
    private enum PointKind { case track, route, waypoint }
    /// Each open container with the depth of the element that opened it.
    private var containers: [(container: Container, depth: Int)] = []
    private var depth = 0
    /// The depth of an element being skipped with everything inside it.
    private var skipping: Int?
    private var point: TrackPoint?
    private var waypointName: String?
    private var waypointDescription: String?
    private var segment: [TrackPoint] = []
    private var track = GPXTrack()
    private var route = GPXRoute()

    // The text of the leaf element being read (ele, time, name, hr, …).
    private enum Field { case name, description, time, elevation, heartRate, cadence, temperature, speed, course }
    private var field: Field?
    private var fieldDepth = 0
    private var fieldLine = 0
    private var text: [UInt8] = []

    init(name: String, statistics: Bool) {
        self.name = name
        self.statistics = statistics ? TrackStatisticsBuilder() : nil
        text.reserveCapacity(64)
    }

    // MARK: - Events

    mutating func startElement(_ local: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?, _ namespace: UnsafePointer<xmlChar>?,
                      _ attributes: Attributes) {
        depth += 1
        guard skipping == nil, !stopped else { return }
        if !handleStart(local, namespace, attributes), !stopped { skipping = depth }
    }

    mutating func endElement() {
        defer { depth -= 1 }
        if let skipping {
            if skipping == depth { self.skipping = nil }
            return
        }
        guard !stopped else { return }
        handleEnd()
    }

    mutating func characters(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
        guard field != nil, skipping == nil else { return }
        text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }

    /// Stops the parser at the first problem; its message names the file and the line.
    mutating func fail(_ message: String, line: Int? = nil) {
        guard !stopped else { return }
        stopped = true
        failure = Self.error(name, message, line: line ?? currentLine)
        if let parser { tend_xmlStopParser(parser) }
    }

    static func error(_ name: String, _ message: String, line: Int) -> AppError {
        AppError(.unprocessable, code: "invalid_gpx", "\(name):\(max(line, 1)): \(message)")
    }

    var currentLine: Int { parser.map { Int(tend_xml_parser_line($0)) } ?? 1 }

    // MARK: - Elements

    /// Handles an opening tag; false when the element (and what is inside) is to be skipped.
    private mutating func handleStart(_ local: UnsafePointer<xmlChar>, _ namespace: UnsafePointer<xmlChar>?,
                             _ attributes: Attributes) -> Bool {
        if !sawRoot {
            let uri = namespace.map { Self.string($0) }
            guard Self.is(local, "gpx"), uri == nil || uri == Self.gpx10 || uri == Self.gpx11 else {
                fail("not a GPX file: the root element is <\(Self.string(local))>\(uri.map { " in \($0)" } ?? "")")
                return false
            }
            sawRoot = true
            gpxNamespace = uri.map { Array($0.utf8CString) }
            gpxNamespacePointer = namespace
            document.version = attributes.string("version") ?? (uri == Self.gpx10 ? "1.0" : uri == Self.gpx11 ? "1.1" : nil)
            document.creator = attributes.string("creator")
            containers.append((.none, depth))
            return true
        }
        if field != nil { return false } // markup inside a value: ignore it
        let current = containers.last?.container ?? .none
        if let namespace, !isGPXNamespace(namespace) {
            guard case .point = current, Self.hasPrefix(namespace, Self.trackPointExtensionBytes) else { return false }
            if Self.is(local, "hr") { return begin(.heartRate) }
            if Self.is(local, "cad") { return begin(.cadence) }
            if Self.is(local, "atemp") { return begin(.temperature) }
            if Self.is(local, "speed") { return begin(.speed) }
            if Self.is(local, "course") { return begin(.course) }
            return Self.is(local, "TrackPointExtension")
        }
        guard namespace != nil || gpxNamespace == nil else { return false }

        switch current {
        case .point(let kind):
            if Self.is(local, "ele") { return begin(.elevation) }
            if Self.is(local, "time") { return begin(.time) }
            if Self.is(local, "extensions") { return true }
            if Self.is(local, "speed") { return begin(.speed) }
            if Self.is(local, "course") { return begin(.course) }
            if kind == .waypoint, Self.is(local, "name") { return begin(.name) }
            if kind == .waypoint, Self.is(local, "desc") { return begin(.description) }
            return false
        case .segment:
            guard Self.is(local, "trkpt") else { return false }
            return beginPoint(.track, attributes)
        case .none, .metadata:
            if Self.is(local, "name") { return begin(.name) }
            if Self.is(local, "desc") { return begin(.description) }
            if Self.is(local, "time") { return begin(.time) }
            guard case .none = current else { return false }
            if Self.is(local, "metadata") {
                containers.append((.metadata, depth))
            } else if Self.is(local, "trk") {
                track = GPXTrack()
                containers.append((.track, depth))
            } else if Self.is(local, "rte") {
                route = GPXRoute()
                containers.append((.route, depth))
            } else if Self.is(local, "wpt") {
                return beginPoint(.waypoint, attributes)
            } else {
                return false
            }
        case .track:
            if Self.is(local, "name") { return begin(.name) }
            guard Self.is(local, "trkseg") else { return false }
            segment = []
            statistics?.beginSegment()
            containers.append((.segment, depth))
        case .route:
            if Self.is(local, "name") { return begin(.name) }
            guard Self.is(local, "rtept") else { return false }
            return beginPoint(.route, attributes)
        }
        return true
    }

    /// A closing tag that was not skipped: a field's, a container's, or one (extensions) that
    /// only lets its content through.
    private mutating func handleEnd() {
        if let field {
            guard depth == fieldDepth else { return }
            self.field = nil
            finish(field)
            return
        }
        // The root's `.none` stays: nothing follows its end.
        guard let (current, opened) = containers.last, opened == depth else { return }
        if case .none = current { return }
        containers.removeLast()
        close(current)
    }

    private mutating func isGPXNamespace(_ namespace: UnsafePointer<xmlChar>) -> Bool {
        if namespace == gpxNamespacePointer { return true }
        guard let gpxNamespace else { return false }
        guard gpxNamespace.withUnsafeBufferPointer({ strcmp(Self.chars(namespace), $0.baseAddress!) == 0 }) else { return false }
        gpxNamespacePointer = namespace
        return true
    }

    private mutating func close(_ container: Container) {
        switch container {
        case .segment:
            if statistics != nil { statistics!.endSegment() } else { track.segments.append(segment) }
        case .track:
            if statistics != nil { statistics!.endTrack() } else { document.tracks.append(track) }
        case .route:
            if statistics != nil { statistics!.endRoute() } else { document.routes.append(route) }
        case .point(let kind):
            guard let point else { return }
            self.point = nil
            switch kind {
            case .track:
                if statistics != nil { statistics!.add(point) } else { segment.append(point) }
            case .route:
                if statistics != nil { statistics!.addRoutePoint(point) } else { route.points.append(point) }
            case .waypoint:
                if statistics != nil {
                    statistics!.addWaypoint(point)
                } else {
                    document.waypoints.append(Waypoint(point: point, name: waypointName, description: waypointDescription))
                }
            }
        case .none, .metadata: break
        }
    }

    private mutating func beginPoint(_ kind: PointKind, _ attributes: Attributes) -> Bool {
        let lat = attributes.value("lat")
        let lon = attributes.value("lon")
        guard let lat, let lon else {
            fail("a point has no lat/lon attributes")
            return false
        }
        guard let latitude = GPXNumber.number(GPXNumber.trimmed(lat)), let longitude = GPXNumber.number(GPXNumber.trimmed(lon)) else {
            fail("a point's lat/lon is not a number (lat=\"\(Self.shown(lat))\" lon=\"\(Self.shown(lon))\")")
            return false
        }
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            fail("a point's lat/lon is out of range (lat=\(Self.shown(lat)) lon=\(Self.shown(lon)))")
            return false
        }
        point = TrackPoint(latitude: latitude, longitude: longitude)
        waypointName = nil
        waypointDescription = nil
        containers.append((.point(kind), depth))
        return true
    }

    private mutating func begin(_ field: Field) -> Bool {
        self.field = field
        fieldDepth = depth
        fieldLine = currentLine
        text.removeAll(keepingCapacity: true)
        return true
    }

    private mutating func finish(_ field: Field) {
        // A second reference for the call (self is mutated meanwhile); it ends with the call, so
        // the buffer is again unique and kept for the next value.
        let text = self.text
        text.withUnsafeBufferPointer { finish(field, GPXNumber.trimmed($0)) }
    }

    private mutating func finish(_ field: Field, _ value: UnsafeBufferPointer<UInt8>) {
        // Each value has a plausible range: a hostile 1e308 m or 1e30 bpm is refused here, so
        // no statistic can overflow to infinity and no conversion to an integer can trap.
        func numeric(_ what: String, _ plausible: ClosedRange<Double>) -> Double? {
            guard !value.isEmpty else { return nil }
            guard let number = GPXNumber.number(value) else {
                fail("\(what) is not a number: \"\(Self.shown(value))\"", line: fieldLine)
                return nil
            }
            guard plausible.contains(number) else {
                fail("\(what) \(Self.shown(value)) is out of range (\(Int(plausible.lowerBound)) to \(Int(plausible.upperBound)))",
                     line: fieldLine)
                return nil
            }
            return number
        }
        switch field {
        case .name, .description:
            let string = String(decoding: value, as: UTF8.self)
            let text = string.isEmpty ? nil : string
            switch containers.last?.container ?? .none {
            case .point(.waypoint):
                if field == .name { waypointName = text } else { waypointDescription = text }
            case .track:
                if field == .name { track.name = text }
            case .route:
                if field == .name { route.name = text }
            default:
                if field == .name { document.name = text } else { document.description = text }
            }
        case .time:
            guard !value.isEmpty else { return }
            guard let parsed = ISO8601.parseInstant(bytes: value, assumingUTC: true) else {
                fail("the time \"\(Self.shown(value))\" is not an ISO 8601 time", line: fieldLine)
                return
            }
            if point != nil { point?.time = parsed } else { document.time = parsed }
        case .elevation:
            let value = numeric("the elevation", -12_000...100_000)
            point?.elevation = value
        case .heartRate:
            let value = numeric("the heart rate", 0...400)
            point?.heartRate = value.map { Int($0.rounded()) }
        case .cadence:
            let value = numeric("the cadence", 0...1000)
            point?.cadence = value.map { Int($0.rounded()) }
        case .temperature:
            let value = numeric("the temperature", -100...100)
            point?.temperature = value
        case .speed:
            let value = numeric("the speed", 0...1000)
            point?.speed = value
        case .course:
            let value = numeric("the course", -360...360)
            point?.course = value
        }
    }

    // MARK: - Helpers

    /// At most 40 bytes of a value, for a message.
    static func shown(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes.prefix(40), as: UTF8.self)
    }

    static func chars(_ pointer: UnsafePointer<xmlChar>) -> UnsafePointer<CChar> {
        UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)
    }

    static func `is`(_ name: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
        strcmp(chars(name), UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    static func hasPrefix(_ text: UnsafePointer<xmlChar>, _ prefix: [UInt8]) -> Bool {
        for (offset, byte) in prefix.enumerated() where text[offset] != byte { return false }
        return true
    }

    static func string(_ pointer: UnsafePointer<xmlChar>) -> String {
        String(cString: chars(pointer))
    }
}
