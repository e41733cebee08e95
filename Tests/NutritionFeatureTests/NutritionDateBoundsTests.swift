import Foundation
import Testing
import Core
import HTTP

/// Issue 21, item 8: a date outside 1900 to 2200 is refused wherever one enters the nutrition
/// and weight routes, as the month views always did.
@Suite("The nutrition API: dates between 1900 and 2200")
struct NutritionDateBoundsTests {
    @Test("a weighing in the year 1 or after 2200 is invalid_date and is not stored",
          arguments: ["0001-01-01T08:00:00Z", "1899-12-31T23:00:00Z", "2201-01-01T00:00:00Z"])
    func weighings(_ time: String) throws {
        let api = try NutritionAPIHarness()
        let token = api.token("a@example.com")
        let response = api.send("POST", "/v1/weight", json: ["kg": 70, "taken_at": time], token: token)
        #expect(response.status == 400)
        #expect(response.errorCode == "invalid_date")
        #expect((api.send("GET", "/v1/weight", token: token).json["entries"] as? [Any])?.isEmpty ?? true)
        #expect(api.send("POST", "/v1/weight", json: ["kg": 70, "taken_at": "1900-01-01T12:00:00Z"], token: token).status == 201)
    }

    @Test("a meal's day, a day to copy from and a day asked for must be between 1900 and 2200")
    func days() throws {
        let api = try NutritionAPIHarness()
        let token = api.token("a@example.com")
        for day in ["0001-01-01", "1899-12-31"] {
            let entry = ["meal": "lunch", "food": "salted butter", "amount": "1 tbsp", "date": day]
            let logged = api.send("POST", "/v1/diet/entries", json: entry, token: token)
            #expect(logged.status == 400, "\(day)")
            let copied = api.send("POST", "/v1/diet/copy", json: ["from": day, "meal": "lunch"], token: token)
            #expect(copied.status == 400, "\(day)")
        }
        for day in ["0001-01-01", "1899-12-31", "2201-01-01", "9999-12-31"] {
            let asked = api.send("GET", "/v1/diet/day", token: token, query: ["date": day])
            #expect(asked.status == 400, "\(day)")
            #expect(asked.errorCode == "invalid_field", "\(day)")
        }
        #expect(api.send("GET", "/v1/diet/day", token: token, query: ["date": "1900-01-01"]).status == 200)
    }
}
