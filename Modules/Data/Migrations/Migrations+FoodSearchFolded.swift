/// The food search folds diacritics on both engines. Append only: a landed migration never changes.
extension TendMigrations {
    /// `foods.search_folded` (`FoodSearchText`): the names with Latin diacritics folded, written
    /// in Swift with every food from now on, and filled here for the foods already stored, with
    /// the same letters, in SQL both engines run alike. SQLite's FTS5 folds on its own
    /// (`remove_diacritics 2`); PostgreSQL's search reads this column (`PostgresMigrations+Engine`).
    ///
    /// One UPDATE per twenty letters: SQLite's parser refuses much deeper nesting of `replace()`,
    /// and each statement touches only the rows holding one of its letters. Names typed
    /// decomposed (a letter, then a combining mark) are folded by `FoodSearchText` when next
    /// written, not here: a lone combining mark cannot stand in this SQL's quotes.
    static let foodSearchFolded = Migration("0019_food_search_folded",
        """
        ALTER TABLE foods ADD COLUMN search_folded TEXT;
        UPDATE foods SET search_folded = CASE WHEN name_en IS NULL THEN name ELSE name || ' ' || name_en END;

        """ + foldingStatements(FoodSearchText.pairs))

    static func foldingStatements(_ pairs: [(letter: String, base: String)]) -> String {
        stride(from: 0, to: pairs.count, by: 20).map { start in
            let chunk = pairs[start..<min(start + 20, pairs.count)]
            let value = chunk.reduce("search_folded") { "replace(\($0), '\($1.letter)', '\($1.base)')" }
            let holding = chunk.map { "search_folded LIKE '%\($0.letter)%'" }.joined(separator: " OR ")
            return "UPDATE foods SET search_folded = \(value) WHERE \(holding);\n"
        }.joined()
    }
}

extension PostgresMigrations {
    /// `foods.search` (0009) read again from the folded names, so that the tsvector holds
    /// "creme" for "Crème" and the query (folded the same way) finds it. A row written without
    /// them (by a server not yet upgraded, during a rolling upgrade) is searched by its names as
    /// before. Runs after the fill above, so the new column is computed from the folded text.
    static let foodSearchFolded = """
        DROP INDEX foods_search;
        ALTER TABLE foods DROP COLUMN search;
        ALTER TABLE foods ADD COLUMN search tsvector GENERATED ALWAYS AS (
            setweight(to_tsvector('simple'::regconfig,
                coalesce(search_folded, coalesce(name, '') || ' ' || coalesce(name_en, ''))), 'A')
            || setweight(to_tsvector('simple'::regconfig, coalesce(search_terms, '')), 'B')) STORED;
        CREATE INDEX foods_search ON foods USING GIN (search);

        """
}
