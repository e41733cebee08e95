import Core

/// The food search, one statement per engine built from one set of rules: the same boost
/// (favourites, then foods already logged), the same adjustments to the text rank, the same
/// order and page. Only what the engines name differently is theirs: the full-text match and its
/// rank (FTS5's bm25 over `foods_search`; PostgreSQL's `ts_rank` over the stored `foods.search`,
/// 0009 and 0019), `instr`/`strpos`, and how a row's measures are packed.
extension SQLiteFoodRepository {
    /// One statement: the ranked page first, then each row's measures (only for that page).
    /// The score (lower first) adds, to the text rank over the names (the Korean and English names
    /// count as much as the name, the Hangul endings and initials half as much):
    /// - the food's static rank (`FoodRanking.penalty`: everyday, raw or plainly cooked,
    ///   processed, product group, brand);
    /// - −5 when a word of the query, singular or plural, is the food's head ("Milk, whole" for
    ///   "whole milk", "Fish, salmon, …" for "salmon"), not a word further on ("Cheese, ricotta,
    ///   whole milk");
    /// - for a Hangul query, −7 when its last word is one of the food's Korean names (우유) and
    ///   −5 when it ends one (배추김치 for 김치: a kind of kimchi, before 김치찌개, a stew);
    /// - −1 for a USDA food with a Korean name (the names file lists everyday staples).
    public static let searchSQL = searchStatement(
        textRank: "bm25(foods_search, 1.0, 1.0, 0.5)",
        from: "foods_search JOIN foods f ON f.rowid = foods_search.rowid",
        match: "foods_search MATCH ?1",
        position: { text, part in "instr(\(text), \(part))" },
        measures: """
            (SELECT group_concat(m.amount || char(31) || m.name || char(31) || m.grams, char(30))
                FROM (SELECT amount, name, grams FROM food_measures WHERE food_id = page.id ORDER BY position) m)
            """)

    /// PostgreSQL's own full-text search (`simple`: words as written, lowercased) over the folded
    /// names (weight A) and the Hangul terms (B), bm25's 1, 1, 0.5; `ts_rank` (higher is better,
    /// normalised by length as bm25 is) stands for bm25, scaled to its range. ?1 is
    /// `postgresQuery`'s tsquery.
    public static let postgresSearchSQL = searchStatement(
        textRank: "-10 * ts_rank('{0, 0, 0.5, 1}', f.search, to_tsquery('simple', ?1), 1)",
        from: "foods f",
        match: "f.search @@ to_tsquery('simple', ?1)",
        position: { text, part in "strpos(\(text), \(part))" },
        measures: """
            (SELECT string_agg(m.amount || chr(31) || m.name || chr(31) || m.grams, chr(30) ORDER BY m.position)
                FROM food_measures m WHERE m.food_id = page.id)
            """)

    /// Favourites (weight 2) and foods the owner (?2) logged (1), one row per food.
    static let boostCTE = """
        WITH mine AS (
            SELECT food_id, 2 AS weight FROM food_favorites WHERE owner_id = ?2 AND deleted_at IS NULL
            UNION ALL
            SELECT DISTINCT food_id, 1 FROM diet_entries WHERE owner_id = ?2 AND deleted_at IS NULL AND food_id IS NOT NULL
        ), boost AS (SELECT food_id, MAX(weight) AS weight FROM mine GROUP BY food_id)
        """

    /// What the score adds to the text rank (see `searchSQL`): ?4 holds the query words' head
    /// forms, ?5 its last Hangul word. `position(text, part)` is the engine's 1-based search.
    static func rankAdjustments(position: (String, String) -> String) -> String {
        """
        + f.rank_penalty
                   - CASE WHEN \(position("?4", "'|' || f.head || '|'")) > 0
                               OR \(position("?4", "'|' || coalesce(f.head2, '#') || '|'")) > 0 THEN 5 ELSE 0 END
                   - CASE WHEN ?5 = '' OR f.heads_ko IS NULL THEN 0
                          WHEN \(position("f.heads_ko", "'|' || ?5 || '|'")) > 0 THEN 7
                          WHEN \(position("f.heads_ko", "?5 || '|'")) > 0 THEN 5 ELSE 0 END
                   - CASE WHEN f.source = 'usda' AND f.name_ko IS NOT NULL THEN 1 ELSE 0 END
        """
    }

    static func searchStatement(textRank: String, from: String, match: String, position: (String, String) -> String,
                                measures: String) -> String {
        """
        \(boostCTE),
        page AS (
            SELECT f.id, f.owner_id, f.source, f.name, f.name_en, f.name_ko, f.kcal, f.protein_g, f.carbs_g, f.fat_g,
                   (b.weight = 2) AS favorite, coalesce(b.weight, 0) AS boost,
                   \(textRank) \(rankAdjustments(position: position)) AS score
            FROM \(from)
            LEFT JOIN boost b ON b.food_id = f.id
            WHERE \(match) AND (f.owner_id IS NULL OR f.owner_id = ?2) AND f.deleted_at IS NULL
            ORDER BY boost DESC, score, length(f.name)
            LIMIT ?3
        )
        SELECT page.*, \(measures) AS measures
        FROM page ORDER BY boost DESC, score, length(name)
        """
    }

    /// `chick bre` → `'chick':* & 'bre':*`, diacritics folded as in `foods.search_folded`
    /// ("crème" → `'creme':*`). Words are letters and digits only, so nothing in them is
    /// tsquery syntax.
    static func postgresQuery(_ query: String) -> String? {
        let words = FoodSearchText.folded(query).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { stem($0.lowercased()) }
        guard !words.isEmpty else { return nil }
        return words.map { "'\($0)':*" }.joined(separator: " & ")
    }
}
