import Core
import Client
import Foundation
import HTTP
import Synchronization
import Testing

// MARK: - A small API declared once, served and called

struct Note: Codable, Equatable, Sendable {
    var text: String
}

/// `?page=N`: a typed query item; another form is a 400 that names it.
struct PageQuery: EndpointParameters, Equatable {
    var page: Int?

    init(_ page: Int?) { self.page = page }

    init(path: [String: String], query: [String: String]) throws {
        guard let text = query["page"] else { return }
        guard let page = Int(text) else { throw AppError.invalidInput("page must be a number", code: "invalid_page") }
        self.page = page
    }

    var queryItems: [(name: String, value: String)] { page.map { [("page", String($0))] } ?? [] }
}

enum NoteAPI {
    static let put = Endpoint("PUT", "/v1/notes/{id}", parameters: ItemID.self, body: .json(Note.self), answer: .json(Note.self))
    static let create = Endpoint("POST", "/v1/notes", body: .json(Note.self), answer: .json(Note.self, status: 201))
    static let list = Endpoint("GET", "/v1/notes", parameters: PageQuery.self, answer: .json([Note].self))
    static let delete = Endpoint("DELETE", "/v1/notes/{id}", parameters: ItemID.self, answer: .none)
    static let blob = Endpoint("GET", "/v1/notes/{id}/blob", parameters: ItemID.self, answer: .bytes(headers: [("Cache-Control", "no-store")]))
    static let upload = Endpoint("PUT", "/v1/blob", body: .bytes(accepting: ["image/png", "application/octet-stream"], maximumSize: 8),
                                 answer: .none)
    static let ping = Endpoint("GET", "/v1/ping", answer: .json(Note.self), requiresAuth: false)
}

/// The routes of `NoteAPI`, built from the same values: what they received is kept.
final class NoteServer: Sendable {
    let received = Mutex<[String]>([])

    var application: HTTPApplication {
        let operation = { (status: String) in OpenAPIOperation(summary: "", tag: "notes", responses: [(status, ["description": "ok"])]) }
        var router = Router()
        router.addRoutes([
            Route(NoteAPI.put, operation: operation("200")) { [self] call in
                received.withLock { $0.append("put \(call.parameters.id) \(call.body.text) by \(call.accountID)") }
                return Note(text: call.body.text.uppercased())
            },
            Route(NoteAPI.create, operation: operation("201")) { call in Note(text: "new " + call.body.text) },
            Route(NoteAPI.list, operation: operation("200")) { call in
                guard let page = call.parameters.page else { return [] }
                if page > 9 { throw AppError.notFound("no page \(page)", code: "page_not_found") }
                return [Note(text: "page \(page)")]
            },
            Route(NoteAPI.delete, operation: operation("204")) { [self] call in
                received.withLock { $0.append("delete \(call.parameters.id)") }
                return NoAnswer()
            },
            Route(NoteAPI.blob, operation: operation("200")) { call in MediaBytes(Data(call.parameters.id.utf8), mediaType: "image/png") },
            Route(NoteAPI.upload, operation: operation("204")) { [self] call in
                received.withLock { $0.append("upload \(call.body.count) bytes") }
                return NoAnswer()
            },
            Route(NoteAPI.ping, operation: operation("200")) { call in Note(text: call.request.bearerToken ?? "no token") },
        ])
        return HTTPApplication(router: router, logger: nil, authenticate: { token in token == "good" ? "account-1" : nil })
    }
}

private let login = Credentials(server: "https://tend.example.org", token: "good", accountID: "account-1", email: "a@example.com",
                                displayName: "A", expiresAt: nil)

/// Collects what a test client reports, so a test can check it failed loudly.
final class Reports: Sendable {
    private let messages = Mutex<[String]>([])
    var all: [String] { messages.withLock { $0 } }
    func record(_ message: String) { messages.withLock { $0.append(message) } }
}

// MARK: - Tests

@Suite("Endpoints: one declaration, the route and the typed client")
struct EndpointTests {
    @Test("an id is one percent-encoded segment, '.' and '/' too; the query comes from the typed parameters")
    func requestsArePrintedFromTheEndpoint() throws {
        #expect(NoteAPI.put.path(ItemID("../a b")) == "/v1/notes/%2E%2E%2Fa%20b")
        #expect(NoteAPI.blob.path(ItemID("x1")) == "/v1/notes/x1/blob")
        #expect(ServerRequest.segment("..") == PathSegment.encode(".."))

        let put = try ServerRequest(NoteAPI.put, ItemID("n1"), body: Note(text: "hi/there"))
        #expect(put.method == "PUT" && put.path == "/v1/notes/n1" && put.query.isEmpty)
        #expect(put.body == Data(#"{"text":"hi/there"}"#.utf8) && put.contentType == "application/json")

        let list = try ServerRequest(NoteAPI.list, PageQuery(3), body: NoBody())
        #expect(list.method == "GET" && list.path == "/v1/notes" && list.body == nil && list.contentType == nil)
        #expect(list.query.map { "\($0.name)=\($0.value)" } == ["page=3"])
        #expect(try ServerRequest(NoteAPI.list, PageQuery(nil), body: NoBody()).query.isEmpty)

        let upload = try ServerRequest(NoteAPI.upload, NoParameters(), body: Data([1, 2]))
        #expect(upload.body == Data([1, 2]) && upload.contentType == "application/octet-stream")
        #expect(NoteAPI.put.signature == "PUT /v1/notes/{id}")
    }

