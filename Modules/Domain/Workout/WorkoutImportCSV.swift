import FoundationEssentials
import Core

/// Training history brought in from the apps lifters use (Strong, Hevy): their CSV exports read
/// into sessions of the training log. The layouts are not documented by the vendors; see
/// `WorkoutImportLayouts.swift` for what is read and where it was learnt.
public enum WorkoutImport {
    /// The largest file read: 20 MiB holds decades of training (a set is a line of about 100
    /// bytes: 10 years of 5 sessions a week of 25 sets is about 7 MiB).
    public static let maximumBytes = 20 << 20

    /// One record of a CSV file: its fields and the line of the file it starts on (1 is the
    /// header), so that a message can name it.
    public typealias Record = CSVReader.Record

    /// A CSV file read as RFC 4180 says: fields separated by `delimiter` (`,`, `;` or a tab, the
    /// one the header line uses most), a field in double quotes may hold the delimiter, a line
    /// break and `""` for a quote; CRLF and LF both end a record; a UTF-8 byte order mark is
    /// dropped and blank lines are skipped. Refused with the line named: bytes that are not
    /// UTF-8, a NUL byte, a quoted field never closed, a record with more or fewer fields than
    /// the header.
    public struct CSV: Sendable, Equatable {
        public let delimiter: Character
        public let header: Record
        public let records: [Record]

        public init(_ data: Data) throws {
            var bytes = [UInt8](data)
            if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
                throw WorkoutImport.error("the file is UTF-16 text: save it as UTF-8 (CSV UTF-8) and import it again",
                                          key: "utf16", [:])
            }
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            try Self.checkText(bytes)
            let delimiter = Self.delimiter(of: bytes)
            var records = try Self.records(bytes, delimiter: delimiter)
            guard !records.isEmpty else {
                throw WorkoutImport.error("the file is empty", key: "empty", [:])
            }
            let header = records.removeFirst()
            // A trailing delimiter (an empty last field) on every line is tolerated.
            for record in records where record.fields.count != header.fields.count {
                let extraEmpty = record.fields.count == header.fields.count + 1 && record.fields.last == ""
                if !extraEmpty {
                    throw WorkoutImport.error(
                        "line \(record.line) has \(record.fields.count) fields, the header has \(header.fields.count)",
                        key: "field_count",
                        ["line": "\(record.line)", "count": "\(record.fields.count)", "expected": "\(header.fields.count)"])
                }
            }
            self.delimiter = Character(UnicodeScalar(delimiter))
            self.header = header
            self.records = records
        }

        /// Every line valid UTF-8 without NUL bytes; otherwise the first line that is not.
        static func checkText(_ bytes: [UInt8]) throws {
            if !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil { return }
            var line = 1
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
                let slice = bytes[start..<index]
                if slice.contains(0) {
                    throw WorkoutImport.error("line \(line) holds a NUL byte: this is not a text file", key: "binary",
                                              ["line": "\(line)"])
                }
                if String(validating: slice, as: UTF8.self) == nil {
                    throw WorkoutImport.error("line \(line) is not UTF-8 text: export the file again, or save it as UTF-8",
                                              key: "encoding", ["line": "\(line)"])
                }
                line += 1
                start = index + 1
            }
        }

        /// `,`, `;` or a tab: the one the header line holds most outside quotes (`,` on a tie).
        static func delimiter(of bytes: [UInt8]) -> UInt8 {
            var counts: [UInt8: Int] = [0x2C: 0, 0x3B: 0, 0x09: 0]
            var quoted = false
            for byte in bytes {
                if byte == 0x22 { quoted.toggle() } else if !quoted {
                    if byte == 0x0A { break }
                    if counts[byte] != nil { counts[byte]! += 1 }
                }
            }
            return [UInt8(0x2C), 0x3B, 0x09].max { counts[$0]! < counts[$1]! } ?? 0x2C
        }

        static func records(_ bytes: [UInt8], delimiter: UInt8) throws -> [Record] {
            do {
                return try CSVReader.records(bytes, delimiter: delimiter)
            } catch .unclosedQuote(let line) {
                throw WorkoutImport.error("line \(line): a quoted field is never closed", key: "open_quote",
                                          ["line": "\(line)"])
            } catch .controlCharacter(let line, _) {
                // Not asked for (training notes may hold tabs and such); named should that change.
                throw WorkoutImport.error("line \(line) holds a control character: this is not a text file", key: "binary",
                                          ["line": "\(line)"])
            }
        }
    }

    /// A refusal of the file: 400 `invalid_import`, the key naming the kind of problem and the
    /// values filling in its message.
    static func error(_ message: String, key: String, _ arguments: [String: String]) -> AppError {
        AppError.invalidInput(message, code: "invalid_import").with(key: key, arguments)
    }
}
