/// The Korean table and the search that finds foods as people name them. Append only: a
/// landed migration never changes.
extension TendMigrations {
    /// Names in two languages, Hangul found inside words and by initial consonants, heads for
    /// ranking, nutrient units, and the versions of the shared tables in place.
    static let foodSearch = Migration("0009_food_search", """
            ALTER TABLE foods ADD COLUMN name_en TEXT;
            ALTER TABLE foods ADD COLUMN name_ko TEXT;
            ALTER TABLE foods ADD COLUMN search_terms TEXT;
            ALTER TABLE foods ADD COLUMN head2 TEXT;
            ALTER TABLE foods ADD COLUMN heads_ko TEXT;
            ALTER TABLE food_nutrients ADD COLUMN unit TEXT;
            CREATE TABLE food_tables (
                source TEXT PRIMARY KEY NOT NULL,
                version TEXT NOT NULL,
                foods INTEGER NOT NULL,
                loaded_at INTEGER NOT NULL
            );
            CREATE VIRTUAL TABLE foods_search USING fts5(name, name_en, search_terms, content = 'foods', content_rowid = 'rowid',
                tokenize = 'unicode61 remove_diacritics 2');
            CREATE TRIGGER foods_search_insert AFTER INSERT ON foods BEGIN
                INSERT INTO foods_search (rowid, name, name_en, search_terms) VALUES (new.rowid, new.name, new.name_en, new.search_terms);
            END;
            CREATE TRIGGER foods_search_delete AFTER DELETE ON foods BEGIN
                INSERT INTO foods_search (foods_search, rowid, name, name_en, search_terms)
                    VALUES ('delete', old.rowid, old.name, old.name_en, old.search_terms);
            END;
            CREATE TRIGGER foods_search_update AFTER UPDATE OF name, name_en, search_terms ON foods BEGIN
                INSERT INTO foods_search (foods_search, rowid, name, name_en, search_terms)
                    VALUES ('delete', old.rowid, old.name, old.name_en, old.search_terms);
                INSERT INTO foods_search (rowid, name, name_en, search_terms) VALUES (new.rowid, new.name, new.name_en, new.search_terms);
            END;
            INSERT INTO foods_search (foods_search) VALUES ('rebuild');
            """)
}
