import Core
import Domain
import Foundation
import Testing

enum NutritionContract {
    static func imported(_ uid: String, _ name: String, kcal: Double = 100) -> ImportedFood {
        ImportedFood(uid: uid, name: name,
                     measures: [FoodMeasure(amount: 1, name: "cup", grams: 240), FoodMeasure(amount: 2, name: "slices", grams: 56.5)],
                     nutrients: [("Energy", kcal), ("Protein", 5.25), ("Carbs", 10), ("Fat", 2.5), ("Fiber", 1.5), ("Sodium", 120)])
    }

    static func custom(_ id: String, _ name: String, owner: String = "ana") -> Food {
        Food(id: id, ownerID: owner, name: name, source: .custom, per100g: Macros(kcal: 250, protein: 10, carbs: 30, fat: 9.5),
             measures: [FoodMeasure(amount: 1, name: "bowl", grams: 350)])
    }

    static func korean(_ code: String, _ nameKo: String, _ nameEn: String) -> KoreanFood {
        KoreanFood(code: code, nameKo: nameKo, nameEn: nameEn, servingKo: "1공기", servingEn: "1 bowl", servingGrams: 210,
                   per100g: Macros(kcal: 143, protein: 2.5, carbs: 31.5, fat: 0.5), sugar: nil, fiber: 0.5, sodium: 2)
    }

    static func entry(_ id: String, day: String, meal: Meal = .lunch, owner: String = "ana", food: String? = "usda:01001",
                      at offset: Int64 = 0) -> DietEntry {
        DietEntry(id: id, ownerID: owner, date: Contract.date(day), meal: meal, foodID: food, name: food == nil ? "quick entry" : "Butter, salted",
                  grams: food == nil ? nil : 10.5, amountText: food == nil ? "250kcal" : "10.5g",
                  macros: Macros(kcal: 75.25, protein: 0.125, carbs: 0.5, fat: 8.5), createdAt: Contract.at(offset),
                  updatedAt: Contract.at(offset + 1))
    }
}

@Suite("Contract: FoodRepository")
struct FoodRepositoryContract {
    typealias N = NutritionContract

