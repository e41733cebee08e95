import Foundation
import Synchronization
import Testing
import Core
@testable import HTTP

@Suite("HTTPApplication pipeline")
struct HTTPApplicationTests {
    /// Echoes what the handler saw: method, path parameters, account and body length.
    static let echo: Handler = { request in
        try HTTPResponse.json([
            "method": request.method,
            "id": request.pathParameters["id"] ?? "-",
            "account": request.accountID ?? "-",
            "bodyBytes": String(request.body.count),
        ])
    }

    let application = makeApplication([
        makeRoute("GET", "/public/{id}", handler: echo),
        makeRoute("POST", "/public/{id}", handler: echo),
        makeRoute("GET", "/private/{id}", requiresAuth: true, handler: echo),
        makeRoute("POST", "/private/{id}", requiresAuth: true, handler: echo),
        makeRoute("DELETE", "/private/{id}", requiresAuth: true, handler: echo),
    ], maximumBodySize: 16)

    func seen(_ response: HTTPResponse) throws -> [String: String] {
        try #require(try jsonObject(response.body) as? [String: String])
    }

    // MARK: Routing

    @Test func unknownRouteIsA404WithAJSONErrorBody() throws {
        let response = application.respond(to: HTTPRequest(method: "GET", path: "/nowhere"))
        #expect(response.status == 404)
        let body = try ErrorBody(response)
        #expect(body.code == "route_not_found")
        #expect(body.message.contains("/nowhere"))
        #expect(Set(body.top.keys) == ["error"])
        #expect(Set(body.error.keys) == ["code", "message"])
    }

    @Test func wrongMethodIsA405WithAllowHeader() throws {
        let response = application.respond(to: HTTPRequest(method: "PUT", path: "/private/3"))
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, POST, DELETE")
        #expect(try ErrorBody(response).code == "method_not_allowed")
    }

    @Test func methodNotAllowedComesBeforeAuthentication() {
        // No token at all: the 405 is still reported, not a 401.
        let response = application.respond(to: HTTPRequest(method: "PATCH", path: "/private/3"))
        #expect(response.status == 405)
        #expect(response.header("WWW-Authenticate") == nil)
    }

    @Test func headIsAnsweredByTheGetHandler() throws {
        let response = application.respond(to: HTTPRequest(method: "head", path: "/public/8"))
        #expect(response.status == 200)
        let fields = try seen(response)
        #expect(fields["method"] == "HEAD")
        #expect(fields["id"] == "8")
    }

    @Test func pathParametersReachTheHandler() throws {
        let response = application.respond(to: HTTPRequest(method: "GET", path: "/public/abc-123"))
        #expect(response.status == 200)
        #expect(try seen(response)["id"] == "abc-123")
    }

    // MARK: Body limits and content type

    @Test func bodyOverTheLimitIs413() throws {
        let request = HTTPRequest(method: "POST", path: "/public/1", headers: ["Content-Type": "application/json"],
                                  body: Data(repeating: UInt8(ascii: " "), count: 17))
        let response = application.respond(to: request)
        #expect(response.status == 413)
        let body = try ErrorBody(response)
        #expect(body.code == "body_too_large")
        #expect(body.message.contains("16"))
    }

    @Test func bodyExactlyAtTheLimitIsAccepted() throws {
        let request = HTTPRequest(method: "POST", path: "/public/1", headers: ["Content-Type": "application/json"],
                                  body: Data(#"{"a":"123456789"}"#.utf8.prefix(16)))
        let response = application.respond(to: request)
        #expect(response.status == 200)
        #expect(try seen(response)["bodyBytes"] == "16")
    }

    @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "json"])
    func nonJSONContentTypeWithABodyIs415(contentType: String) throws {
        let request = HTTPRequest(method: "POST", path: "/public/1", headers: ["Content-Type": contentType],
                                  body: Data("{}".utf8))
        let response = application.respond(to: request)
        #expect(response.status == 415)
        #expect(try ErrorBody(response).code == "unsupported_media_type")
    }

