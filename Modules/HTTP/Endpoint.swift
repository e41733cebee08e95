import FoundationEssentials
import Core

/// One endpoint of the API, described once: its method, its path pattern with `{name}`
/// segments, the type of its path and query parameters, the type of its body and the type of
/// its answer. The server builds its `Route` from it (`Route(endpoint, …)` reads the parameters
/// and decodes the body into their types); `tend` builds the request from the same value and
/// decodes the answer into its type (`ServerClient.call`). Neither side writes a path or a body
/// shape of its own, so the client cannot drift from the server (isowords' shared API routes).
public struct Endpoint<Parameters: EndpointParameters, Body: Sendable, Answer: Sendable>: Sendable {
    public let method: String
    /// `/v1/couple/care/{id}/done`: literal segments and `{name}` parameters.
    public let pattern: String
    /// Whether the request carries the account's bearer token (the server refuses it without).
    public let requiresAuth: Bool
    public let body: BodyCoding<Body>
    public let answer: AnswerCoding<Answer>

    public init(_ method: String, _ pattern: String, parameters: Parameters.Type, body: BodyCoding<Body>,
                answer: AnswerCoding<Answer>, requiresAuth: Bool = true) {
        self.method = method.uppercased()
        self.pattern = pattern
        self.requiresAuth = requiresAuth
        self.body = body
        self.answer = answer
    }

    /// `POST /v1/couple/join`: how a test names it.
    public var signature: String { "\(method) \(pattern)" }

    /// The path of a request to this endpoint: each `{name}` replaced by its value as one
    /// percent-encoded segment (`PathSegment`).
    public func path(_ parameters: Parameters) -> String {
        let values = parameters.pathValues
        return "/" + pattern.split(separator: "/", omittingEmptySubsequences: true).map { part -> String in
            guard part.hasPrefix("{"), part.hasSuffix("}") else { return String(part) }
            let name = String(part.dropFirst().dropLast())
            assert(values[name] != nil, "\(signature): no value for {\(name)}")
            return PathSegment.encode(values[name] ?? "")
        }.joined(separator: "/")
    }
}

/// A value (an id, a handle) as one segment of a path.
public enum PathSegment {
    /// Everything but letters, digits, '-', '_' and '~' percent-encoded — a '.' too, so that an
    /// id of ".." can never climb to another route.
    public static func encode(_ value: String) -> String {
        PercentEncoding.encode(value, keeping: PercentEncoding.unreserved.subtracting([UInt8(ascii: ".")]))
    }
}

extension Endpoint where Parameters == NoParameters {
    public init(_ method: String, _ pattern: String, body: BodyCoding<Body>, answer: AnswerCoding<Answer>, requiresAuth: Bool = true) {
        self.init(method, pattern, parameters: NoParameters.self, body: body, answer: answer, requiresAuth: requiresAuth)
    }
}

extension Endpoint where Body == NoBody {
    public init(_ method: String, _ pattern: String, parameters: Parameters.Type, answer: AnswerCoding<Answer>,
                requiresAuth: Bool = true) {
        self.init(method, pattern, parameters: parameters, body: .none, answer: answer, requiresAuth: requiresAuth)
    }
}

extension Endpoint where Parameters == NoParameters, Body == NoBody {
    public init(_ method: String, _ pattern: String, answer: AnswerCoding<Answer>, requiresAuth: Bool = true) {
        self.init(method, pattern, parameters: NoParameters.self, body: .none, answer: answer, requiresAuth: requiresAuth)
    }
}

// MARK: - Parameters

/// The typed values of an endpoint's `{name}` path segments and query items. The server reads
/// them from a matched request (a value of the wrong form is a 400 that names it); the client
/// writes them into the path and the query.
public protocol EndpointParameters: Sendable {
    init(path: [String: String], query: [String: String]) throws
    /// The values of the pattern's `{name}` segments, by name.
    var pathValues: [String: String] { get }
    /// The query items, in order; a value not given is left out.
    var queryItems: [(name: String, value: String)] { get }
}

extension EndpointParameters {
    public var pathValues: [String: String] { [:] }
    public var queryItems: [(name: String, value: String)] { [] }
}

/// An endpoint without path parameters or query items.
public struct NoParameters: EndpointParameters, Equatable {
    public init() {}
    public init(path: [String: String], query: [String: String]) {}
}

/// The `{id}` of `/…/{id}`: an id, a handle or `last`, as typed.
public struct ItemID: EndpointParameters, Equatable {
    public var id: String

    public init(_ id: String) { self.id = id }
    public init(path: [String: String], query: [String: String]) { id = path["id"] ?? "" }
    public var pathValues: [String: String] { ["id": id] }
}

// MARK: - Bodies

/// An endpoint that takes no body.
public struct NoBody: Sendable, Equatable {
    public init() {}
}

