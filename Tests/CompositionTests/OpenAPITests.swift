import Foundation
import Testing
import Core
import HTTP
@testable import Composition

@Suite("The OpenAPI document")
struct OpenAPITests {
    @Test func listsExactlyTheRoutesTheRouterServes() throws {
        let container = try Container.inMemory(clock: FixedClock(Date(timeIntervalSince1970: 1_764_500_000)))
        let application = ServerApplication.make(container: container, logger: nil)
        let response = application.respond(to: HTTPRequest(method: "GET", path: "/openapi.json"))
        #expect(response.status == 200)
        let document = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var documented = Set<String>()
        for (path, operations) in paths {
            for method in operations.keys { documented.insert("\(method.uppercased()) \(path)") }
        }
        // The web app's pages (tag "web") are HTML for a browser, not the API: the document leaves them out.
        let served = Set(application.router.routes.filter { $0.operation.tag != "web" }.map { "\($0.method) \($0.pattern)" })
        #expect(application.router.routes.contains { $0.pattern == "/insulin" && $0.operation.tag == "web" })
        #expect(documented == served)
        #expect(served.contains("POST /v1/insulin/doses"))
        #expect(served.contains("GET /openapi.json"))

        // Every schema a route refers to exists.
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let text = String(decoding: response.body, as: UTF8.self)
        let references = text.components(separatedBy: "#/components/schemas/").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!references.isEmpty)
        for reference in references { #expect(schemas[String(reference)] != nil, "missing schema \(reference)") }
    }

    /// The served document holds the notification routes next to the account ones.
    @Test("the notification routes are in /openapi.json")
    func notificationRoutes() throws {
        let container = try Container.inMemory(clock: FixedClock(ISO8601.parseInstant("2026-11-30T12:00:00Z")!))
        let application = ServerApplication.make(container: container, logger: nil)
        let response = application.respond(to: HTTPRequest(method: "GET", path: "/openapi.json"))
        let document = try JSONSerialization.jsonObject(with: response.body) as? [String: Any] ?? [:]
        let paths = document["paths"] as? [String: Any] ?? [:]
        for path in ["/v1/notifications", "/v1/notifications/channels", "/v1/notifications/channels/{id}", "/v1/notifications/quiet-hours",
                     "/v1/notifications/test", "/v1/me"] {
            #expect(paths[path] != nil, "\(path)")
        }
    }
}
