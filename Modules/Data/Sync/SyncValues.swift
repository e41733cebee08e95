import FoundationEssentials
import Core
import Domain

/// Field values between SQLite columns and the wire: a column's declared type decides both ways,
/// so `5` and `5.0` are the same value of a REAL column, and a blob travels as hex text.
enum SyncValues {
    static func syncValue(_ value: SQLValue, type: SyncTable.ColumnType) -> SyncValue {
        switch value {
        case .null: .null
        case .integer(let number): type == .real ? .double(Double(number)) : .int(number)
        case .real(let number): type == .integer && number == number.rounded() && abs(number) < 9e15 ? .int(Int64(number)) : .double(number)
        case .text(let text): .string(text)
        case .blob(let data): .string(hex(data))
        }
    }

    /// The value a column takes, or an error naming the field.
    static func sqlValue(_ value: SyncValue, column: SyncTable.Column) throws -> SQLValue {
        switch (value, column.type) {
        case (.null, _):
            guard !column.required else { throw invalid(column.name, "may not be empty") }
            return .null
        case (.string(let text), .text): return .text(text)
        case (.string(let text), .blob):
            guard let data = bytes(hex: text) else { throw invalid(column.name, "is not hex text") }
            return .blob(data)
        case (.int(let number), .integer): return .integer(number)
        case (.double(let number), .integer):
            guard number.isFinite, number == number.rounded(), abs(number) < 9e15 else { throw invalid(column.name, "is not a whole number") }
            return .integer(Int64(number))
        case (.bool(let flag), .integer): return .integer(flag ? 1 : 0)
        case (.int(let number), .real): return .real(Double(number))
        case (.double(let number), .real):
            guard number.isFinite else { throw invalid(column.name, "is not a number") }
            return .real(number)
        default:
            throw invalid(column.name, "has the wrong type (\(column.type.rawValue.lowercased()) expected)")
        }
    }

    /// The change with each value in its column's type; unknown fields are refused.
    static func normalized(_ change: Change, table: SyncTable) throws -> Change {
        var fields: [String: SyncValue] = [:]
        for (name, value) in change.fields {
            if let column = table.column(name) {
                fields[name] = syncValue(try sqlValue(value, column: SyncTable.Column(name: name, type: column.type, required: false)),
                                         type: column.type)
            } else if table.child(name) != nil {
                guard case .string = value else { throw invalid(name, "must be a JSON array in a string") }
                fields[name] = value
            } else {
                throw AppError.invalidInput("\(table.name) has no field '\(name)'", code: "unknown_field").with(["field": name])
            }
        }
        return Change(id: change.id, table: change.table, recordID: change.recordID, operation: change.operation, fields: fields,
                      clock: change.clock, basis: change.basis)
    }

    static func invalid(_ field: String, _ problem: String) -> AppError {
        AppError.invalidInput("the field '\(field)' \(problem)", code: "invalid_field").with(["field": field])
    }

    /// A blob as the triggers' `hex()` writes it.
    static func hex(_ data: Data) -> String { Hex.encode(data, uppercase: true) }

    static func bytes(hex text: String) -> Data? { Hex.decode(text).map { Data($0) } }

    /// JSON text of a string.
    static func quoted(_ text: String) -> String { text.jsonQuoted }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func json(_ value: SyncValue?) throws -> SQLValue {
        guard let value else { return .null }
        return .text(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    static func json(_ fields: [String: SyncValue]) throws -> String {
        String(decoding: try encoder.encode(fields), as: UTF8.self)
    }

    static func fields(json text: String) throws -> [String: SyncValue] {
        try JSONDecoder().decode([String: SyncValue].self, from: Data(text.utf8))
    }

    /// The keys of a JSON object's top level, read without decoding the values (a fold needs only
    /// which fields a change wrote). Text that is not an object gives none.
    static func topLevelKeys(json text: String) -> [String] {
        let bytes = Array(text.utf8)
        var keys: [String] = []
        var depth = 0
        var index = 0
        var expectingKey = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                var end = index + 1
                var escaped = false
                while end < bytes.count {
                    if escaped { escaped = false } else if bytes[end] == UInt8(ascii: "\\") { escaped = true } else if bytes[end] == UInt8(ascii: "\"") { break }
                    end += 1
                }
                if depth == 1 && expectingKey {
                    let raw = String(decoding: bytes[(index + 1)..<min(end, bytes.count)], as: UTF8.self)
                    keys.append(raw.contains("\\") ? ((try? JSONDecoder().decode(String.self, from: Data(("\"" + raw + "\"").utf8))) ?? raw) : raw)
                    expectingKey = false
                }
                index = end
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth == 1 && byte == UInt8(ascii: "{") { expectingKey = true }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 1 { expectingKey = true }
            default:
                break
            }
            index += 1
        }
        return keys
    }

    static func value(json text: String?) -> SyncValue? {
        guard let text else { return nil }
        return try? JSONDecoder().decode(SyncValue.self, from: Data(text.utf8))
    }
}
