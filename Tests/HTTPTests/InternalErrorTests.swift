import Foundation
import Testing
import Core
@testable import HTTP

@Suite("Internal failures and the log")
struct InternalErrorTests {
    func application(_ handler: @escaping Handler) -> HTTPApplication {
        var router = Router()
        router.add(Route("GET", "/boom", requiresAuth: false, operation: OpenAPIOperation(summary: "boom", tag: "t", responses: []), handler: handler))
        return HTTPApplication(router: router, logger: nil, authenticate: { _ in nil })
    }

    @Test func anInternalAppErrorNeverShowsItsDetailsToTheClient() throws {
        let app = application { _ in
            throw AppError(.internalFailure, code: "database_error", "no such column: secret_table.password_hash")
        }
        let response = app.respond(to: HTTPRequest(method: "GET", path: "/boom"))
        #expect(response.status == 500)
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(body.contains("\"code\":\"internal\""))
        #expect(!body.contains("secret_table"))
    }

    @Test func controlCharactersInAPathCannotForgeALogLine() {
        #expect(HTTPApplication.loggable("/a\nGET /admin 200") == "/a\\xaGET /admin 200")
        #expect(HTTPApplication.loggable("/ok/path") == "/ok/path")
        #expect(HTTPApplication.loggable(String(repeating: "x", count: 1000)).count == 301)
    }
}
