import Foundation
import Testing

/// A weighing logged by mistake is deleted through the API as through `tend weight delete`.
@Suite("DELETE /v1/weight/{id}")
struct WeightRouteDeleteTests {
    @Test func byIdHandleOrLastAndOnlyYourOwn() throws {
        let api = try NutritionAPIHarness()
        let alice = api.token("alice@example.com")
        let bob = api.token("bob@example.com")
        let first = api.send("POST", "/v1/weight", json: ["kg": 80.0, "taken_at": "2026-11-28T07:00:00+09:00"], token: alice).json
        _ = api.send("POST", "/v1/weight", json: ["kg": 79.5, "taken_at": "2026-11-29T07:00:00+09:00"], token: alice)
        let handle = try #require(first["handle"] as? String)
        #expect(api.send("DELETE", "/v1/weight/\(handle)", token: bob).status == 404) // not Bob's
        #expect(api.send("DELETE", "/v1/weight/\(handle)", token: alice).status == 204)
        #expect(api.send("DELETE", "/v1/weight/last", token: alice).status == 204)
        #expect(api.send("DELETE", "/v1/weight/last", token: alice).status == 404)
        #expect((api.send("GET", "/v1/weight", token: alice).json["entries"] as? [Any])?.isEmpty == true)
    }
}
