import FoundationEssentials
import Core
import Domain

/// A JSON value of an export's entry, decoded as it stands: integers apart from other numbers,
/// nested arrays and objects kept (a session's sets).
enum ImportJSON: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([ImportJSON])
    case object([String: ImportJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode(Int64.self) { self = .int(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode([ImportJSON].self) { self = .array(value) }
        else { self = .object(try container.decode([String: ImportJSON].self)) }
    }

    /// The scalar as sync carries it; nil for an array or an object.
    var scalar: SyncValue? {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .array, .object: nil
        }
    }

    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "text"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The entry's JSON, or an error naming it.
    static func decode(_ data: Data, entry: String) throws -> ImportJSON {
        do {
            return try JSONDecoder().decode(ImportJSON.self, from: data)
        } catch {
            throw AppError(.unprocessable, code: "invalid_archive", "\(entry) is not valid JSON").with(["entry": entry])
        }
    }
}
