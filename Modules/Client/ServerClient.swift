import FoundationEssentials
import Core
import HTTP

// `tend` as a client of `tend-server`: requests and answers (the wire types), the transport that
// carries them (`CurlTransport`, libcurl opened on first use), the saved login, and the client
// that turns HTTP answers into `AppError`s. These are formats and transports, not rules, so they
// live here rather than in `Domain`: the feature commands that talk to the server (couple,
// account, notify) depend on `Client` and talk to it only through `ServerClient`.

/// One request to `tend-server`, relative to the server's base URL.
public struct ServerRequest: Sendable {
    /// The addresses to use for `host` on `port`.
    public struct PinnedHost: Sendable, Equatable {
        public var host: String
        public var port: Int
        public var addresses: [IPAddress]

        public init(host: String, port: Int, addresses: [IPAddress]) {
            self.host = host
            self.port = port
            self.addresses = addresses
        }
    }

    public var method: String
    /// The path on the server, e.g. "/v1/couple/home" (the query goes in `query`); empty to send
    /// to the base URL exactly as given (a webhook's own URL).
    public var path: String
    public var query: [(name: String, value: String)]
    public var body: Data?
    public var contentType: String?
    /// Further header fields (a notification's title, a webhook's signature).
    public var headers: [(name: String, value: String)] = []
    /// Asked for every address a connection is about to be opened to (after any name was
    /// resolved): true refuses it. A notification channel sets `ChannelAddressRule`'s decision.
    public var refusesAddress: (@Sendable (IPAddress) -> Bool)?
    /// Addresses to connect to for a host name instead of resolving it again: the addresses a
    /// delivery checked are the ones it reaches.
    public var pinnedAddresses: [PinnedHost] = []

    public init(_ method: String, _ path: String, query: [(name: String, value: String)] = [], body: Data? = nil,
                contentType: String? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
        self.contentType = contentType
    }

    /// An id as one path segment: everything but letters, digits, '-', '_' and '~' is
    /// percent-encoded — a '.' too, so that an id of ".." can never climb to another route.
    public static func segment(_ id: String) -> String { PathSegment.encode(id) }

    /// The request of `endpoint`: its method, its path with the parameters' values, their query
    /// items, and the body as the endpoint writes it.
    public init<Parameters, Body, Answer>(_ endpoint: Endpoint<Parameters, Body, Answer>, _ parameters: Parameters, body: Body) throws {
        self.init(endpoint.method, endpoint.path(parameters), query: parameters.queryItems)
        do {
            if let encoded = try endpoint.body.encode(body) {
                self.body = encoded.data
                contentType = encoded.contentType
            }
        } catch {
            throw AppError(.internalFailure, code: "encoding_failed", "cannot encode the request to \(path) as JSON")
        }
    }

    /// The request of an endpoint without parameters or body.
    public init<Answer>(_ endpoint: Endpoint<NoParameters, NoBody, Answer>) {
        self.init(endpoint.method, endpoint.path(NoParameters()))
    }

    /// A JSON body (snake_case keys are the caller's business: it passes an Encodable with CodingKeys).
    public static func json<T: Encodable>(_ method: String, _ path: String, _ value: T) throws -> ServerRequest {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body: Data
        do {
            body = try encoder.encode(value)
        } catch {
            throw AppError(.internalFailure, code: "encoding_failed", "cannot encode the request to \(path) as JSON")
        }
        return ServerRequest(method, path, body: body, contentType: "application/json")
    }
}

/// One answer of `tend-server`.
public struct ServerResponse: Sendable {
    public var status: Int
    /// Header names are lowercased.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Decodes a JSON body; an unexpected shape is AppError(.unavailable, code: "bad_server_response").
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw Self.unexpected(self)
        }
    }

    /// The error of an answer whose body is not of the shape tend expects.
    static func unexpected(_ response: ServerResponse) -> AppError {
        AppError(.unavailable, code: "bad_server_response",
                 "the server's answer (HTTP \(response.status), \(response.body.count) bytes) is not what tend expects: "
                     + "is this a tend-server of the same version?")
    }
}

