import FoundationEssentials

/// Writes JSON bytes straight into a buffer, for the hot responses (`GET /v1/insulin/status`),
/// where `JSONEncoder` built a tree of boxed values, sorted each object's keys and formatted
/// every number through several allocations. It writes the same bytes as `JSONEncoder` with
/// `[.sortedKeys, .withoutEscapingSlashes]` (the API's `HTTPResponse.json`): the same escapes
/// (`\"`, `\\`, `\b \f \n \r \t`, other controls as `\u00xx`, nothing else), a `Double` as its
/// `description` without a trailing `.0`. The caller writes keys in sorted (UTF-8 byte) order;
/// tests compare the two encoders on the same values.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false
    /// False once a value JSON cannot hold (NaN, an infinity) was asked for.
    public private(set) var isEncodable = true

    public init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    // MARK: Containers

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A key: plain ASCII that needs no escape (the caller's literal), then its value.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A key of any text, escaped as a string is.
    public mutating func key(escaping name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: Values

    public mutating func string(_ text: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { appendEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    public mutating func string(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    public mutating func number(_ value: Int) {
        separate()
        appendInteger(value)
        needsComma = true
    }

    public mutating func number(_ value: Int?) {
        if let value { number(value) } else { null() }
    }

    /// As `JSONEncoder` writes a finite `Double`: its shortest round-trip `description`, with a
    /// whole number's `.0` dropped (`3`, `3.5`, `1e-05`, `1e+16`).
    public mutating func number(_ value: Double) {
        separate()
        if !value.isFinite {
            isEncodable = false // JSONEncoder refuses it: the caller falls back to it, for its error
            appendASCII("null")
        } else if value == 0, value.sign == .minus {
            appendASCII("-0")
        } else if value == value.rounded(.towardZero), abs(value) < 1e9 {
            appendInteger(Int(value)) // the description less ".0", without making the string
        } else {
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        value ? appendASCII("true") : appendASCII("false")
        needsComma = true
    }

    public mutating func null() {
        separate()
        appendASCII("null")
        needsComma = true
    }

    /// Already serialized JSON, as it is.
    public mutating func raw(_ json: String) {
        separate()
        var json = json
        json.withUTF8 { bytes.append(contentsOf: $0) }
        needsComma = true
    }

    // MARK: Internals

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func appendASCII(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func appendInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[index...])
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in text.indices {
            let byte = text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if index > start { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index])) }
            start = index + 1
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            default:
                bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0x0F)]])
            }
        }
        if start < text.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...])) }
    }
}

/// A value that writes its own JSON with `JSONWriter`, byte for byte what `JSONEncoder` makes of
/// it: `HTTPResponse.json` takes this path for it.
public protocol JSONWritable {
    func write(to writer: inout JSONWriter)
}
