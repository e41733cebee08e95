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
struct LibXMLGPXReader {
    static let gpx10 = "http://www.topografix.com/GPX/1/0"
    static let gpx11 = "http://www.topografix.com/GPX/1/1"
    static let trackPointExtension = "http://www.garmin.com/xmlschemas/TrackPointExtension/"

    private let reader: OpaquePointer
    private let name: String
    private var document = GPXDocument()
    private var gpxNamespace: String?
    private var gpxNamespaceBytes: [CChar]?
    private var sawRoot = false
    /// Where libxml2's error callback writes; a class because C holds a pointer to it.
    private let errors = ErrorSink()

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
    private var attributeBytes: [UInt8] = []

    private init(reader: OpaquePointer, name: String) {
        self.reader = reader
        self.name = name
    }

    static func read(path: String, maximumBytes: Int) throws -> GPXDocument {
        try requireLibXML2()
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
        // The file is fed to libxml2 through our own reads, so that nothing is decompressed
        // behind our back (a small .gz could expand without bound) and the limit holds.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw AppError(.unavailable, code: "file_unreadable", "\(path): cannot be read")
        }
        var magic: (UInt8, UInt8) = (0, 0)
        if pread(descriptor, &magic, 2, 0) == 2, magic == (0x1F, 0x8B) {
            Glibc.close(descriptor)
            throw AppError(.unprocessable, code: "invalid_gpx", "\(path):1: the file is compressed (gzip): unpack it first")
        }
        let input = BoundedFileInput(descriptor: descriptor, limit: maximumBytes)
        let context = Unmanaged.passRetained(input).toOpaque()
        guard let reader = tend_xmlReaderForIO(tendReadInput, tendCloseInput, context, path, nil, tend_xml_safe_options()) else {
            Unmanaged<BoundedFileInput>.fromOpaque(context).release()
            throw AppError(.unavailable, code: "file_unreadable", "\(path): cannot be read")
        }
        defer { tend_xmlFreeTextReader(reader) }
        var parser = LibXMLGPXReader(reader: reader, name: path)
        return try parser.run()
    }

    static func read(data: Data, name: String, maximumBytes: Int) throws -> GPXDocument {
        guard data.count <= maximumBytes else {
            throw AppError(.tooLarge, code: "gpx_too_large", "\(name): the GPX is larger than \(maximumBytes >> 20) MB")
        }
        guard !data.isEmpty else { throw AppError(.unprocessable, code: "invalid_gpx", "\(name):1: the GPX is empty") }
        try requireLibXML2()
        let reader = data.withUnsafeBytes { bytes in
            tend_xmlReaderForMemory(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(bytes.count), name, nil,
                               tend_xml_safe_options())
        }
        guard let reader else { throw AppError(.unprocessable, code: "invalid_gpx", "\(name): cannot be read") }
        defer { tend_xmlFreeTextReader(reader) }
        // The buffer must outlive the reader: keep `data` alive until parsing ends.
        return try withExtendedLifetime(data) {
            var parser = LibXMLGPXReader(reader: reader, name: name)
            return try parser.run()
        }
    }

    // MARK: - The loop

    private mutating func run() throws -> GPXDocument {
        let context = Unmanaged.passUnretained(errors).toOpaque()
        tend_xmlTextReaderSetStructuredErrorHandler(reader, tendRecordXMLError, context)
        defer { tend_xmlTextReaderSetStructuredErrorHandler(reader, nil, nil) }
        var skipSubtree = false
        while true {
            let status = skipSubtree ? tend_xmlTextReaderNext(reader) : tend_xmlTextReaderRead(reader)
            skipSubtree = false
            if status == 0 { break }
            if status < 0 {
                // The parser stopped where the document went wrong: its line beats the error's,
                // which counts lines inside an entity's text for an entity loop.
                let stopped = Int(tend_xmlTextReaderGetParserLineNumber(reader))
                throw failure(errors.first?.message ?? "malformed XML", line: stopped > 0 ? stopped : errors.first?.line)
            }
            switch tend_xmlTextReaderNodeType(reader) {
            case 1: // element
                let empty = tend_xmlTextReaderIsEmptyElement(reader) == 1
                if try !startElement() {
                    skipSubtree = !empty
                } else if empty {
                    try endElement()
                }
            case 15: // end of element
                try endElement()
            case 3, 4, 14: // text, CDATA, significant whitespace
                if field != nil, let value = tend_xmlTextReaderConstValue(reader) {
                    let length = strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
                    text.append(contentsOf: UnsafeBufferPointer(start: value, count: length))
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
    /// Names are compared as libxml2's interned C strings: no Swift string per node.
    private mutating func startElement() throws -> Bool {
        guard let local = tend_xmlTextReaderConstLocalName(reader) else { return false }
        let namespace = tend_xmlTextReaderConstNamespaceUri(reader)
        if !sawRoot {
            let uri = namespace.map { Self.string($0) }
            guard Self.is(local, "gpx"), uri == nil || uri == Self.gpx10 || uri == Self.gpx11 else {
                throw failure("not a GPX file: the root element is <\(Self.string(local))>\(uri.map { " in \($0)" } ?? "")")
            }
            sawRoot = true
            gpxNamespace = uri
            gpxNamespaceBytes = uri.map { Array($0.utf8CString) }
            document.version = attribute("version") ?? (uri == Self.gpx10 ? "1.0" : uri == Self.gpx11 ? "1.1" : nil)
            document.creator = attribute("creator")
            containers.append(.none)
            return true
        }
        if field != nil { return false } // markup inside a value: ignore it
        let current = containers.last ?? .none
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
            try beginPoint(.track)
        case .none, .metadata:
            if Self.is(local, "name") { return begin(.name) }
            if Self.is(local, "desc") { return begin(.description) }
            if Self.is(local, "time") { return begin(.time) }
            guard case .none = current else { return false }
            if Self.is(local, "metadata") {
                containers.append(.metadata)
            } else if Self.is(local, "trk") {
                track = GPXTrack()
                containers.append(.track)
            } else if Self.is(local, "rte") {
                route = GPXRoute()
                containers.append(.route)
            } else if Self.is(local, "wpt") {
                try beginPoint(.waypoint)
            } else {
                return false
            }
        case .track:
            if Self.is(local, "name") { return begin(.name) }
            guard Self.is(local, "trkseg") else { return false }
            segment = []
            containers.append(.segment)
        case .route:
            if Self.is(local, "name") { return begin(.name) }
            guard Self.is(local, "rtept") else { return false }
            try beginPoint(.route)
        }
        return true
    }

    private mutating func endElement() throws {
        if let field {
            guard tend_xmlTextReaderDepth(reader) == fieldDepth else { return }
            self.field = nil
            try finish(field)
            return
        }
        guard let current = containers.last, let local = tend_xmlTextReaderConstLocalName(reader) else { return }
        let closes: Bool
        switch current {
        case .metadata: closes = Self.is(local, "metadata")
        case .track: closes = Self.is(local, "trk")
        case .segment: closes = Self.is(local, "trkseg")
        case .route: closes = Self.is(local, "rte")
        case .point(.track): closes = Self.is(local, "trkpt")
        case .point(.route): closes = Self.is(local, "rtept")
        case .point(.waypoint): closes = Self.is(local, "wpt")
        case .none: closes = false
        }
        if closes {
            containers.removeLast()
            close(current)
        }
    }

    private func isGPXNamespace(_ namespace: UnsafePointer<xmlChar>) -> Bool {
        guard let gpxNamespaceBytes else { return false }
        return gpxNamespaceBytes.withUnsafeBufferPointer { strcmp(Self.chars(namespace), $0.baseAddress!) == 0 }
    }

    static let trackPointExtensionBytes = Array(trackPointExtension.utf8)

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

    private mutating func close(_ container: Container) {
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

    private mutating func beginPoint(_ kind: PointKind) throws {
        let lat = coordinate("lat")
        let lon = coordinate("lon")
        guard let latitude = lat.value, let longitude = lon.value else {
            if lat.text == nil || lon.text == nil { throw failure("a point has no lat/lon attributes") }
            throw failure("a point's lat/lon is not a number (lat=\"\(lat.text ?? "")\" lon=\"\(lon.text ?? "")\")")
        }
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw failure("a point's lat/lon is out of range (lat=\(lat.text ?? "") lon=\(lon.text ?? ""))")
        }
        point = TrackPoint(latitude: latitude, longitude: longitude)
        waypointName = nil
        waypointDescription = nil
        containers.append(.point(kind))
    }

    /// A numeric attribute read in place; the text is kept only for an error message.
    private mutating func coordinate(_ name: StaticString) -> (value: Double?, text: String?) {
        let found = tend_xmlTextReaderMoveToAttribute(reader, UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: xmlChar.self)) == 1
        defer { tend_xmlTextReaderMoveToElement(reader) }
        guard found, let value = tend_xmlTextReaderConstValue(reader) else { return (nil, nil) }
        let count = strlen(Self.chars(value))
        attributeBytes.removeAll(keepingCapacity: true)
        attributeBytes.append(contentsOf: UnsafeBufferPointer(start: value, count: count))
        if let number = GPXNumber.number(attributeBytes, GPXNumber.trimmedRange(attributeBytes)) { return (number, "") }
        return (nil, Self.string(value))
    }

    private mutating func begin(_ field: Field) -> Bool {
        self.field = field
        fieldDepth = tend_xmlTextReaderDepth(reader)
        text.removeAll(keepingCapacity: true)
        return true
    }

    private mutating func finish(_ field: Field) throws {
        // Each value has a plausible range: a hostile 1e308 m or 1e30 bpm is refused here, so
        // no statistic can overflow to infinity and no conversion to an integer can trap.
        func numeric(_ what: String, _ plausible: ClosedRange<Double>) throws -> Double? {
            let range = GPXNumber.trimmedRange(text)
            guard !range.isEmpty else { return nil }
            let shown = String(decoding: text[range].prefix(40), as: UTF8.self)
            guard let number = GPXNumber.number(text, range) else {
                throw failure("\(what) is not a number: \"\(shown)\"")
            }
            guard plausible.contains(number) else {
                throw failure("\(what) \(shown) is out of range (\(Int(plausible.lowerBound)) to \(Int(plausible.upperBound)))")
            }
            return number
        }
        switch field {
        case .name, .description:
            let string = String(decoding: text[GPXNumber.trimmedRange(text)], as: UTF8.self)
            let value = string.isEmpty ? nil : string
            switch containers.last ?? .none {
            case .point(.waypoint):
                if field == .name { waypointName = value } else { waypointDescription = value }
            case .track:
                if field == .name { track.name = value }
            case .route:
                if field == .name { route.name = value }
            default:
                if field == .name { document.name = value } else { document.description = value }
            }
        case .time:
            let range = GPXNumber.trimmedRange(text)
            guard !range.isEmpty else { return }
            let parsed = text.withUnsafeBufferPointer { buffer in
                ISO8601.parseInstant(bytes: UnsafeBufferPointer(rebasing: buffer[range]), assumingUTC: true)
            }
            guard let parsed else {
                throw failure("the time \"\(String(decoding: text[range].prefix(40), as: UTF8.self))\" is not an ISO 8601 time")
            }
            if point != nil { point?.time = parsed } else { document.time = parsed }
        case .elevation:
            let value = try numeric("the elevation", -12_000...100_000)
            point?.elevation = value
        case .heartRate:
            let value = try numeric("the heart rate", 0...400)
            point?.heartRate = value.map { Int($0.rounded()) }
        case .cadence:
            let value = try numeric("the cadence", 0...1000)
            point?.cadence = value.map { Int($0.rounded()) }
        case .temperature:
            let value = try numeric("the temperature", -100...100)
            point?.temperature = value
        case .speed:
            let value = try numeric("the speed", 0...1000)
            point?.speed = value
        case .course:
            let value = try numeric("the course", -360...360)
            point?.course = value
        }
    }

    // MARK: - Helpers

    private func attribute(_ attributeName: String) -> String? {
        guard tend_xmlTextReaderMoveToAttribute(reader, attributeName) == 1 else { return nil }
        defer { tend_xmlTextReaderMoveToElement(reader) }
        return tend_xmlTextReaderConstValue(reader).map { Self.string($0) }
    }

    private func failure(_ message: String, line: Int? = nil) -> AppError {
        let at = line ?? Int(tend_xml_reader_line(reader))
        return AppError(.unprocessable, code: "invalid_gpx", "\(name):\(max(at, 1)): \(message)")
    }


    static func string(_ pointer: UnsafePointer<xmlChar>) -> String {
        String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
    }
}
