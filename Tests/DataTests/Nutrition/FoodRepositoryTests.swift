import Foundation
import Testing
import Core
import Domain
@testable import Data

@Suite("USDA import into SQLite")
struct USDAImportTests {
    @Test func importsTheGoodFoodsWithEveryMeasureAndNutrient() throws {
        let store = try NutritionStore()
        let result = try store.nutrition.importUSDA(path: USDAFixture.jar)
        #expect(result.imported == USDAFixture.foods.count)
        #expect(result.skipped == USDAFixture.damaged)
        #expect(try store.nutrition.usdaCount() == 14)
        #expect(try store.foods.count(source: .usda) == 14)
        #expect(try store.measureCount(USDAFixture.ids) == USDAFixture.totalMeasures)
        #expect(try store.nutrientCount(USDAFixture.ids) == USDAFixture.totalNutrients)
        for (uid, expected) in USDAFixture.foods {
            #expect(try store.foods.nutrients(foodID: "usda:" + uid).count == expected.nutrients, "nutrients of \(uid)")
            let food = try #require(try store.foods.food(id: "usda:" + uid, ownerID: "local"))
            #expect(food.name == expected.name)
            #expect(food.per100g == expected.macros)
            #expect(food.measures.count == expected.measures)
            #expect(food.source == .usda)
            #expect(food.ownerID == nil)
        }
        // The damaged file left nothing behind.
        #expect(try store.foods.food(id: "usda:01002", ownerID: "local") == nil)
        #expect(try store.foods.nutrients(foodID: "usda:01002").isEmpty)
        #expect(try store.foodCount() == 14)
        #expect(try store.ids("whipped").isEmpty)
        // Measures keep their order and amounts.
        let pastrami = try #require(try store.foods.food(id: "usda:07052", ownerID: "local"))
        #expect(pastrami.measures == [FoodMeasure(amount: 1, name: "package (8 oz)", grams: 227), FoodMeasure(amount: 2, name: "slices", grams: 57)])
    }

    /// `food show` and `GET /v1/foods/{id}` list every nutrient of the food.
    @Test func theNutrientsOfAFoodComeBack() throws {
        let store = try NutritionStore.imported()
        let nutrients = try store.nutrition.nutrients(foodID: "usda:01001")
        #expect(nutrients.count == 68)
        #expect(nutrients.first { $0.name == "Energy" }?.amount == 717)
        #expect(nutrients.first { $0.name == "Water" }?.amount == 15.87)
        #expect(Set(nutrients.map(\.name)).count == 68)
        #expect(try store.nutrition.nutrients(foodID: "usda:09003").count == 69)
    }

    @Test func theFolderFormImportsTheSame() throws {
        let store = try NutritionStore()
        let result = try store.nutrition.importUSDA(path: USDAFixture.tableFolder)
        #expect(result.imported == 14)
        #expect(result.skipped == USDAFixture.damaged)
        #expect(try store.nutrientCount(USDAFixture.ids) == USDAFixture.totalNutrients)
    }

    @Test func reimportingIsIdempotent() throws {
        let store = try NutritionStore.imported()
        try store.foods.setFavorite(true, foodID: "usda:01001", ownerID: "local")
        let again = try store.nutrition.importUSDA(path: USDAFixture.jar)
        #expect(again.imported == 14)
        #expect(again.skipped == USDAFixture.damaged)
        #expect(try store.foodCount() == 14)
        #expect(try store.measureCount(USDAFixture.ids) == USDAFixture.totalMeasures)
        #expect(try store.nutrientCount(USDAFixture.ids) == USDAFixture.totalNutrients)
        // Underneath: the full-text indexes are in step with the foods after the second import.
        try store.storage.checkFullTextIndexes()
        #expect(try store.ids("butter").count == 2)
        #expect(try store.ids("salted butter") == ["usda:01001"])
        // A favourite survives a re-import.
        #expect(try store.foods.food(id: "usda:01001", ownerID: "local")?.isFavorite == true)
        let folder = try store.nutrition.importUSDA(path: USDAFixture.tableFolder)
        #expect(folder.imported == 14)
        #expect(try store.nutrientCount(USDAFixture.ids) == USDAFixture.totalNutrients)
    }