/// Carries one request to the server and brings its answer back, whatever the status.
public protocol ServerTransport: Sendable {
    /// One HTTP exchange. Throws AppError.unavailable(code: "server_unreachable") when no answer came
    /// (refused, DNS, TLS, timeout) — the message names the server and the reason, never the token.
    func send(_ request: ServerRequest, baseURL: String, token: String?, language: String?, timeout: TimeInterval) throws -> ServerResponse
}

/// A saved login: which server, the bearer token, and whose it is.
public struct Credentials: Sendable, Codable, Equatable {
    public var server: String
    public var token: String
    public var accountID: String
    public var email: String
    public var displayName: String
    /// ISO 8601, as the server sent it.
    public var expiresAt: String?

    public init(server: String, token: String, accountID: String, email: String, displayName: String, expiresAt: String?) {
        self.server = server
        self.token = token
        self.accountID = accountID
        self.email = email
        self.displayName = displayName
        self.expiresAt = expiresAt
    }

    enum CodingKeys: String, CodingKey {
        case server, token, accountID = "account_id", email, displayName = "display_name", expiresAt = "expires_at"
    }
}

/// Where the login is kept between runs (a file in `Client`; in memory in tests).
public protocol CredentialStore: Sendable {
    func load() throws -> Credentials?
    func save(_ credentials: Credentials) throws
    func remove() throws
}

/// Signs up, logs in and out, and sends requests with the saved login.
public struct ServerClient: Sendable {
    let transport: any ServerTransport
    let credentials: any CredentialStore
    let language: String?
    /// Seconds allowed for the account calls (argon2id on the server takes a moment).
    static let accountTimeout: TimeInterval = 30

    public init(transport: any ServerTransport, credentials: any CredentialStore, language: String? = nil) {
        self.transport = transport
        self.credentials = credentials
        self.language = language
    }

    /// Creates the account, then logs in and saves the credentials.
    public func signup(server: String, email: String, password: String, displayName: String, timeZone: String?,
                       accept: (_ accountID: String) throws -> Void = { _ in }) throws -> RemoteAccount {
        let server = try Self.normalizedServer(server)
        let account = try call(AccountAPI.register, NoParameters(),
                               body: RegistrationBody(email: email, password: password, displayName: displayName, timeZone: timeZone),
                               server: server, token: nil)
        _ = try login(server: server, email: email, password: password, account: account, accept: accept)
        return account
    }

    /// Logs in and saves the credentials (replacing any saved login). `accept` may refuse the
    /// account before anything is saved (this database belongs to another); the new session is
    /// then revoked.
    public func login(server: String, email: String, password: String,
                      accept: (_ accountID: String) throws -> Void = { _ in }) throws -> Credentials {
        try login(server: try Self.normalizedServer(server), email: email, password: password, account: nil, accept: accept)
    }

    /// Revokes the token on the server, then removes the saved login. The login is removed even
    /// when the server refuses the token (401: already invalid) or cannot be reached; the latter
    /// is still reported. Not logged in: nothing to do.
    public func logout() throws {
        let saved: Credentials?
        do {
            saved = try credentials.load()
        } catch {
            try credentials.remove() // an unreadable login is logged out by removing it
            return
        }
        guard let saved else { return }
        let outcome: Result<ServerResponse, any Error>
        do {
            outcome = .success(try exchange(ServerRequest(AccountAPI.logout), server: saved.server, token: saved.token))
        } catch {
            outcome = .failure(error)
        }
        try credentials.remove()
        switch outcome {
        case .success(let response) where (200..<300).contains(response.status) || response.status == 401:
            return
        case .success(let response):
            let error = Self.error(for: response, server: saved.server)
            throw AppError(error.kind, code: error.code,
                           "logged out on this machine, but the server did not confirm that it revoked the token: \(error.message)",
                           details: error.details)
        case .failure(let error as AppError):
            throw AppError(error.kind, code: error.code,
                           "logged out on this machine, but the token could not be revoked on the server: \(error.message)",
                           details: error.details)
        case .failure(let error):
            throw error
        }
    }

