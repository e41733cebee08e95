import Core
import Domain
import Foundation
import Synchronization
import Testing

// MARK: - FoodRepository and FoodTableRepository

/// Foods by id with their nutrients, favourites by owner and food, the shared tables' versions.
/// Search matches every word of the query as a prefix of a word of a name (the name, the English
/// and the Korean one, accents folded); it ranks as the protocol says as far as a fake can —
/// favourites, then foods the owner logged, then the order the foods were added — without
/// SQLite's relevance and static ranks, which the contracts leave to DataTests.
final class FakeFoodRepository: FoodRepository, FoodTableRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase, foods: [Food] = []) {
        self.memory = memory
        memory.seed { tables in
            for food in foods { tables.foods[food.id] = StoredFood(food: food, nutrients: [], deletedAt: nil) }
        }
    }

    func upsert(_ foods: [ImportedFood]) throws {
        try memory.write(.foodUpsert, foods.map(\.uid)) { tables in
            for imported in foods {
                let id = "usda:" + imported.uid
                let food = Food(id: id, ownerID: nil, name: imported.name, source: .usda, per100g: imported.per100g,
                                measures: imported.measures, nameKo: tables.foods[id]?.food.nameKo)
                tables.foods[id] = StoredFood(food: food, nutrients: imported.nutrients.map { FoodNutrient(name: $0.name, amount: $0.amount) },
                                              deletedAt: nil)
            }
        }
    }

    func saveCustom(_ food: Food) throws {
        try memory.write(.foodSaveCustom, food) { tables in
            var custom = food
            custom.isFavorite = false
            try tables.foods.insert(StoredFood(food: custom, nutrients: [], deletedAt: nil), key: food.id, call: .foodSaveCustom)
        }
    }

    private static func favorite(_ tables: FakeTables, ownerID: String, foodID: String) -> Bool {
        tables.favorites[ownerID + "|" + foodID] != nil
    }

    private static func visible(_ stored: StoredFood, to ownerID: String) -> Bool {
        stored.deletedAt == nil && (stored.food.ownerID == nil || stored.food.ownerID == ownerID)
    }

    func food(id: String, ownerID: String) throws -> Food? {
        memory.read { tables in
            guard let stored = tables.foods[id], Self.visible(stored, to: ownerID) else { return nil }
            var food = stored.food
            food.isFavorite = Self.favorite(tables, ownerID: ownerID, foodID: id)
            return food
        }
    }

    func nutrients(foodID: String) throws -> [(name: String, amount: Double)] {
        memory.read { $0.foods[foodID]?.nutrients.map { ($0.name, $0.amount) } ?? [] }
    }

    static func words(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    func search(_ query: String, ownerID: String, limit: Int) throws -> [Food] {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        if Food.isID(trimmed), !trimmed.contains(" ") {
            return try food(id: trimmed, ownerID: ownerID).map { [$0] } ?? []
        }
        let wanted = Self.words(query)
        guard !wanted.isEmpty else { return [] }
        return memory.read { tables in
            let logged = Set(tables.dietEntries.values.filter { $0.ownerID == ownerID && $0.deletedAt == nil }.compactMap(\.foodID))
            let matches = tables.foods.values.filter { stored in
                guard Self.visible(stored, to: ownerID) else { return false }
                let words = [stored.food.name, stored.food.nameEn, stored.food.nameKo].compactMap { $0 }.flatMap(Self.words)
                return wanted.allSatisfy { word in words.contains { $0.hasPrefix(word) } }
            }.map { stored -> Food in
                var food = stored.food
                food.isFavorite = Self.favorite(tables, ownerID: ownerID, foodID: food.id)
                return food
            }
            func boost(_ food: Food) -> Int { food.isFavorite ? 2 : (logged.contains(food.id) ? 1 : 0) }
            let ranked = matches.enumerated().sorted { (boost($0.element), -$0.offset) > (boost($1.element), -$1.offset) }.map(\.element)
            return Array(ranked.prefix(max(0, limit)))
        }
    }

    func setFavorite(_ favorite: Bool, foodID: String, ownerID: String) throws {
        try memory.write(.foodSetFavorite, foodID) { tables in
            tables.favorites[ownerID + "|" + foodID] = favorite ? FoodFavorite(ownerID: ownerID, foodID: foodID) : nil
        }
    }

    func count(source: Food.Source) throws -> Int {
        memory.read { $0.foods.values.count { $0.food.source == source && $0.deletedAt == nil } }
    }

    // MARK: FoodTableRepository

    var indexVersion: String { "fake-1" }

    func tableVersion(_ source: Food.Source) throws -> String? {
        memory.read { $0.foodTables[source.rawValue]?.version }
    }

    func recordTable(_ source: Food.Source, version: String, foods: Int) throws {
        try memory.write(.foodTableRecord, version) { $0.foodTables[source.rawValue] = FoodTableRecord(version: version, foods: foods) }
    }

    func upsertKorean(_ foods: [KoreanFood]) throws {
        try memory.write(.foodUpsertKorean, foods.map(\.code)) { tables in
            for korean in foods {
                let food = Food(id: korean.id, ownerID: nil, name: korean.nameKo, source: .korean, per100g: korean.per100g,
                                measures: korean.measures, nameKo: korean.nameKo, nameEn: korean.nameEn)
                tables.foods[korean.id] = StoredFood(food: food, nutrients: korean.nutrients, deletedAt: nil)
            }
            let listed = Set(foods.map(\.id))
            for stored in tables.foods.values where stored.food.source == .korean && stored.deletedAt == nil && !listed.contains(stored.food.id) {
                tables.foods[stored.food.id]?.deletedAt = Date(timeIntervalSince1970: 0)
            }
        }
    }

    func applyKoreanNames(_ names: [String: [String]]) throws -> Int {
        try memory.write(.foodApplyKoreanNames, names) { tables in
            for stored in tables.foods.values where stored.food.source == .usda { tables.foods[stored.food.id]?.food.nameKo = nil }
            var applied = 0
            for (uid, list) in names where !list.isEmpty {
                guard let stored = tables.foods["usda:" + uid], stored.food.source == .usda else { continue }
                tables.foods[stored.food.id]?.food.nameKo = list[0]
                applied += 1
            }
            return applied
        }
    }

    func nutrientList(foodID: String) throws -> [FoodNutrient] {
        memory.read { $0.foods[foodID]?.nutrients ?? [] }
    }

    /// Every stored food, live or not, in the order added.
    var allFoods: [Food] { memory.read { $0.foods.values.map(\.food) } }
    /// The USDA ids of each `upsert` call, in order.
    var upsertedBatches: [[String]] { memory.logged(.foodUpsert, as: [String].self) }
}

