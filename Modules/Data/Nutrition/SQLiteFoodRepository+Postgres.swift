/// The food search on PostgreSQL: its own full-text search over the stored `foods.search`
/// vector (`0009_food_search`), with the FTS5 search's rules (`SQLiteFoodRepository.searchSQL`):
/// every word matches as a prefix (plurals by their stem), the names count twice as much as the
/// Hangul endings and initials, and the same boosts and penalties order the page. `ts_rank`
/// (higher is better, normalised by length as bm25 is) stands for bm25, scaled to its range.
extension SQLiteFoodRepository {
    public static let postgresSearchSQL = """
        WITH mine AS (
            SELECT food_id, 2 AS weight FROM food_favorites WHERE owner_id = ?2 AND deleted_at IS NULL
            UNION ALL
            SELECT DISTINCT food_id, 1 FROM diet_entries WHERE owner_id = ?2 AND deleted_at IS NULL AND food_id IS NOT NULL
        ), boost AS (SELECT food_id, MAX(weight) AS weight FROM mine GROUP BY food_id),
        page AS (
            SELECT f.id, f.owner_id, f.source, f.name, f.name_en, f.name_ko, f.kcal, f.protein_g, f.carbs_g, f.fat_g,
                   (b.weight = 2) AS favorite, coalesce(b.weight, 0) AS boost,
                   -10 * ts_rank('{0, 0, 0.5, 1}', f.search, to_tsquery('simple', ?1), 1) + f.rank_penalty
                   - CASE WHEN strpos(?4, '|' || f.head || '|') > 0 OR strpos(?4, '|' || coalesce(f.head2, '#') || '|') > 0
                          THEN 5 ELSE 0 END
                   - CASE WHEN ?5 = '' OR f.heads_ko IS NULL THEN 0
                          WHEN strpos(f.heads_ko, '|' || ?5 || '|') > 0 THEN 7
                          WHEN strpos(f.heads_ko, ?5 || '|') > 0 THEN 5 ELSE 0 END
                   - CASE WHEN f.source = 'usda' AND f.name_ko IS NOT NULL THEN 1 ELSE 0 END AS score
            FROM foods f
            LEFT JOIN boost b ON b.food_id = f.id
            WHERE f.search @@ to_tsquery('simple', ?1) AND (f.owner_id IS NULL OR f.owner_id = ?2) AND f.deleted_at IS NULL
            ORDER BY boost DESC, score, length(f.name)
            LIMIT ?3
        )
        SELECT page.*, (SELECT string_agg(m.amount || chr(31) || m.name || chr(31) || m.grams, chr(30) ORDER BY m.position)
                        FROM food_measures m WHERE m.food_id = page.id) AS measures
        FROM page ORDER BY boost DESC, score, length(name)
        """

    /// `chick bre` → `'chick':* & 'bre':*`. Words are letters and digits only, so nothing in
    /// them is tsquery syntax.
    static func postgresQuery(_ query: String) -> String? {
        let words = query.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { stem($0.lowercased()) }
        guard !words.isEmpty else { return nil }
        return words.map { "'\($0)':*" }.joined(separator: " & ")
    }
}
