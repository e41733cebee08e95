/// Small builders for the JSON Schema pieces of an OpenAPI 3.1 document.
public enum OpenAPISchema {
    public static let string: JSONValue = ["type": "string"]
    public static let number: JSONValue = ["type": "number"]
    public static let integer: JSONValue = ["type": "integer"]
    public static let boolean: JSONValue = ["type": "boolean"]
    public static let dateTime: JSONValue = ["type": "string", "format": "date-time"]
    public static let date: JSONValue = ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"]
    public static let timeOfDay: JSONValue = ["type": "string", "pattern": "^[0-9]{2}:[0-9]{2}$"]

    public static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/\(name)")] }

    public static func nullable(_ type: String) -> JSONValue { ["type": [.string(type), "null"]] }

    public static func enumeration(_ values: [String]) -> JSONValue {
        ["type": "string", "enum": .array(values.map { .string($0) })]
    }

    public static func array(_ items: JSONValue) -> JSONValue { ["type": "array", "items": items] }

    /// An object with exactly these properties (`additionalProperties: false` keeps the
    /// document honest: a response field that is not described fails schema checks).
    public static func object(_ properties: [(String, JSONValue)], required: [String], closed: Bool = true) -> JSONValue {
        var fields: [(String, JSONValue)] = [("type", "object"), ("properties", .object(properties))]
        if !required.isEmpty { fields.append(("required", .array(required.map { .string($0) }))) }
        if closed { fields.append(("additionalProperties", false)) }
        return .object(fields)
    }

    public static func jsonBody(_ schema: JSONValue, required: Bool = true) -> JSONValue {
        ["required": .bool(required), "content": ["application/json": ["schema": schema]]]
    }

    public static func jsonResponse(_ description: String, _ schema: JSONValue) -> JSONValue {
        ["description": .string(description), "content": ["application/json": ["schema": schema]]]
    }

    public static func emptyResponse(_ description: String) -> JSONValue { ["description": .string(description)] }

    public static func pathParameter(_ name: String, _ description: String) -> JSONValue {
        ["name": .string(name), "in": "path", "required": true, "description": .string(description), "schema": string]
    }

    public static func queryParameter(_ name: String, _ description: String, _ schema: JSONValue = string) -> JSONValue {
        ["name": .string(name), "in": "query", "required": false, "description": .string(description), "schema": schema]
    }

    /// The error body every route may answer with.
    public static let error: JSONValue = object([
        ("error", object([("code", string), ("message", string)], required: ["code", "message"], closed: false)),
    ], required: ["error"], closed: false)
}