// MARK: - DietRepository

/// Diet entries by id (soft deletes kept) and goals by owner.
final class FakeDietRepository: DietRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    func insert(_ entry: DietEntry) throws {
        try memory.write(.dietInsert, entry) { try $0.dietEntries.insert(entry, key: entry.id, call: .dietInsert) }
    }

    /// Only the owner's entry changes.
    func update(_ entry: DietEntry) throws {
        try memory.write(.dietUpdate, entry) { tables in
            guard tables.dietEntries[entry.id]?.ownerID == entry.ownerID else {
                throw FakeFailure(.dietUpdate, "no entry \(entry.id) of \(entry.ownerID)")
            }
            tables.dietEntries[entry.id] = entry
        }
    }

    func entry(id: String, ownerID: String) throws -> DietEntry? {
        memory.read { tables in tables.dietEntries[id].flatMap { $0.ownerID == ownerID && $0.deletedAt == nil ? $0 : nil } }
    }

    /// By day, then as logged (entries of the same instant in the order they were added).
    func entries(ownerID: String, from: LocalDate, through: LocalDate) throws -> [DietEntry] {
        memory.read { tables in
            tables.dietEntries.values
                .filter { $0.ownerID == ownerID && $0.deletedAt == nil && $0.date >= from && $0.date <= through }
                .enumerated()
                .sorted { ($0.element.date, $0.element.createdAt, $0.offset) < ($1.element.date, $1.element.createdAt, $1.offset) }
                .map(\.element)
        }
    }

    func goals(ownerID: String) throws -> NutritionGoals? {
        memory.read { $0.nutritionGoals[ownerID] }
    }

    func saveGoals(_ goals: NutritionGoals, ownerID: String, at date: Date) throws {
        try memory.write(.dietSaveGoals, goals) { $0.nutritionGoals[ownerID] = goals }
    }

    /// Every stored entry, deleted or not, in the order added.
    var stored: [DietEntry] { memory.read { $0.dietEntries.values } }
}