    @Test("the typed client against the routes built from the same endpoints, in process")
    func theClientCallsTheRoutes() throws {
        let server = NoteServer()
        let client = ServerClient(transport: InProcessTransport(application: server.application), credentials: MemoryCredentialStore(login))

        #expect(try client.call(NoteAPI.put, ItemID("..n 1"), body: Note(text: "hello")) == Note(text: "HELLO"))
        #expect(try client.call(NoteAPI.create, body: Note(text: "one")) == Note(text: "new one"))
        #expect(try client.call(NoteAPI.list, PageQuery(2)) == [Note(text: "page 2")])
        #expect(try client.call(NoteAPI.list, PageQuery(nil)) == [])
        #expect(try client.call(NoteAPI.delete, ItemID("n1")) == NoAnswer())
        let blob = try client.call(NoteAPI.blob, ItemID("bytes"))
        #expect(blob == MediaBytes(Data("bytes".utf8), mediaType: "image/png"))
        try client.call(NoteAPI.upload, body: Data([0x89, 0x50]))
        #expect(try client.call(NoteAPI.ping) == Note(text: "good"))
        // The id reached the handler as it was typed: decoded from its one segment.
        #expect(server.received.withLock { $0 } == ["put ..n 1 hello by account-1", "delete n1", "upload 2 bytes"])

        let (answer, response) = try client.callReturningResponse(NoteAPI.create, NoParameters(), body: Note(text: "kept"))
        #expect(answer == Note(text: "new kept") && response.status == 201)
        #expect(response.body == Data(#"{"text":"new kept"}"#.utf8))
    }

    @Test("refusals become AppErrors as ServerClient maps them; an answer of another shape is bad_server_response")
    func errorsAreMappedAsBefore() throws {
        let client = ServerClient(transport: InProcessTransport(application: NoteServer().application), credentials: MemoryCredentialStore(login))
        let missing = #expect(throws: AppError.self) { try client.call(NoteAPI.list, PageQuery(10)) }
        #expect(missing?.kind == .notFound && missing?.code == "page_not_found" && missing?.message == "no page 10")
        let tooLarge = #expect(throws: AppError.self) { try client.call(NoteAPI.upload, body: Data(count: 9)) }
        #expect(tooLarge?.kind == .tooLarge && tooLarge?.code == "body_too_large")

        // The same path declared with another answer: the client cannot read it.
        let drifted = Endpoint("GET", "/v1/notes", parameters: PageQuery.self, answer: .json(Note.self))
        let shape = #expect(throws: AppError.self) { try client.call(drifted, PageQuery(1)) }
        #expect(shape?.kind == .unavailable && shape?.code == "bad_server_response")

        let loggedOut = ServerClient(transport: InProcessTransport(application: NoteServer().application), credentials: MemoryCredentialStore())
        let refused = #expect(throws: AppError.self) { try loggedOut.call(NoteAPI.ping) }
        #expect(refused?.code == "not_logged_in")
    }

