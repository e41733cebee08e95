import Foundation
import Testing
import Core
import HTTP

@Suite("The nutrition API")
struct NutritionRouteTests {
    @Test func searchAndShowFoods() throws {
        let api = try NutritionAPIHarness()
        let token = api.token("a@example.com")
        let search = api.send("GET", "/v1/foods", token: token, query: ["q": "salted butter"])
        #expect(search.status == 200)
        let foods = try #require(search.json["foods"] as? [[String: Any]])
        #expect(foods.first?["id"] as? String == "usda:01001")
        #expect(keys(foods.first) == foodKeys)
        let limited = api.send("GET", "/v1/foods", token: token, query: ["q": "chick", "limit": "2"])
        #expect((limited.json["foods"] as? [Any])?.count == 2)

        let show = api.send("GET", "/v1/foods/usda:01001", token: token)
        #expect(show.status == 200)
        #expect(keys(show.json) == ["food", "nutrients"])
        #expect((show.json["food"] as? [String: Any])?["name"] as? String == "Butter, salted")
        #expect((show.json["nutrients"] as? [Any])?.count == 68)
        let missing = api.send("GET", "/v1/foods/usda:99999", token: token)
        #expect(missing.status == 404)
        #expect(missing.errorCode == "food_not_found")
    }

    @Test func searchNeedsAQueryAndASaneLimit() throws {
        let api = try NutritionAPIHarness()
        let token = api.token("a@example.com")
        for query in [[:], ["q": ""], ["q": "  "], ["q": "butter", "limit": "abc"], ["q": "butter", "limit": "0"], ["q": "butter", "limit": "500"]] {
            let response = api.send("GET", "/v1/foods", token: token, query: query)
            #expect(response.status == 400, "\(query)")
            #expect(response.error?["message"] is String)
            #expect(response.errorCode != nil)
        }
        for query in ["\"AND\"", "butter\"", "*", "NEAR(", "NOT butter"] {
            let response = api.send("GET", "/v1/foods", token: token, query: ["q": query])
            #expect(response.status == 200, "\(query)")
            #expect(response.json["foods"] is [Any])
        }
        #expect(api.send("GET", "/v1/foods", token: nil, query: ["q": "butter"]).status == 401)
    }

    @Test func customFoodsArePrivate() throws {
        let api = try NutritionAPIHarness()
        let alice = api.token("alice@example.com")
        let bob = api.token("bob@example.com")
        let created = api.send("POST", "/v1/foods", json: ["name": "Kimchi stew", "serving": "1 bowl", "grams": 250, "kcal": 300,
                                                         "protein_g": 10, "carbs_g": 40, "fat_g": 8], token: alice)
        #expect(created.status == 201)
        #expect(keys(created.json) == foodKeys)
        #expect(created.json["kcal_per_100g"] as? Double == 120)
        #expect(created.json["source"] as? String == "custom")
        let id = try #require(created.json["id"] as? String)
        #expect(api.send("GET", "/v1/foods/\(id)", token: alice).status == 200)
        #expect(api.send("GET", "/v1/foods/\(id)", token: bob).status == 404)
        #expect((api.send("GET", "/v1/foods", token: alice, query: ["q": "kimchi"]).json["foods"] as? [[String: Any]])?.first?["id"] as? String == id)
        #expect((api.send("GET", "/v1/foods", token: bob, query: ["q": "kimchi"]).json["foods"] as? [Any])?.isEmpty == true)
        #expect(api.send("PUT", "/v1/foods/\(id)/favorite", token: bob).status == 404)
        let stolen = api.send("POST", "/v1/diet/entries", json: ["meal": "lunch", "food": id, "amount": "1 bowl"], token: bob)
        #expect(stolen.status == 404)
        let logged = api.send("POST", "/v1/diet/entries", json: ["meal": "lunch", "food": id, "amount": "1 bowl"], token: alice)
        #expect(logged.status == 201)
        #expect(logged.json["kcal"] as? Double == 300)
        for bad: [String: Any] in [["name": "X"], ["name": "", "serving": "1 bowl", "grams": 100, "kcal": 100],
                                   ["name": "X", "serving": "1 bowl", "grams": 0, "kcal": 100],
                                   ["name": "X", "serving": "1 bowl", "grams": 100, "kcal": -1],
                                   ["name": "X", "serving": "1 bowl", "grams": "many", "kcal": 100]] {
            let response = api.send("POST", "/v1/foods", json: bad, token: alice)
            #expect(response.status == 400, "\(bad)")
            #expect(response.errorCode != nil)
        }
        #expect(api.send("POST", "/v1/foods", raw: "{not json", token: alice).status == 400)
    }

