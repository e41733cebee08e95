import FoundationEssentials
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// JSON as the export writes it, by hand so that the same values always give the same bytes:
/// keys sorted by the caller, integers as digits, reals in Swift's shortest form that reads back
/// to the same number (`72.5`, `72.0`, `1e-05`), strings escaped as `String.jsonQuoted`, blobs as
/// base64 text, and a non-finite real (which JSON cannot hold) as null.
enum ExportJSON {
    static func number(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "null"
    }

    static func value(_ value: SQLValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let number): String(number)
        case .real(let real): number(real)
        case .text(let text): text.jsonQuoted
        case .blob(let data): "\"" + data.base64EncodedString() + "\"" // base64 needs no escaping
        }
    }

    /// `{"a":…,"b":…}` from pairs whose values are already JSON; the keys in the given order.
    static func object(_ pairs: [(key: String, json: String)]) -> String {
        var out = "{"
        for (index, pair) in pairs.enumerated() {
            if index > 0 { out += "," }
            out += pair.key.jsonQuoted + ":" + pair.json
        }
        return out + "}"
    }

    /// A JSON array with one element per line, so that a file diffs and greps well.
    static func array(_ elements: [String]) -> String {
        elements.isEmpty ? "[]\n" : "[\n" + elements.joined(separator: ",\n") + "\n]\n"
    }

    /// `array(_:)`'s bytes, written element by element into a streamed zip entry.
    struct ArrayWriter {
        let out: ZipEntryStream
        private var count = 0

        init(_ out: ZipEntryStream) { self.out = out }

        mutating func append(_ element: String) throws {
            try out.write(count == 0 ? "[\n" : ",\n")
            try out.write(element)
            count += 1
        }

        func close() throws {
            try out.write(count == 0 ? "[]\n" : "\n]\n")
        }
    }
}

/// CSV as RFC 4180 writes it: a header row, CRLF line ends, a field quoted when it holds a comma,
/// a quote, CR or LF (quotes doubled). Text a person typed that starts with `=`, `+`, `-`, `@`,
/// a tab or CR gets a leading `'`, so that a spreadsheet shows it instead of running it as a
/// formula (the JSON keeps the text exactly).
struct CSVTable {
    private(set) var text: String

    init(header: [String]) {
        text = ""
        addRow(header)
    }

    mutating func addRow(_ fields: [String]) {
        text += Self.line(fields)
    }

    /// One row with its CRLF, for a file written row by row.
    static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return value }
        var quoted = "\""
        for character in value {
            quoted.append(character)
            if character == "\"" { quoted.append("\"") }
        }
        return quoted + "\""
    }

    /// Text a person typed, made safe to open in a spreadsheet.
    static func text(_ value: SQLValue) -> String {
        guard case .text(let text) = value else { return "" }
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { return "'" + text }
        return text
    }

    /// A number as plain digits: whole reals without `.0`, others in their shortest form.
    static func number(_ value: SQLValue) -> String {
        switch value {
        case .integer(let number): return String(number)
        case .real(let number):
            guard number.isFinite else { return "" }
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return "\(number)"
        case .text(let text): return text
        default: return ""
        }
    }

    /// A stored instant (Unix ms) as ISO 8601 with the zone's offset.
    static func time(_ value: SQLValue, zone: TimeZone) -> String {
        guard case .integer(let milliseconds) = value else { return "" }
        return ISO8601.format(Date(timeIntervalSince1970: Double(milliseconds) / 1000), in: zone)
    }

    static func day(_ value: SQLValue, zone: TimeZone) -> String {
        guard case .integer(let milliseconds) = value else { return "" }
        return zone.localDate(of: Date(timeIntervalSince1970: Double(milliseconds) / 1000)).description
    }
}

/// Where the CLI's export goes: a private temporary file beside the target (0600: it is
/// personal data), renamed over the target once it is complete, so a failed export never
/// leaves half a zip under the name asked for.
final class ExportFile {
    let path: String
    let temporary: String
    private var descriptor: Int32
    private var buffer = Data()

    init(path: String) throws {
        self.path = path
        temporary = path + ".partial-\(getpid())"
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw AppError.unavailable("cannot write \(path): \(String(cString: strerror(errno)))", code: "export_unwritable")
                .with(["path": path])
        }
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(temporary)
        }
    }

    func write(_ data: Data) throws {
        buffer.append(data)
        if buffer.count >= 1 << 20 { try flush() }
    }

    private func flush() throws {
        try buffer.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var done = 0
            while done < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw AppError.unavailable("cannot write \(path): \(String(cString: strerror(errno)))", code: "export_unwritable")
                }
                done += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, syncs and moves the file into place.
    func commit() throws {
        try flush()
        guard fsync(descriptor) == 0, close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            descriptor = -1
            unlink(temporary)
            throw AppError.unavailable("cannot write \(path): \(reason)", code: "export_unwritable")
        }
        descriptor = -1
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw AppError.unavailable("cannot write \(path): \(reason)", code: "export_unwritable").with(["path": path])
        }
    }
}