/// A USDA source that hands out the batches it was given and names the damaged files.
struct NutritionFakeUSDA: USDASource {
    var batches: [[ImportedFood]] = []
    var skipped: [String] = []

    func read(path: String, batch: ([ImportedFood]) throws -> Void) throws -> [String] {
        for foods in batches { try batch(foods) }
        return skipped
    }
}

// MARK: - WeightRepository

final class FakeWeightRepository: WeightRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    func insert(_ entry: WeightEntry) throws {
        try memory.write(.weightInsert, entry) { try $0.weights.insert(entry, key: entry.id, call: .weightInsert) }
    }

    func entries(ownerID: String) throws -> [WeightEntry] {
        memory.read { tables in
            tables.weights.values.filter { $0.ownerID == ownerID && $0.deletedAt == nil }.sorted { ($0.takenAt, $0.id) < ($1.takenAt, $1.id) }
        }
    }

    func markDeleted(id: String, ownerID: String, at date: Date) throws -> Bool {
        try memory.write(.weightMarkDeleted, id) { tables in
            guard var entry = tables.weights[id], entry.ownerID == ownerID, entry.deletedAt == nil else { return false }
            entry.deletedAt = date
            entry.updatedAt = date
            tables.weights[id] = entry
            return true
        }
    }

    /// Every stored weighing, deleted or not, in the order added.
    var stored: [WeightEntry] { memory.read { $0.weights.values } }
}

// MARK: - The world the use cases run in

/// Real-looking foods copied from USDA SR24 (per 100 g, with their household measures).
enum NutritionSamples {
    static let butter = Food(id: "usda:01001", ownerID: nil, name: "Butter, salted", source: .usda,
                             per100g: Macros(kcal: 717, protein: 0.85, carbs: 0.06, fat: 81.11),
                             measures: [FoodMeasure(amount: 1, name: "cup", grams: 227), FoodMeasure(amount: 1, name: "tbsp", grams: 14.2),
                                        FoodMeasure(amount: 1, name: "pat (1\" sq, 1/3\" high)", grams: 5),
                                        FoodMeasure(amount: 1, name: "stick", grams: 113)])
    static let cheeseSpread = Food(id: "usda:01048", ownerID: nil, name: "Cheese spread, pasteurized process, American", source: .usda,
                                   per100g: Macros(kcal: 290, protein: 16.41, carbs: 8.73, fat: 21.23),
                                   measures: [FoodMeasure(amount: 2, name: "tablespoon", grams: 32), FoodMeasure(amount: 1, name: "oz", grams: 28.35),
                                              FoodMeasure(amount: 1, name: "jar (5 oz)", grams: 128)])
    static let egg = Food(id: "usda:01123", ownerID: nil, name: "Egg, whole, raw, fresh", source: .usda,
                          per100g: Macros(kcal: 143, protein: 12.56, carbs: 0.72, fat: 9.51),
                          measures: [FoodMeasure(amount: 1, name: "cup (4.86 large eggs)", grams: 243),
                                     FoodMeasure(amount: 1, name: "extra large", grams: 56), FoodMeasure(amount: 1, name: "jumbo", grams: 63),
                                     FoodMeasure(amount: 1, name: "large", grams: 50), FoodMeasure(amount: 1, name: "medium", grams: 44),
                                     FoodMeasure(amount: 1, name: "small", grams: 38)])
    static let chickenBreast = Food(id: "usda:05062", ownerID: nil, name: "Chicken, broilers or fryers, breast, meat only, raw", source: .usda,
                                    per100g: Macros(kcal: 114, protein: 21.23, carbs: 0, fat: 2.59),
                                    measures: [FoodMeasure(amount: 1, name: "unit (yield from 1 lb ready-to-cook chicken)", grams: 71),
                                               FoodMeasure(amount: 0.5, name: "breast, bone and skin removed", grams: 118)])
    static let pastrami = Food(id: "usda:07052", ownerID: nil, name: "Pastrami, turkey", source: .usda,
                               per100g: Macros(kcal: 133, protein: 16.3, carbs: 1.79, fat: 6.21),
                               measures: [FoodMeasure(amount: 1, name: "package (8 oz)", grams: 227), FoodMeasure(amount: 2, name: "slices", grams: 57)])
    static let apple = Food(id: "usda:09003", ownerID: nil, name: "Apples, raw, with skin", source: .usda,
                            per100g: Macros(kcal: 52, protein: 0.26, carbs: 13.81, fat: 0.17),
                            measures: [FoodMeasure(amount: 1, name: "cup, quartered or chopped", grams: 125),
                                       FoodMeasure(amount: 1, name: "cup slices", grams: 109),
                                       FoodMeasure(amount: 1, name: "large (3-1/4\" dia)", grams: 223),
                                       FoodMeasure(amount: 1, name: "medium (3\" dia)", grams: 182)])
    static let bread = Food(id: "usda:18069", ownerID: nil, name: "Bread, white, commercially prepared (includes soft bread crumbs)", source: .usda,
                            per100g: Macros(kcal: 265, protein: 9.15, carbs: 49.06, fat: 3.19),
                            measures: [FoodMeasure(amount: 1, name: "slice", grams: 28), FoodMeasure(amount: 1, name: "oz", grams: 28.35),
                                       FoodMeasure(amount: 1, name: "cup, crumbs", grams: 45), FoodMeasure(amount: 1, name: "slice, large", grams: 30)])
    static let nuggets = Food(id: "usda:21229", ownerID: nil, name: "Fast foods, chicken, breaded and fried, boneless pieces, plain", source: .usda,
                              per100g: Macros(kcal: 297, protein: 15.59, carbs: 16.32, fat: 18.82),
                              measures: [FoodMeasure(amount: 6, name: "pieces", grams: 96), FoodMeasure(amount: 4, name: "pieces", grams: 64)])
    static let noMeasures = Food(id: "custom:plain", ownerID: "local", name: "Plain thing", source: .custom,
                                 per100g: Macros(kcal: 100, protein: 1, carbs: 1, fat: 1), measures: [])

