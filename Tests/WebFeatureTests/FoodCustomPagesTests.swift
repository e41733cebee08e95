import Foundation
import Testing
import Core
import HTTP
@testable import WebFeature

/// `/food`: an amount typed freely (grams or a count of a household measure) and one's own
/// food ("직접 입력"), through `NutritionUseCases.log` and `addCustom`.
@Suite("Web app: free amounts and one's own foods")
struct FoodCustomPagesTests {
    static let rice: [(String, String)] = [("name", "Brown rice <i>bowl</i>"), ("serving", "1 bowl"), ("grams", "210"), ("kcal", "300"),
                                           ("protein_g", "6,5"), ("carbs_g", "64"), ("fat_g", "2")]

    /// Minji's own food, created through the page; its id from the results it redirects to.
    static func riceBowl(_ browser: WebBrowser) throws -> String {
        browser.get("/food")
        let added = browser.post("/food/foods", rice)
        #expect(added.status == 303 && added.location?.hasPrefix("/food?q=Brown%20rice%20%3Ci%3Ebowl%3C%2Fi%3E&added=custom") == true,
                "searched by its name: \(added.location ?? "")")
        let page = browser.follow(added).html
        #expect(page.contains("✓ Saved Brown rice &lt;i&gt;bowl&lt;/i&gt;: add it to a meal below."))
        return try #require(page.range(of: #"name="food" value="custom:[^"]+""#, options: .regularExpression).map {
            String(page[$0].dropFirst(#"name="food" value=""#.count).dropLast())
        })
    }

    @Test func aCustomFoodIsSavedAndLoggedByGramsOrByItsMeasure() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        let form = browser.get("/food").html
        for field in ["name", "serving", "grams", "kcal", "protein_g", "carbs_g", "fat_g"] {
            #expect(form.contains(#"<label for="f-\#(field)">"#) && form.contains(#"name="\#(field)""#), "\(field)")
        }
        let food = try Self.riceBowl(browser)
        let results = browser.lastPage
        #expect(results.contains(#"type="text" value="1 bowl" required list="#), "the amount is typed, a measure suggested")
        #expect(results.contains("<datalist"))

        #expect(browser.post("/food/entries", [("food", food), ("amount", "2 bowls"), ("meal", "lunch")]).status == 303)
        browser.get("/food")
        #expect(browser.post("/food/entries", [("food", food), ("amount", "105g"), ("meal", "dinner")]).status == 303)
        let owner = try WebWorld.ownerID(container)
        let entries = try container.nutrition.day(ownerID: owner, date: nil).entries
        #expect(entries.map { Int($0.macros.kcal.rounded()) }.sorted() == [150, 600])
        let day = browser.get("/food").html
        #expect(day.contains("Brown rice &lt;i&gt;bowl&lt;/i&gt;") && !day.contains("<i>bowl</i>"))
        #expect(try container.nutrition.search("brown rice", ownerID: owner, limit: 5).count == 1, "the food is found by its words")
    }

    @Test func badFoodsAndAmountsAreRefusedWithTheirReasonAndNothingWritten() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        browser.get("/food")
        var heavy = Self.rice
        heavy[3] = ("kcal", "5000")
        let refused = browser.post("/food/foods", heavy)
        #expect(refused.status == 400 && refused.html.contains("more than any food holds"))
        #expect(refused.html.contains(#"<details class="card form-card" id="custom-food" open>"#), "the form comes back open")
        #expect(refused.html.contains(#"value="Brown rice &lt;i&gt;bowl&lt;/i&gt;""#), "with what was typed, as text")
        browser.get("/food")
        var word = Self.rice
        word[2] = ("grams", "lots")
        let notNumber = browser.post("/food/foods", word)
        #expect(notNumber.status == 400 && notNumber.html.contains("must be a number"))
        let owner = try WebWorld.ownerID(container)
        #expect(try container.nutrition.search("brown rice", ownerID: owner, limit: 5).isEmpty, "nothing was saved")

        let food = try Self.riceBowl(browser)
        browser.get("/food")
        let unknown = browser.post("/food/entries", [("food", food), ("amount", "3 buckets"), ("meal", "lunch")])
        #expect(unknown.status == 400 && unknown.html.contains("bucket"))
        #expect(try container.nutrition.day(ownerID: owner, date: nil).entries.isEmpty)
        browser.headers["Accept-Language"] = "ko"
        browser.get("/food")
        #expect(browser.post("/food/foods", word).html.contains("에는 숫자를 써 주세요"))
    }

    @Test func anotherAccountsFoodIsNotFound() throws {
        let (container, app) = try WebWorld.make()
        let minji = WebWorld.signedUp(app)
        let food = try Self.riceBowl(minji)
        let jun = WebWorld.signedUp(app, email: "jun@example.com", name: "Jun")
        jun.get("/food")
        let other = jun.post("/food/entries", [("food", food), ("amount", "1 bowl"), ("meal", "lunch")])
        #expect(other.status == 404)
        #expect(try container.nutrition.day(ownerID: try WebWorld.ownerID(container, email: "jun@example.com"), date: nil).entries.isEmpty)
    }

    @Test func aFoodWithALongNameIsFoundByTheFirstHundredCharacters() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        browser.get("/food")
        let name = String(repeating: "Grandmother's slow-cooked stew ", count: 4).prefix(119) + "s"
        let added = browser.post("/food/foods", [("name", String(name))] + Self.rice.dropFirst())
        #expect(added.status == 303)
        let page = browser.follow(added)
        #expect(page.status == 200)
        #expect(page.html.contains("✓ Saved Grandmother"), "the new food is among the results of its own search")
    }
}