    @Test("an imported food round-trips with its measures and nutrients; importing again replaces it", arguments: Backend.allCases)
    func upsert(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.foods.upsert([N.imported("01001", "Butter, salted", kcal: 717), N.imported("09003", "Apples, raw, with skin")])
        let butter = try #require(try stores.foods.food(id: "usda:01001", ownerID: "ana"))
        #expect(butter == Food(id: "usda:01001", ownerID: nil, name: "Butter, salted", source: .usda,
                               per100g: Macros(kcal: 717, protein: 5.25, carbs: 10, fat: 2.5),
                               measures: [FoodMeasure(amount: 1, name: "cup", grams: 240), FoodMeasure(amount: 2, name: "slices", grams: 56.5)]))
        #expect(try stores.foods.nutrients(foodID: "usda:01001").map(\.name) == ["Energy", "Protein", "Carbs", "Fat", "Fiber", "Sodium"])
        #expect(try stores.foods.nutrients(foodID: "usda:01001").map(\.amount) == [717, 5.25, 10, 2.5, 1.5, 120])
        #expect(try stores.foods.count(source: .usda) == 2)

        try stores.foods.upsert([ImportedFood(uid: "01001", name: "Butter, unsalted", measures: [FoodMeasure(amount: 1, name: "tbsp", grams: 14.2)],
                                              nutrients: [("Energy", 700), ("Fat", 80)])])
        let replaced = try #require(try stores.foods.food(id: "usda:01001", ownerID: "ana"))
        #expect(replaced.name == "Butter, unsalted")
        #expect(replaced.measures == [FoodMeasure(amount: 1, name: "tbsp", grams: 14.2)])
        #expect(try stores.foods.nutrients(foodID: "usda:01001").map(\.name) == ["Energy", "Fat"])
        #expect(try stores.foods.count(source: .usda) == 2)
        #expect(try stores.foods.nutrients(foodID: "usda:99999").isEmpty)
    }

    @Test("a custom food is its owner's alone; its id is never taken twice", arguments: Backend.allCases)
    func custom(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let soup = N.custom("custom:1", "Mom's kimchi soup")
        try stores.foods.saveCustom(soup)
        #expect(try stores.foods.food(id: "custom:1", ownerID: "ana") == soup)
        #expect(try stores.foods.food(id: "custom:1", ownerID: "ben") == nil)
        #expect(try stores.foods.count(source: .custom) == 1)
        #expect(throws: (any Error).self) { try stores.foods.saveCustom(N.custom("custom:1", "Another")) }
        #expect(try stores.foods.search("kimchi", ownerID: "ben", limit: 10).isEmpty)
    }

    @Test("search: every word matches as a prefix, the limit bounds it, an id finds its food", arguments: Backend.allCases)
    func search(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.foods.upsert([N.imported("05062", "Chicken, broilers or fryers, breast, meat only, raw"),
                                 N.imported("05001", "Chicken, broilers or fryers, meat and skin, raw"),
                                 N.imported("13001", "Beef, grass-fed, strip steaks, raw"),
                                 N.imported("18069", "Bread, white, commercially prepared")])
        #expect(Set(try stores.foods.search("chick bre", ownerID: "ana", limit: 10).map(\.id)) == ["usda:05062"])
        #expect(Set(try stores.foods.search("chicken", ownerID: "ana", limit: 10).map(\.id)) == ["usda:05062", "usda:05001"])
        #expect(Set(try stores.foods.search("br", ownerID: "ana", limit: 10).map(\.id)) == ["usda:05062", "usda:05001", "usda:18069"])
        #expect(try stores.foods.search("chicken beef", ownerID: "ana", limit: 10).isEmpty)
        #expect(try stores.foods.search("CHICKEN", ownerID: "ana", limit: 1).count == 1)
        #expect(try stores.foods.search("  ", ownerID: "ana", limit: 10).isEmpty)
        #expect(try stores.foods.search("usda:13001", ownerID: "ana", limit: 10).map(\.id) == ["usda:13001"])
        #expect(try stores.foods.search("usda:00000", ownerID: "ana", limit: 10).isEmpty)
    }

    @Test("search folds diacritics both ways, typed precomposed or decomposed, and Hangul still finds its foods",
          arguments: Backend.allCases)
    func diacritics(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.foods.saveCustom(N.custom("custom:1", "Crème brûlée"))
        try stores.foods.saveCustom(N.custom("custom:2", "Cafe\u{301} au lait")) // "é" as e and a combining acute
        try stores.foods.saveCustom(N.custom("custom:3", "엄마표 된장찌개"))
        try stores.foods.upsert([N.imported("14360", "Creme de menthe, 72 proof")])
        try stores.foodTables.upsertKorean([N.korean("kr0002", "배추김치", "Napa cabbage kimchi")])
        func found(_ query: String) throws -> Set<String> { Set(try stores.foods.search(query, ownerID: "ana", limit: 10).map(\.id)) }
        #expect(try found("creme") == ["custom:1", "usda:14360"])
        #expect(try found("crème") == ["custom:1", "usda:14360"])
        #expect(try found("CRÈME BRU") == ["custom:1"])
        #expect(try found("brulee") == ["custom:1"])
        #expect(try found("café") == ["custom:2"])
        #expect(try found("cafe au") == ["custom:2"])
        #expect(try found("된장") == ["custom:3"])
        #expect(try found("배추") == ["kr:kr0002"])
        #expect(try found("napa kimchi") == ["kr:kr0002"])
        #expect(try found("creme brulee x").isEmpty, "every word must match")
        #expect(try stores.foods.search("creme", ownerID: "ben", limit: 10).map(\.id) == ["usda:14360"])
    }

    @Test("favourites come first, then foods the owner logged; favourites are per owner and idempotent", arguments: Backend.allCases)
    func favouritesAndRecent(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.foods.upsert([N.imported("01001", "Apple pie"), N.imported("01002", "Apple juice"), N.imported("01003", "Apple, raw")])
        try stores.foods.setFavorite(true, foodID: "usda:01003", ownerID: "ana")
        try stores.foods.setFavorite(true, foodID: "usda:01003", ownerID: "ana")
        try stores.diet.insert(N.entry("e1", day: "2026-11-30", food: "usda:01002"))
        let mine = try stores.foods.search("apple", ownerID: "ana", limit: 10).map(\.id)
        #expect(mine.prefix(2) == ["usda:01003", "usda:01002"])
        #expect(try stores.foods.search("apple", ownerID: "ana", limit: 10).first?.isFavorite == true)
        #expect(try stores.foods.food(id: "usda:01003", ownerID: "ana")?.isFavorite == true)
        #expect(try stores.foods.food(id: "usda:01003", ownerID: "ben")?.isFavorite == false)
        #expect(try stores.foods.search("apple", ownerID: "ben", limit: 10).allSatisfy { !$0.isFavorite })

        try stores.foods.setFavorite(false, foodID: "usda:01003", ownerID: "ana")
        try stores.foods.setFavorite(false, foodID: "usda:01003", ownerID: "ana")
        #expect(try stores.foods.food(id: "usda:01003", ownerID: "ana")?.isFavorite == false)
        #expect(try stores.foods.search("apple", ownerID: "ana", limit: 10).first?.id == "usda:01002")
        // A deleted diet entry no longer lifts its food.
        var entry = N.entry("e1", day: "2026-11-30", food: "usda:01002")
        entry.deletedAt = Contract.at(Contract.minute)
        try stores.diet.update(entry)
        try stores.foods.setFavorite(true, foodID: "usda:01001", ownerID: "ana")
        #expect(try stores.foods.search("apple", ownerID: "ana", limit: 1).map(\.id) == ["usda:01001"])
    }
}