    /// The account of the saved login, as the server knows it now.
    public func whoami() throws -> RemoteAccount {
        try call(AccountAPI.me)
    }

    public func currentCredentials() throws -> Credentials? {
        try credentials.load()
    }

    /// Sends with the saved server and token. Not logged in → AppError(.unauthorized, code: "not_logged_in",
    /// message telling to run `tend account login --server URL --email E`). A non-2xx answer becomes an AppError:
    /// kind from the status (400→invalidInput, 401→unauthorized (message suggests logging in again), 403 forbidden,
    /// 404 notFound, 409 conflict, 410 gone, 413 tooLarge, 415/422 invalidInput/unprocessable,
    /// 429 tooManyRequests with details = Int seconds from Retry-After, 5xx/other → unavailable),
    /// code and message from the JSON error body (fallback code "server_error").
    public func send(_ request: ServerRequest, timeout: TimeInterval = 10) throws -> ServerResponse {
        guard let saved = try credentials.load() else {
            throw AppError(.unauthorized, code: "not_logged_in",
                           "not logged in: run `tend account login --server URL --email E` (or `tend account signup` for a new account)")
        }
        let response = try exchange(request, server: saved.server, token: saved.token, timeout: timeout)
        if response.status == 401 {
            let error = Self.error(for: response, server: saved.server)
            throw AppError(.unauthorized, code: error.code,
                           "\(error.message) (the saved login may have expired or been revoked): "
                               + "run `tend account login --server \(saved.server) --email \(saved.email)` again")
        }
        return try checked(response, server: saved.server)
    }

    // MARK: - Typed calls

    /// Calls `endpoint` with the saved login and returns its answer in its type; errors as `send`
    /// says. An answer of another shape is AppError(.unavailable, code: "bad_server_response").
    @discardableResult
    public func call<Parameters, Body, Answer>(_ endpoint: Endpoint<Parameters, Body, Answer>, _ parameters: Parameters, body: Body,
                                               timeout: TimeInterval = 10) throws -> Answer {
        try callReturningResponse(endpoint, parameters, body: body, timeout: timeout).answer
    }

    @discardableResult
    public func call<Body, Answer>(_ endpoint: Endpoint<NoParameters, Body, Answer>, body: Body,
                                   timeout: TimeInterval = 10) throws -> Answer {
        try call(endpoint, NoParameters(), body: body, timeout: timeout)
    }

    @discardableResult
    public func call<Parameters, Answer>(_ endpoint: Endpoint<Parameters, NoBody, Answer>, _ parameters: Parameters,
                                         timeout: TimeInterval = 10) throws -> Answer {
        try call(endpoint, parameters, body: NoBody(), timeout: timeout)
    }

    @discardableResult
    public func call<Answer>(_ endpoint: Endpoint<NoParameters, NoBody, Answer>, timeout: TimeInterval = 10) throws -> Answer {
        try call(endpoint, NoParameters(), body: NoBody(), timeout: timeout)
    }

    /// The answer and the response it came in, for a caller that keeps the bytes as they came
    /// (the couple home's offline copy, the archive's file).
    public func callReturningResponse<Parameters, Body, Answer>(
        _ endpoint: Endpoint<Parameters, Body, Answer>, _ parameters: Parameters, body: Body, timeout: TimeInterval = 10
    ) throws -> (answer: Answer, response: ServerResponse) {
        let response = try send(ServerRequest(endpoint, parameters, body: body), timeout: timeout)
        return (try Self.answer(of: endpoint, in: response), response)
    }

    // MARK: - Helpers

    /// An endpoint called on a given server with a given token (or none): the login flow.
    private func call<Parameters, Body, Answer>(_ endpoint: Endpoint<Parameters, Body, Answer>, _ parameters: Parameters, body: Body,
                                                server: String, token: String?) throws -> Answer {
        let response = try checked(exchange(ServerRequest(endpoint, parameters, body: body), server: server, token: token), server: server)
        return try Self.answer(of: endpoint, in: response)
    }

