/// The bridge as it was last counted, and the version of what it was counted from. Append
/// only: a landed migration never changes.
extension TendMigrations {
    /// The tables whose rows a bridge is counted from: the four kinds of marks, and the members
    /// (whose number the score is out of).
    static let bridgeSources = ["couple_moods", "couple_photos", "couple_care", "couple_calendar_checks", "couple_members"]

    /// `couples.marks_version` goes up with every row written to or deleted from a bridge's
    /// sources, whatever writes it (a use case, sync, an import, an erasure): a bridge remembered
    /// in `couple_bridges` with an older version is counted again. The home then reads one row
    /// instead of every mark of a streak.
    static let bridgeCache = Migration("0024_bridge_cache", """
            ALTER TABLE couples ADD COLUMN marks_version INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE couple_bridges (
                couple_id TEXT NOT NULL REFERENCES couples (id) ON DELETE CASCADE,
                day TEXT NOT NULL,
                version INTEGER NOT NULL,
                mood INTEGER NOT NULL,
                photo INTEGER NOT NULL,
                care INTEGER NOT NULL,
                calendar INTEGER NOT NULL,
                streak INTEGER NOT NULL,
                PRIMARY KEY (couple_id, day)
            ) WITHOUT ROWID;

            """ + bridgeSources.map(versionTriggers).joined())

    /// Three triggers a table (SQLite has no trigger for several events).
    static func versionTriggers(_ table: String) -> String {
        let bump = "UPDATE couples SET marks_version = marks_version + 1 WHERE id"
        return """
            CREATE TRIGGER \(table)_version_insert AFTER INSERT ON \(table) BEGIN \(bump) = NEW.couple_id; END;
            CREATE TRIGGER \(table)_version_update AFTER UPDATE ON \(table) BEGIN \(bump) IN (OLD.couple_id, NEW.couple_id); END;
            CREATE TRIGGER \(table)_version_delete AFTER DELETE ON \(table) BEGIN \(bump) = OLD.couple_id; END;

            """
    }
}

extension PostgresMigrations {
    /// The same on PostgreSQL: one function, one trigger a table (the table comes translated).
    static let bridgeCache = """
        CREATE FUNCTION couple_marks_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN
            IF TG_OP IN ('UPDATE', 'DELETE') THEN
                UPDATE couples SET marks_version = marks_version + 1 WHERE id = OLD.couple_id;
            END IF;
            IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.couple_id IS DISTINCT FROM OLD.couple_id) THEN
                UPDATE couples SET marks_version = marks_version + 1 WHERE id = NEW.couple_id;
            END IF;
            RETURN NULL;
        END $fn$;

        """ + TendMigrations.bridgeSources.map { table in
            "CREATE TRIGGER \(table)_version AFTER INSERT OR UPDATE OR DELETE ON \(table) FOR EACH ROW EXECUTE FUNCTION couple_marks_version();\n"
        }.joined()
}
