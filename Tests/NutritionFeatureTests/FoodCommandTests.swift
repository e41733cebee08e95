import Foundation
import Testing
import Core
import Composition

@Suite("tend food")
struct FoodCommandTests {
    @Test func searchJSONShape() throws {
        let tend = try NutritionCommandHarness()
        let json = try tend.json("food", "search", "chick bre")
        #expect(keys(json) == ["foods"])
        let foods = try #require(json["foods"] as? [[String: Any]])
        #expect(foods.count == 4)
        for food in foods {
            #expect(keys(food) == foodKeys)
            for measure in try #require(food["measures"] as? [[String: Any]]) {
                #expect(keys(measure) == ["grams", "name"])
                #expect(measure["name"] is String)
                #expect(measure["grams"] is Double)
            }
        }
        let first = foods[0]
        #expect(first["id"] as? String == "usda:05062")
        #expect(first["name"] as? String == "Chicken, broilers or fryers, breast, meat only, raw")
        #expect(first["source"] as? String == "usda")
        #expect(first["kcal_per_100g"] as? Double == 114)
        #expect(first["protein_g_per_100g"] as? Double == 21.23)
        #expect(first["carbs_g_per_100g"] as? Double == 0)
        #expect(first["fat_g_per_100g"] as? Double == 2.59)
        #expect(first["favorite"] as? Bool == false)
        let measures = try #require(first["measures"] as? [[String: Any]])
        #expect(measures.map { $0["name"] as? String } == ["unit (yield from 1 lb ready-to-cook chicken)", "0.5 breast, bone and skin removed"])
        #expect(measures.map { $0["grams"] as? Double } == [71, 118])
        #expect(foods[1]["id"] as? String == "usda:05327")
    }

    @Test func searchTextShowsPer100gAndTheFirstMeasure() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("food", "search", "salted butter")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Butter, salted"))
        #expect(result.stdout.contains("717"))
        #expect(result.stdout.contains("81.1"))
        // The first household measure and its kcal: 1 cup = 227 g = 1628 kcal.
        #expect(result.stdout.contains("1 cup (227 g) = 1628 kcal"))
        #expect(result.stdout.contains("usda:01001"))
        let none = tend.run("food", "search", "xyzzy")
        #expect(none.status == 0)
        #expect(none.stdout.contains("No food matches"))
    }

    @Test func searchLimits() throws {
        let tend = try NutritionCommandHarness()
        #expect((try tend.json("food", "search", "chick", "--limit", "2")["foods"] as? [Any])?.count == 2)
        for bad in ["0", "101", "abc", "-1"] {
            let result = tend.run("food", "search", "chick", "--limit", bad)
            #expect(result.status == 2, "--limit \(bad): \(result)")
            #expect(result.stderr.hasPrefix("error: "))
        }
        #expect(tend.run("food", "search", "   ").status == 2)
        #expect(tend.run("food", "search").status == 2)
    }

    @Test(arguments: ["\"AND\"", "butter\"", "*", "NEAR(", "NOT butter", "'; DROP TABLE foods; --", "버터"])
    func searchNeverFailsOnOperators(query: String) throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("--json", "food", "search", query)
        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["foods"] is [Any])
        #expect(try tend.container.nutrition.usdaCount() == 14)
    }

    @Test func showJSONHasTheFoodAndEveryNutrient() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("--json", "food", "show", "usda:01001")
        #expect(result.status == 0, "\(result)")
        guard result.status == 0 else { return }
        let json = try result.json()
        #expect(keys(json) == ["food", "nutrients"])
        let food = try #require(json["food"] as? [String: Any])
        #expect(keys(food) == foodKeys)
        #expect(food["name"] as? String == "Butter, salted")
        #expect((food["measures"] as? [[String: Any]])?.map { $0["name"] as? String } == ["cup", "tbsp", "pat (1\" sq, 1/3\" high)", "stick"])
        let nutrients = try #require(json["nutrients"] as? [[String: Any]])
        #expect(nutrients.count == 68)
        #expect(nutrients.allSatisfy { keys($0) == ["amount", "name"] })
        #expect(nutrients.first { $0["name"] as? String == "Energy" }?["amount"] as? Double == 717)
    }

    @Test func showText() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("food", "show", "usda:07052")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Pastrami, turkey"))
        #expect(result.stdout.contains("2 slices = 57 g"))
        #expect(result.stdout.contains("Per 100 g: "))
        let missing = tend.run("food", "show", "usda:99999")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("usda:99999"))
    }

    /// One serving's values are kept per 100 g; the food is then logged by id and by words.
    @Test func addACustomFoodThenLogIt() throws {
        let tend = try NutritionCommandHarness()
        let food = try tend.json("food", "add", "Kimchi stew", "--serving", "1 bowl", "--grams", "250", "--kcal", "300",
                                 "--protein", "10", "--carbs", "40", "--fat", "8")
        #expect(keys(food) == foodKeys)
        let id = try #require(food["id"] as? String)
        #expect(id.hasPrefix("custom:"))
        #expect(food["source"] as? String == "custom")
        #expect(food["kcal_per_100g"] as? Double == 120)
        #expect(food["protein_g_per_100g"] as? Double == 4)
        #expect(food["carbs_g_per_100g"] as? Double == 16)
        #expect(food["fat_g_per_100g"] as? Double == 3.2)
        #expect((food["measures"] as? [[String: Any]])?.first?["name"] as? String == "bowl")
        #expect((food["measures"] as? [[String: Any]])?.first?["grams"] as? Double == 250)

        let byID = try tend.json("diet", "log", "dinner", id, "1 bowl")
        #expect(byID["food_id"] as? String == id)
        #expect(byID["kcal"] as? Double == 300)
        #expect(byID["protein_g"] as? Double == 10)
        let byWords = tend.run("diet", "log", "dinner", "kimchi", "0.5 bowl")
        #expect(byWords.status == 0, "\(byWords)")
        #expect(byWords.stdout.contains("Kimchi stew"))
        #expect(byWords.stdout.contains("150 kcal"))
        let text = tend.run("food", "add", "Rice cake", "--serving", "1 piece", "--grams", "30", "--kcal", "70")
        #expect(text.status == 0)
        #expect(text.stdout.contains("✓ Added Rice cake (custom:"))
    }

    @Test func addRefusesMissingOrBadValues() throws {
        let tend = try NutritionCommandHarness()
        let missing = [
            ["food", "add", "X", "--grams", "100", "--kcal", "100"],
            ["food", "add", "X", "--serving", "1 bowl", "--kcal", "100"],
            ["food", "add", "X", "--serving", "1 bowl", "--grams", "100"],
            ["food", "add", "X", "--serving", "1 bowl", "--grams", "abc", "--kcal", "100"],
            ["food", "add", "X", "--serving", "1 bowl", "--grams", "0", "--kcal", "100"],
            ["food", "add", "X", "--serving", "1 bowl", "--grams", "100", "--kcal", "-5"],
            ["food", "add", "", "--serving", "1 bowl", "--grams", "100", "--kcal", "100"],
        ]
        for arguments in missing {
            let result = tend.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
        }
        #expect(try tend.container.nutrition.search("x", ownerID: "local").filter { $0.source == .custom }.isEmpty)
    }

    @Test func favouritesComeFirstUntilUnmarked() throws {
        let tend = try NutritionCommandHarness()
        let marked = try tend.json("food", "fav", "usda:05327")
        #expect(marked["favorite"] as? Bool == true)
        let search = try tend.json("food", "search", "chick bre")["foods"] as? [[String: Any]]
        #expect(search?.first?["id"] as? String == "usda:05327")
        #expect(search?.first?["favorite"] as? Bool == true)
        let text = tend.run("food", "search", "chick bre")
        #expect(text.stdout.contains("★ Chicken breast tenders"))
        let unmarked = try tend.json("food", "unfav", "usda:05327")
        #expect(unmarked["favorite"] as? Bool == false)
        #expect((try tend.json("food", "search", "chick bre")["foods"] as? [[String: Any]])?.first?["id"] as? String == "usda:05062")
        #expect(tend.run("food", "fav", "usda:99999").status == 1)
        #expect(tend.run("food", "fav", "usda:01001").stdout.contains("★ Butter, salted"))
    }

    @Test func importReportsTheDamagedFileAndIfEmptyIsANoOp() throws {
        let tend = try NutritionCommandHarness(importing: false)
        let first = tend.run("food", "import-usda", NutritionFixture.jar)
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.contains("Imported 14 foods"))
        #expect(first.stderr.contains("01002.xml"))
        #expect(!first.stderr.contains("foods.index"))
        let again = try tend.json("food", "import-usda", NutritionFixture.jar)
        #expect(again["imported"] as? Int == 14)
        #expect(again["skipped"] as? [String] == ["01002.xml"])
        let noop = tend.run("food", "import-usda", "--if-empty", "/nonexistent/usda_sr24.jar")
        #expect(noop.status == 0, "\(noop)")
        #expect(noop.stdout.isEmpty)
        #expect(try tend.container.nutrition.usdaCount() == 14)
    }

    @Test func importWithoutAPathOrFromAMissingOne() throws {
        let tend = try NutritionCommandHarness(importing: false)
        let none = tend.run("food", "import-usda")
        #expect(none.status == 2, "\(none)")
        #expect(none.stderr.contains("usda_sr24.jar"))
        let missing = tend.run("food", "import-usda", "/nonexistent/usda_sr24.jar")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/usda_sr24.jar"))
        let fallback = try NutritionCommandHarness(importing: false, defaultUSDAPath: NutritionFixture.jar)
        #expect(fallback.run("food", "import-usda", "--if-empty").status == 0)
        #expect(try fallback.container.nutrition.usdaCount() == 14)
    }
}
