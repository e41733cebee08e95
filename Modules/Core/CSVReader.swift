/// CSV text split into records as RFC 4180 says, for the importers (training apps' exports,
/// CGM exports): fields separated by a delimiter, a field in double quotes may hold the
/// delimiter, a line break and `""` for a quote; CRLF, LF or a lone CR ends a record, and a line
/// break inside quotes reads as LF; blank lines are skipped. A quote inside an unquoted field, or
/// text after a closing quote, is kept as it is. Each record keeps the line it starts on, so that
/// a refusal can name it. What the bytes must be (UTF-8, no byte order mark) and how many fields
/// a record needs are the caller's rules.
public enum CSVReader {
    public struct Record: Sendable, Equatable {
        public let line: Int
        public let fields: [String]

        public init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }
    }

    public enum Problem: Error, Equatable {
        /// A control character other than a tab or a line break, when the caller refuses them.
        case controlCharacter(line: Int, byte: UInt8)
        /// A quote opened on `line` and never closed.
        case unclosedQuote(line: Int)
    }

    public static func records(_ bytes: [UInt8], delimiter: UInt8,
                               refusingControlCharacters: Bool = false) throws(Problem) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var quoted = false
        var quoteLine = 1
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
        /// At a CR or LF: steps over the LF of a CRLF and counts the line.
        func lineBreak() {
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            line += 1
        }
        while index < bytes.count {
            let byte = bytes[index]
            if refusingControlCharacters, byte == 0x7F || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) {
                throw .controlCharacter(line: line, byte: byte)
            }
            if quoted {
                switch byte {
                case 0x22:
                    if index + 1 < bytes.count, bytes[index + 1] == 0x22 {
                        field.append(0x22)
                        index += 1
                    } else {
                        quoted = false
                    }
                case 0x0A, 0x0D:
                    field.append(0x0A)
                    lineBreak()
                default:
                    field.append(byte)
                }
            } else {
                switch byte {
                case 0x22 where field.isEmpty:
                    quoted = true
                    quoteLine = line
                case delimiter:
                    endField()
                case 0x0A, 0x0D:
                    endRecord()
                    lineBreak()
                    recordLine = line
                default:
                    field.append(byte)
                }
            }
            index += 1
        }
        if quoted { throw .unclosedQuote(line: quoteLine) }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }
}
