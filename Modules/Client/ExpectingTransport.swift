import FoundationEssentials
import Synchronization
import Core
import HTTP

/// The test side of `CurlTransport`: it answers only the calls a test said it expects — an
/// endpoint, optionally its parameters and a look at its body, and the answer to give — and
/// fails loudly on anything else: `reportIssue` hears the unexpected method and path (a test
/// passes `Issue.record`) and the call throws, so the command under test stops there.
public final class ExpectingTransport: ServerTransport, Sendable {
    /// One expected call, answered once.
    struct Expectation: Sendable {
        let signature: String
        /// Whether a request is this call; nil when it is another.
        let matches: @Sendable (ServerRequest) -> Bool
        /// The answer, after the body was checked (a body the endpoint cannot read throws).
        let respond: @Sendable (ServerRequest) throws -> HTTPResponse
    }

    /// What the transport was sent, with the token and language it carried.
    public struct Sent: Sendable {
        public let request: ServerRequest
        public let baseURL: String
        public let token: String?
        public let language: String?
    }

    private let state = Mutex<(expected: [Expectation], sent: [Sent])>(([], []))
    private let reportIssue: @Sendable (String) -> Void

    public init(reportIssue: @escaping @Sendable (String) -> Void) {
        self.reportIssue = reportIssue
    }

    /// Expects one call of `endpoint` (with these parameters, when given) and answers it with
    /// `answer`, written as the server writes it. `checkBody` sees the body the server would read.
    public func expect<Parameters: Equatable, Body, Answer>(
        _ endpoint: Endpoint<Parameters, Body, Answer>, _ parameters: Parameters? = nil,
        checkBody: (@Sendable (Body) -> Void)? = nil, answer: Answer
    ) {
        add(endpoint, parameters, checkBody: checkBody) { try endpoint.answer.response(answer) }
    }

    /// Expects one call of `endpoint` and answers it with `error`'s status and JSON body, as the
    /// server would refuse it.
    public func expect<Parameters: Equatable, Body, Answer>(
        _ endpoint: Endpoint<Parameters, Body, Answer>, _ parameters: Parameters? = nil,
        checkBody: (@Sendable (Body) -> Void)? = nil, failing error: AppError
    ) {
        add(endpoint, parameters, checkBody: checkBody) {
            var response = HTTPResponse.error(error)
            if error.kind == .tooManyRequests { response.setHeader("Retry-After", String((error.details as? Int) ?? 60)) }
            return response
        }
    }

    /// Expects one call that gets no answer at all (a server that cannot be reached).
    public func expectUnreachable<Parameters: Equatable, Body, Answer>(_ endpoint: Endpoint<Parameters, Body, Answer>,
                                                                       _ parameters: Parameters? = nil) {
        add(endpoint, parameters, checkBody: nil) {
            throw AppError.unavailable("cannot reach the server (expected by the test)", code: "server_unreachable")
        }
    }

    /// The requests received, in order.
    public var sent: [Sent] { state.withLock { $0.sent } }

    /// The expected calls that did not come, as `METHOD /pattern`.
    public var unmet: [String] { state.withLock { $0.expected.map(\.signature) } }

    /// Reports every expected call that did not come.
    public func verify() {
        for signature in unmet { reportIssue("expected a call of \(signature), which never came") }
    }

    public func send(_ request: ServerRequest, baseURL: String, token: String?, language: String?,
                     timeout: TimeInterval) throws -> ServerResponse {
        let expectation = state.withLock { state -> Expectation? in
            state.sent.append(Sent(request: request, baseURL: baseURL, token: token, language: language))
            guard let index = state.expected.firstIndex(where: { $0.matches(request) }) else { return nil }
            return state.expected.remove(at: index)
        }
        guard let expectation else {
            let query = request.query.isEmpty ? "" : "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            let message = "unexpected call: \(request.method) \(request.path)\(query)"
            reportIssue(message + (unmet.isEmpty ? " (no call expected)" : " (expected: \(unmet.joined(separator: ", ")))"))
            throw AppError(.internalFailure, code: "unexpected_call", message)
        }
        let response = try expectation.respond(request)
        return ServerResponse(status: response.status, headers: Self.fields(response.headers), body: response.body)
    }

    // MARK: - Matching

    private func add<Parameters: Equatable, Body, Answer>(
        _ endpoint: Endpoint<Parameters, Body, Answer>, _ parameters: Parameters?, checkBody: (@Sendable (Body) -> Void)?,
        answer: @escaping @Sendable () throws -> HTTPResponse
    ) {
        let route = Route(endpoint.method, endpoint.pattern, operation: OpenAPIOperation(summary: "", tag: "", responses: [])) { _ in
            .noContent()
        }
        let router = { var router = Router(); router.add(route); return router }()
        let reportIssue = reportIssue
        let expectation = Expectation(signature: endpoint.signature, matches: { request in
            guard case .found(_, let values) = router.match(method: request.method, path: Self.decoded(request.path)) else { return false }
            guard let parameters else { return true }
            let received = try? Parameters(path: values, query: Self.query(request))
            return received == parameters
        }, respond: { request in
            let received = HTTPRequest(method: request.method, path: Self.decoded(request.path),
                                       headers: request.contentType.map { ["Content-Type": $0] } ?? [:], body: request.body ?? Data())
            do {
                let body = try endpoint.body.decode(received)
                checkBody?(body)
            } catch let error as AppError {
                reportIssue("\(endpoint.signature): the server could not read the body: \(error.message)")
                throw error
            }
            return try answer()
        })
        state.withLock { $0.expected.append(expectation) }
    }

    static func query(_ request: ServerRequest) -> [String: String] {
        Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
    }

    /// Header fields as `ServerResponse` holds them: lower-case names, repeats joined.
    static func fields(_ headers: [(name: String, value: String)]) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            fields[key] = fields[key].map { $0 + ", " + value } ?? value
        }
        return fields
    }

    /// A path with its `%XX` escapes decoded, as the server's router sees it.
    static func decoded(_ path: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(path.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A saved login kept in memory: for tests, and for clients that must not touch the disk.
public final class MemoryCredentialStore: CredentialStore, Sendable {
    private let state: Mutex<Credentials?>

    public init(_ credentials: Credentials? = nil) { state = Mutex(credentials) }

    public func load() throws -> Credentials? { state.withLock { $0 } }
    public func save(_ credentials: Credentials) throws { state.withLock { $0 = credentials } }
    public func remove() throws { state.withLock { $0 = nil } }
}
