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

    /// How a column's text is read, from its type OID (pg_type.h): worked out once a result,
    /// not once a value.
    enum ColumnKind {
        case integer, real, numeric, boolean, bytea, text

        init(oid: UInt32) {
            switch oid {
            case 20, 21, 23, 26: self = .integer
            case 700, 701: self = .real
            case 1700: self = .numeric
            case 16: self = .boolean
            case 17: self = .bytea
            default: self = .text
            }
        }
    }

    static func rows(of result: OpaquePointer) -> [Row] {
        let count = PQntuples(result), fields = PQnfields(result)
        guard count > 0 else { return [] }
        let columns = (0..<fields).map { String(cString: PQfname(result, $0)) }
        let kinds = (0..<fields).map { ColumnKind(oid: PQftype(result, $0)) }
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
                values.append(decode(UnsafeBufferPointer(start: bytes, count: length), kind: kinds[Int(field)]))
            }
            rows.append(Row(columns: columns, values: values))
        }
        return rows
    }

    /// Numbers are read from the bytes where they are plain (PostgreSQL's own output: digits,
    /// a sign, one point), else through a String as before; every text becomes one.
    static func decode(_ buffer: UnsafeBufferPointer<UInt8>, kind: ColumnKind) -> SQLValue {
        switch kind {
        case .integer:
            if let number = integer(buffer) { return .integer(number) }
            let text = String(decoding: buffer, as: UTF8.self)
            return Int64(text).map(SQLValue.integer) ?? .text(text)
        case .real:
            if let number = plainDouble(buffer) { return .real(number) }
            let text = String(decoding: buffer, as: UTF8.self)
            return Double(text).map(SQLValue.real) ?? .text(text)
        case .numeric:
            // SUM of integers is numeric: whole, it is an integer, as SQLite's SUM gives.
            if let whole = integer(buffer) { return .integer(whole) }
            if let number = plainDouble(buffer) { return .real(number) }
            let text = String(decoding: buffer, as: UTF8.self)
            if let whole = Int64(text) { return .integer(whole) }
            return Double(text).map(SQLValue.real) ?? .text(text)
        case .boolean:
            return .integer(buffer.count == 1 && buffer[0] == UInt8(ascii: "t") ? 1 : 0)
        case .bytea:
            return .blob(hex(buffer))
        case .text:
            return .text(String(decoding: buffer, as: UTF8.self))
        }
    }

    /// `-`? and 1–18 digits (never past Int64); nil for anything else, read the long way.
    private static func integer(_ buffer: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = buffer.first == UInt8(ascii: "-")
        let digits = UnsafeBufferPointer(rebasing: buffer[(negative ? 1 : 0)...])
        guard (1...18).contains(digits.count) else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    /// `-`?digits(.digits)? with at most 15 digits in all, exactly as `Double(text)` reads it:
    /// the digits as a whole number and the power of ten are both exact doubles, and IEEE
    /// division rounds their quotient correctly, as `strtod` rounds the text. Nil otherwise.
    private static func plainDouble(_ buffer: UnsafeBufferPointer<UInt8>) -> Double? {
        let negative = buffer.first == UInt8(ascii: "-")
        var mantissa: Int64 = 0, digits = 0, decimals = 0
        var point = false
        for byte in UnsafeBufferPointer(rebasing: buffer[(negative ? 1 : 0)...]) {
            if byte == UInt8(ascii: "."), !point {
                point = true
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 15 else { return nil }
            mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
            digits += 1
            if point { decimals += 1 }
        }
        guard digits > 0, !(point && decimals == 0) else { return nil }
        let value = Double(mantissa) / powersOfTen[decimals]
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...15).map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }

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
