import FoundationEssentials
import Core
import Domain

/// Foods in `foods` (+ measures, nutrients), searched through the FTS5 index `foods_search`
/// (names in both languages and Hangul terms; `foods_fts`, the name alone, is kept in step).
public struct SQLiteFoodRepository: FoodRepository, FoodTableRepository {
    let database: any SQLDatabase
    let clock: any Clock

    public init(database: any SQLDatabase, clock: any Clock) {
        self.database = database
        self.clock = clock
    }

    public func upsert(_ foods: [ImportedFood]) throws {
        let now = clock.now.sqlValue
        for food in foods {
            let id = "usda:" + food.uid
            let macros = food.per100g
            let heads = FoodRanking.heads(of: food.name)
            try database.execute(
                """
                INSERT INTO foods (id, owner_id, source, name, food_group, kcal, protein_g, carbs_g, fat_g, rank_penalty, head, head2,
                    search_folded, created_at, updated_at)
                VALUES (?, NULL, 'usda', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, food_group = excluded.food_group, kcal = excluded.kcal,
                    protein_g = excluded.protein_g, carbs_g = excluded.carbs_g, fat_g = excluded.fat_g,
                    rank_penalty = excluded.rank_penalty, head = excluded.head, head2 = excluded.head2,
                    search_folded = excluded.search_folded, updated_at = excluded.updated_at, deleted_at = NULL
                """,
                [.text(id), .text(food.name), food.uid.count == 5 ? .integer(Int64(food.uid.prefix(2)) ?? 0) : .null,
                 .real(macros.kcal), .real(macros.protein), .real(macros.carbs), .real(macros.fat),
                 .real(Self.rankPenalty(name: food.name, uid: food.uid)), .text(heads.head), heads.head2.sqlValue,
                 .text(FoodSearchText.names(food.name, nil)), now, now])
            try replaceMeasures(id, food.measures)
            try replaceNutrients(id, food.nutrients.map { FoodNutrient(name: $0.name, amount: $0.amount) })
        }
    }

    private func replaceMeasures(_ id: String, _ measures: [FoodMeasure]) throws {
        try database.execute("DELETE FROM food_measures WHERE food_id = ?", [.text(id)])
        for (position, measure) in measures.enumerated() {
            try database.execute("INSERT INTO food_measures (food_id, position, amount, name, grams) VALUES (?, ?, ?, ?, ?)",
                                 [.text(id), .integer(Int64(position)), .real(measure.amount), .text(measure.name), .real(measure.grams)])
        }
    }

    private func replaceNutrients(_ id: String, _ nutrients: [FoodNutrient]) throws {
        try database.execute("DELETE FROM food_nutrients WHERE food_id = ?", [.text(id)])
        for nutrient in nutrients {
            // SQLite's REPLACE moves a replaced nutrient to the end (its rowid order); PostgreSQL updates it in place.
            try database.execute(database.sql(
                sqlite: "INSERT OR REPLACE INTO food_nutrients (food_id, name, amount, unit) VALUES (?, ?, ?, ?)",
                postgres: "INSERT INTO food_nutrients (food_id, name, amount, unit) VALUES (?, ?, ?, ?) "
                    + "ON CONFLICT (food_id, name) DO UPDATE SET amount = excluded.amount, unit = excluded.unit"),
                                 [.text(id), .text(nutrient.name), .real(nutrient.amount), .text(nutrient.unit)])
        }
    }

    /// See `FoodRanking.penalty`: everyday staples and raw foods of the basic groups first,
    /// plainly cooked next, processed foods, product groups and brands after.
    static func rankPenalty(name: String, uid: String) -> Double { FoodRanking.penalty(name: name, uid: uid) }

    // MARK: - The shared tables

    public var indexVersion: String { FoodRanking.version }

    public func tableVersion(_ source: Food.Source) throws -> String? {
        try database.queryOne("SELECT version FROM food_tables WHERE source = ?", [.text(source.rawValue)])?.get("version")
    }

    public func recordTable(_ source: Food.Source, version: String, foods: Int) throws {
        try database.execute(
            """
            INSERT INTO food_tables (source, version, foods, loaded_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (source) DO UPDATE SET version = excluded.version, foods = excluded.foods, loaded_at = excluded.loaded_at
            """, [.text(source.rawValue), .text(version), .integer(Int64(foods)), clock.now.sqlValue])
    }

    public func upsertKorean(_ foods: [KoreanFood]) throws {
        let now = clock.now.sqlValue
        for food in foods {
            let macros = food.per100g
            let heads = FoodRanking.heads(of: food.nameEn)
            try database.execute(
                """
                INSERT INTO foods (id, owner_id, source, name, name_en, name_ko, search_terms, kcal, protein_g, carbs_g, fat_g,
                    rank_penalty, head, head2, heads_ko, search_folded, created_at, updated_at)
                VALUES (?, NULL, 'korean', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_en = excluded.name_en, name_ko = excluded.name_ko,
                    search_terms = excluded.search_terms, kcal = excluded.kcal, protein_g = excluded.protein_g,
                    carbs_g = excluded.carbs_g, fat_g = excluded.fat_g, rank_penalty = excluded.rank_penalty, head = excluded.head,
                    head2 = excluded.head2, heads_ko = excluded.heads_ko, search_folded = excluded.search_folded,
                    updated_at = excluded.updated_at, deleted_at = NULL
                """,
                [.text(food.id), .text(food.nameKo), .text(food.nameEn), .text(food.nameKo),
                 FoodRanking.searchTerms(otherNames: [], allNames: [food.nameKo]).sqlValue,
                 .real(macros.kcal), .real(macros.protein), .real(macros.carbs), .real(macros.fat),
                 .real(FoodRanking.koreanPenalty(nameKo: food.nameKo)),
                 .text(heads.head), FoodRanking.lastWord(FoodRanking.withoutParentheses(food.nameEn)).sqlValue,
                 FoodRanking.koreanHeads([food.nameKo]).sqlValue, .text(FoodSearchText.names(food.nameKo, food.nameEn)), now, now])
            try replaceMeasures(food.id, food.measures)
            try replaceNutrients(food.id, food.nutrients)
        }
        // A food the table no longer lists leaves the search (soft: a diet entry may point at it).
        let listed = Set(foods.map(\.id))
        for row in try database.query("SELECT id FROM foods WHERE source = 'korean' AND deleted_at IS NULL") {
            let id: String = try row.get("id")
            if !listed.contains(id) {
                try database.execute("UPDATE foods SET deleted_at = ?, updated_at = ? WHERE id = ?", [now, now, .text(id)])
            }
        }
    }

