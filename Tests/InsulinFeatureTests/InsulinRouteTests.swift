import Foundation
import Testing
import Core
import HTTP

@Suite("The insulin API")
struct InsulinRouteTests {
    /// The insulin routes in process, through the request pipeline, with a fixed clock.
    struct API {
        let stack: InsulinStack
        let application: HTTPApplication
        let now = ISO8601.parseInstant("2026-11-30T12:00:00Z")!

        init() throws {
            stack = try InsulinStack(clock: FixedClock(now))
            application = stack.application()
        }

        func send(_ method: String, _ path: String, json: Any? = nil, raw: String? = nil, token: String?,
                  query: [String: String] = [:]) -> (status: Int, json: [String: Any]) {
            var headers = ["Content-Type": "application/json"]
            if let token { headers["Authorization"] = "Bearer \(token)" }
            let body = raw.map { Data($0.utf8) } ?? json.map { try! JSONSerialization.data(withJSONObject: $0) } ?? Data()
            let response = application.respond(to: HTTPRequest(method: method, path: path, query: query, headers: headers, body: body))
            return (response.status, (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:])
        }

        func token(_ email: String) -> String {
            try! stack.token(email, at: now)
        }
    }

    @Test func logListEditDelete() throws {
        let api = try API()
        let token = api.token("a@example.com")
        let logged = api.send("POST", "/v1/insulin/doses", json: ["kind": "long", "taken_at": "2026-11-29T22:10:00+09:00"], token: token)
        #expect(logged.status == 201)
        #expect(logged.json["units"] as? Double == 10)
        #expect(logged.json["taken_at"] as? String == "2026-11-29T22:10:00+09:00") // the account's zone
        let id = try #require(logged.json["id"] as? String)

        let list = api.send("GET", "/v1/insulin/doses", token: token, query: ["from": "2026-11-29", "to": "2026-11-29"])
        #expect((list.json["doses"] as? [[String: Any]])?.map { $0["id"] as? String } == [id])
        let empty = api.send("GET", "/v1/insulin/doses", token: token, query: ["from": "2026-11-30"])
        #expect((empty.json["doses"] as? [Any])?.isEmpty == true)

        let patched = api.send("PATCH", "/v1/insulin/doses/\(id)", json: ["units": 12, "note": "new pen"], token: token)
        #expect(patched.status == 200)
        #expect(patched.json["units"] as? Double == 12)
        let cleared = api.send("PATCH", "/v1/insulin/doses/\(id)", raw: #"{"note": null}"#, token: token)
        #expect(cleared.json["note"] is NSNull)
        #expect(api.send("GET", "/v1/insulin/doses/\(id)", token: token).status == 200)
        #expect(api.send("DELETE", "/v1/insulin/doses/\(id)", token: token).status == 204)
        #expect(api.send("GET", "/v1/insulin/doses/\(id)", token: token).status == 404)
        #expect(api.send("DELETE", "/v1/insulin/doses/\(id)", token: token).status == 404)
    }

    @Test func aRetryWithTheSameIDNeverDoublesADose() throws {
        let api = try API()
        let token = api.token("a@example.com")
        let id = UUID().uuidString
        let first = api.send("POST", "/v1/insulin/doses", json: ["id": id, "kind": "rapid", "units": 4], token: token)
        let retry = api.send("POST", "/v1/insulin/doses", json: ["id": id, "kind": "rapid", "units": 4], token: token)
        #expect(first.status == 201)
        #expect(retry.status == 200)
        #expect(retry.json["id"] as? String == id.lowercased())
        let list = api.send("GET", "/v1/insulin/doses", token: token)
        #expect((list.json["doses"] as? [Any])?.count == 1)
    }

    @Test func theGuardAnswers409WithTheEarlierDoseUnlessForced() throws {
        let api = try API()
        let token = api.token("a@example.com")
        let first = api.send("POST", "/v1/insulin/doses", json: ["kind": "long"], token: token)
        let second = api.send("POST", "/v1/insulin/doses", json: ["kind": "long"], token: token)
        #expect(second.status == 409)
        let error = try #require(second.json["error"] as? [String: Any])
        #expect(error["code"] as? String == "duplicate_dose")
        #expect((error["dose"] as? [String: Any])?["id"] as? String == first.json["id"] as? String)
        #expect(api.send("POST", "/v1/insulin/doses", json: ["kind": "long", "force": true], token: token).status == 201)
    }

    @Test func accountsAreIsolatedBothWays() throws {
        let api = try API()
        let alice = api.token("alice@example.com")
        let bob = api.token("bob@example.com")
        let aliceDose = try #require(api.send("POST", "/v1/insulin/doses", json: ["kind": "long"], token: alice).json["id"] as? String)
        let bobDose = try #require(api.send("POST", "/v1/insulin/doses", json: ["kind": "long"], token: bob).json["id"] as? String)
        for (token, other) in [(alice, bobDose), (bob, aliceDose)] {
            #expect(api.send("GET", "/v1/insulin/doses/\(other)", token: token).status == 404)
            #expect(api.send("PATCH", "/v1/insulin/doses/\(other)", json: ["units": 2], token: token).status == 404)
            #expect(api.send("DELETE", "/v1/insulin/doses/\(other)", token: token).status == 404)
            let list = api.send("GET", "/v1/insulin/doses", token: token)
            #expect((list.json["doses"] as? [[String: Any]])?.count == 1)
            #expect((list.json["doses"] as? [[String: Any]])?.first?["id"] as? String != other)
        }
        // Bob reusing Alice's id is refused, not merged, and answered as a missing dose is.
        let clash = api.send("POST", "/v1/insulin/doses", json: ["id": aliceDose, "kind": "rapid"], token: bob)
        #expect(clash.status == 404)
    }

    @Test func statusCalendarAndSettings() throws {
        let api = try API()
        let token = api.token("a@example.com")
        let settings = api.send("GET", "/v1/insulin/settings", token: token)
        #expect(settings.json["time_zone"] as? String == "Asia/Seoul")
        let updated = api.send("PUT", "/v1/insulin/settings", json: ["long_units": 14, "reminder": "21:30"], token: token)
        #expect(updated.status == 200)
        #expect(updated.json["long_units"] as? Double == 14)
        #expect(api.send("PUT", "/v1/insulin/settings", json: ["reminder": "9pm"], token: token).status == 400)
        // Durations are seconds (`*_s`), whole minutes, within the same ranges as the command's options.
        let guards = api.send("PUT", "/v1/insulin/settings", json: ["long_guard_s": 36_000, "rapid_window_s": 300], token: token)
        #expect(guards.status == 200)
        #expect(guards.json["long_guard_s"] as? Int == 36_000 && guards.json["rapid_window_s"] as? Int == 300)
        #expect(api.send("PUT", "/v1/insulin/settings", json: ["long_guard_s": 90], token: token).status == 400)
        #expect(api.send("PUT", "/v1/insulin/settings", json: ["long_guard_s": 48 * 3600 + 60], token: token).status == 400)
        #expect(api.send("PUT", "/v1/insulin/settings", json: ["rapid_window_s": -60], token: token).status == 400)
        _ = api.send("POST", "/v1/insulin/doses", json: ["kind": "long"], token: token)
        let status = api.send("GET", "/v1/insulin/status", token: token)
        #expect((status.json["long"] as? [String: Any])?["taken"] as? Bool == true)
        let month = api.send("GET", "/v1/insulin/calendar", token: token, query: ["month": "2026-11"])
        #expect(month.json["long_dose_days"] as? Int == 1)
        #expect((month.json["days"] as? [Any])?.count == 30)
        #expect(api.send("GET", "/v1/insulin/calendar", token: token, query: ["month": "2026-13"]).status == 400)
    }

    @Test(arguments: [
        ("{", "malformed_json"), ("[]", "malformed_json"), (#"{"kind": "medium"}"#, "invalid_field"),
        (#"{"kind": "long", "units": "ten"}"#, "invalid_field"), (#"{"kind": "long", "units": -1}"#, "invalid_units"),
        (#"{"kind": "long", "units": 1e308}"#, "invalid_units"), (#"{"kind": "long", "taken_at": "yesterday"}"#, "invalid_field"),
        (#"{"kind": "long", "taken_at": "2030-01-01T00:00:00Z"}"#, "future_dose"), (#"{"kind": "long", "id": "nope"}"#, "invalid_id"),
        (#"{"units": 2}"#, "invalid_field"),
    ])
    func badBodiesAre400NamingTheProblem(body: String, code: String) throws {
        let api = try API()
        let token = api.token("a@example.com")
        let response = api.send("POST", "/v1/insulin/doses", raw: body, token: token)
        #expect(response.status == 400)
        #expect((response.json["error"] as? [String: Any])?["code"] as? String == code)
        #expect((api.send("GET", "/v1/insulin/doses", token: token).json["doses"] as? [Any])?.isEmpty == true)
    }
}