/// How an endpoint's body travels: what the client writes and what the server reads.
public struct BodyCoding<Body: Sendable>: Sendable {
    /// The media types the route takes (any other is a 415).
    public let accepts: [String]
    /// The body limit when it differs from the application's (a photo).
    public let maximumSize: Int?
    let write: @Sendable (Body) throws -> (data: Data, contentType: String)?
    let read: @Sendable (HTTPRequest) throws -> Body

    /// The bytes and media type the client sends; nil for no body.
    public func encode(_ body: Body) throws -> (data: Data, contentType: String)? { try write(body) }

    /// The body of a request the server received, in its type: a malformed one is a 400 that names the field.
    public func decode(_ request: HTTPRequest) throws -> Body { try read(request) }
}

extension BodyCoding {
    /// A JSON object (`Content-Type: application/json`), written with sorted keys.
    public static func json(_ type: Body.Type) -> BodyCoding where Body: Codable {
        BodyCoding(accepts: ["application/json"], maximumSize: nil,
                   write: { value in (try WireJSON.encode(value), "application/json") },
                   read: { request in try request.decode(Body.self) })
    }

    /// The bytes of a file as they are (a photo): the media types the route takes and its limit.
    public static func bytes(accepting types: [String], maximumSize: Int, sentAs contentType: String = "application/octet-stream")
        -> BodyCoding where Body == Data {
        BodyCoding(accepts: types, maximumSize: maximumSize, write: { data in (data, contentType) }, read: { $0.body })
    }
}

extension BodyCoding where Body == NoBody {
    /// No body: the client sends none, the server reads none.
    public static var none: BodyCoding<NoBody> {
        BodyCoding(accepts: ["application/json"], maximumSize: nil, write: { _ in nil }, read: { _ in NoBody() })
    }
}

// MARK: - Answers

/// An endpoint that answers with no body (204).
public struct NoAnswer: Sendable, Equatable {
    public init() {}
}

/// Bytes with their media type (a photo), as the server sends them.
public struct MediaBytes: Sendable, Equatable {
    public var data: Data
    public var mediaType: String

    public init(_ data: Data, mediaType: String) {
        self.data = data
        self.mediaType = mediaType
    }
}

/// How an endpoint's answer travels: the status and body the server writes, what the client reads.
public struct AnswerCoding<Answer: Sendable>: Sendable {
    /// The status of a successful answer (200, 201 created, 202 accepted, 204 no content).
    public let status: Int
    let write: @Sendable (Answer) throws -> HTTPResponse
    let read: @Sendable (_ body: Data, _ headers: [String: String]) throws -> Answer

    /// The response the server sends for `answer`.
    public func response(_ answer: Answer) throws -> HTTPResponse { try write(answer) }

    /// The answer in a successful response's body (`headers` named in lower case). Throws when
    /// the body is not of the answer's shape.
    public func decode(body: Data, headers: [String: String]) throws -> Answer { try read(body, headers) }
}

extension AnswerCoding {
    /// A JSON body with sorted keys (`HTTPResponse.json`).
    public static func json(_ type: Answer.Type, status: Int = 200) -> AnswerCoding where Answer: Codable {
        AnswerCoding(status: status, write: { value in try .json(value, status: status) },
                     read: { body, _ in try JSONDecoder().decode(Answer.self, from: body) })
    }
}

extension AnswerCoding where Answer == NoAnswer {
    /// 204 No Content.
    public static var none: AnswerCoding<NoAnswer> {
        AnswerCoding(status: 204, write: { _ in .noContent() }, read: { _, _ in NoAnswer() })
    }
}

extension AnswerCoding where Answer == MediaBytes {
    /// The bytes as they are, with their media type as `Content-Type` and these further headers.
    public static func bytes(headers: [(name: String, value: String)]) -> AnswerCoding<MediaBytes> {
        let fixed = headers.map { ($0.name, $0.value) }
        return AnswerCoding(status: 200, write: { bytes in
            HTTPResponse(status: 200, headers: [("Content-Type", bytes.mediaType)] + fixed, body: bytes.data)
        }, read: { body, headers in
            MediaBytes(body, mediaType: headers["content-type"] ?? "application/octet-stream")
        })
    }
}

/// An answer the server sends as JSON it has already written (rows it stored as JSON, put
/// together) and the client decodes as `Decoded`: a large page is never decoded and encoded again.
public struct JSONText<Decoded: Decodable & Sendable>: Sendable {
    public let text: String
    public init(_ text: String) { self.text = text }
    public func decoded() throws -> Decoded { try JSONDecoder().decode(Decoded.self, from: Data(text.utf8)) }
}

extension AnswerCoding {
    public static func jsonText<Decoded>(_ type: Decoded.Type) -> AnswerCoding<JSONText<Decoded>> {
        AnswerCoding<JSONText<Decoded>>(status: 200, write: { answer in
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(answer.text.utf8))
        }, read: { body, _ in JSONText(String(decoding: body, as: UTF8.self)) })
    }
}

/// JSON as both sides write it: sorted keys, slashes as they are.
enum WireJSON {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
