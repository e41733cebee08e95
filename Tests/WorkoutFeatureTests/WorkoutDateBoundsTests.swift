import Foundation
import Testing
import Domain

/// Issue 21, item 8: a session in the year 1 or after 2200 is refused, logged or edited, and so
/// is a list asked for outside those years.
@Suite("The workout API: dates between 1900 and 2200")
struct WorkoutDateBoundsTests {
    @Test("a session's start outside 1900 to 2200 is invalid_date, logged or edited",
          arguments: ["0001-01-01T08:00:00Z", "1899-12-31T23:00:00Z", "2201-01-01T00:00:00Z"])
    func sessionStarts(_ time: String) throws {
        let api = try WorkoutAPI()
        let a = api.token("a@example.com")
        let logged = api.send("POST", "/v1/workouts", json: ["sets": ["back squat 100kg 5"], "started_at": time], token: a)
        #expect(logged.status == 400, "\(logged)")
        #expect(logged.errorCode == "invalid_date")
        #expect(api.send("GET", "/v1/workouts", token: a).json.objects("sessions").isEmpty)

        let kept = api.send("POST", "/v1/workouts", json: ["sets": ["back squat 100kg 5"], "started_at": "2026-11-26T19:00:00+09:00"],
                            token: a)
        let id = try #require(kept.json["id"] as? String)
        let edited = api.send("PATCH", "/v1/workouts/\(id)", json: ["started_at": time], token: a)
        #expect(edited.status == 400, "\(edited)")
        #expect(edited.errorCode == "invalid_date")
        #expect(api.send("GET", "/v1/workouts/\(id)", token: a).json.string("started_at") == "2026-11-26T19:00:00+09:00")
    }

    @Test("a list from or to a day outside 1900 to 2200 is a 400 naming it")
    func listBounds() throws {
        let api = try WorkoutAPI()
        let a = api.token("a@example.com")
        #expect(api.send("GET", "/v1/workouts", token: a, query: ["from": "0001-01-01"]).errorCode == "invalid_from")
        #expect(api.send("GET", "/v1/workouts", token: a, query: ["to": "9999-12-31"]).errorCode == "invalid_to")
        #expect(api.send("GET", "/v1/workouts", token: a, query: ["from": "1900-01-01", "to": "2200-12-31"]).status == 200)
    }
}
