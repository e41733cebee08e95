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
                INSERT INTO foods (id, owner_id, source, name, food_group, kcal, protein_g, carbs_g, fat_g, rank_penalty, head,
                    created_at, updated_at)
                VALUES (?, NULL, 'usda', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, food_group = excluded.food_group, kcal = excluded.kcal,
                    protein_g = excluded.protein_g, carbs_g = excluded.carbs_g, fat_g = excluded.fat_g,
                    rank_penalty = excluded.rank_penalty, head = excluded.head, updated_at = excluded.updated_at, deleted_at = NULL
                """,
                [.text(id), .text(food.name), food.uid.count == 5 ? .integer(Int64(food.uid.prefix(2)) ?? 0) : .null,
                 .real(macros.kcal), .real(macros.protein), .real(macros.carbs), .real(macros.fat),
                 .real(Self.rankPenalty(name: food.name, uid: food.uid)), .text(Self.firstWord(food.name)), now, now])
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
            INSERT INTO foods (id, owner_id, source, name, kcal, protein_g, carbs_g, fat_g, head, created_at, updated_at)
            VALUES (?, ?, 'custom', ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [.text(food.id), food.ownerID.sqlValue, .text(food.name), .real(food.per100g.kcal), .real(food.per100g.protein),
             .real(food.per100g.carbs), .real(food.per100g.fat), .text(Self.firstWord(food.name)), now, now])
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
        guard Self.matchExpression(query) != nil else { return [] }
        let rows = try database.query(Self.searchSQL, Self.searchArguments(query, ownerID: ownerID, limit: limit))
        return try rows.map { row in
            let packed: String? = try row.get("measures")
            return try decode(row, measures: Self.unpack(packed))
        }
    }

    /// One statement: the ranked page first, then each row's measures (only for that page).
    public static let searchSQL = """
        WITH mine AS (
            SELECT food_id, 2 AS weight FROM food_favorites WHERE owner_id = ?2 AND deleted_at IS NULL
            UNION ALL
            SELECT DISTINCT food_id, 1 FROM diet_entries WHERE owner_id = ?2 AND deleted_at IS NULL AND food_id IS NOT NULL
        ), boost AS (SELECT food_id, MAX(weight) AS weight FROM mine GROUP BY food_id),
        page AS (
            SELECT f.id, f.owner_id, f.source, f.name, f.kcal, f.protein_g, f.carbs_g, f.fat_g, (b.weight = 2) AS favorite,
                   coalesce(b.weight, 0) AS boost,
                   bm25(foods_fts) + f.rank_penalty - 6 * (f.head IN (?4, ?5)) AS score
            FROM foods_fts
            JOIN foods f ON f.rowid = foods_fts.rowid
            LEFT JOIN boost b ON b.food_id = f.id
            WHERE foods_fts MATCH ?1 AND (f.owner_id IS NULL OR f.owner_id = ?2) AND f.deleted_at IS NULL
            ORDER BY boost DESC, score, length(f.name)
            LIMIT ?3
        )
        SELECT page.*, (SELECT group_concat(m.amount || char(31) || m.name || char(31) || m.grams, char(30))
                        FROM (SELECT amount, name, grams FROM food_measures WHERE food_id = page.id ORDER BY position) m) AS measures
        FROM page ORDER BY boost DESC, score, length(name)
        """

    /// Favourites (weight 2) and foods already logged (1) come first; then the score: bm25, the
    /// food's class, and a bonus for a name that starts with the first word as a whole word
    /// ("Milk, …", "Apples, …") over a prefix match ("Milkfish").
    public static func searchArguments(_ query: String, ownerID: String, limit: Int) -> [SQLValue] {
        let head = firstWord(query)
        return [.text(matchExpression(query) ?? ""), .text(ownerID), .integer(Int64(limit)), .text(head), .text(head + "s")]
    }

    /// Measures packed by `group_concat`: records split by U+001E, fields by U+001F.
    static func unpack(_ packed: String?) -> [FoodMeasure] {
        guard let packed, !packed.isEmpty else { return [] }
        return packed.split(separator: "\u{1E}").compactMap { record in
            let fields = record.split(separator: "\u{1F}", omittingEmptySubsequences: false)
            guard fields.count == 3, let amount = Double(fields[0]), let grams = Double(fields[2]) else { return nil }
            return FoodMeasure(amount: amount, name: String(fields[1]), grams: grams)
        }
    }

    /// The first word, lowercased: a food's `head` ("Milk, …" → milk), or a query's.
    static func firstWord(_ query: String) -> String {
        query.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).first.map { $0.lowercased() } ?? ""
    }

    /// Every word must match as a prefix: `chick bre` → `"chick"* "bre"*`.
    public static func matchExpression(_ query: String) -> String? {
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
             measures: measures, isFavorite: (try row.get("favorite", as: Int?.self) ?? 0) != 0)
    }
}
