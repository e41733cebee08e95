import Foundation
import Testing
import Core
import HTTP
@testable import WebFeature

/// A browser session's token is not an API bearer token, however it was learned; an API
/// token keeps working as one.
@Suite("Web app: browser sessions and API tokens stay apart")
struct SessionSeparationTests {
    static func me(_ app: HTTPApplication, token: String) -> Int {
        app.respond(to: HTTPRequest(method: "GET", path: "/v1/me", headers: ["Authorization": "Bearer \(token)"])).status
    }

    @Test func aBrowserSessionsTokenIsRefusedAsABearerToken() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        let cookie = try #require(browser.cookies[Cookies.session])
        #expect(browser.get("/today").status == 200, "the cookie is a live browser session")
        #expect(Self.me(app, token: cookie) == 401)
        #expect(try container.browserSessions.authenticateBearer(token: cookie) == nil)
        browser.get("/insulin")
        #expect(Self.me(app, token: cookie) == 401, "still refused after the browser used it")

        let login = app.respond(to: HTTPRequest(method: "POST", path: "/v1/sessions", headers: ["Content-Type": "application/json"],
                                                body: Data(#"{"email":"minji@example.com","password":"correct horse battery"}"#.utf8)))
        let body = try #require(try JSONSerialization.jsonObject(with: login.body) as? [String: Any])
        let token = try #require(body["token"] as? String, "\(body)")
        #expect(Self.me(app, token: token) == 200)
        #expect(Self.me(app, token: token) == 200, "and from the recent-token cache")
        #expect(Self.me(app, token: "") == 401 && Self.me(app, token: String(repeating: "a", count: 300)) == 401)

        // Revoking the API token on the browser's account page ends it at once, cache or not.
        let accountID = try #require(try container.browserSessions.authenticateBearer(token: token))
        let apiSession = try #require(try container.browserSessions.list(accountID: accountID).first { $0.kind == .api })
        browser.get("/account")
        #expect(browser.post("/account/sessions/\(apiSession.id)/revoke", []).location == "/account?done=revoked")
        #expect(Self.me(app, token: token) == 401)
    }
}
