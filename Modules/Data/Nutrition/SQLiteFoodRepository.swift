import FoundationEssentials
import Core
import Domain

/// Foods in `foods` (+ measures, nutrients), searched through the FTS5 index `foods_fts`.
public struct SQLiteFoodRepository: FoodRepository {
    let database: Database
    let clock: any Clock

    public init(database: Database, clock: any Clock) {
        self.database = database
        self.clock = clock
    }

    public func upsert(_ foods: [ImportedFood]) throws {
        let now = clock.now.sqlValue
        for food in foods {
            let id = "usda:" + food.uid
            let macros = food.per100g
            try database.execute(
                """
                INSERT INTO foods (id, owner_id, source, name, food_group, kcal, protein_g, carbs_g, fat_g, rank_penalty, created_at, updated_at)
                VALUES (?, NULL, 'usda', ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, food_group = excluded.food_group, kcal = excluded.kcal,
                    protein_g = excluded.protein_g, carbs_g = excluded.carbs_g, fat_g = excluded.fat_g,
                    rank_penalty = excluded.rank_penalty, updated_at = excluded.updated_at, deleted_at = NULL
                """,
                [.text(id), .text(food.name), food.uid.count == 5 ? .integer(Int64(food.uid.prefix(2)) ?? 0) : .null,
                 .real(macros.kcal), .real(macros.protein), .real(macros.carbs), .real(macros.fat),
                 .real(Self.rankPenalty(name: food.name, uid: food.uid)), now, now])
            try database.execute("DELETE FROM food_measures WHERE food_id = ?", [.text(id)])
            for (position, measure) in food.measures.enumerated() {
                try database.execute("INSERT INTO food_measures (food_id, position, amount, name, grams) VALUES (?, ?, ?, ?, ?)",
                                     [.text(id), .integer(Int64(position)), .real(measure.amount), .text(measure.name), .real(measure.grams)])
            }
            try database.execute("DELETE FROM food_nutrients WHERE food_id = ?", [.text(id)])
            for nutrient in food.nutrients {
                try database.execute("INSERT OR REPLACE INTO food_nutrients (food_id, name, amount) VALUES (?, ?, ?)",
                                     [.text(id), .text(nutrient.name), .real(nutrient.amount)])
            }
        }
    }

    /// Plain whole foods first. Each food gets a class that is added (×3) to its bm25 score:
    /// 0 for a raw food of a basic USDA group (dairy and egg, spices, fats, poultry, fruits,
    /// pork, vegetables, nuts, beef, beverages, fish, legumes, lamb, grains), 1 for any other food
    /// of those groups, 2 for prepared, branded (a word in capitals) and composite groups (baby
    /// foods, soups, luncheon meats, cereals, baked goods, sweets, fast foods, meals, snacks,
    /// restaurant foods).
    static func rankPenalty(name: String, uid: String) -> Double {
        let basicGroups: Set<Int> = [1, 2, 4, 5, 9, 10, 11, 12, 13, 14, 15, 16, 17, 20]
        let group = uid.count == 5 ? Int(uid.prefix(2)) : nil
        let words = name.split(whereSeparator: { !$0.isLetter && $0 != "'" })
        let branded = words.contains { $0.count >= 3 && $0.allSatisfy(\.isUppercase) }
        guard let group, basicGroups.contains(group), !branded else { return 6 }
        let raw = words.contains { $0.lowercased() == "raw" }
        return raw ? 0 : 3
    }

    public func saveCustom(_ food: Food) throws {
        let now = clock.now.sqlValue
        try database.execute(
            """
            INSERT INTO foods (id, owner_id, source, name, kcal, protein_g, carbs_g, fat_g, created_at, updated_at)
            VALUES (?, ?, 'custom', ?, ?, ?, ?, ?, ?, ?)
            """,
            [.text(food.id), food.ownerID.sqlValue, .text(food.name), .real(food.per100g.kcal), .real(food.per100g.protein),
             .real(food.per100g.carbs), .real(food.per100g.fat), now, now])
        for (position, measure) in food.measures.enumerated() {
            try database.execute("INSERT INTO food_measures (food_id, position, amount, name, grams) VALUES (?, ?, ?, ?, ?)",
                                 [.text(food.id), .integer(Int64(position)), .real(measure.amount), .text(measure.name), .real(measure.grams)])
        }
    }

    public func food(id: String, ownerID: String) throws -> Food? {
        guard let row = try database.queryOne(
            """
            SELECT f.*, EXISTS (SELECT 1 FROM food_favorites v WHERE v.owner_id = ?2 AND v.food_id = f.id AND v.deleted_at IS NULL) AS favorite
            FROM foods f WHERE f.id = ?1 AND (f.owner_id IS NULL OR f.owner_id = ?2) AND f.deleted_at IS NULL
            """, [.text(id), .text(ownerID)]) else { return nil }
        return try decode(row, measures: try measures(of: [id])[id] ?? [])
    }

