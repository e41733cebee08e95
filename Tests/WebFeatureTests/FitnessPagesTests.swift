import Foundation
import Testing
import Core
import HTTP
@testable import WebFeature

@Suite("Web app: training, food and weight")
struct FitnessPagesTests {
    @Test func setsAreLoggedInTheLiftersSyntaxWithRecords() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        let page = browser.get("/training").html
        #expect(page.contains(#"<textarea id="f-sets" name="sets""#) && page.contains("Nothing planned today"))
        let logged = browser.post("/training/sets", [("sets", "back squat 100kg 5x5\r\ndeadlift 140kg 3 @9\r\n")])
        #expect(logged.status == 303)
        let shown = browser.follow(logged).html
        #expect(shown.contains("✓ Logged 6 sets.") && shown.contains("🏆 New record:"))
        #expect(shown.contains("100 kg × 5") && shown.contains("140 kg × 3 @9"))
        #expect(shown.contains("heaviest 140 kg"))

        let unknown = browser.post("/training/sets", [("sets", "back squat 100kg 5x5\nflying <b>unicorn</b> 5")])
        #expect(unknown.status == 400 && unknown.html.contains("unknown exercise"))
        #expect(unknown.html.contains("flying &lt;b&gt;unicorn&lt;/b&gt; 5</textarea>"), "the typed sets stay, as text")
        browser.get("/training")
        #expect(browser.post("/training/sets", [("sets", "  ")]).status == 400)
        browser.headers["Accept-Language"] = "ko"
        #expect(browser.get("/training").html.contains("오늘의 플랜"))
    }

    @Test func aFoodIsFoundAndLoggedToAMealWithItsMeasure() throws {
        let (container, app) = try WebWorld.make()
        // The shared food tables, as `tend food import-usda` loads them (the Korean one ships in Resources).
        _ = try container.foodTables.load(usdaPath: nil, koreanFolder: container.koreanFoodsPath, onlyMissing: false)
        let browser = WebWorld.signedUp(app)
        let empty = browser.get("/food").html
        #expect(empty.contains(#"<form method="get" action="/food" role="search" data-live-search="food-results">"#))
        #expect(empty.contains("<svg"), "the day's rings are drawn")
        let results = browser.get("/food?q=%EA%B9%80%EC%B9%98").html
        let food = try #require(results.range(of: #"name="food" value="[^"]+""#, options: .regularExpression).map {
            String(results[$0].dropFirst(#"name="food" value=""#.count).dropLast())
        })
        let amount = try #require(results.range(of: #"<option value="[^"]+">"#, options: .regularExpression).map {
            String(results[$0].dropFirst(#"<option value=""#.count).dropLast(2))
        })
        let posted = browser.post("/food/entries", [("food", food), ("q", "김치"), ("amount", amount), ("meal", "dinner")])
        #expect(posted.status == 303)
        let day = browser.follow(posted).html
        #expect(day.contains("✓ Added") && day.contains("Dinner ·"))
        #expect(day.contains("\(amount) · "), "the entry shows its household measure")

        #expect(browser.get("/food?q=zzqqxx").html.contains("No food matches &#39;zzqqxx&#39;."))
        browser.get("/food")
        let bad = browser.post("/food/entries", [("food", food), ("amount", "a lot"), ("meal", "dinner")])
        #expect(bad.status == 400 && bad.html.contains("is not an amount"))
        browser.get("/food")
        #expect(browser.post("/food/entries", [("food", food), ("amount", "100g"), ("meal", "brunch")]).status == 400)
        browser.get("/food")
        #expect(browser.post("/food/entries", [("food", "usda:999999999"), ("amount", "100g"), ("meal", "lunch")]).status == 404)
        #expect(browser.get("/food?q=" + String(repeating: "a", count: 101)).status == 400)

        let entry = try #require(day.range(of: #"/food/entries/[0-9a-f-]+/delete"#, options: .regularExpression).map { String(day[$0]) })
        let other = WebWorld.signedUp(app, email: "jun@example.com", name: "Jun")
        other.get("/account")
        #expect(other.post(entry, []).status == 404, "another account's entry is not found")
        browser.get("/food")
        #expect(browser.post(entry, []).location == "/food")
        #expect(browser.get("/food").html.contains("Nothing logged yet."))
    }

    @Test func aWeighingIsLoggedAndDrawnWithItsTrend() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        #expect(browser.get("/weight").html.contains(#"name="kg""#))
        #expect(browser.post("/weight", [("kg", "72,5")]).location == "/weight?logged=1")
        let page = browser.get("/weight?logged=1").html
        #expect(page.contains("✓ Logged the weighing.") && page.contains("72.5 kg"))
        #expect(page.contains("<svg") && page.contains("Weight and trend"))
        browser.get("/weight")
        let bad = browser.post("/weight", [("kg", "7000")])
        #expect(bad.status == 400 && bad.html.contains("a weight is 20 to 400 kg"))
        browser.get("/weight")
        #expect(browser.post("/weight", [("kg", "heavy")]).status == 400)

        let today = browser.get("/today").html
        for link in ["/training", "/food", "/weight", "/quest", "/insulin"] { #expect(today.contains(#"href="\#(link)""#), "\(link)") }
    }
}
