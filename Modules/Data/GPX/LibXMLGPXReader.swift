import FoundationEssentials
import CLibXML2
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// A streaming GPX reader on libxml2's `xmlTextReader`: one pass, memory flat whatever the
/// file's size (only the points themselves are kept). GPX 1.0 and 1.1 are told apart by
/// namespace URI, whatever prefix a file uses, and a file without a namespace is read too.
/// Unknown elements and extensions are skipped; Garmin's TrackPointExtension (v1 and v2) gives
/// heart rate, cadence and temperature. Hostile input is refused, never followed: no network,
/// no DTD loading, no entity substitution, libxml2's own limits, and a size limit.
final class LibXMLGPXReader {
    static let gpx10 = "http://www.topografix.com/GPX/1/0"
    static let gpx11 = "http://www.topografix.com/GPX/1/1"
    static let trackPointExtension = "http://www.garmin.com/xmlschemas/TrackPointExtension/"

    private let reader: OpaquePointer
    private let name: String
    private var document = GPXDocument()
    private var gpxNamespace: String?
    private var sawRoot = false
    private var lastError: (line: Int, message: String)?

    // Where the reader is.
    private enum Container { case none, metadata, track, segment, route, point(PointKind) }
    private enum PointKind { case track, route, waypoint }
    private var containers: [Container] = []
    private var point: TrackPoint?
    private var waypointName: String?
    private var waypointDescription: String?
    private var segment: [TrackPoint] = []
    private var track = GPXTrack()
    private var route = GPXRoute()

    // The text of the leaf element being read (ele, time, name, hr, …).
    private enum Field { case name, description, time, elevation, heartRate, cadence, temperature, speed, course }
    private var field: Field?
    private var fieldDepth: Int32 = 0
    private var text: [UInt8] = []

    private init(reader: OpaquePointer, name: String) {
        self.reader = reader
        self.name = name
    }

    deinit { xmlFreeTextReader(reader) }