    public func applyKoreanNames(_ names: [String: [String]]) throws -> Int {
        try database.execute(
            "UPDATE foods SET name_ko = NULL, search_terms = NULL, heads_ko = NULL WHERE source = 'usda' AND name_ko IS NOT NULL")
        var applied = 0
        for (uid, list) in names.sorted(by: { $0.key < $1.key }) where !list.isEmpty {
            try database.execute(
                "UPDATE foods SET name_ko = ?, search_terms = ?, heads_ko = ? WHERE id = ? AND source = 'usda'",
                [.text(list[0]), FoodRanking.searchTerms(otherNames: list, allNames: list).sqlValue,
                 FoodRanking.koreanHeads(list).sqlValue, .text("usda:" + uid)])
            applied += database.changes > 0 ? 1 : 0
        }
        return applied
    }

    public func nutrientList(foodID: String) throws -> [FoodNutrient] {
        try database.query("SELECT name, amount, unit FROM food_nutrients WHERE food_id = ? ORDER BY rowid", [.text(foodID)]).map {
            FoodNutrient(name: try $0.get("name"), amount: try $0.get("amount"), unit: try $0.get("unit", as: String?.self))
        }
    }

    public func saveCustom(_ food: Food) throws {
        let now = clock.now.sqlValue
        let heads = FoodRanking.heads(of: food.name)
        let hasHangul = food.name.contains(where: FoodRanking.isHangulSyllable)
        try database.execute(
            """
            INSERT INTO foods (id, owner_id, source, name, kcal, protein_g, carbs_g, fat_g, head, head2, search_terms, heads_ko,
                search_folded, created_at, updated_at)
            VALUES (?, ?, 'custom', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [.text(food.id), food.ownerID.sqlValue, .text(food.name), .real(food.per100g.kcal), .real(food.per100g.protein),
             .real(food.per100g.carbs), .real(food.per100g.fat), .text(heads.head), heads.head2.sqlValue,
             FoodRanking.searchTerms(otherNames: [], allNames: [food.name]).sqlValue,
             (hasHangul ? FoodRanking.koreanHeads([food.name]) : nil).sqlValue, .text(FoodSearchText.names(food.name, nil)), now, now])
        try replaceMeasures(food.id, food.measures)
    }

    public func food(id: String, ownerID: String) throws -> Food? {
        guard let row = try database.queryOne(
            """
            SELECT f.*,
                EXISTS (SELECT 1 FROM food_favorites v WHERE v.owner_id = ?2 AND v.food_id = f.id AND v.deleted_at IS NULL) AS favorite
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
        // An id ("kr:kr0001", "usda:01001") finds its food, so that a diet log can name one.
        let trimmed = query.trimmed
        if Food.isID(trimmed), !trimmed.contains(" ") {
            return try food(id: trimmed, ownerID: ownerID).map { [$0] } ?? []
        }
        guard Self.matchExpression(query) != nil else { return [] }
        var arguments = Self.searchArguments(query, ownerID: ownerID, limit: limit)
        if database.dialect == .postgres { arguments[0] = .text(Self.postgresQuery(query) ?? "") }
        let rows = try database.query(database.sql(sqlite: Self.searchSQL, postgres: Self.postgresSearchSQL), arguments)
        return try rows.map { row in
            let packed: String? = try row.get("measures")
            return try decode(row, measures: Self.unpack(packed))
        }
    }

    /// Favourites (weight 2) and foods already logged (1) come first; then the score (see
    /// `searchSQL`): ?4 holds the query words' head forms, ?5 its last Hangul word.
    public static func searchArguments(_ query: String, ownerID: String, limit: Int) -> [SQLValue] {
        [.text(matchExpression(query) ?? ""), .text(ownerID), .integer(Int64(limit)), .text(FoodRanking.headForms(query)),
         .text(FoodRanking.koreanHead(query))]
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

    /// Every word must match as a prefix: `chick bre` → `"chick"* "bre"*`. A plural is searched
    /// by its stem, so that "eggs" finds "Egg, whole" and "berries" finds "Strawberry …".
    public static func matchExpression(_ query: String) -> String? {
        let words = query.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { stem($0.lowercased()) }
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0.replacing("\"", with: "\"\""))\"*" }.joined(separator: " ")
    }

    /// "eggs" → egg, "berries" → berr, "potatoes" → potato, "apples" → appl; "glass" stays.
    static func stem(_ word: String) -> String {
        guard word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), word.allSatisfy(\.isASCII) else { return word }
        let drop = word.hasSuffix("ies") ? 3 : (word.hasSuffix("es") ? 2 : 1)
        return word.count - drop >= 3 ? String(word.dropLast(drop)) : String(word.dropLast())
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
             measures: measures, isFavorite: (try row.get("favorite", as: Int?.self) ?? 0) != 0,
             nameKo: try row.get("name_ko", as: String?.self), nameEn: try row.get("name_en", as: String?.self))
    }
}
