import FoundationEssentials
import Core
import Domain

/// Stores a whole GPX document in one compact blob instead of one row per point: coordinates
/// in units of 1e-9 degree, elevation in millimetres and time in milliseconds, each as a
/// zig-zag varint delta from the previous point, so that a point takes about 8-12 bytes and
/// the GPX export gives back the same points, times and elevations.
enum TrackCodec {
    static let magic: [UInt8] = Array("TGX1".utf8)

    static func encode(_ document: GPXDocument) -> Data {
        var writer = Writer()
        writer.bytes.append(contentsOf: magic)
        writer.string(document.version)
        writer.string(document.creator)
        writer.string(document.name)
        writer.string(document.description)
        writer.optionalTime(document.time)
        writer.varint(UInt64(document.tracks.count))
        for track in document.tracks {
            writer.string(track.name)
            writer.varint(UInt64(track.segments.count))
            for segment in track.segments { writer.points(segment) }
        }
        writer.varint(UInt64(document.routes.count))
        for route in document.routes {
            writer.string(route.name)
            writer.points(route.points)
        }
        writer.varint(UInt64(document.waypoints.count))
        for waypoint in document.waypoints {
            writer.string(waypoint.name)
            writer.string(waypoint.description)
            writer.points([waypoint.point])
        }
        return Data(writer.bytes)
    }

    static func decode(_ data: Data) throws -> GPXDocument {
        var reader = Reader(bytes: [UInt8](data))
        guard reader.bytes.starts(with: magic) else { throw Reader.corrupt }
        reader.index = magic.count
        var document = GPXDocument()
        document.version = try reader.string()
        document.creator = try reader.string()
        document.name = try reader.string()
        document.description = try reader.string()
        document.time = try reader.optionalTime()
        for _ in 0..<(try reader.count()) {
            var track = GPXTrack(name: try reader.string())
            for _ in 0..<(try reader.count()) { track.segments.append(try reader.points()) }
            document.tracks.append(track)
        }
        for _ in 0..<(try reader.count()) {
            document.routes.append(GPXRoute(name: try reader.string(), points: try reader.points()))
        }
        for _ in 0..<(try reader.count()) {
            let name = try reader.string()
            let description = try reader.string()
            guard let point = try reader.points().first else { throw Reader.corrupt }
            document.waypoints.append(Waypoint(point: point, name: name, description: description))
        }
        return document
    }

    /// Running values the deltas are taken from.
    struct Previous {
        var latitude: Int64 = 0
        var longitude: Int64 = 0
        var elevation: Int64 = 0
        var time: Int64 = 0
    }

    struct Writer {
        var bytes: [UInt8] = []
        var previous = Previous()

        mutating func varint(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(value & 0x7F) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        mutating func signed(_ value: Int64) {
            varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        }

        /// Length + 1, so that 0 means nil.
        mutating func string(_ text: String?) {
            guard let text else { return varint(0) }
            let utf8 = Array(text.utf8)
            varint(UInt64(utf8.count + 1))
            bytes.append(contentsOf: utf8)
        }

        mutating func optionalTime(_ date: Date?) {
            guard let date else { return bytes.append(0) }
            bytes.append(1)
            signed(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        }

        mutating func float(_ value: Float) {
            let bits = value.bitPattern
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt32(shift))) }
        }

        mutating func points(_ points: [TrackPoint]) {
            varint(UInt64(points.count))
            for point in points {
                var flags: UInt8 = 0
                if point.elevation != nil { flags |= 1 }
                if point.timestamp != nil { flags |= 2 }
                if point.heartRate != nil { flags |= 4 }
                if point.cadence != nil { flags |= 8 }
                if point.temperature != nil { flags |= 16 }
                if point.speed != nil { flags |= 32 }
                if point.course != nil { flags |= 64 }
                bytes.append(flags)
                let latitude = Int64((point.latitude * 1e9).rounded())
                let longitude = Int64((point.longitude * 1e9).rounded())
                signed(latitude &- previous.latitude)
                signed(longitude &- previous.longitude)
                previous.latitude = latitude
                previous.longitude = longitude
                if let elevation = point.elevation {
                    let millimetres = Int64((elevation * 1000).rounded())
                    signed(millimetres &- previous.elevation)
                    previous.elevation = millimetres
                }
                if let time = point.timestamp {
                    let milliseconds = Int64((time * 1000).rounded())
                    signed(milliseconds &- previous.time)
                    previous.time = milliseconds
                }
                if let heartRate = point.heartRate { varint(UInt64(heartRate)) }
                if let cadence = point.cadence { varint(UInt64(cadence)) }
                if let temperature = point.temperature { float(Float(temperature)) }
                if let speed = point.speed { float(Float(speed)) }
                if let course = point.course { float(Float(course)) }
            }
        }
    }

    struct Reader {
        static let corrupt = AppError(.internalFailure, code: "database_error", "a stored track is damaged")
        let bytes: [UInt8]
        var index = 0
        var previous = Previous()

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func byte() throws -> UInt8 {
            guard index < bytes.count else { throw Self.corrupt }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func varint() throws -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let next = try byte()
                guard shift < 64 else { throw Self.corrupt }
                result |= UInt64(next & 0x7F) << shift
                if next < 0x80 { return result }
                shift += 7
            }
        }

        mutating func signed() throws -> Int64 {
            let raw = try varint()
            return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        }

        mutating func count() throws -> Int {
            let value = try varint()
            guard value <= UInt64(bytes.count) else { throw Self.corrupt }
            return Int(value)
        }

        mutating func string() throws -> String? {
            let length = try count()
            guard length > 0 else { return nil }
            guard index + length - 1 <= bytes.count else { throw Self.corrupt }
            defer { index += length - 1 }
            return String(decoding: bytes[index..<(index + length - 1)], as: UTF8.self)
        }

        mutating func optionalTime() throws -> Date? {
            guard try byte() == 1 else { return nil }
            return Date(timeIntervalSince1970: Double(try signed()) / 1000)
        }

        mutating func float() throws -> Float {
            var bits: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) { bits |= UInt32(try byte()) << UInt32(shift) }
            return Float(bitPattern: bits)
        }

        mutating func points() throws -> [TrackPoint] {
            let count = try count()
            var points: [TrackPoint] = []
            points.reserveCapacity(count)
            for _ in 0..<count {
                let flags = try byte()
                previous.latitude &+= try signed()
                previous.longitude &+= try signed()
                var point = TrackPoint(latitude: Double(previous.latitude) / 1e9, longitude: Double(previous.longitude) / 1e9)
                if flags & 1 != 0 {
                    previous.elevation &+= try signed()
                    point.elevation = Double(previous.elevation) / 1000
                }
                if flags & 2 != 0 {
                    previous.time &+= try signed()
                    point.time = Date(timeIntervalSince1970: Double(previous.time) / 1000)
                }
                if flags & 4 != 0 { point.heartRate = Int(try varint()) }
                if flags & 8 != 0 { point.cadence = Int(try varint()) }
                if flags & 16 != 0 { point.temperature = Double(try float()) }
                if flags & 32 != 0 { point.speed = Double(try float()) }
                if flags & 64 != 0 { point.course = Double(try float()) }
                points.append(point)
            }
            return points
        }
    }
}
