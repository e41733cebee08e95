import FoundationEssentials
import Core

/// The lines of a CGM export as CSV records with their line numbers, for the importers. Unlike
/// a plain table, an export may start with a title line of fewer fields (LibreView) or carry
/// rows of another shape before the readings (Clarity's patient and alert rows), so field
/// counts are checked by each format, not here. RFC 4180 quoting; CRLF or LF; a UTF-8 byte
/// order mark dropped; blank lines skipped. Refused with the line named: bytes that are not
/// UTF-8, a NUL or another control character, a quote never closed.
public struct GlucoseCSV: Sendable, Equatable {
    public typealias Record = CSVReader.Record

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
        do {
            records = try CSVReader.records(bytes, delimiter: delimiter, refusingControlCharacters: true)
        } catch .controlCharacter(let line, let byte) {
            throw GlucoseImport.refusal(line: line, "a control character (0x\(String(byte, radix: 16))) is not text",
                                        code: "invalid_text")
        } catch .unclosedQuote(let line) {
            throw GlucoseImport.refusal(line: line, "a quoted field is never closed", code: "unclosed_quote")
        }
    }
}