    static let all = [butter, cheeseSpread, egg, chickenBreast, pastrami, apple, bread, nuggets]
}

/// Use cases on fakes, a fixed clock and Asia/Seoul.
struct NutritionWorld {
    let memory = FakeDatabase()
    let transactor: FakeTransactor
    let foods: FakeFoodRepository
    let diet: FakeDietRepository
    let weights: FakeWeightRepository
    let nutrition: NutritionUseCases
    let body: BodyUseCases
    let now: Date

    /// 2026-11-30 21:00 in Seoul (12:00 UTC) unless told otherwise.
    init(now: Date = NutritionTime.seoul("2026-11-30 21:00"), foods: [Food] = NutritionSamples.all, usda: NutritionFakeUSDA = .init()) {
        self.now = now
        transactor = FakeTransactor(memory: memory)
        self.foods = FakeFoodRepository(memory: memory, foods: foods)
        diet = FakeDietRepository(memory: memory)
        weights = FakeWeightRepository(memory: memory)
        nutrition = NutritionUseCases(foods: self.foods, diet: diet, usda: usda, transactor: transactor, clock: FixedClock(now),
                                      timeZone: { _ in "Asia/Seoul" })
        body = BodyUseCases(weights: weights, transactor: transactor, clock: FixedClock(now), timeZone: { _ in "Asia/Seoul" },
                            displayUnit: { _ in .kg })
    }
}

enum NutritionTime {
    /// An instant from `YYYY-MM-DD HH:MM` read as wall time in `zone` (Foundation's calendar,
    /// independent of Core's arithmetic).
    static func wall(_ text: String, in zone: String) -> Date {
        let halves = text.split(separator: " ")
        let ymd = halves[0].split(separator: "-").map { Int($0)! }
        let hm = halves[1].split(separator: ":").map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar.date(from: DateComponents(year: ymd[0], month: ymd[1], day: ymd[2], hour: hm[0], minute: hm[1]))!
    }

    static func seoul(_ text: String) -> Date { wall(text, in: "Asia/Seoul") }

    static func day(_ text: String) -> LocalDate { LocalDate(text)! }
}

func nearly(_ a: Double?, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

/// The AppError a throwing call raised, or nil.
func appError(_ body: () throws -> Void) -> AppError? {
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