    static func read(path: String, maximumBytes: Int) throws -> GPXDocument {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw AppError.notFound("\(path): no such file", code: "file_not_found")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw AppError(.unprocessable, code: "invalid_gpx", "\(path): not a regular file")
        }
        guard Int(info.st_size) <= maximumBytes else {
            throw AppError(.tooLarge, code: "gpx_too_large", "\(path): the file is larger than \(maximumBytes >> 20) MB")
        }
        guard let reader = xmlReaderForFile(path, nil, tend_xml_safe_options()) else {
            throw AppError(.unavailable, code: "file_unreadable", "\(path): cannot be read")
        }
        return try LibXMLGPXReader(reader: reader, name: path).run()
    }

    static func read(data: Data, name: String, maximumBytes: Int) throws -> GPXDocument {
        guard data.count <= maximumBytes else {
            throw AppError(.tooLarge, code: "gpx_too_large", "\(name): the GPX is larger than \(maximumBytes >> 20) MB")
        }
        guard !data.isEmpty else { throw AppError(.unprocessable, code: "invalid_gpx", "\(name):1: the GPX is empty") }
        let reader = data.withUnsafeBytes { bytes in
            xmlReaderForMemory(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(bytes.count), name, nil,
                               tend_xml_safe_options())
        }
        guard let reader else { throw AppError(.unprocessable, code: "invalid_gpx", "\(name): cannot be read") }
        // The buffer must outlive the reader: keep `data` alive until parsing ends.
        return try withExtendedLifetime(data) { try LibXMLGPXReader(reader: reader, name: name).run() }
    }

    // MARK: - The loop

    private func run() throws -> GPXDocument {
        let context = Unmanaged.passUnretained(self).toOpaque()
        xmlTextReaderSetStructuredErrorHandler(reader, tendRecordXMLError, context)
        var skipSubtree = false
        while true {
            let status = skipSubtree ? xmlTextReaderNext(reader) : xmlTextReaderRead(reader)
            skipSubtree = false
            if status == 0 { break }
            if status < 0 { throw failure(lastError?.message ?? "malformed XML", line: lastError?.line) }
            switch xmlTextReaderNodeType(reader) {
            case 1: // element
                let empty = xmlTextReaderIsEmptyElement(reader) == 1
                if try !startElement() {
                    skipSubtree = !empty
                } else if empty {
                    try endElement()
                }
            case 15: // end of element
                try endElement()
            case 3, 4, 14: // text, CDATA, significant whitespace
                if field != nil, let value = xmlTextReaderConstValue(reader) {
                    text.append(contentsOf: UnsafeBufferPointer(start: value, count: strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))))
                }
            case 5: // entity reference: never expanded
                throw failure("entity references are not allowed in a GPX file")
            default:
                break
            }
        }
        guard sawRoot else { throw failure("not a GPX file: no <gpx> element", line: 1) }
        return document
    }

    /// Handles an opening tag; false when the element (and what is inside) is to be skipped.
    private func startElement() throws -> Bool {
        let local = Self.string(xmlTextReaderConstLocalName(reader))
        let namespace = xmlTextReaderConstNamespaceUri(reader).map { Self.string($0) }
        if !sawRoot {
            guard local == "gpx", namespace == nil || namespace == Self.gpx10 || namespace == Self.gpx11 else {
                throw failure("not a GPX file: the root element is <\(local)>\(namespace.map { " in \($0)" } ?? "")")
            }
            sawRoot = true
            gpxNamespace = namespace
            document.version = attribute("version") ?? (namespace == Self.gpx10 ? "1.0" : namespace == Self.gpx11 ? "1.1" : nil)
            document.creator = attribute("creator")
            containers.append(.none)
            return true
        }
        if field != nil { return false } // markup inside a value: ignore it
        let inGPX = namespace == gpxNamespace
        let current = containers.last ?? .none
        if let namespace, namespace.hasPrefix(Self.trackPointExtension) {
            guard case .point = current else { return false }
            switch local {
            case "hr": return begin(.heartRate)
            case "cad": return begin(.cadence)
            case "atemp": return begin(.temperature)
            case "speed": return begin(.speed)
            case "course": return begin(.course)
            case "TrackPointExtension": return true
            default: return false
            }
        }
        if local == "extensions", inGPX, case .point = current { return true }
        guard inGPX else { return false }

        switch (current, local) {
        case (.none, "metadata"):
            containers.append(.metadata)
        case (.none, "name"), (.metadata, "name"):
            return begin(.name)
        case (.none, "desc"), (.metadata, "desc"):
            return begin(.description)
        case (.none, "time"), (.metadata, "time"):
            return begin(.time)
        case (.none, "trk"):
            track = GPXTrack()
            containers.append(.track)
        case (.track, "name"), (.route, "name"):
            return begin(.name)
        case (.track, "trkseg"):
            segment = []
            containers.append(.segment)
        case (.segment, "trkpt"):
            try beginPoint(.track)
        case (.none, "rte"):
            route = GPXRoute()
            containers.append(.route)
        case (.route, "rtept"):
            try beginPoint(.route)
        case (.none, "wpt"):
            try beginPoint(.waypoint)
        case (.point, "ele"):
            return begin(.elevation)
        case (.point, "time"):
            return begin(.time)
        case (.point, "speed"):
            return begin(.speed)
        case (.point, "course"):
            return begin(.course)
        case (.point(.waypoint), "name"):
            return begin(.name)
        case (.point(.waypoint), "desc"):
            return begin(.description)
        default:
            return false
        }
        return true
    }

    private func endElement() throws {
        if let field {
            guard xmlTextReaderDepth(reader) == fieldDepth else { return }
            self.field = nil
            try finish(field)
            return
        }
        guard let current = containers.last else { return }
        let local = Self.string(xmlTextReaderConstLocalName(reader))
        switch (current, local) {
        case (.metadata, "metadata"), (.track, "trk"), (.segment, "trkseg"), (.route, "rte"),
             (.point(.track), "trkpt"), (.point(.route), "rtept"), (.point(.waypoint), "wpt"):
            containers.removeLast()
            close(current)
        default:
            break
        }
    }

    private func close(_ container: Container) {
        switch container {
        case .segment: track.segments.append(segment)
        case .track: document.tracks.append(track)
        case .route: document.routes.append(route)
        case .point(let kind):
            guard let point else { return }
            switch kind {
            case .track: segment.append(point)
            case .route: route.points.append(point)
            case .waypoint: document.waypoints.append(Waypoint(point: point, name: waypointName, description: waypointDescription))
            }
            self.point = nil
        case .none, .metadata: break
        }
    }

    private func beginPoint(_ kind: PointKind) throws {
        guard let latText = attribute("lat"), let lonText = attribute("lon") else {
            throw failure("a point has no lat/lon attributes")
        }
        guard let lat = Self.number(latText), let lon = Self.number(lonText) else {
            throw failure("a point's lat/lon is not a number (lat=\"\(latText)\" lon=\"\(lonText)\")")
        }
        guard (-90...90).contains(lat), (-180...180).contains(lon) else {
            throw failure("a point's lat/lon is out of range (lat=\(latText) lon=\(lonText))")
        }
        point = TrackPoint(latitude: lat, longitude: lon)
        waypointName = nil
        waypointDescription = nil
        containers.append(.point(kind))
    }

    private func begin(_ field: Field) -> Bool {
        self.field = field
        fieldDepth = xmlTextReaderDepth(reader)
        text.removeAll(keepingCapacity: true)
        return true
    }

    private func finish(_ field: Field) throws {
        let value = text
        func numeric(_ what: String) throws -> Double? {
            let trimmed = Self.trim(value)
            guard !trimmed.isEmpty else { return nil }
            guard let number = Self.number(trimmed) else {
                throw failure("\(what) is not a number: \"\(String(decoding: trimmed.prefix(40), as: UTF8.self))\"")
            }
            return number
        }
        switch field {
        case .name, .description:
            let string = String(decoding: Self.trim(value), as: UTF8.self)
            let text = string.isEmpty ? nil : string
            if case .point(.waypoint) = containers.last ?? .none {
                if field == .name { waypointName = text } else { waypointDescription = text }
            } else if case .track = containers.last ?? .none {
                if field == .name { track.name = text }
            } else if case .route = containers.last ?? .none {
                if field == .name { route.name = text }
            } else if field == .name {
                document.name = text
            } else {
                document.description = text
            }
        case .time:
            let trimmed = Self.trim(value)
            guard !trimmed.isEmpty else { return }
            let parsed = trimmed.withUnsafeBufferPointer { ISO8601.parseInstant(bytes: $0, assumingUTC: true) }
            guard let parsed else {
                throw failure("the time \"\(String(decoding: trimmed.prefix(40), as: UTF8.self))\" is not an ISO 8601 time")
            }
            if point != nil { point?.time = parsed } else if case .none = containers.last ?? .none { document.time = parsed }
            else if case .metadata = containers.last ?? .none { document.time = parsed }
        case .elevation:
            point?.elevation = try numeric("the elevation")
        case .heartRate:
            point?.heartRate = try numeric("the heart rate").map { Int($0.rounded()) }
        case .cadence:
            point?.cadence = try numeric("the cadence").map { Int($0.rounded()) }
        case .temperature:
            point?.temperature = try numeric("the temperature")
        case .speed:
            point?.speed = try numeric("the speed")
        case .course:
            point?.course = try numeric("the course")
        }
    }

    // MARK: - Helpers

    private func attribute(_ attributeName: String) -> String? {
        guard xmlTextReaderMoveToAttribute(reader, attributeName) == 1 else { return nil }
        defer { xmlTextReaderMoveToElement(reader) }
        return xmlTextReaderConstValue(reader).map { Self.string($0) }
    }

    private func failure(_ message: String, line: Int? = nil) -> AppError {
        let at = line ?? Int(tend_xml_reader_line(reader))
        return AppError(.unprocessable, code: "invalid_gpx", "\(name):\(max(at, 1)): \(message)")
    }

    fileprivate func record(line: Int, message: String) {
        if lastError == nil { lastError = (line, message) }
    }

    static func string(_ pointer: UnsafePointer<xmlChar>) -> String {
        String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
    }

    static func trim(_ bytes: [UInt8]) -> [UInt8] {
        var slice = bytes[...]
        while let first = slice.first, first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D { slice.removeFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D { slice.removeLast() }
        return Array(slice)
    }

    static func number(_ text: String) -> Double? { number(Array(text.utf8)) }

    /// A finite decimal number, the whole text and nothing else.
    static func number(_ bytes: [UInt8]) -> Double? {
        let trimmed = trim(bytes)
        guard !trimmed.isEmpty, trimmed.count < 64,
              trimmed.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 == 0x65 || $0 == 0x45 })
        else { return nil }
        var buffer = trimmed.map { CChar(bitPattern: $0) }
        buffer.append(0)
        return buffer.withUnsafeBufferPointer { pointer -> Double? in
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(pointer.baseAddress!, &end)
            guard let end, end == UnsafeMutablePointer(mutating: pointer.baseAddress!) + trimmed.count, value.isFinite else { return nil }
            return value
        }
    }
}

/// libxml2's structured error callback: remembers the first error with its line.
private func tendRecordXMLError(_ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {
    guard let context else { return }
    let reader = Unmanaged<LibXMLGPXReader>.fromOpaque(context).takeUnretainedValue()
    let message = String(cString: tend_xml_error_message(error)).trimmed
    reader.record(line: Int(tend_xml_error_line(error)), message: message)
}