    @Test func favourites() throws {
        let api = try NutritionAPIHarness()
        let alice = api.token("alice@example.com")
        let bob = api.token("bob@example.com")
        let marked = api.send("PUT", "/v1/foods/usda:05327/favorite", token: alice)
        #expect(marked.status == 200)
        #expect(marked.json["favorite"] as? Bool == true)
        let first = { (token: String) in
            (api.send("GET", "/v1/foods", token: token, query: ["q": "chick bre"]).json["foods"] as? [[String: Any]])?.first?["id"] as? String
        }
        #expect(first(alice) == "usda:05327")
        #expect(first(bob) == "usda:05062")
        let unmarked = api.send("DELETE", "/v1/foods/usda:05327/favorite", token: alice)
        #expect(unmarked.status == 200)
        #expect(unmarked.json["favorite"] as? Bool == false)
        #expect(first(alice) == "usda:05062")
        #expect(api.send("PUT", "/v1/foods/usda:99999/favorite", token: alice).status == 404)
    }

    @Test func logEditDeleteEntries() throws {
        let api = try NutritionAPIHarness()
        let alice = api.token("alice@example.com")
        let bob = api.token("bob@example.com")
        let logged = api.send("POST", "/v1/diet/entries", json: ["meal": "breakfast", "food": "salted butter", "amount": "1 tbsp"], token: alice)
        #expect(logged.status == 201)
        #expect(keys(logged.json) == entryKeys)
        #expect(logged.json["name"] as? String == "Butter, salted")
        #expect(logged.json["grams"] as? Double == 14.2)
        #expect(logged.json["date"] as? String == "2026-11-30")
        let id = try #require(logged.json["id"] as? String)

        let patched = api.send("PATCH", "/v1/diet/entries/\(id)", json: ["amount": "2 tbsp"], token: alice)
        #expect(patched.status == 200)
        #expect(patched.json["grams"] as? Double == 28.4)
        #expect(patched.json["kcal"] as? Double == 203.63)
        #expect(api.send("PATCH", "/v1/diet/entries/\(id)", json: ["amount": "1 cup"], token: bob).status == 404)
        #expect(api.send("DELETE", "/v1/diet/entries/\(id)", token: bob).status == 404)
        #expect(api.send("PATCH", "/v1/diet/entries/\(id)", json: ["amount": "1 bowl"], token: alice).status == 400)
        #expect(api.send("PATCH", "/v1/diet/entries/\(id)", json: [String: Any](), token: alice).status == 400)

        let day = api.send("GET", "/v1/diet/day", token: alice, query: ["date": "2026-11-30"])
        #expect(day.status == 200)
        #expect((day.json["totals"] as? [String: Any])?["kcal"] as? Double == 203.63)
        let bobsDay = api.send("GET", "/v1/diet/day", token: bob)
        #expect((bobsDay.json["totals"] as? [String: Any])?["kcal"] as? Double == 0)

        #expect(api.send("DELETE", "/v1/diet/entries/\(id)", token: alice).status == 204)
        #expect(api.send("DELETE", "/v1/diet/entries/\(id)", token: alice).status == 404)
        #expect((api.send("GET", "/v1/diet/day", token: alice).json["totals"] as? [String: Any])?["kcal"] as? Double == 0)
    }