@Suite("Contract: FoodTableRepository")
struct FoodTableRepositoryContract {
    typealias N = NutritionContract

    @Test("a table's version is recorded and replaced", arguments: Backend.allCases)
    func versions(_ backend: Backend) throws {
        let stores = try Stores(backend)
        #expect(try stores.foodTables.tableVersion(.usda) == nil)
        try stores.foodTables.recordTable(.usda, version: "sr24-a", foods: 8860)
        try stores.foodTables.recordTable(.korean, version: "kr-1", foods: 432)
        try stores.foodTables.recordTable(.usda, version: "sr24-b", foods: 8861)
        #expect(try stores.foodTables.tableVersion(.usda) == "sr24-b")
        #expect(try stores.foodTables.tableVersion(.korean) == "kr-1")
        #expect(!stores.foodTables.indexVersion.isEmpty)
    }

    @Test("Korean foods are added, replaced, and leave when the table drops them", arguments: Backend.allCases)
    func korean(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let rice = N.korean("kr0001", "쌀밥", "Cooked rice")
        let kimchi = N.korean("kr0002", "배추김치", "Napa cabbage kimchi")
        try stores.foodTables.upsertKorean([rice, kimchi])
        let stored = try #require(try stores.foods.food(id: "kr:kr0001", ownerID: "ana"))
        #expect(stored == Food(id: "kr:kr0001", ownerID: nil, name: "쌀밥", source: .korean, per100g: rice.per100g, measures: rice.measures,
                               nameKo: "쌀밥", nameEn: "Cooked rice"))
        #expect(try stores.foodTables.nutrientList(foodID: "kr:kr0001") == rice.nutrients)
        #expect(try stores.foodTables.nutrientList(foodID: "kr:kr0001").map(\.unit) == ["kcal", "g", "g", "g", "g", "mg"])
        #expect(try stores.foods.count(source: .korean) == 2)
        #expect(try stores.foods.search("배추", ownerID: "ana", limit: 10).map(\.id) == ["kr:kr0002"])
        #expect(try stores.foods.search("napa", ownerID: "ana", limit: 10).map(\.id) == ["kr:kr0002"])

        try stores.foodTables.upsertKorean([rice])
        #expect(try stores.foods.food(id: "kr:kr0002", ownerID: "ana") == nil)
        #expect(try stores.foods.count(source: .korean) == 1)
        #expect(try stores.foods.search("배추", ownerID: "ana", limit: 10).isEmpty)
        try stores.foodTables.upsertKorean([rice, kimchi])
        #expect(try stores.foods.food(id: "kr:kr0002", ownerID: "ana")?.nameEn == "Napa cabbage kimchi")
    }

    @Test("Korean names of USDA foods are set, counted, and replaced", arguments: Backend.allCases)
    func koreanNames(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.foods.upsert([N.imported("09040", "Bananas, raw"), N.imported("01077", "Milk, whole")])
        #expect(try stores.foodTables.applyKoreanNames(["09040": ["바나나"], "01077": ["우유", "흰우유"], "99999": ["없음"], "01001": []]) == 2)
        #expect(try stores.foods.food(id: "usda:09040", ownerID: "ana")?.nameKo == "바나나")
        #expect(try stores.foods.food(id: "usda:01077", ownerID: "ana")?.nameKo == "우유")
        #expect(try stores.foods.search("바나나", ownerID: "ana", limit: 10).map(\.id) == ["usda:09040"])

        #expect(try stores.foodTables.applyKoreanNames(["01077": ["우유"]]) == 1)
        #expect(try stores.foods.food(id: "usda:09040", ownerID: "ana")?.nameKo == nil)
        #expect(try stores.foods.search("바나나", ownerID: "ana", limit: 10).isEmpty)
        // Importing the food again keeps its Korean name.
        try stores.foods.upsert([N.imported("01077", "Milk, whole, 3.25%")])
        #expect(try stores.foods.food(id: "usda:01077", ownerID: "ana")?.nameKo == "우유")
    }
}

