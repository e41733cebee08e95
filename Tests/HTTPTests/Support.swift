import Foundation
import Testing
import Core
@testable import HTTP

/// The smallest OpenAPI description a test route needs.
let testOperation = OpenAPIOperation(summary: "test", tag: "test",
                                     responses: [("200", OpenAPISchema.emptyResponse("OK"))])

/// A route whose handler answers 200 with `body` (default: the route's pattern).
func makeRoute(_ method: String, _ pattern: String, requiresAuth: Bool = false,
               handler: Handler? = nil) -> Route {
    Route(method, pattern, requiresAuth: requiresAuth, operation: testOperation,
          handler: handler ?? { _ in HTTPResponse(status: 200, body: Data("\(method) \(pattern)".utf8)) })
}

func makeRouter(_ routes: [Route]) -> Router {
    var router = Router()
    router.addRoutes(routes)
    return router
}

/// The token the fake authenticator accepts, and the account it resolves to.
let validToken = "good-token"
let validAccount = "account-1"

/// An application in front of `routes`, with a fake authenticator that knows one token.
func makeApplication(_ routes: [Route], maximumBodySize: Int = 1 << 20,
                     authenticate: HTTPApplication.Authenticator? = nil,
                     settleAuthentication: @escaping @Sendable () throws -> Void = {},
                     errorDetails: HTTPApplication.ErrorDetails? = nil) -> HTTPApplication {
    HTTPApplication(router: makeRouter(routes), maximumBodySize: maximumBodySize, logger: nil,
                    authenticate: authenticate ?? { token in token == validToken ? validAccount : nil },
                    settleAuthentication: settleAuthentication,
                    errorDetails: errorDetails ?? { _ in [:] })
}

/// A parsed JSON object (fails the test when the data is not one).
func jsonObject(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    return try #require(parsed as? [String: Any], "not a JSON object: \(String(decoding: data, as: UTF8.self))",
                        sourceLocation: sourceLocation)
}

/// The `error` object of an error body, after checking the body's shape.
struct ErrorBody {
    let code: String
    let message: String
    let error: [String: Any]
    let top: [String: Any]

    init(_ response: HTTPResponse, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(response.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
        top = try jsonObject(response.body, sourceLocation: sourceLocation)
        error = try #require(top["error"] as? [String: Any], "no error object", sourceLocation: sourceLocation)
        code = try #require(error["code"] as? String, "no error.code", sourceLocation: sourceLocation)
        message = try #require(error["message"] as? String, "no error.message", sourceLocation: sourceLocation)
        #expect(!message.isEmpty, sourceLocation: sourceLocation)
    }
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A test-only error that is not an `AppError`.
struct UnexpectedFailure: Error, CustomStringConvertible {
    var description: String { "secret internal detail: connection string postgres://admin:hunter2@db" }
}
