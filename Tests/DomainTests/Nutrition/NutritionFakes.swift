import Core
import Domain
import Foundation
import Synchronization
import Testing

// MARK: - In-memory fakes for the nutrition and body use cases

/// Counts transactions and the writes made inside and outside them. Every repository write in
/// these fakes asks the transactor whether a transaction is open: a write outside one is a bug.
final class NutritionFakeTransactor: Transactor {
    struct State {
        var depth = 0
        var commits = 0
        var rollbacks = 0
        var writesOutside = 0
    }

    let state = Mutex(State())

    func write<T>(_ body: () throws -> T) throws -> T {
        state.withLock { $0.depth += 1 }
        do {
            let value = try body()
            state.withLock { $0.depth -= 1; $0.commits += 1 }
            return value
        } catch {
            state.withLock { $0.depth -= 1; $0.rollbacks += 1 }
            throw error
        }
    }

    func noteWrite() {
        state.withLock { if $0.depth == 0 { $0.writesOutside += 1 } }
    }

    var commits: Int { state.withLock { $0.commits } }
    var rollbacks: Int { state.withLock { $0.rollbacks } }
    var writesOutside: Int { state.withLock { $0.writesOutside } }
}

/// Foods by id; search matches every word as a prefix of a word of the name (no ranking beyond
/// favourites first and then the order the foods were added).
final class NutritionFakeFoods: FoodRepository {
    struct State {
        var foods: [Food] = []
        var nutrients: [String: [(name: String, amount: Double)]] = [:]
        var favorites: Set<String> = [] // "owner|food"
        var upsertedBatches: [[String]] = []
    }

    let state = Mutex(State())
    let transactor: NutritionFakeTransactor

    init(transactor: NutritionFakeTransactor, foods: [Food] = []) {
        self.transactor = transactor
        state.withLock { $0.foods = foods }
    }

    func upsert(_ foods: [ImportedFood]) throws {
        transactor.noteWrite()
        state.withLock { state in
            state.upsertedBatches.append(foods.map(\.uid))
            for imported in foods {
                let food = Food(id: "usda:" + imported.uid, ownerID: nil, name: imported.name, source: .usda,
                                per100g: imported.per100g, measures: imported.measures)
                if let index = state.foods.firstIndex(where: { $0.id == food.id }) {
                    state.foods[index] = food
                } else {
                    state.foods.append(food)
                }
                state.nutrients[food.id] = imported.nutrients
            }
        }
    }

    func saveCustom(_ food: Food) throws {
        transactor.noteWrite()
        state.withLock { $0.foods.append(food) }
    }

    func food(id: String, ownerID: String) throws -> Food? {
        state.withLock { state in
            guard var food = state.foods.first(where: { $0.id == id && ($0.ownerID == nil || $0.ownerID == ownerID) }) else { return nil }
            food.isFavorite = state.favorites.contains(ownerID + "|" + id)
            return food
        }
    }

    func nutrients(foodID: String) throws -> [(name: String, amount: Double)] {
        state.withLock { $0.nutrients[foodID] ?? [] }
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    func search(_ query: String, ownerID: String, limit: Int) throws -> [Food] {
        let wanted = Self.words(query)
        guard !wanted.isEmpty else { return [] }
        return state.withLock { state in
            let matches = state.foods.filter { food in
                guard food.ownerID == nil || food.ownerID == ownerID else { return false }
                let words = Self.words(food.name)
                return wanted.allSatisfy { word in words.contains { $0.hasPrefix(word) } }
            }.map { food -> Food in
                var food = food
                food.isFavorite = state.favorites.contains(ownerID + "|" + food.id)
                return food
            }
            let ranked = matches.filter(\.isFavorite) + matches.filter { !$0.isFavorite }
            return Array(ranked.prefix(limit))
        }
    }

    func setFavorite(_ favorite: Bool, foodID: String, ownerID: String) throws {
        transactor.noteWrite()
        state.withLock { state in
            if favorite { state.favorites.insert(ownerID + "|" + foodID) } else { state.favorites.remove(ownerID + "|" + foodID) }
        }
    }

    func count(source: Food.Source) throws -> Int {
        state.withLock { $0.foods.filter { $0.source == source }.count }
    }

    var allFoods: [Food] { state.withLock { $0.foods } }
    var upsertedBatches: [[String]] { state.withLock { $0.upsertedBatches } }
}

/// Diet entries by id (soft deletes kept) and goals by owner.
final class NutritionFakeDiet: DietRepository {
    struct State {
        var entries: [String: DietEntry] = [:]
        var order: [String] = []
        var goals: [String: NutritionGoals] = [:]
    }