    public func nutrients(foodID: String) throws -> [(name: String, amount: Double)] {
        try database.query("SELECT name, amount FROM food_nutrients WHERE food_id = ? ORDER BY rowid", [.text(foodID)]).map {
            (try $0.get("name", as: String.self), try $0.get("amount", as: Double.self))
        }
    }

    public func search(_ query: String, ownerID: String, limit: Int) throws -> [Food] {
        guard let match = Self.matchExpression(query) else { return [] }
        let rows = try database.query(
            """
            SELECT f.*, (v.food_id IS NOT NULL) AS favorite,
                   (SELECT MAX(d.created_at) FROM diet_entries d WHERE d.owner_id = ?2 AND d.food_id = f.id AND d.deleted_at IS NULL) AS recent
            FROM foods_fts
            JOIN foods f ON f.rowid = foods_fts.rowid
            LEFT JOIN food_favorites v ON v.owner_id = ?2 AND v.food_id = f.id AND v.deleted_at IS NULL
            WHERE foods_fts MATCH ?1 AND (f.owner_id IS NULL OR f.owner_id = ?2) AND f.deleted_at IS NULL
            ORDER BY favorite DESC, (recent IS NOT NULL) DESC,
                bm25(foods_fts) + f.rank_penalty - 6 * (lower(f.name) GLOB ?4 OR lower(f.name) GLOB ?5 OR lower(f.name) = ?6),
                length(f.name)
            LIMIT ?3
            """,
            // A name that starts with the first word as a whole word ("Milk, …", "Apples, …") before a prefix match ("Milkfish").
            [.text(match), .text(ownerID), .integer(Int64(limit)), .text(Self.headPattern(query, plural: false)),
             .text(Self.headPattern(query, plural: true)), .text(Self.firstWord(query))])
        let ids: [String] = try rows.map { try $0.get("id") }
        let measures = try measures(of: ids)
        return try rows.map { try decode($0, measures: measures[try $0.get("id", as: String.self)] ?? []) }
    }

    static func firstWord(_ query: String) -> String {
        query.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).first.map { $0.lowercased() } ?? ""
    }

    /// `word[ ,]*` (or `words[ ,]*`) as a GLOB pattern; GLOB's special characters cannot occur in a word.
    static func headPattern(_ query: String, plural: Bool) -> String {
        firstWord(query) + (plural ? "s" : "") + "[ ,]*"
    }

    /// Every word must match as a prefix: `chick bre` → `"chick"* "bre"*`.
    static func matchExpression(_ query: String) -> String? {
        let words = query.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.lowercased() }
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0.replacing("\"", with: "\"\""))\"*" }.joined(separator: " ")
    }

    public func setFavorite(_ favorite: Bool, foodID: String, ownerID: String) throws {
        let now = clock.now
        if favorite {
            let existing = try database.queryOne(
                "SELECT id FROM food_favorites WHERE owner_id = ? AND food_id = ? AND deleted_at IS NULL", [.text(ownerID), .text(foodID)])
            guard existing == nil else { return }
            try database.execute(
                "INSERT INTO food_favorites (id, owner_id, food_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
                [.text(UUIDv7.makeString(at: now)), .text(ownerID), .text(foodID), now.sqlValue, now.sqlValue])
        } else {
            try database.execute(
                "UPDATE food_favorites SET deleted_at = ?, updated_at = ? WHERE owner_id = ? AND food_id = ? AND deleted_at IS NULL",
                [now.sqlValue, now.sqlValue, .text(ownerID), .text(foodID)])
        }
    }

    public func count(source: Food.Source) throws -> Int {
        try database.queryOne("SELECT COUNT(*) AS n FROM foods WHERE source = ? AND deleted_at IS NULL", [.text(source.rawValue)])?
            .get("n") ?? 0
    }

    private func measures(of ids: [String]) throws -> [String: [FoodMeasure]] {
        guard !ids.isEmpty else { return [:] }
        let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        var result: [String: [FoodMeasure]] = [:]
        for row in try database.query(
            "SELECT food_id, amount, name, grams FROM food_measures WHERE food_id IN (\(placeholders)) ORDER BY food_id, position",
            ids.map { .text($0) }) {
            result[try row.get("food_id"), default: []].append(
                FoodMeasure(amount: try row.get("amount"), name: try row.get("name"), grams: try row.get("grams")))
        }
        return result
    }

    private func decode(_ row: Row, measures: [FoodMeasure]) throws -> Food {
        Food(id: try row.get("id"), ownerID: try row.get("owner_id"), name: try row.get("name"),
             source: Food.Source(rawValue: try row.get("source")) ?? .usda,
             per100g: Macros(kcal: try row.get("kcal"), protein: try row.get("protein_g"), carbs: try row.get("carbs_g"),
                             fat: try row.get("fat_g")),
             measures: measures, isFavorite: (try row.get("favorite", as: Int.self)) != 0)
    }
}