    @Test("the route reads typed parameters and refuses a malformed one with its own error")
    func routesReadTypedParameters() {
        let application = NoteServer().application
        let bad = application.respond(to: HTTPRequest(method: "GET", path: "/v1/notes", query: ["page": "x"],
                                                      headers: ["Authorization": "Bearer good"]))
        #expect(bad.status == 400 && String(decoding: bad.body, as: UTF8.self).contains("invalid_page"))
        let body = application.respond(to: HTTPRequest(method: "PUT", path: "/v1/notes/n1", headers: [
            "Authorization": "Bearer good", "Content-Type": "application/json",
        ], body: Data(#"{"txt":"x"}"#.utf8)))
        #expect(body.status == 400 && String(decoding: body.body, as: UTF8.self).contains("missing field 'text'"))
        let type = application.respond(to: HTTPRequest(method: "PUT", path: "/v1/blob", headers: [
            "Authorization": "Bearer good", "Content-Type": "image/jpeg",
        ], body: Data([1])))
        #expect(type.status == 415)
        #expect(application.router.routes.map { "\($0.method) \($0.pattern)" } == [
            NoteAPI.put.signature, NoteAPI.create.signature, NoteAPI.list.signature, NoteAPI.delete.signature,
            NoteAPI.blob.signature, NoteAPI.upload.signature, NoteAPI.ping.signature,
        ])
        #expect(application.router.routes.last?.requiresAuth == false)
    }
}

@Suite("ExpectingTransport: the test client")
struct ExpectingTransportTests {
    @Test("an expected call is answered once, as the server would write it, and its body is checked")
    func expectedCallsAreAnswered() throws {
        let reports = Reports()
        let transport = ExpectingTransport(reportIssue: reports.record)
        let bodies = Mutex<[String]>([])
        transport.expect(NoteAPI.put, ItemID("n1"), checkBody: { note in bodies.withLock { $0.append(note.text) } }, answer: Note(text: "ok"))
        transport.expect(NoteAPI.delete, answer: NoAnswer()) // any id
        let client = ServerClient(transport: transport, credentials: MemoryCredentialStore(login), language: "ko")

        #expect(try client.call(NoteAPI.put, ItemID("n1"), body: Note(text: "sent")) == Note(text: "ok"))
        try client.call(NoteAPI.delete, ItemID("whatever"))
        #expect(bodies.withLock { $0 } == ["sent"])
        #expect(transport.sent.map { "\($0.request.method) \($0.request.path) \($0.token ?? "") \($0.language ?? "")" }
            == ["PUT /v1/notes/n1 good ko", "DELETE /v1/notes/whatever good ko"])
        transport.verify()
        #expect(reports.all.isEmpty)
        #expect(transport.unmet.isEmpty)
    }

    @Test("a call the test did not expect is reported with its method and path, and throws")
    func unexpectedCallsFailLoudly() throws {
        let reports = Reports()
        let transport = ExpectingTransport(reportIssue: reports.record)
        transport.expect(NoteAPI.list, PageQuery(1), answer: [Note(text: "one")])
        let client = ServerClient(transport: transport, credentials: MemoryCredentialStore(login))

        let other = #expect(throws: AppError.self) { try client.call(NoteAPI.list, PageQuery(2)) }
        #expect(other?.code == "unexpected_call" && other?.message == "unexpected call: GET /v1/notes?page=2")
        #expect(reports.all == ["unexpected call: GET /v1/notes?page=2 (expected: GET /v1/notes)"])

        #expect(try client.call(NoteAPI.list, PageQuery(1)) == [Note(text: "one")])
        // Answered once: the same call again is unexpected.
        #expect(throws: AppError.self) { try client.call(NoteAPI.list, PageQuery(1)) }
        #expect(reports.all.last == "unexpected call: GET /v1/notes?page=1 (no call expected)")
    }

    @Test("an expected call that never came is reported by verify()")
    func unmetCallsAreReported() {
        let reports = Reports()
        let transport = ExpectingTransport(reportIssue: reports.record)
        transport.expect(NoteAPI.create, answer: Note(text: "x"))
        transport.verify()
        #expect(reports.all == ["expected a call of POST /v1/notes, which never came"])
    }

    @Test("a refusal is answered with the error's status and body, which the client maps")
    func refusalsAreMapped() throws {
        let reports = Reports()
        let transport = ExpectingTransport(reportIssue: reports.record)
        transport.expect(NoteAPI.create, failing: AppError(.conflict, code: "note_exists", "a note says that already"))
        transport.expect(NoteAPI.ping, failing: AppError(.tooManyRequests, code: "slow_down", "wait", details: 7))
        transport.expectUnreachable(NoteAPI.delete)
        let client = ServerClient(transport: transport, credentials: MemoryCredentialStore(login))
        let conflict = #expect(throws: AppError.self) { try client.call(NoteAPI.create, body: Note(text: "x")) }
        #expect(conflict?.kind == .conflict && conflict?.code == "note_exists" && conflict?.message == "a note says that already")
        let throttled = #expect(throws: AppError.self) { try client.call(NoteAPI.ping) }
        #expect(throttled?.kind == .tooManyRequests && throttled?.details as? Int == 7)
        let unreachable = #expect(throws: AppError.self) { try client.call(NoteAPI.delete, ItemID("n")) }
        #expect(unreachable?.kind == .unavailable && unreachable?.code == "server_unreachable")
        #expect(reports.all.isEmpty)
    }

    @Test("a body the server could not read is reported")
    func unreadableBodiesAreReported() {
        let reports = Reports()
        let transport = ExpectingTransport(reportIssue: reports.record)
        transport.expect(NoteAPI.create, answer: Note(text: "x"))
        let client = ServerClient(transport: transport, credentials: MemoryCredentialStore(login))
        // Sent by hand with a body of another shape.
        #expect(throws: AppError.self) { try client.send(ServerRequest("POST", "/v1/notes", body: Data("{}".utf8), contentType: "application/json")) }
        #expect(reports.all == ["POST /v1/notes: the server could not read the body: missing field 'text'"])
    }
}
