import FoundationEssentials
import CPQ
import Data

/// Values to and from PostgreSQL's wire form. Parameters go as text (the server parses them as
/// the type it inferred) and blobs as raw bytes; results come back as text and are read by
/// their column's type, so a row has the same `SQLValue` cases as on SQLite.
enum PostgresValues {
    struct Encoded {
        let bytes: [UInt8]?
        let isBinary: Bool
    }

    static func encode(_ value: SQLValue) -> Encoded {
        switch value {
        case .integer(let number): Encoded(bytes: Array(String(number).utf8), isBinary: false)
        case .real(let number): Encoded(bytes: Array(real(number).utf8), isBinary: false)
        case .text(let text): Encoded(bytes: Array(text.utf8), isBinary: false)
        case .blob(let data): Encoded(bytes: Array(data), isBinary: true)
        case .null: Encoded(bytes: nil, isBinary: false)
        }
    }

    /// A double as PostgreSQL's float8 reads it back exactly (Swift's shortest round-trip form).
    static func real(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return "\(number)"
    }

    // Type OIDs (pg_type.h).
    private static let integers: Set<UInt32> = [20, 21, 23, 26]
    private static let reals: Set<UInt32> = [700, 701]
    private static let numeric: UInt32 = 1700
    private static let boolean: UInt32 = 16
    private static let bytea: UInt32 = 17

    static func rows(of result: OpaquePointer) -> [Row] {
        let count = PQntuples(result), fields = PQnfields(result)
        guard count > 0 else { return [] }
        let columns = (0..<fields).map { String(cString: PQfname(result, $0)) }
        let types = (0..<fields).map { PQftype(result, $0) }
        var rows: [Row] = []
        rows.reserveCapacity(Int(count))
        for row in 0..<count {
            var values: [SQLValue] = []
            values.reserveCapacity(Int(fields))
            for field in 0..<fields {
                if PQgetisnull(result, row, field) == 1 {
                    values.append(.null)
                    continue
                }
                let length = Int(PQgetlength(result, row, field))
                let bytes = UnsafeRawPointer(PQgetvalue(result, row, field)!).assumingMemoryBound(to: UInt8.self)
                let buffer = UnsafeBufferPointer(start: bytes, count: length)
                values.append(decode(buffer, type: types[Int(field)]))
            }
            rows.append(Row(columns: columns, values: values))
        }
        return rows
    }

    static func decode(_ buffer: UnsafeBufferPointer<UInt8>, type: UInt32) -> SQLValue {
        let text = String(decoding: buffer, as: UTF8.self)
        switch type {
        case let type where integers.contains(type):
            return Int64(text).map(SQLValue.integer) ?? .text(text)
        case let type where reals.contains(type):
            return Double(text).map(SQLValue.real) ?? .text(text)
        case numeric:
            // SUM of integers is numeric: whole, it is an integer, as SQLite's SUM gives.
            if let whole = Int64(text) { return .integer(whole) }
            return Double(text).map(SQLValue.real) ?? .text(text)
        case boolean:
            return .integer(text == "t" ? 1 : 0)
        case bytea:
            return .blob(hex(buffer))
        default:
            return .text(text)
        }
    }

    /// bytea's text form: `\x` and two hex digits per byte.
    private static func hex(_ buffer: UnsafeBufferPointer<UInt8>) -> Data {
        guard buffer.count >= 2, buffer[0] == UInt8(ascii: "\\"), buffer[1] == UInt8(ascii: "x") else { return Data(buffer) }
        var data = Data(capacity: (buffer.count - 2) / 2)
        var index = 2
        while index + 1 < buffer.count {
            data.append(nibble(buffer[index]) << 4 | nibble(buffer[index + 1]))
            index += 2
        }
        return data
    }

    private static func nibble(_ digit: UInt8) -> UInt8 {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: digit - UInt8(ascii: "A") + 10
        }
    }
}
