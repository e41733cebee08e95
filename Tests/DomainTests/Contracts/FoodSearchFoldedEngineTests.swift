import Core
import Data
import Domain
import Foundation
import PostgreSQL
import Testing

/// `0019_food_search_folded` on each engine: foods stored before it are found without their
/// accents afterwards, with the text a food written now gets (so both engines, and SQLite's FTS5
/// and PostgreSQL's search, agree on what "creme" finds).
@Suite("Folded food names on each engine")
struct FoodSearchFoldedEngineTests {
    static var engines: [String] { ScratchPostgres.isAvailable ? ["sqlite", "postgres"] : ["sqlite"] }
    static let folded = "0019_food_search_folded"

    /// A database migrated up to the one before 0019, and the migrator that completes it.
    static func before(_ engine: String) throws -> (database: any SQLDatabase, rest: Migrator) {
        let all = engine == "postgres" ? PostgresMigrations.all : TendMigrations.all
        let earlier = Migrator(Array(all.prefix { $0.name != folded }))
        let database: any SQLDatabase = engine == "postgres" ? try ScratchPostgres.empty().database : try Database(path: ":memory:")
        try earlier.migrate(database)
        return (database, Migrator(all))
    }

    @Test("the foods already stored are folded by the migration as a food written now is, and found by either spelling",
          arguments: engines)
    func storedFoodsAreFolded(engine: String) throws {
        let (database, rest) = try Self.before(engine)
        let names: [(id: String, owner: String?, name: String, nameEn: String?)] = [
            ("custom:1", "ana", "Crème brûlée", nil),
            ("custom:2", "ana", "Phở bò tái", nil),
            ("custom:3", "ana", "ÉCLAIR AU CAFÉ, Ñoquis", nil),
            ("kr:kr0001", nil, "된장찌개", "Soybean paste stew"),
            ("usda:01001", nil, "Butter, salted", nil),
        ]
        for food in names {
            try database.execute(
                """
                INSERT INTO foods (id, owner_id, source, name, name_en, kcal, protein_g, carbs_g, fat_g, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, 100, 1, 2, 3, 0, 0)
                """, [.text(food.id), food.owner.map { .text($0) } ?? .null, .text(food.owner == nil ? "usda" : "custom"),
                      .text(food.name), food.nameEn.map { .text($0) } ?? .null])
        }
        // 0019 and whatever came after it (later migrations, PostgreSQL's own).
        #expect(try rest.migrate(database) == Array(rest.migrations.map(\.name).drop { $0 != Self.folded }))

        let stored = try Dictionary(uniqueKeysWithValues: database.query("SELECT id, search_folded FROM foods").map {
            (try $0.get("id", as: String.self), try $0.get("search_folded", as: String.self))
        })
        #expect(stored == ["custom:1": "Creme brulee", "custom:2": "Pho bo tai", "custom:3": "ECLAIR AU CAFE, Noquis",
                           "kr:kr0001": "된장찌개 Soybean paste stew", "usda:01001": "Butter, salted"])

        // The same text a food saved now gets.
        let foods = SQLiteFoodRepository(database: database, clock: FixedClock(Contract.t0))
        try foods.saveCustom(Food(id: "custom:4", ownerID: "ana", name: "Phở bò tái", source: .custom, per100g: .zero, measures: []))
        #expect(try database.queryOne("SELECT search_folded FROM foods WHERE id = 'custom:4'")?.get("search_folded", as: String.self)
                == stored["custom:2"])
        func found(_ query: String) throws -> Set<String> { Set(try foods.search(query, ownerID: "ana", limit: 10).map(\.id)) }
        #expect(try found("creme brul") == ["custom:1"])
        #expect(try found("pho bo") == ["custom:2", "custom:4"])
        #expect(try found("phở") == ["custom:2", "custom:4"])
        #expect(try found("eclair noquis") == ["custom:3"])
        #expect(try found("된장") == ["kr:kr0001"])
        #expect(try found("soybean") == ["kr:kr0001"])
    }
}