    @Test func bodyWithoutContentTypeIs415() throws {
        let response = application.respond(to: HTTPRequest(method: "POST", path: "/public/1", body: Data("{}".utf8)))
        #expect(response.status == 415)
        #expect(try ErrorBody(response).code == "unsupported_media_type")
    }

    @Test(arguments: ["application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8",
                      "  application/json  ", "application/merge-patch+json"])
    func jsonContentTypesAreAccepted(contentType: String) throws {
        let request = HTTPRequest(method: "POST", path: "/public/1", headers: ["Content-Type": contentType],
                                  body: Data("{}".utf8))
        let response = application.respond(to: request)
        #expect(response.status == 200)
        #expect(try seen(response)["bodyBytes"] == "2")
    }

    @Test func anEmptyBodyNeedsNoContentType() throws {
        let request = HTTPRequest(method: "POST", path: "/public/1", headers: ["Content-Type": "text/plain"])
        #expect(application.respond(to: request).status == 200)
    }

    // MARK: Authentication

    @Test func missingTokenIs401WithWWWAuthenticate() throws {
        let response = application.respond(to: HTTPRequest(method: "GET", path: "/private/1"))
        #expect(response.status == 401)
        #expect(response.header("WWW-Authenticate") == "Bearer")
        #expect(try ErrorBody(response).code == "unauthorized")
    }

    @Test(arguments: ["Bearer wrong-token", "Basic Z29vZC10b2tlbjo=", "Bearer", "Bearer    ", "good-token"])
    func invalidAuthorizationIs401(authorization: String) throws {
        let request = HTTPRequest(method: "GET", path: "/private/1", headers: ["Authorization": authorization])
        let response = application.respond(to: request)
        #expect(response.status == 401)
        #expect(response.header("WWW-Authenticate") == "Bearer")
        #expect(try ErrorBody(response).code == "unauthorized")
    }

    @Test func validTokenLetsTheHandlerSeeTheAccount() throws {
        let request = HTTPRequest(method: "DELETE", path: "/private/77", headers: ["authorization": "bearer \(validToken)"])
        let response = application.respond(to: request)
        #expect(response.status == 200)
        let fields = try seen(response)
        #expect(fields["account"] == validAccount)
        #expect(fields["id"] == "77")
        #expect(fields["method"] == "DELETE")
    }

    @Test func publicRouteNeverCallsTheAuthenticator() throws {
        let calls = Atomic<Int>(0)
        let application = makeApplication([makeRoute("GET", "/public/{id}", handler: Self.echo)], authenticate: { _ in
            calls.add(1, ordering: .relaxed)
            return validAccount
        })
        let request = HTTPRequest(method: "GET", path: "/public/1", headers: ["Authorization": "Bearer \(validToken)"])
        let response = application.respond(to: request)
        #expect(response.status == 200)
        #expect(try seen(response)["account"] == "-")
        #expect(calls.load(ordering: .relaxed) == 0)
    }

    @Test func authenticatorReceivesTheBareToken() throws {
        let received = Mutex<[String]>([])
        let application = makeApplication([makeRoute("GET", "/private", requiresAuth: true)], authenticate: { token in
            received.withLock { $0.append(token) }
            return "someone"
        })
        let request = HTTPRequest(method: "GET", path: "/private", headers: ["Authorization": "Bearer   abc.DEF-123_  "])
        #expect(application.respond(to: request).status == 200)
        #expect(received.withLock { $0 } == ["abc.DEF-123_"])
    }

    @Test func authenticatorAppErrorIsMappedToItsStatus() throws {
        let application = makeApplication([makeRoute("GET", "/private", requiresAuth: true)], authenticate: { _ in
            throw AppError.unavailable("the session store is down", code: "sessions_unavailable")
        })
        let request = HTTPRequest(method: "GET", path: "/private", headers: ["Authorization": "Bearer x"])
        let response = application.respond(to: request)
        #expect(response.status == 503)
        #expect(try ErrorBody(response).code == "sessions_unavailable")
    }