    @Test func badEntriesAre400WithAJSONErrorAndUnknownFoods404() throws {
        let api = try NutritionAPIHarness()
        let token = api.token("a@example.com")
        let bad: [[String: Any]] = [
            ["meal": "brunch", "food": "usda:01001", "amount": "10g"],
            ["meal": "lunch", "food": "usda:01001", "amount": "abc"],
            ["meal": "lunch", "food": "usda:01001", "amount": "-5g"],
            ["meal": "lunch", "food": "usda:01001", "amount": "20 kg"],
            ["meal": "lunch", "food": "usda:01001", "amount": "1 bowl"],
            ["meal": "lunch", "food": "usda:01001", "amount": "10g", "date": "30/11/2026"],
            ["meal": "lunch", "food": "usda:01001"],
            ["food": "usda:01001", "amount": "10g"],
            ["meal": "lunch", "food": "usda:01001", "amount": 10],
        ]
        for body in bad {
            let response = api.send("POST", "/v1/diet/entries", json: body, token: token)
            #expect(response.status == 400, "\(body): \(String(decoding: response.body, as: UTF8.self))")
            #expect(response.error?["message"] is String)
            #expect(response.errorCode != nil)
        }
        let unknown = api.send("POST", "/v1/diet/entries", json: ["meal": "lunch", "food": "butter xyzzy", "amount": "10g"], token: token)
        #expect(unknown.status == 404)
        #expect(unknown.errorCode == "food_not_found")
        #expect((unknown.error?["message"] as? String)?.contains("Butter") == true)
        #expect((api.send("GET", "/v1/diet/day", token: token).json["totals"] as? [String: Any])?["kcal"] as? Double == 0)
        #expect(api.send("GET", "/v1/diet/day", token: token, query: ["date": "yesterday"]).json["date"] as? String == "2026-11-29")
        #expect(api.send("GET", "/v1/diet/day", token: token, query: ["date": "tomorrow-ish"]).status == 400)
    }

    @Test func dayWeekCopyAndGoals() throws {
        let api = try NutritionAPIHarness()
        let token = api.token("a@example.com")
        for (date, food, amount) in [("2026-11-29", "usda:01123", "2 large"), ("2026-11-29", "usda:18069", "1 slice"), ("2026-11-30", "quick", "250kcal")] {
            let response = api.send("POST", "/v1/diet/entries", json: ["meal": "breakfast", "food": food, "amount": amount, "date": date], token: token)
            #expect(response.status == 201)
        }
        let copied = api.send("POST", "/v1/diet/copy", json: ["from": "yesterday", "meal": "breakfast"], token: token)
        #expect(copied.status == 201)
        #expect((copied.json["entries"] as? [[String: Any]])?.count == 2)
        #expect((copied.json["entries"] as? [[String: Any]])?.allSatisfy { $0["date"] as? String == "2026-11-30" } == true)
        #expect(api.send("POST", "/v1/diet/copy", json: ["from": "2026-11-29", "meal": "dinner"], token: token).status == 404)
        #expect(api.send("POST", "/v1/diet/copy", json: ["from": "someday", "meal": "breakfast"], token: token).status == 400)
        #expect(api.send("POST", "/v1/diet/copy", json: ["from": "yesterday", "meal": "brunch"], token: token).status == 400)

        let day = api.send("GET", "/v1/diet/day", token: token)
        #expect(keys(day.json) == ["date", "goals", "meals", "remaining_kcal", "totals"])
        #expect((day.json["totals"] as? [String: Any])?["kcal"] as? Double == 467.2)
        #expect(((day.json["meals"] as? [String: Any])?["breakfast"] as? [Any])?.count == 3)

        let goals = api.send("PUT", "/v1/diet/goals", json: ["kcal": 1800, "protein_pct": 30, "carbs_g": 200, "fat_pct": 25], token: token)
        #expect(goals.status == 200)
        #expect(keys(goals.json) == macroKeys)
        #expect(goals.json["kcal"] as? Double == 1800)
        #expect(goals.json["protein_g"] as? Double == 135)
        #expect(goals.json["carbs_g"] as? Double == 200)
        #expect(goals.json["fat_g"] as? Double == 50)
        #expect(api.send("GET", "/v1/diet/goals", token: token).json["protein_g"] as? Double == 135)
        #expect(api.send("GET", "/v1/diet/goals", token: api.token("b@example.com")).json["kcal"] as? Double == 2000)
        for bad: [String: Any] in [["protein_g": "lots"], ["kcal": 100], ["fat_pct": 150], ["carbs_g": -5], ["kcal": "many"],
                                   ["protein_g": 100, "protein_pct": 30]] {
            let response = api.send("PUT", "/v1/diet/goals", json: bad, token: token)
            #expect(response.status == 400, "\(bad)")
            #expect(response.errorCode != nil)
        }

        let week = api.send("GET", "/v1/diet/week", token: token)
        #expect(week.status == 200)
        #expect(keys(week.json) == ["average", "days", "days_on_target", "goals", "logged_days"])
        let days = try #require(week.json["days"] as? [[String: Any]])
        #expect(days.count == 7)
        #expect(days.last?["date"] as? String == "2026-11-30")
        #expect(week.json["logged_days"] as? Int == 2)
        #expect((week.json["average"] as? [String: Any])?["kcal"] as? Double == 342.2)
    }