@Suite("Contract: DietRepository")
struct DietRepositoryContract {
    typealias N = NutritionContract

    @Test("an entry round-trips, with a food or as bare energy", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let butter = N.entry("a", day: "2026-11-29")
        let quick = N.entry("q", day: "2026-11-30", meal: .snack, food: nil, at: 5)
        try stores.diet.insert(butter)
        try stores.diet.insert(quick)
        #expect(try stores.diet.entry(id: "a", ownerID: "ana") == butter)
        #expect(try stores.diet.entry(id: "q", ownerID: "ana") == quick)
        #expect(try stores.diet.entry(id: "a", ownerID: "ben") == nil)
    }

    @Test("an update saves every field that can change; another owner's update changes nothing", arguments: Backend.allCases)
    func update(_ backend: Backend) throws {
        let stores = try Stores(backend)
        var entry = N.entry("a", day: "2026-11-29")
        try stores.diet.insert(entry)
        entry.date = Contract.date("2026-11-28")
        entry.meal = .dinner
        entry.foodID = "kr:kr0001"
        entry.name = "쌀밥"
        entry.grams = 210
        entry.amountText = "1공기"
        entry.macros = Macros(kcal: 300.25, protein: 5.5, carbs: 66.125, fat: 1)
        entry.updatedAt = Contract.at(Contract.minute)
        try stores.diet.update(entry)
        #expect(try stores.diet.entry(id: "a", ownerID: "ana") == entry)
        entry.foodID = nil
        entry.grams = nil
        try stores.diet.update(entry)
        #expect(try stores.diet.entry(id: "a", ownerID: "ana") == entry)

        let forged = DietEntry(id: "a", ownerID: "ben", date: entry.date, meal: .snack, foodID: nil, name: "stolen", grams: 1, amountText: "1g",
                           macros: .zero, createdAt: entry.createdAt, updatedAt: entry.updatedAt)
        try? stores.diet.update(forged)
        #expect(try stores.diet.entry(id: "a", ownerID: "ana") == entry)
    }

