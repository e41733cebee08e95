import Foundation
import Core
import Domain
@testable import Data

/// The small USDA SR24 fixture in `Tests/Fixtures/usda` (built by its `make_fixture.py`):
/// 14 real foods, one truncated food file (`01002.xml`) and the non-XML `foods.index`.
enum USDAFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/usda")
    static var jar: String { folder.appendingPathComponent("mini_sr24.jar").path }
    /// The folder form: `mini_sr24/usda_sr24/*.xml`.
    static var tableFolder: String { folder.appendingPathComponent("mini_sr24").path }
    static var xmlFolder: String { folder.appendingPathComponent("mini_sr24/usda_sr24").path }

    /// Every good food: uid → (name, measures, nutrients, kcal, protein, carbs, fat per 100 g).
    static let foods: [String: (name: String, measures: Int, nutrients: Int, macros: Macros)] = [
        "01001": ("Butter, salted", 4, 68, Macros(kcal: 717, protein: 0.85, carbs: 0.06, fat: 81.11)),
        "01145": ("Butter, without salt", 4, 68, Macros(kcal: 717, protein: 0.85, carbs: 0.06, fat: 81.11)),
        "01048": ("Cheese spread, pasteurized process, American", 3, 64, Macros(kcal: 290, protein: 16.41, carbs: 8.73, fat: 21.23)),
        "01078": ("Milk, producer, fluid, 3.7% milkfat", 2, 53, Macros(kcal: 64, protein: 3.28, carbs: 4.65, fat: 3.66)),
        "01123": ("Egg, whole, raw, fresh", 6, 68, Macros(kcal: 143, protein: 12.56, carbs: 0.72, fat: 9.51)),
        "01197": ("KRAFT BREYERS Smooth & Creamy Lowfat Strawberry Yogurt (1% Milkfat)", 1, 19,
                  Macros(kcal: 102, protein: 3.8, carbs: 19.9, fat: 0.9)),
        "05062": ("Chicken, broilers or fryers, breast, meat only, raw", 2, 67, Macros(kcal: 114, protein: 21.23, carbs: 0, fat: 2.59)),
        "05327": ("Chicken breast tenders, uncooked", 2, 64, Macros(kcal: 263, protein: 14.73, carbs: 15.01, fat: 15.75)),
        "07052": ("Pastrami, turkey", 2, 63, Macros(kcal: 133, protein: 16.3, carbs: 1.79, fat: 6.21)),
        "09003": ("Apples, raw, with skin", 7, 69, Macros(kcal: 52, protein: 0.26, carbs: 13.81, fat: 0.17)),
        "15053": ("Fish, milkfish, raw", 1, 49, Macros(kcal: 148, protein: 20.53, carbs: 0, fat: 6.73)),
        "18069": ("Bread, white, commercially prepared (includes soft bread crumbs)", 10, 51,
                  Macros(kcal: 265, protein: 9.15, carbs: 49.06, fat: 3.19)),
        "21229": ("Fast foods, chicken, breaded and fried, boneless pieces, plain", 4, 67,
                  Macros(kcal: 297, protein: 15.59, carbs: 16.32, fat: 18.82)),
        "21425": ("KENTUCKY FRIED CHICKEN, Fried Chicken, ORIGINAL RECIPE, Breast, meat only, skin and breading removed", 2, 49,
                  Macros(kcal: 146, protein: 26.76, carbs: 0.17, fat: 4.3)),
    ]
    static let damaged = ["01002.xml"]
    static var totalMeasures: Int { foods.values.map(\.measures).reduce(0, +) }
    static var totalNutrients: Int { foods.values.map(\.nutrients).reduce(0, +) }
    /// The ids of the good foods.
    static var ids: [String] { foods.keys.sorted().map { "usda:" + $0 } }

    /// A scratch copy of the folder form, to change files in; removed by the caller.
    static func copyOfFolder() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("usda-fixture-\(UUID())")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: xmlFolder, toPath: copy.appendingPathComponent("usda_sr24").path)
        return copy
    }
}

/// Real SQLite repositories on an in-memory database with the use cases on top.
struct NutritionStore {
    private let database: Database
    let foods: SQLiteFoodRepository
    let diet: SQLiteDietRepository
    let weights: SQLiteWeightRepository
    let nutrition: NutritionUseCases
    let now = ISO8601.parseInstant("2026-11-30T21:00:00+09:00")!

    init() throws {
        database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database)
        foods = SQLiteFoodRepository(database: database, clock: FixedClock(now))
        diet = SQLiteDietRepository(database: database)
        weights = SQLiteWeightRepository(database: database)
        nutrition = NutritionUseCases(foods: foods, diet: diet, usda: USDAReader(), transactor: database, clock: FixedClock(now),
                                      timeZone: { _ in "Asia/Seoul" })
    }

    /// The store with the fixture jar imported.
    static func imported() throws -> NutritionStore {
        let store = try NutritionStore()
        _ = try store.nutrition.importUSDA(path: USDAFixture.jar)
        return store
    }

    var transactor: any Transactor { database }
    /// The few checks that look underneath the repositories (see `StorageChecks`).
    var storage: StorageChecks { StorageChecks(database: database) }

    /// Foods of every source, as the repository counts them.
    func foodCount() throws -> Int {
        try [Food.Source.usda, .korean, .custom].reduce(0) { $0 + (try foods.count(source: $1)) }
    }

    /// Measures and nutrients of these foods, as the repository reads them.
    func measureCount(_ ids: [String]) throws -> Int {
        try ids.reduce(0) { $0 + (try foods.food(id: $1, ownerID: "local")?.measures.count ?? 0) }
    }

    func nutrientCount(_ ids: [String]) throws -> Int {
        try ids.reduce(0) { $0 + (try foods.nutrients(foodID: $1).count) }
    }

    func ids(_ query: String, owner: String = "local", limit: Int = 20) throws -> [String] {
        try foods.search(query, ownerID: owner, limit: limit).map(\.id)
    }
}
