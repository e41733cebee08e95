import Core
import Client
import Foundation
import Synchronization
import Testing

// MARK: - Fakes

/// A transport that answers from a script and records what it was asked; a request it was not
/// set up for fails the test.
final class FakeServerTransport: ServerTransport {
    struct Sent: Sendable {
        let method: String
        let path: String
        let body: Data?
        let contentType: String?
        let baseURL: String
        let token: String?
        let language: String?
    }

    typealias Handler = @Sendable (ServerRequest) throws -> ServerResponse
    private let state = Mutex<(handlers: [String: Handler], sent: [Sent])>(([:], []))

    /// Answers `METHOD /path` with `handler`.
    func on(_ method: String, _ path: String, _ handler: @escaping Handler) {
        state.withLock { $0.handlers["\(method) \(path)"] = handler }
    }

    func on(_ method: String, _ path: String, status: Int, json: String, headers: [String: String] = [:]) {
        on(method, path) { _ in ServerResponse(status: status, headers: headers.merging(["content-type": "application/json"]) { $1 }, body: Data(json.utf8)) }
    }

    var sent: [Sent] { state.withLock { $0.sent } }

    func send(_ request: ServerRequest, baseURL: String, token: String?, language: String?, timeout: TimeInterval) throws -> ServerResponse {
        let handler = state.withLock { state -> Handler? in
            state.sent.append(Sent(method: request.method, path: request.path, body: request.body, contentType: request.contentType,
                                   baseURL: baseURL, token: token, language: language))
            return state.handlers["\(request.method) \(request.path)"]
        }
        guard let handler else {
            Issue.record("unexpected request \(request.method) \(request.path)")
            throw AppError.unavailable("unexpected request", code: "unexpected")
        }
        return try handler(request)
    }
}

final class InMemoryCredentialStore: CredentialStore {
    private let state: Mutex<Credentials?>

    init(_ credentials: Credentials? = nil) { state = Mutex(credentials) }

    var current: Credentials? { state.withLock { $0 } }

    func load() throws -> Credentials? { state.withLock { $0 } }
    func save(_ credentials: Credentials) throws { state.withLock { $0 = credentials } }
    func remove() throws { state.withLock { $0 = nil } }
}

private let accountJSON = #"{"id":"0193a1b2-0000-7000-8000-000000000001","email":"alice@example.com","display_name":"Alice","time_zone":"Europe/Berlin","created_at":"2026-11-30T13:00:00+01:00"}"#
private let sessionJSON = #"{"token":"secret-token-1","account_id":"0193a1b2-0000-7000-8000-000000000001","expires_at":"2026-12-30T12:00:00Z"}"#
private let savedLogin = Credentials(server: "https://tend.example.org", token: "saved-token", accountID: "a1", email: "alice@example.com",
                                     displayName: "Alice", expiresAt: "2026-12-30T12:00:00Z")

private func errorJSON(_ code: String, _ message: String) -> String {
    #"{"error":{"code":"\#(code)","message":"\#(message)"}}"#
}

// MARK: - Tests

