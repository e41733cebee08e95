import Foundation
import Testing
@testable import NightscoutFeature

/// What the shared request pipeline answers under `/api/v1/` before a Nightscout route runs.
@Suite("Nightscout behind the shared request pipeline", .serialized)
struct NightscoutPipelineTests {
    /// Nightscout's error shape: `status`, `message`, `description`, Tend's `code` beside; no Tend `error` object.
    static func expectNightscoutShape(_ answer: NightscoutServer.Answer, status: Int, code: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(answer.status == status, sourceLocation: sourceLocation)
        #expect(answer.object["status"] as? Int == status, sourceLocation: sourceLocation)
        #expect(answer.object["message"] is String, sourceLocation: sourceLocation)
        #expect(answer.object["description"] is String, sourceLocation: sourceLocation)
        #expect(answer.object["code"] as? String == code, sourceLocation: sourceLocation)
        #expect(answer.object["error"] == nil, sourceLocation: sourceLocation)
        #expect(answer.headers["content-type"] == "application/json", sourceLocation: sourceLocation)
    }

    @Test("no route, 405, 413, 415 and a control character answer Nightscout's error body under /api/v1/")
    func refusalsInNightscoutShape() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        let auth = ["api-secret": sha1]

        let unknown = try await server.request("GET", "/api/v1/food.json", headers: auth)
        Self.expectNightscoutShape(unknown, status: 404, code: "route_not_found")
        #expect(unknown.object["message"] as? String == "Not Found")

        let method = try await server.request("PATCH", "/api/v1/status.json", headers: auth, body: "{}")
        Self.expectNightscoutShape(method, status: 405, code: "method_not_allowed")
        #expect(method.headers["allow"]?.contains("GET") == true)

        let large = String(repeating: "x", count: (4 << 20) + 10)
        let tooLarge = try await server.request("POST", "/api/v1/treatments", headers: auth, body: #"{"notes":""# + large + #""}"#)
        Self.expectNightscoutShape(tooLarge, status: 413, code: "body_too_large")

        let type = try await server.request("POST", "/api/v1/treatments",
                                            headers: auth.merging(["Content-Type": "text/plain"]) { $1 }, body: "{}")
        Self.expectNightscoutShape(type, status: 415, code: "unsupported_media_type")

        let control = try await server.request("GET", "/api/v1/entries.json?find%5Btype%5D=sgv%1B", headers: auth)
        Self.expectNightscoutShape(control, status: 400, code: "invalid_text")
        #expect((control.object["description"] as? String)?.contains("control character") == true)
    }

    @Test("outside /api/v1/ the pipeline keeps Tend's error body")
    func tendShapeElsewhere() async throws {
        let server = try NightscoutServer()
        let unknown = try await server.request("GET", "/v1/nothing-here")
        #expect(unknown.status == 404)
        #expect((unknown.object["error"] as? [String: Any])?["code"] as? String == "route_not_found")
        let unauthorized = try await server.request("POST", "/v1/nightscout/secret")
        #expect(unauthorized.status == 401)
        #expect((unauthorized.object["error"] as? [String: Any])?["code"] as? String == "unauthorized")
        #expect(unauthorized.headers["www-authenticate"] == "Bearer")
    }
}

@Suite("Nightscout: CORS for report tools in a browser", .serialized)
struct NightscoutCORSTests {
    @Test("every answer under /api/v1/ allows any origin and the api-secret header; a preflight is 200 without a credential")
    func cors() async throws {
        let server = try NightscoutServer()
        let (_, sha1) = try await server.makeSecret()
        let origin = ["Origin": "https://reporter.example"]

        let preflight = try await server.request("OPTIONS", "/api/v1/entries.json", headers: origin.merging([
            "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "api-secret",
        ]) { $1 })
        #expect(preflight.status == 200)
        #expect(preflight.headers["access-control-allow-origin"] == "*")
        #expect(preflight.headers["access-control-allow-headers"]?.lowercased().contains("api-secret") == true)
        #expect(preflight.headers["access-control-allow-methods"]?.contains("DELETE") == true)

        let read = try await server.request("GET", "/api/v1/entries.json", headers: origin.merging(["api-secret": sha1]) { $1 })
        #expect(read.status == 200)
        #expect(read.headers["access-control-allow-origin"] == "*")
        let refused = try await server.request("GET", "/api/v1/treatments.json", headers: origin)
        #expect(refused.status == 401)
        #expect(refused.headers["access-control-allow-origin"] == "*", "a browser tool can read why it was refused")
        let tooLarge = try await server.request("POST", "/api/v1/entries", headers: origin.merging(["api-secret": sha1]) { $1 },
                                                body: "[" + String(repeating: " ", count: (4 << 20) + 10) + "]")
        #expect(tooLarge.status == 413)
        #expect(tooLarge.headers["access-control-allow-origin"] == "*")

        // Tend's own API keeps its same-origin rules.
        let own = try await server.request("OPTIONS", "/v1/nightscout/secret", headers: origin)
        #expect(own.headers["access-control-allow-origin"] == nil)
        #expect(own.status != 200)
    }
}