    /// A successful response's answer in the endpoint's type.
    static func answer<Parameters, Body, Answer>(of endpoint: Endpoint<Parameters, Body, Answer>,
                                                 in response: ServerResponse) throws -> Answer {
        do {
            return try endpoint.answer.decode(body: response.body, headers: response.headers)
        } catch {
            throw ServerResponse.unexpected(response)
        }
    }

    private func login(server: String, email: String, password: String, account: RemoteAccount?,
                       accept: (_ accountID: String) throws -> Void) throws -> Credentials {
        let session = try call(AccountAPI.login, NoParameters(), body: LoginBody(email: email, password: password),
                               server: server, token: nil)
        do {
            try accept(session.accountID)
        } catch {
            _ = try? call(AccountAPI.logout, NoParameters(), body: NoBody(), server: server, token: session.token)
            throw error
        }
        var known = account
        if known == nil {
            // The session names only the account id: ask for the name and email to show them later.
            known = try? call(AccountAPI.me, NoParameters(), body: NoBody(), server: server, token: session.token)
        }
        let normalizedEmail = email.trimmed.lowercased()
        let saved = Credentials(server: server, token: session.token, accountID: session.accountID,
                                email: known?.email ?? normalizedEmail,
                                displayName: known?.displayName ?? String(normalizedEmail.prefix { $0 != "@" }),
                                expiresAt: session.expiresAt)
        try credentials.save(saved)
        return saved
    }

    private func exchange(_ request: ServerRequest, server: String, token: String?,
                          timeout: TimeInterval = ServerClient.accountTimeout) throws -> ServerResponse {
        try transport.send(request, baseURL: server, token: token, language: language, timeout: timeout)
    }

    private func checked(_ response: ServerResponse, server: String) throws -> ServerResponse {
        guard (200..<300).contains(response.status) else { throw Self.error(for: response, server: server) }
        return response
    }

    /// A server URL as saved: http:// or https://, a host, no query or fragment, no trailing slash.
    static func normalizedServer(_ text: String) throws -> String {
        var server = text.trimmed
        while server.hasSuffix("/") { server.removeLast() }
        let invalid = AppError.invalidInput("'\(text)' is not a server URL: give http://HOST[:PORT] or https://HOST[:PORT]",
                                            code: "invalid_server_url")
        let lowered = server.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
              !server.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false }),
              let url = URL(string: server), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil, url.user == nil
        else { throw invalid }
        let schemeEnd = server.index(server.startIndex, offsetBy: scheme.count)
        return scheme + server[schemeEnd...]
    }

    /// The `AppError` a non-2xx answer stands for.
    static func error(for response: ServerResponse, server: String) -> AppError {
        let body = try? JSONDecoder().decode(ErrorBody.self, from: response.body)
        let code = body?.error.code ?? "server_error"
        let message = body?.error.message ?? "the server at \(server) answered HTTP \(response.status)"
            + ((300..<400).contains(response.status) ? " (a redirect: check the server URL, http:// or https://)" : "")
        let kind: AppError.Kind
        var details: (any Sendable)?
        switch response.status {
        case 400, 415: kind = .invalidInput
        case 401: kind = .unauthorized
        case 403: kind = .forbidden
        case 404: kind = .notFound
        case 409: kind = .conflict
        case 410: kind = .gone
        case 413: kind = .tooLarge
        case 422: kind = .unprocessable
        case 429:
            kind = .tooManyRequests
            details = response.headers["retry-after"].flatMap { Int($0.trimmed) }
        default: kind = .unavailable
        }
        return AppError(kind, code: code, message, details: details)
    }
}

// MARK: - The error body

private struct ErrorBody: Decodable {
    struct Detail: Decodable {
        let code: String
        let message: String
    }

    let error: Detail
}