@Suite("ServerClient")
struct ServerClientTests {
    @Test func loginSavesTheCredentialsWithTheNameFromMe() throws {
        let transport = FakeServerTransport()
        transport.on("POST", "/v1/sessions", status: 201, json: sessionJSON)
        transport.on("GET", "/v1/me", status: 200, json: accountJSON)
        let store = InMemoryCredentialStore()
        let client = ServerClient(transport: transport, credentials: store, language: "ko")

        let saved = try client.login(server: "https://tend.example.org/", email: " Alice@Example.com ", password: "correct horse battery")
        #expect(saved == Credentials(server: "https://tend.example.org", token: "secret-token-1",
                                     accountID: "0193a1b2-0000-7000-8000-000000000001", email: "alice@example.com",
                                     displayName: "Alice", expiresAt: "2026-12-30T12:00:00Z"))
        #expect(store.current == saved)
        #expect(try client.currentCredentials() == saved)

        let login = try #require(transport.sent.first)
        #expect(login.baseURL == "https://tend.example.org")
        #expect(login.token == nil)
        #expect(login.language == "ko")
        #expect(login.contentType == "application/json")
        let body = try JSONSerialization.jsonObject(with: try #require(login.body)) as? [String: String]
        #expect(body == ["email": " Alice@Example.com ", "password": "correct horse battery"])
        #expect(transport.sent.last?.token == "secret-token-1")
    }

    @Test func signupCreatesTheAccountThenLogsIn() throws {
        let transport = FakeServerTransport()
        transport.on("POST", "/v1/accounts", status: 201, json: accountJSON)
        transport.on("POST", "/v1/sessions", status: 201, json: sessionJSON)
        let store = InMemoryCredentialStore()
        let client = ServerClient(transport: transport, credentials: store)

        let account = try client.signup(server: "http://127.0.0.1:8080", email: "alice@example.com", password: "correct horse battery",
                                        displayName: "Alice", timeZone: "Europe/Berlin")
        #expect(account == RemoteAccount(id: "0193a1b2-0000-7000-8000-000000000001", email: "alice@example.com", displayName: "Alice",
                                         timeZone: "Europe/Berlin", createdAt: "2026-11-30T13:00:00+01:00"))
        #expect(transport.sent.map(\.path) == ["/v1/accounts", "/v1/sessions"])
        let registration = try JSONSerialization.jsonObject(with: try #require(transport.sent[0].body)) as? [String: String]
        #expect(registration == ["email": "alice@example.com", "password": "correct horse battery", "display_name": "Alice",
                                 "time_zone": "Europe/Berlin"])
        #expect(store.current?.token == "secret-token-1")
        #expect(store.current?.displayName == "Alice")
        #expect(store.current?.server == "http://127.0.0.1:8080")
    }

    @Test func aTakenEmailIsAConflictAndNothingIsSaved() throws {
        let transport = FakeServerTransport()
        transport.on("POST", "/v1/accounts", status: 409, json: errorJSON("email_taken", "an account with this email already exists"))
        let store = InMemoryCredentialStore()
        let client = ServerClient(transport: transport, credentials: store)
        let error = #expect(throws: AppError.self) {
            try client.signup(server: "http://localhost:8080", email: "a@b.c", password: "0123456789", displayName: "A", timeZone: nil)
        }
        #expect(error?.kind == .conflict)
        #expect(error?.code == "email_taken")
        #expect(error?.message == "an account with this email already exists")
        #expect(store.current == nil)
    }

    @Test(arguments: [
        (400, AppError.Kind.invalidInput), (401, .unauthorized), (403, .forbidden), (404, .notFound), (409, .conflict),
        (410, .gone), (413, .tooLarge), (415, .invalidInput), (422, .unprocessable), (429, .tooManyRequests),
        (500, .unavailable), (503, .unavailable), (405, .unavailable), (302, .unavailable),
    ])
    func errorBodiesMapToKindsAndCodes(status: Int, kind: AppError.Kind) throws {
        let transport = FakeServerTransport()
        transport.on("GET", "/v1/things", status: status, json: errorJSON("some_code", "what went wrong"))
        let client = ServerClient(transport: transport, credentials: InMemoryCredentialStore(savedLogin))
        let error = #expect(throws: AppError.self) { try client.send(ServerRequest("GET", "/v1/things")) }
        #expect(error?.kind == kind)
        #expect(error?.code == "some_code")
        #expect(error?.message.hasPrefix("what went wrong") == true)
    }

    @Test func aBodyThatIsNotAnErrorObjectFallsBackToServerError() throws {
        let transport = FakeServerTransport()
        transport.on("GET", "/v1/things") { _ in ServerResponse(status: 502, headers: ["content-type": "text/html"], body: Data("<h1>Bad gateway</h1>".utf8)) }
        let client = ServerClient(transport: transport, credentials: InMemoryCredentialStore(savedLogin))
        let error = #expect(throws: AppError.self) { try client.send(ServerRequest("GET", "/v1/things")) }
        #expect(error?.kind == .unavailable)
        #expect(error?.code == "server_error")
        #expect(error?.message.contains("https://tend.example.org") == true)
        #expect(error?.message.contains("502") == true)
    }

    @Test func sendUsesTheSavedServerAndTokenAndReturnsSuccessfulAnswers() throws {
        let transport = FakeServerTransport()
        transport.on("PUT", "/v1/couple/home", status: 200, json: #"{"ok":true}"#)
        let client = ServerClient(transport: transport, credentials: InMemoryCredentialStore(savedLogin), language: "en")
        let response = try client.send(ServerRequest("PUT", "/v1/couple/home", body: Data([0, 1, 2]), contentType: "application/octet-stream"))
        #expect(response.status == 200)
        struct OK: Decodable { let ok: Bool }
        #expect(try response.decode(OK.self).ok)
        let sent = try #require(transport.sent.first)
        #expect(sent.baseURL == "https://tend.example.org")
        #expect(sent.token == "saved-token")
        #expect(sent.language == "en")
        #expect(sent.body == Data([0, 1, 2]))

        struct Unexpected: Decodable { let missing: Int }
        let error = #expect(throws: AppError.self) { try response.decode(Unexpected.self) }
        #expect(error?.kind == .unavailable)
        #expect(error?.code == "bad_server_response")
    }

    @Test func aJSONRequestEncodesItsBody() throws {
        struct Body: Encodable {
            let displayName: String
            enum CodingKeys: String, CodingKey { case displayName = "display_name" }
        }
        let request = try ServerRequest.json("POST", "/v1/x", Body(displayName: "Bo"))
        #expect(request.method == "POST")
        #expect(request.path == "/v1/x")
        #expect(request.contentType == "application/json")
        #expect(request.body == Data(#"{"display_name":"Bo"}"#.utf8))
        #expect(request.query.isEmpty)
    }

    @Test func tooManyRequestsCarriesRetryAfter() throws {
        let transport = FakeServerTransport()
        transport.on("POST", "/v1/sessions", status: 429, json: errorJSON("too_many_attempts", "too many failed logins for this email; try again in 30 s"),
                     headers: ["retry-after": "30"])
        let store = InMemoryCredentialStore()
        let client = ServerClient(transport: transport, credentials: store)
        let error = #expect(throws: AppError.self) {
            try client.login(server: "https://tend.example.org", email: "alice@example.com", password: "wrong password")
        }
        #expect(error?.kind == .tooManyRequests)
        #expect(error?.code == "too_many_attempts")
        #expect(error?.details as? Int == 30)
        #expect(store.current == nil)
    }

    @Test func aWrongPasswordIsUnauthorizedWithTheServersCode() throws {
        let transport = FakeServerTransport()
        transport.on("POST", "/v1/sessions", status: 401, json: errorJSON("invalid_credentials", "the email or the password is wrong"))
        let client = ServerClient(transport: transport, credentials: InMemoryCredentialStore())
        let error = #expect(throws: AppError.self) {
            try client.login(server: "https://tend.example.org", email: "alice@example.com", password: "wrong password")
        }
        #expect(error?.kind == .unauthorized)
        #expect(error?.code == "invalid_credentials")
    }

    @Test func notLoggedInIsNotLoggedIn() throws {
        let transport = FakeServerTransport()
        let client = ServerClient(transport: transport, credentials: InMemoryCredentialStore())
        let error = #expect(throws: AppError.self) { try client.whoami() }
        #expect(error?.kind == .unauthorized)
        #expect(error?.code == "not_logged_in")
        #expect(error?.message.contains("tend account login --server URL --email E") == true)
        #expect(transport.sent.isEmpty)
        #expect(try client.currentCredentials() == nil)
    }

    @Test func anExpiredTokenSuggestsLoggingInAgain() throws {
        let transport = FakeServerTransport()
        transport.on("GET", "/v1/me", status: 401, json: errorJSON("unauthorized", "a valid bearer token is required"))
        let client = ServerClient(transport: transport, credentials: InMemoryCredentialStore(savedLogin))
        let error = #expect(throws: AppError.self) { try client.whoami() }
        #expect(error?.kind == .unauthorized)
        #expect(error?.code == "unauthorized")
        #expect(error?.message.contains("tend account login --server https://tend.example.org --email alice@example.com") == true)
        #expect(error?.message.contains("saved-token") == false)
    }

    @Test func logoutRevokesThenRemoves() throws {
        let transport = FakeServerTransport()
        transport.on("DELETE", "/v1/sessions/current") { _ in ServerResponse(status: 204, headers: [:], body: Data()) }
        let store = InMemoryCredentialStore(savedLogin)
        try ServerClient(transport: transport, credentials: store).logout()
        #expect(store.current == nil)
        #expect(transport.sent.first?.token == "saved-token")
        #expect(transport.sent.first?.baseURL == "https://tend.example.org")
    }

    @Test func logoutRemovesTheCredentialsOn401() throws {
        let transport = FakeServerTransport()
        transport.on("DELETE", "/v1/sessions/current", status: 401, json: errorJSON("unauthorized", "a valid bearer token is required"))
        let store = InMemoryCredentialStore(savedLogin)
        try ServerClient(transport: transport, credentials: store).logout()
        #expect(store.current == nil)
    }

    @Test func logoutWithAnUnreachableServerRemovesLocallyAndReportsIt() throws {
        let transport = FakeServerTransport()
        transport.on("DELETE", "/v1/sessions/current") { _ in
            throw AppError.unavailable("cannot reach the server at https://tend.example.org: Connection refused", code: "server_unreachable")
        }
        let store = InMemoryCredentialStore(savedLogin)
        let error = #expect(throws: AppError.self) { try ServerClient(transport: transport, credentials: store).logout() }
        #expect(error?.code == "server_unreachable")
        #expect(error?.message.contains("logged out on this machine") == true)
        #expect(store.current == nil)
    }

    @Test func logoutWhenNotLoggedInDoesNothing() throws {
        let transport = FakeServerTransport()
        try ServerClient(transport: transport, credentials: InMemoryCredentialStore()).logout()
        #expect(transport.sent.isEmpty)
    }

    @Test(arguments: ["ftp://tend.example.org", "tend.example.org", "http://", "https:///v1", "", "http://exa mple.org",
                      "https://tend.example.org/?x=1", "https://tend.example.org/#top", "javascript:alert(1)"])
    func invalidServerURLsAreRefused(server: String) throws {
        let transport = FakeServerTransport()
        let client = ServerClient(transport: transport, credentials: InMemoryCredentialStore())
        let error = #expect(throws: AppError.self) { try client.login(server: server, email: "a@b.c", password: "0123456789") }
        #expect(error?.kind == .invalidInput)
        #expect(error?.code == "invalid_server_url")
        #expect(transport.sent.isEmpty)
    }

    @Test(arguments: [("https://tend.example.org///", "https://tend.example.org"), ("HTTP://127.0.0.1:8080/", "http://127.0.0.1:8080"),
                      ("https://example.org/tend/", "https://example.org/tend"), ("http://[::1]:9000", "http://[::1]:9000")])
    func serverURLsAreSavedWithoutTrailingSlashes(given: String, saved: String) throws {
        let transport = FakeServerTransport()
        transport.on("POST", "/v1/sessions", status: 201, json: sessionJSON)
        transport.on("GET", "/v1/me", status: 200, json: accountJSON)
        let store = InMemoryCredentialStore()
        _ = try ServerClient(transport: transport, credentials: store).login(server: given, email: "alice@example.com", password: "0123456789")
        #expect(store.current?.server == saved)
        #expect(transport.sent.first?.baseURL == saved)
    }
}