    @Test func weighingsAndTheTrend() throws {
        let api = try NutritionAPIHarness()
        let alice = api.token("alice@example.com")
        let bob = api.token("bob@example.com")
        for (at, kg) in [("2026-11-27T07:00:00+09:00", 80.0), ("2026-11-28T07:00:00+09:00", 79.6), ("2026-11-28T21:00:00+09:00", 80.3),
                         ("2026-11-29T22:00:00Z", 79.1)] {
            let response = api.send("POST", "/v1/weight", json: ["kg": kg, "taken_at": at], token: alice)
            #expect(response.status == 201, "\(String(decoding: response.body, as: UTF8.self))")
        }
        let withBody = api.send("POST", "/v1/weight", json: ["kg": 79.5, "fat_pct": 18.5, "muscle_kg": 32], token: bob)
        #expect(withBody.status == 201)
        #expect(keys(withBody.json) == ["fat_pct", "handle", "id", "kg", "muscle_kg", "taken_at"])
        #expect(withBody.json["taken_at"] as? String == "2026-11-30T21:00:00+09:00")

        let list = api.send("GET", "/v1/weight", token: alice)
        #expect(list.status == 200)
        let entries = try #require(list.json["entries"] as? [[String: Any]])
        #expect(entries.map { $0["kg"] as? Double } == [80.0, 79.6, 80.3, 79.1])
        #expect(entries.last?["taken_at"] as? String == "2026-11-30T07:00:00+09:00") // in the account's zone

        let trend = api.send("GET", "/v1/weight/trend", token: alice)
        #expect(trend.status == 200)
        #expect(keys(trend.json) == ["entries", "weekly_change_kg"])
        let points = try #require(trend.json["entries"] as? [[String: Any]])
        #expect(points.map { $0["date"] as? String } == ["2026-11-27", "2026-11-28", "2026-11-30"])
        #expect(points.map { $0["trend_kg"] as? Double } == [80.0, 80.03, 79.94])
        #expect(trend.json["weekly_change_kg"] as? Double == -0.17)
        #expect((api.send("GET", "/v1/weight/trend", token: bob).json["entries"] as? [Any])?.count == 1)

        let bad: [[String: Any]] = [["kg": 10], ["kg": 500], ["kg": 70, "fat_pct": 80], ["kg": 70, "muscle_kg": 70],
                                    ["kg": 70, "taken_at": "2026-12-25T07:00:00+09:00"], ["kg": 70, "taken_at": "yesterday"], [:], ["kg": "heavy"]]
        for body in bad {
            let response = api.send("POST", "/v1/weight", json: body, token: alice)
            #expect(response.status == 400, "\(body)")
            #expect(response.errorCode != nil)
        }
        #expect((api.send("GET", "/v1/weight", token: alice).json["entries"] as? [Any])?.count == 4)
    }
}