    @Test("entries: the owner's live ones from the first day through the last, by day, then as logged", arguments: Backend.allCases)
    func entries(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.diet.insert(N.entry("late-lunch", day: "2026-11-30", at: 20))
        try stores.diet.insert(N.entry("breakfast", day: "2026-11-30", meal: .breakfast, at: 10))
        try stores.diet.insert(N.entry("yesterday", day: "2026-11-29", at: 30))
        try stores.diet.insert(N.entry("before", day: "2026-11-28"))
        try stores.diet.insert(N.entry("after", day: "2026-12-01"))
        try stores.diet.insert(N.entry("theirs", day: "2026-11-30", owner: "ben"))
        var gone = N.entry("gone", day: "2026-11-30", at: 15)
        try stores.diet.insert(gone)
        gone.deletedAt = Contract.at(Contract.hour)
        try stores.diet.update(gone)

        // Not in the protocol's comment: SQLite's order (day, then creation), which the day view shows.
        #expect(try stores.diet.entries(ownerID: "ana", from: Contract.date("2026-11-29"), through: Contract.date("2026-11-30")).map(\.id)
                == ["yesterday", "breakfast", "late-lunch"])
        #expect(try stores.diet.entries(ownerID: "ana", from: Contract.date("2026-11-30"), through: Contract.date("2026-11-30")).map(\.id)
                == ["breakfast", "late-lunch"])
        #expect(try stores.diet.entries(ownerID: "ana", from: Contract.date("2026-12-02"), through: Contract.date("2026-12-31")).isEmpty)
        #expect(try stores.diet.entry(id: "gone", ownerID: "ana") == nil)
        #expect(try stores.diet.entries(ownerID: "ben", from: Contract.date("2026-11-01"), through: Contract.date("2026-12-31")).map(\.id)
                == ["theirs"])
    }

    @Test("entries made in the same millisecond (a copied meal) come back in the order they were added", arguments: Backend.allCases)
    func sameInstant(_ backend: Backend) throws {
        let stores = try Stores(backend)
        for id in ["019ad3c2-0000-7000-8000-00000000ffff", "019ad3c2-0000-7000-8000-000000000000", "019ad3c2-0000-7000-8000-00000000aaaa"] {
            try stores.diet.insert(N.entry(id, day: "2026-11-30", at: Contract.hour))
        }
        #expect(try stores.diet.entries(ownerID: "ana", from: Contract.date("2026-11-30"), through: Contract.date("2026-11-30")).map(\.id)
                == ["019ad3c2-0000-7000-8000-00000000ffff", "019ad3c2-0000-7000-8000-000000000000", "019ad3c2-0000-7000-8000-00000000aaaa"])
    }

    @Test("goals: one set per owner, replaced on save", arguments: Backend.allCases)
    func goals(_ backend: Backend) throws {
        let stores = try Stores(backend)
        #expect(try stores.diet.goals(ownerID: "ana") == nil)
        try stores.diet.saveGoals(NutritionGoals(kcal: 1800, protein: 135, carbs: 200, fat: 60), ownerID: "ana", at: Contract.at(0))
        try stores.diet.saveGoals(NutritionGoals(kcal: 2100.5, protein: 150.25, carbs: 250, fat: 70), ownerID: "ana", at: Contract.at(1))
        try stores.diet.saveGoals(NutritionGoals(kcal: 1500, protein: 100, carbs: 150, fat: 50), ownerID: "ben", at: Contract.at(2))
        #expect(try stores.diet.goals(ownerID: "ana") == NutritionGoals(kcal: 2100.5, protein: 150.25, carbs: 250, fat: 70))
        #expect(try stores.diet.goals(ownerID: "ben") == NutritionGoals(kcal: 1500, protein: 100, carbs: 150, fat: 50))
    }
}

@Suite("Contract: WeightRepository")
struct WeightRepositoryContract {
    func weighing(_ id: String, at offset: Int64, owner: String = "ana", kg: Double = 72.5, fat: Double? = nil,
                  muscle: Double? = nil) -> WeightEntry {
        WeightEntry(id: id, ownerID: owner, takenAt: Contract.at(offset), kilograms: kg, fatPercent: fat, muscleKilograms: muscle,
                    createdAt: Contract.at(offset + 1), updatedAt: Contract.at(offset + 2))
    }

    @Test("weighings round-trip, oldest first, the owner's own", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let late = weighing("w2", at: Contract.day, kg: 71.95, fat: 18.5, muscle: 31.25)
        let early = weighing("w1", at: 0)
        try stores.weights.insert(late)
        try stores.weights.insert(early)
        try stores.weights.insert(weighing("w3", at: 0, owner: "ben", kg: 60))
        #expect(try stores.weights.entries(ownerID: "ana") == [early, late])
        #expect(try stores.weights.entries(ownerID: "ben").map(\.id) == ["w3"])
        #expect(throws: (any Error).self) { try stores.weights.insert(self.weighing("w1", at: 5)) }
    }

    @Test("markDeleted: true once for the owner's live weighing, then false; others untouched", arguments: Backend.allCases)
    func markDeleted(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.weights.insert(weighing("w1", at: 0))
        try stores.weights.insert(weighing("w2", at: Contract.day))
        #expect(try !stores.weights.markDeleted(id: "w1", ownerID: "ben", at: Contract.at(Contract.hour)))
        #expect(try stores.weights.markDeleted(id: "w1", ownerID: "ana", at: Contract.at(Contract.hour)))
        #expect(try !stores.weights.markDeleted(id: "w1", ownerID: "ana", at: Contract.at(2 * Contract.hour)))
        #expect(try !stores.weights.markDeleted(id: "none", ownerID: "ana", at: Contract.at(Contract.hour)))
        #expect(try stores.weights.entries(ownerID: "ana").map(\.id) == ["w2"])
    }
}
