/// What PostgreSQL does its own way, appended to the translated migration of the same name.
extension PostgresMigrations {
    static let engineParts: [String: String] = [
        "0009_food_search": foodSearch,
        "0010_sync": "INSERT INTO sync_switch (recording) VALUES (1);\n" + PostgresSyncTriggers.all + PostgresSyncTriggers.existingHistory,
        "0012_insulin_status_index": insulinTallies,
        "0015_glucose_sync": PostgresSyncTriggers.triggers(for: SyncSchema.glucoseReadings)
            + PostgresSyncTriggers.history(of: SyncSchema.glucoseReadings),
        "0019_food_search_folded": foodSearchFolded,
        "0020_quest_reminder_switch": questReminderSwitch,
        "0024_bridge_cache": bridgeCache,
    ]

    /// FTS5's `foods_search` as a stored tsvector: the names weigh A, the Hangul endings and
    /// initials B (bm25's 1.0, 1.0, 0.5). `simple` keeps words as written, lowercased, as
    /// unicode61 does; a GIN index answers prefix queries (`milk:*`).
    static let foodSearch = """
        ALTER TABLE foods ADD COLUMN search tsvector GENERATED ALWAYS AS (
            setweight(to_tsvector('simple'::regconfig, coalesce(name, '') || ' ' || coalesce(name_en, '')), 'A')
            || setweight(to_tsvector('simple'::regconfig, coalesce(search_terms, '')), 'B')) STORED;
        CREATE INDEX foods_search ON foods USING GIN (search);

        """

    /// `insulin_dose_tallies` kept by one trigger function (SQLite: three triggers). A quarter is
    /// `floor(taken_at / 900000)`.
    static let insulinTallies = """
        -- SQLite's TOTAL (a float sum, 0 for no rows), so that the tallies' reads are one text on both engines.
        CREATE AGGREGATE total(double precision) (SFUNC = float8pl, STYPE = double precision, INITCOND = '0');
        INSERT INTO insulin_dose_tallies (owner_id, kind, quarter, count, units)
            SELECT owner_id, kind, floor(taken_at / 900000.0)::bigint, COUNT(*), coalesce(SUM(units), 0)
            FROM insulin_doses WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
        \(insulinTalliesKeep(create: "CREATE FUNCTION", checks: ""))CREATE TRIGGER insulin_dose_tallies_keep AFTER INSERT OR DELETE OR UPDATE OF owner_id, kind, units, taken_at, deleted_at
            ON insulin_doses FOR EACH ROW EXECUTE FUNCTION insulin_dose_tallies_keep();

        """

    /// The tallies' trigger function, as 0012 made it (`CREATE FUNCTION`, no checks) or made again
    /// with `checks` first (`pg_0005_checks_in_triggers`). No default: a later migration that
    /// makes it again must give the checks, or it drops them.
    static func insulinTalliesKeep(create: String, checks: String) -> String {
        """
        \(create) insulin_dose_tallies_keep() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN
        \(checks)    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
                UPDATE insulin_dose_tallies SET count = count - 1, units = units - OLD.units
                    WHERE owner_id = OLD.owner_id AND kind = OLD.kind AND quarter = floor(OLD.taken_at / 900000.0)::bigint;
                DELETE FROM insulin_dose_tallies
                    WHERE owner_id = OLD.owner_id AND kind = OLD.kind AND quarter = floor(OLD.taken_at / 900000.0)::bigint AND count <= 0;
            END IF;
            IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.deleted_at IS NULL THEN
                INSERT INTO insulin_dose_tallies (owner_id, kind, quarter, count, units)
                    VALUES (NEW.owner_id, NEW.kind, floor(NEW.taken_at / 900000.0)::bigint, 1, NEW.units)
                    ON CONFLICT (owner_id, kind, quarter)
                    DO UPDATE SET count = insulin_dose_tallies.count + 1, units = insulin_dose_tallies.units + excluded.units;
            END IF;
            RETURN NULL;
        END $fn$;

        """
    }
}