    @Test func aRenamedFoodIsFoundByItsNewNameOnly() throws {
        let folder = try USDAFixture.copyOfFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try NutritionStore()
        _ = try store.nutrition.importUSDA(path: folder.path)
        #expect(try store.ids("salted butter") == ["usda:01001"])
        let file = folder.appendingPathComponent("usda_sr24/01001.xml")
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(text.replacing(#"name="Butter, salted""#, with: #"name="Beurre demi-sel""#).utf8).write(to: file)
        let again = try store.nutrition.importUSDA(path: folder.path)
        #expect(again.imported == 14)
        #expect(try store.ids("beurre") == ["usda:01001"])
        #expect(try store.ids("demi sel") == ["usda:01001"])
        #expect(try store.ids("salted butter").isEmpty)
        #expect(try store.ids("butter") == ["usda:01145"])
        #expect(try store.foods.food(id: "usda:01001", ownerID: "local")?.name == "Beurre demi-sel")
        #expect(try store.foodCount() == 14)
        // Underneath: the full-text indexes agree with their content table.
        try store.storage.checkFullTextIndexes()
    }

    @Test func aFailedImportLeavesNothingHalfDone() throws {
        let store = try NutritionStore()
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-usda-\(UUID())").path
        #expect(throws: AppError.self) { _ = try store.nutrition.importUSDA(path: missing) }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-usda-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let error = try #require(appErrorOf { _ = try store.nutrition.importUSDA(path: empty.path) })
        #expect(error.code == "usda_empty")
        #expect(try store.nutrition.usdaCount() == 0)
    }
}

@Suite("Food search on FTS5")
struct FoodSearchTests {
    @Test func everyWordMatchesAsAPrefix() throws {
        let store = try NutritionStore.imported()
        let ids = try store.ids("chick bre")
        #expect(Set(ids) == ["usda:05062", "usda:05327", "usda:21229", "usda:21425"])
        #expect(try store.ids("CHICK BRE") == ids)
        #expect(try store.ids("chick, bre!") == ids)
        #expect(try Set(store.ids("bre")).isSuperset(of: ["usda:18069", "usda:05062"]))
        #expect(try store.ids("chicken egg").isEmpty)
    }

    @Test func theRawBreastComesBeforeTheTendersAndBrandedAndFastFoodsComeAfter() throws {
        let store = try NutritionStore.imported()
        let ids = try store.ids("chick bre")
        let broilers = try #require(ids.firstIndex(of: "usda:05062"))
        let tenders = try #require(ids.firstIndex(of: "usda:05327"))
        let fastFood = try #require(ids.firstIndex(of: "usda:21229"))
        let kfc = try #require(ids.firstIndex(of: "usda:21425"))
        #expect(broilers == 0)
        #expect(broilers < tenders)
        #expect(tenders < fastFood)
        #expect(tenders < kfc)
    }

    @Test func saltedButterIsButterSalted() throws {
        let store = try NutritionStore.imported()
        #expect(try store.ids("salted butter").first == "usda:01001")
        #expect(try store.ids("butter salted").first == "usda:01001")
        #expect(try Set(store.ids("butter")) == ["usda:01001", "usda:01145"])
    }

    @Test func milkComesBeforeMilkfishAndTheBrandedYogurt() throws {
        let store = try NutritionStore.imported()
        let ids = try store.ids("milk")
        #expect(ids.first == "usda:01078")
        let milkfish = try #require(ids.firstIndex(of: "usda:15053"))
        let yogurt = try #require(ids.firstIndex(of: "usda:01197"))
        #expect(milkfish < yogurt)
        let names = try store.foods.search("milk", ownerID: "local", limit: 10).map(\.name)
        #expect(names.first?.hasPrefix("Milk, ") == true)
    }

    @Test func theLimitIsHonoured() throws {
        let store = try NutritionStore.imported()
        #expect(try store.ids("chick", limit: 2).count == 2)
        #expect(try store.ids("chick", limit: 1) == ["usda:05062"])
    }

    @Test func searchResultsCarryMeasuresInOrder() throws {
        let store = try NutritionStore.imported()
        let butter = try #require(try store.foods.search("salted butter", ownerID: "local", limit: 1).first)
        #expect(butter.measures.map(\.name) == ["cup", "tbsp", "pat (1\" sq, 1/3\" high)", "stick"])
        #expect(butter.measures.map(\.grams) == [227, 14.2, 5, 113])
        #expect(butter.per100g == Macros(kcal: 717, protein: 0.85, carbs: 0.06, fat: 81.11))
        #expect(!butter.isFavorite)
        let egg = try #require(try store.foods.search("egg", ownerID: "local", limit: 1).first)
        #expect(egg.measures.count == 6)
        #expect(egg.measures.first == FoodMeasure(amount: 1, name: "cup (4.86 large eggs)", grams: 243))
    }

    @Test func favouritesComeFirstForTheirOwnerOnly() throws {
        let store = try NutritionStore.imported()
        try store.foods.setFavorite(true, foodID: "usda:21425", ownerID: "local")
        try store.foods.setFavorite(true, foodID: "usda:21425", ownerID: "local") // twice is once
        // Underneath: one favourite row, not two (sync would carry both; no read shows the second).
        #expect(try store.storage.rows(in: "food_favorites", where: "deleted_at IS NULL") == 1)
        #expect(try store.ids("chick bre").first == "usda:21425")
        #expect(try store.foods.search("chick bre", ownerID: "local", limit: 1).first?.isFavorite == true)
        #expect(try store.ids("chick bre", owner: "someone-else").first == "usda:05062")
        try store.foods.setFavorite(false, foodID: "usda:21425", ownerID: "local")
        #expect(try store.ids("chick bre").first == "usda:05062")
        #expect(try store.foods.food(id: "usda:21425", ownerID: "local")?.isFavorite == false)
    }

    func entry(_ foodID: String, owner: String = "local", deleted: Bool = false) -> DietEntry {
        let now = Date(timeIntervalSince1970: 1_764_500_000)
        return DietEntry(id: UUIDv7.makeString(at: now), ownerID: owner, date: LocalDate("2026-11-30")!, meal: .lunch, foodID: foodID,
                         name: "x", grams: 100, amountText: "100g", macros: .zero, createdAt: now, updatedAt: now,
                         deletedAt: deleted ? now : nil)
    }

    @Test func recentFoodsComeFirstAfterFavourites() throws {
        let store = try NutritionStore.imported()
        try store.diet.insert(entry("usda:05327"))
        try store.diet.insert(entry("usda:21229", owner: "someone-else"))
        try store.diet.insert(entry("usda:21425", deleted: true))
        #expect(try store.ids("chick bre").first == "usda:05327")
        #expect(try store.ids("chick bre", owner: "someone-else").first == "usda:21229")
        try store.foods.setFavorite(true, foodID: "usda:21229", ownerID: "local")
        #expect(try Array(store.ids("chick bre").prefix(3)) == ["usda:21229", "usda:05327", "usda:05062"])
    }

    @Test func customFoodsArePrivateToTheirOwner() throws {
        let store = try NutritionStore.imported()
        let food = Food(id: "custom:0190f000-0000-7000-8000-000000000001", ownerID: "alice", name: "Chicken breast salad, my way",
                        source: .custom, per100g: Macros(kcal: 120, protein: 15, carbs: 5, fat: 4),
                        measures: [FoodMeasure(amount: 1, name: "bowl", grams: 300)])
        try store.foods.saveCustom(food)
        #expect(try store.ids("chick bre", owner: "alice").contains(food.id))
        #expect(try !store.ids("chick bre", owner: "bob").contains(food.id))
        #expect(try store.ids("salad my way", owner: "alice") == [food.id])
        #expect(try store.ids("salad", owner: "bob").isEmpty)
        #expect(try store.foods.food(id: food.id, ownerID: "alice") == food)
        #expect(try store.foods.food(id: food.id, ownerID: "bob") == nil)
        #expect(try store.foods.count(source: .custom) == 1)
        #expect(try store.foods.count(source: .usda) == 14)
    }

    @Test func koreanAndAccentedNamesAreFoundByPrefix() throws {
        let store = try NutritionStore.imported()
        for (id, name) in [("custom:0190f000-0000-7000-8000-00000000000a", "김치찌개"), ("custom:0190f000-0000-7000-8000-00000000000b", "Crème brûlée"),
                           ("custom:0190f000-0000-7000-8000-00000000000c", "Mom's kimbap")] {
            try store.foods.saveCustom(Food(id: id, ownerID: "local", name: name, source: .custom,
                                            per100g: Macros(kcal: 100, protein: 1, carbs: 1, fat: 1), measures: []))
        }
        #expect(try store.ids("김치") == ["custom:0190f000-0000-7000-8000-00000000000a"])
        #expect(try store.ids("creme brul") == ["custom:0190f000-0000-7000-8000-00000000000b"])
        #expect(try store.ids("CRÈME") == ["custom:0190f000-0000-7000-8000-00000000000b"])
        #expect(try store.ids("mom's kim") == ["custom:0190f000-0000-7000-8000-00000000000c"])
    }

    /// FTS5 syntax in a query is text to look for, never syntax: no error, no crash.
    @Test(arguments: [
        "\"AND\"", "AND", "OR", "NOT", "butter\"", "\"butter", "*", "**", "NEAR(", "NEAR(butter salted, 2)", "butter OR milk", "NOT butter",
        "-butter", "^butter", "name:butter", "{name}: butter", "butter*", "b*r", "(", ")", "\"\"\"", "'", "'; DROP TABLE foods; --", "%", "_",
        "\\", "+", ":", "😀", "버터", "über", "a AND", "AND butter", "butter AND", "NEAR", "rank", "bm25(foods_fts)",
    ])
    func queriesWithOperatorsNeverFail(query: String) throws {
        let store = try NutritionStore.imported()
        _ = try store.foods.search(query, ownerID: "local", limit: 10)
        if !query.trimmingCharacters(in: .whitespaces).isEmpty {
            _ = try store.nutrition.search(query, ownerID: "local")
        }
        #expect(try store.foodCount() == 14)
    }

    @Test func aNulCharacterInAQueryIsHarmless() throws {
        let store = try NutritionStore.imported()
        #expect(try store.ids("\u{0}").isEmpty)
        #expect(try store.ids("butter\u{0}salted").first == "usda:01001")
    }

    @Test func operatorWordsAreSearchedAsWords() throws {
        let store = try NutritionStore.imported()
        #expect(try store.ids("butter\"").contains("usda:01001"))
        #expect(try store.ids("\"salted butter\"") == ["usda:01001"])
        #expect(try store.ids("salted AND butter").isEmpty) // "and" is a word to match, and no butter name has it
        #expect(try store.ids("breaded and fried") == ["usda:21229"])
        #expect(try store.ids("*").isEmpty)
        #expect(try store.ids("NEAR(").isEmpty)
    }
}

/// The AppError a throwing call raised, or nil.
func appErrorOf(_ body: () throws -> Void) -> AppError? {
    do {
        try body()
        return nil
    } catch let error as AppError {
        return error
    } catch {
        Issue.record("expected an AppError, got \(error)")
        return nil
    }
}