    @Test func authenticatorUnexpectedErrorIsA500() throws {
        let application = makeApplication([makeRoute("GET", "/private", requiresAuth: true)], authenticate: { _ in
            throw UnexpectedFailure()
        })
        let request = HTTPRequest(method: "GET", path: "/private", headers: ["Authorization": "Bearer x"])
        let response = application.respond(to: request)
        #expect(response.status == 500)
        #expect(try ErrorBody(response).code == "internal")
        #expect(!response.text.contains("hunter2"))
    }

    @Test func aRefusedSettlingTurnsTheHandlersAnswerIntoA401() throws {
        let settled = Atomic<Int>(0)
        let application = makeApplication([makeRoute("GET", "/private", requiresAuth: true, handler: Self.echo)],
                                          settleAuthentication: {
                                              settled.add(1, ordering: .relaxed)
                                              throw AppError(.unauthorized, code: "unauthorized", "a valid bearer token is required")
                                          })
        let request = HTTPRequest(method: "GET", path: "/private", headers: ["Authorization": "Bearer \(validToken)"])
        let response = application.respond(to: request)
        #expect(response.status == 401)
        #expect(response.header("WWW-Authenticate") == "Bearer")
        #expect(!response.text.contains(validAccount), "nothing of the handler's answer goes out")
        #expect(settled.load(ordering: .relaxed) == 1)
    }

    @Test func aRefusedSettlingWinsOverTheHandlersError() throws {
        let application = makeApplication([makeRoute("POST", "/private", requiresAuth: true) { _ in
            throw AppError.invalidInput("units must be positive", code: "invalid_units")
        }], settleAuthentication: { throw AppError(.unauthorized, code: "unauthorized", "a valid bearer token is required") })
        let response = application.respond(to: HTTPRequest(method: "POST", path: "/private", headers: ["Authorization": "Bearer \(validToken)"]))
        #expect(response.status == 401)
        #expect(try ErrorBody(response).code == "unauthorized")
    }

    @Test func settlingRunsOnceForAnAuthenticatedRequestAndNeverForAPublicOne() throws {
        let settled = Atomic<Int>(0)
        let application = makeApplication([makeRoute("GET", "/private", requiresAuth: true, handler: Self.echo),
                                           makeRoute("GET", "/public", handler: Self.echo),
                                           makeRoute("GET", "/failing", requiresAuth: true) { _ in throw AppError.notFound("no such thing", code: "not_found") }],
                                          settleAuthentication: { settled.add(1, ordering: .relaxed) })
        let headers = ["Authorization": "Bearer \(validToken)"]
        #expect(application.respond(to: HTTPRequest(method: "GET", path: "/private", headers: headers)).status == 200)
        #expect(application.respond(to: HTTPRequest(method: "GET", path: "/public", headers: headers)).status == 200)
        #expect(application.respond(to: HTTPRequest(method: "GET", path: "/failing", headers: headers)).status == 404)
        #expect(application.respond(to: HTTPRequest(method: "GET", path: "/private", headers: ["Authorization": "Bearer wrong"])).status == 401)
        #expect(settled.load(ordering: .relaxed) == 2)
    }

    // MARK: Decoding through the pipeline

    @Test func malformedJSONInAHandlerIsA400NotA500() throws {
        struct Payload: Decodable { let units: Int }
        let application = makeApplication([makeRoute("POST", "/doses") { request in
            let payload = try request.decode(Payload.self)
            return HTTPResponse(status: 201, body: Data(String(payload.units).utf8))
        }])
        let bad = HTTPRequest(method: "POST", path: "/doses", headers: ["Content-Type": "application/json"],
                              body: Data("{units: 3".utf8))
        let refused = application.respond(to: bad)
        #expect(refused.status == 400)
        #expect(try ErrorBody(refused).code == "malformed_json")

        let good = HTTPRequest(method: "POST", path: "/doses", headers: ["Content-Type": "application/json"],
                               body: Data(#"{"units": 3}"#.utf8))
        let accepted = application.respond(to: good)
        #expect(accepted.status == 201)
        #expect(accepted.text == "3")
    }
}
