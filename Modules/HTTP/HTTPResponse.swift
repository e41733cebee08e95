import FoundationEssentials
import Core

/// One HTTP response.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// A body produced while it is sent, instead of `body` (`ResponseStream`); nil for every
    /// response whose body is whole in `body`.
    public var stream: ResponseStream?
    /// The error of a refusal the pipeline made itself (`HTTPApplication`), for a `PathConvention`.
    var pipelineError: AppError?

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body `stream` produces while it is sent (its length unknown ahead).
    public static func streamed(status: Int = 200, headers: [(name: String, value: String)], _ stream: ResponseStream) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: headers)
        response.stream = stream
        return response
    }

    /// The whole body: `body`, or what `stream` produces (for in-process clients and tests).
    public func completeBody() throws -> Data {
        try stream?.collect() ?? body
    }

    public func header(_ name: String) -> String? {
        headers.last { $0.name.lowercased() == name.lowercased() }?.value
    }

    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        headers.append((name, value))
    }

    /// A JSON body with `Content-Type: application/json`.
    public static func json<T: Encodable>(_ value: T, status: Int = 200) throws -> HTTPResponse {
        try encoded(value, status: status)
    }

    private static func encoded<T: Encodable>(_ value: T, status: Int) throws -> HTTPResponse {
        // A generic caller (an endpoint's answer) reaches a type's own writer this way too.
        if let writable = value as? any JSONWritable {
            var writer = JSONWriter(capacity: 1024)
            writable.write(to: &writer)
            if writer.isEncodable {
                return HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(writer.bytes))
            }
        }
        if let bytes = TreeJSONEncoder.encode(value) {
            return HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(bytes))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: try encoder.encode(value))
    }

    /// The same bytes for a value that writes its own JSON (`JSONWritable`), without the
    /// encoder's tree of boxed values; a value JSON cannot hold takes the encoder's path, and its error.
    public static func json<T: Encodable & JSONWritable>(_ value: T, status: Int = 200) throws -> HTTPResponse {
        var writer = JSONWriter()
        value.write(to: &writer)
        guard writer.isEncodable else { return try encoded(value, status: status) }
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(writer.bytes))
    }

    public static func noContent() -> HTTPResponse { HTTPResponse(status: 204) }

    /// `{"error": {"code": "...", "message": "..."}}` with the status that matches the error.
    /// `extra` fields (such as the dose a guard refers to) go into the error object and, for
    /// clients that look for them beside it, at the top level too.
    public static func error(_ error: AppError, extra: [String: JSONValue] = [:]) -> HTTPResponse {
        let extras = extra.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let fields: [(String, JSONValue)] = [("code", .string(error.code)), ("message", .string(error.message))] + extras
        let body: JSONValue = .object([("error", .object(fields))] + extras)
        return HTTPResponse(status: HTTPStatus.code(for: error.kind), headers: [("Content-Type", "application/json")],
                            body: Data(body.serialized().utf8))
    }
}

public enum HTTPStatus {
    public static func code(for kind: AppError.Kind) -> Int {
        switch kind {
        case .invalidInput: 400
        case .unprocessable: 422
        case .unauthorized: 401
        case .forbidden: 403
        case .notFound: 404
        case .conflict: 409
        case .gone: 410
        case .tooLarge: 413
        case .tooManyRequests: 429
        case .unavailable: 503
        case .internalFailure: 500
        }
    }

    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