    let state = Mutex(State())
    let transactor: NutritionFakeTransactor

    init(transactor: NutritionFakeTransactor) {
        self.transactor = transactor
    }

    func insert(_ entry: DietEntry) throws {
        transactor.noteWrite()
        try state.withLock { state in
            guard state.entries[entry.id] == nil else { throw NutritionFakeFailure(reason: "primary key \(entry.id) exists") }
            state.entries[entry.id] = entry
            state.order.append(entry.id)
        }
    }

    func update(_ entry: DietEntry) throws {
        transactor.noteWrite()
        try state.withLock { state in
            guard let stored = state.entries[entry.id], stored.ownerID == entry.ownerID else {
                throw NutritionFakeFailure(reason: "no row \(entry.id) to update")
            }
            state.entries[entry.id] = entry
        }
    }

    func entry(id: String, ownerID: String) throws -> DietEntry? {
        state.withLock { state in
            state.entries[id].flatMap { $0.ownerID == ownerID && $0.deletedAt == nil ? $0 : nil }
        }
    }

    func entries(ownerID: String, from: LocalDate, through: LocalDate) throws -> [DietEntry] {
        state.withLock { state in
            state.order.compactMap { state.entries[$0] }.filter {
                $0.ownerID == ownerID && $0.deletedAt == nil && $0.date >= from && $0.date <= through
            }
        }
    }

    func goals(ownerID: String) throws -> NutritionGoals? {
        state.withLock { $0.goals[ownerID] }
    }

    func saveGoals(_ goals: NutritionGoals, ownerID: String, at date: Date) throws {
        transactor.noteWrite()
        state.withLock { $0.goals[ownerID] = goals }
    }

    var stored: [DietEntry] { state.withLock { state in state.order.compactMap { state.entries[$0] } } }
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

final class BodyFakeWeights: WeightRepository {
    let state = Mutex([WeightEntry]())
    let transactor: NutritionFakeTransactor

    init(transactor: NutritionFakeTransactor) {
        self.transactor = transactor
    }

    func insert(_ entry: WeightEntry) throws {
        transactor.noteWrite()
        state.withLock { $0.append(entry) }
    }

    func entries(ownerID: String) throws -> [WeightEntry] {
        state.withLock { entries in
            entries.filter { $0.ownerID == ownerID && $0.deletedAt == nil }.sorted { ($0.takenAt, $0.id) < ($1.takenAt, $1.id) }
        }
    }

    func markDeleted(id: String, ownerID: String, at date: Date) throws -> Bool {
        transactor.noteWrite()
        return state.withLock { entries in
            guard let index = entries.firstIndex(where: { $0.id == id && $0.ownerID == ownerID && $0.deletedAt == nil }) else { return false }
            entries[index].deletedAt = date
            entries[index].updatedAt = date
            return true
        }
    }

    var stored: [WeightEntry] { state.withLock { $0 } }
}

struct NutritionFakeFailure: Error, Equatable {
    let reason: String
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
    let transactor = NutritionFakeTransactor()
    let foods: NutritionFakeFoods
    let diet: NutritionFakeDiet
    let weights: BodyFakeWeights
    let nutrition: NutritionUseCases
    let body: BodyUseCases
    let now: Date

    /// 2026-11-30 21:00 in Seoul (12:00 UTC) unless told otherwise.
    init(now: Date = NutritionTime.seoul("2026-11-30 21:00"), foods: [Food] = NutritionSamples.all, usda: NutritionFakeUSDA = .init()) {
        self.now = now
        self.foods = NutritionFakeFoods(transactor: transactor, foods: foods)
        diet = NutritionFakeDiet(transactor: transactor)
        weights = BodyFakeWeights(transactor: transactor)
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
