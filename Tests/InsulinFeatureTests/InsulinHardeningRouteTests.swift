import Foundation
import Testing
import Core
import HTTP

/// Issue 21, item 8: dates out of any plausible range, a client id reused with other values,
/// and another account's id on `POST /v1/insulin/doses`.
@Suite("The insulin API: plausible dates and client ids")
struct InsulinHardeningRouteTests {
    typealias API = InsulinRouteTests.API

    func error(_ response: (status: Int, json: [String: Any])) -> [String: Any] { response.json["error"] as? [String: Any] ?? [:] }

    @Test("a dose in the year 1, before 1900 or after 2200 is refused with invalid_date, logged or edited",
          arguments: ["0001-01-01T08:00:00Z", "1899-12-31T23:59:59Z", "2201-01-01T00:00:00Z", "9999-12-31T23:59:59+09:00"])
    func implausibleDoseTimes(_ time: String) throws {
        let api = try API()
        let token = api.token("a@example.com")
        let logged = api.send("POST", "/v1/insulin/doses", json: ["kind": "long", "taken_at": time, "force": true], token: token)
        #expect(logged.status == 400, "\(logged.json)")
        #expect(error(logged)["code"] as? String == "invalid_date")
        let kept = api.send("POST", "/v1/insulin/doses", json: ["kind": "rapid", "units": 2], token: token)
        let id = try #require(kept.json["id"] as? String)
        let edited = api.send("PATCH", "/v1/insulin/doses/\(id)", json: ["taken_at": time, "force": true], token: token)
        #expect(edited.status == 400)
        #expect(error(edited)["code"] as? String == "invalid_date")
        #expect(api.send("GET", "/v1/insulin/doses/\(id)", token: token).json["taken_at"] as? String == kept.json["taken_at"] as? String)
        #expect((api.send("GET", "/v1/insulin/doses", token: token).json["doses"] as? [Any])?.count == 1)
    }

    @Test("the first moment of 1900 on the last time zone is a plausible dose time")
    func theSpanStartsIn1900() throws {
        let api = try API()
        let logged = api.send("POST", "/v1/insulin/doses", json: ["kind": "long", "taken_at": "1900-01-01T00:00:00-12:00"],
                              token: api.token("a@example.com"))
        #expect(logged.status == 201, "\(logged.json)")
    }

    @Test("a query outside 1900 to 2200 is a 400 naming it")
    func implausibleQueries() throws {
        let api = try API()
        let token = api.token("a@example.com")
        for (query, code) in [(["from": "0001-01-01"], "invalid_from"), (["to": "9999-12-31"], "invalid_to"),
                              (["from": "0001-01-01T00:00:00Z"], "invalid_from"), (["to": "2201-01-01T00:00:00Z"], "invalid_to")] {
            let response = api.send("GET", "/v1/insulin/doses", token: token, query: query)
            #expect(response.status == 400, "\(query)")
            #expect(error(response)["code"] as? String == code, "\(query)")
        }
        for month in ["0001-01", "1899-12", "2201-01", "9999-12"] {
            let response = api.send("GET", "/v1/insulin/calendar", token: token, query: ["month": month])
            #expect(response.status == 400, "\(month)")
            #expect(error(response)["code"] as? String == "invalid_month", "\(month)")
        }
        #expect(api.send("GET", "/v1/insulin/calendar", token: token, query: ["month": "2200-12"]).status == 200)
    }

    @Test("a retry with the same body is 200 with the stored dose; the same id with another body is 409 id_conflict with it")
    func reusedIDWithAnotherBody() throws {
        let api = try API()
        let token = api.token("a@example.com")
        let id = UUID().uuidString.lowercased()
        let body: [String: Any] = ["id": id, "kind": "rapid", "units": 4, "taken_at": "2026-11-30T19:30:00+09:00", "note": "lunch"]
        let first = api.send("POST", "/v1/insulin/doses", json: body, token: token)
        #expect(first.status == 201)
        let retry = api.send("POST", "/v1/insulin/doses", json: body, token: token)
        #expect(retry.status == 200)
        #expect(retry.json["id"] as? String == id)

        let changes: [(String, Any)] = [("units", 5), ("kind", "long"), ("taken_at", "2026-11-30T19:31:00+09:00"), ("note", "dinner")]
        for (field, value) in changes {
            var other = body
            other[field] = value
            let conflict = api.send("POST", "/v1/insulin/doses", json: other, token: token)
            #expect(conflict.status == 409, "\(field)")
            #expect(error(conflict)["code"] as? String == "id_conflict", "\(field)")
            let stored = error(conflict)["dose"] as? [String: Any]
            #expect(stored?["id"] as? String == id, "\(field)")
            #expect(stored?["units"] as? Double == 4, "\(field)")
            #expect(stored?["note"] as? String == "lunch", "\(field)")
        }
        let list = api.send("GET", "/v1/insulin/doses", token: token)
        #expect((list.json["doses"] as? [[String: Any]])?.map { $0["units"] as? Double } == [4])
    }

    @Test("another account's id answers 404 dose_not_found, word for word as a missing dose does")
    func anotherAccountsIDIsNotFound() throws {
        let api = try API()
        let a = api.token("a@example.com")
        let b = api.token("b@example.com")
        let id = UUID().uuidString.lowercased()
        #expect(api.send("POST", "/v1/insulin/doses", json: ["id": id, "kind": "long"], token: a).status == 201)

        let missing = api.send("GET", "/v1/insulin/doses/\(id)", token: b)
        #expect(missing.status == 404)
        for body in [["id": id, "kind": "long"], ["id": id, "kind": "rapid", "units": 3]] as [[String: Any]] {
            let taken = api.send("POST", "/v1/insulin/doses", json: body, token: b)
            #expect(taken.status == 404)
            #expect(error(taken)["code"] as? String == "dose_not_found")
            #expect(NSDictionary(dictionary: error(taken)) == NSDictionary(dictionary: error(missing)))
        }
        #expect((api.send("GET", "/v1/insulin/doses", token: b).json["doses"] as? [Any])?.isEmpty == true)
    }
}
