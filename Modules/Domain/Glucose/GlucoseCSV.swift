import FoundationEssentials
import Core

/// The lines of a CGM export as CSV records with their line numbers, for the importers. Unlike
/// a plain table, an export may start with a title line of fewer fields (LibreView) or carry
/// rows of another shape before the readings (Clarity's patient and alert rows), so field
/// counts are checked by each format, not here. RFC 4180 quoting; CRLF or LF; a UTF-8 byte
/// order mark dropped; blank lines skipped. Refused with the line named: bytes that are not
/// UTF-8, a NUL or another control character, a quote never closed.
public struct GlucoseCSV: Sendable, Equatable {
    public struct Record: Sendable, Equatable {
        public let line: Int
        public let fields: [String]
    }

    /// A lifetime of readings at one every 5 minutes is far under this.
    public static let maximumBytes = 64 << 20

    public let records: [Record]

    public init(_ data: Data, delimiter: UInt8 = UInt8(ascii: ",")) throws {
        guard data.count <= Self.maximumBytes else {
            throw GlucoseImport.refusal(line: nil, "the file is larger than \(Self.maximumBytes >> 20) MiB", code: "file_too_large")
        }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw GlucoseImport.refusal(line: nil, "the file is not UTF-8 text", code: "not_text")
        }
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var quoted = false
        var index = 0
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: recordLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0 || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F {
                throw GlucoseImport.refusal(line: line, "a control character (0x\(String(byte, radix: 16))) is not text",
                                            code: "invalid_text")
            }
            if quoted {
                if byte == 0x22 {
                    if index + 1 < bytes.count, bytes[index + 1] == 0x22 {
                        field.append(0x22)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == 0x0A { line += 1 }
                    field.append(byte)
                }
            } else if byte == 0x22, field.isEmpty {
                quoted = true
            } else if byte == delimiter {
                endField()
            } else if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                endRecord()
                line += 1
                recordLine = line
            } else {
                field.append(byte)
            }
            index += 1
        }
        if quoted { throw GlucoseImport.refusal(line: recordLine, "a quoted field is never closed", code: "unclosed_quote") }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        self.records = records
    }
}
