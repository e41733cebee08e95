import FoundationEssentials
import Core

/// A JSON document as a Nightscout client sent it: fields Tend does not model are kept and
/// returned as they came, so the tree is generic. Objects keep no key order (Nightscout's
/// MongoDB documents have none a client relies on); they are written with sorted keys, so the
/// same document is always the same text.
public indirect enum DocumentValue: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([DocumentValue])
    case object([String: DocumentValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([DocumentValue].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: DocumentValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items)
        case .object(let fields): try container.encode(fields)
        }
    }

    /// Parses a JSON text; a malformed one is a 400 `invalid_json`.
    public static func parse(_ data: Data) throws -> DocumentValue {
        do {
            return try JSONDecoder().decode(DocumentValue.self, from: data)
        } catch {
            throw AppError.invalidInput("the body is not valid JSON", code: "invalid_json")
        }
    }

    public static func parse(_ text: String) throws -> DocumentValue { try parse(Data(text.utf8)) }

    public subscript(key: String) -> DocumentValue? {
        get {
            guard case .object(let fields) = self else { return nil }
            return fields[key]
        }
        set {
            guard case .object(var fields) = self else { return }
            fields[key] = newValue
            self = .object(fields)
        }
    }

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number, or a string that holds one (clients send `"insulin": "2.5"` as often as 2.5).
    public var number: Double? {
        switch self {
        case .number(let number): return number
        case .string(let text): return Double(text.trimmed).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    public var fields: [String: DocumentValue]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    /// Compact JSON with sorted keys; whole numbers without a fraction (`1700000000000`, not
    /// `1.7e12`), as JavaScript writes them.
    public func serialized() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += Self.format(number)
        case .string(let text): out += text.jsonQuoted
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                out += key.jsonQuoted + ":"
                fields[key]!.write(to: &out)
            }
            out += "}"
        }
    }

    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 9.0e15 { return String(Int64(number)) }
        return String(number)
    }
}

extension DocumentValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}
