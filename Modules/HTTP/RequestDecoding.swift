import FoundationEssentials
import Core

extension HTTPRequest {
    /// Decodes the JSON body; a malformed body or field is a 400 whose message names the field.
    /// A string with a control character other than newline and tab (`\u001b`, `\u0007`,
    /// `\u0000`, DEL, a C1 control, a raw byte) is a 400 `invalid_text` naming its field:
    /// text that reaches another person's terminal can never rewrite it. `checkingText: false`
    /// only where the use case judges each item itself (a sync push rejects one change, not the batch).
    public func decode<T: Decodable>(_ type: T.Type, checkingText: Bool = true) throws -> T {
        guard !body.isEmpty else {
            throw AppError.invalidInput("the request needs a JSON body", code: "missing_body")
        }
        if checkingText { try Self.checkText(body) }
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch let error as DecodingError {
            throw Self.describe(error, body: body)
        }
    }

    /// Refuses a JSON body whose strings hold control characters (`invalid_text`).
    static func checkText(_ body: Data) throws {
        if let byte = JSONControlCharacters.rawControlByte(in: body) {
            throw AppError.invalidInput("the body holds a raw control character (0x\(String(byte, radix: 16, uppercase: true))); "
                                        + "text may hold newlines and tabs only", code: "invalid_text")
        }
        guard let field = JSONControlCharacters.firstField(in: body) else { return }
        let name = field.isEmpty ? "the body" : "field '\(field)'"
        throw AppError.invalidInput("\(name) holds a control character (such as ESC, BEL or NUL); "
                                    + "text may hold newlines and tabs only", code: "invalid_text")
            .with(field.isEmpty ? [:] : ["field": field])
    }

    static func describe(_ error: DecodingError, body: Data) -> AppError {
        func field(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let name = field(context.codingPath + [key])
            return AppError.invalidInput("missing field '\(name)'", code: "invalid_field")
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty {
                return AppError.invalidInput("the body must be a JSON object", code: "malformed_json")
            }
            return AppError.invalidInput("field '\(field(context.codingPath))' must be \(describe(type))", code: "invalid_field")
        case .valueNotFound(let type, let context):
            return AppError.invalidInput("field '\(field(context.codingPath))' must be \(describe(type)), not null", code: "invalid_field")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                // JSONDecoder also says this, with no path, for a number that does not fit its
                // field (30.5 for an integer): only a body that is not JSON at all is malformed.
                if (try? JSONDecoder().decode(AnyJSON.self, from: body)) != nil {
                    return AppError.invalidInput("a field has a value of the wrong type or out of range", code: "invalid_field")
                }
                return AppError.invalidInput("the body is not valid JSON", code: "malformed_json")
            }
            return AppError.invalidInput("field '\(field(context.codingPath))': \(context.debugDescription)", code: "invalid_field")
        @unknown default:
            return AppError.invalidInput("the body could not be read", code: "malformed_json")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is Int.Type, is Float.Type: "a number"
        case is [String: Any].Type: "an object"
        default: "of type \(type)"
        }
    }
}

/// Any JSON value, decoded only to tell valid JSON from malformed.
private struct AnyJSON: Decodable {
    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd { _ = try array.decode(AnyJSON.self) }
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            for key in object.allKeys { _ = try object.decode(AnyJSON.self, forKey: key) }
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() { return }
            if (try? value.decode(Bool.self)) != nil { return }
            if (try? value.decode(Double.self)) != nil { return }
            _ = try value.decode(String.self)
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
        init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
    }
}
