/// Indexes and tallies added after their tables landed. Append only: a landed migration never
/// changes.
extension TendMigrations {
    /// The insulin status (`GET /v1/insulin/status`, `tend insulin status`) reads the newest dose
    /// of a kind and today's count and units of rapid doses, and must cost the same on a day of
    /// thousands of doses as on a quiet one:
    /// - `insulin_doses_status` (owner, kind, time, then id, the tie-break of "newest", over live
    ///   doses) finds the newest dose with one search;
    /// - `insulin_dose_tallies` holds the count and units of the live doses of each owner, kind
    ///   and quarter hour (UTC), kept by triggers on every insert, update and delete — sync's
    ///   writes included — so a day's tally adds up at most about a hundred rows.
    ///
    /// Not user data: derived, no sync, rebuilt from `insulin_doses` here. A quarter is
    /// `floor(taken_at / 900000)`, written so that times before 1970 fall in the right one.
    static let insulinStatusIndex = Migration("0012_insulin_status_index", """
            CREATE INDEX insulin_doses_status ON insulin_doses (owner_id, kind, taken_at, id) WHERE deleted_at IS NULL;
            CREATE TABLE insulin_dose_tallies (
                owner_id TEXT NOT NULL,
                kind TEXT NOT NULL,
                quarter INTEGER NOT NULL,
                count INTEGER NOT NULL,
                units REAL NOT NULL,
                PRIMARY KEY (owner_id, kind, quarter)
            ) WITHOUT ROWID;
            INSERT INTO insulin_dose_tallies (owner_id, kind, quarter, count, units)
                SELECT owner_id, kind, \(quarter("taken_at")), COUNT(*), TOTAL(units)
                FROM insulin_doses WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
            CREATE TRIGGER insulin_dose_tallies_insert AFTER INSERT ON insulin_doses WHEN new.deleted_at IS NULL BEGIN
                \(add("new"))
            END;
            CREATE TRIGGER insulin_dose_tallies_delete AFTER DELETE ON insulin_doses WHEN old.deleted_at IS NULL BEGIN
                \(remove("old"))
            END;
            CREATE TRIGGER insulin_dose_tallies_update AFTER UPDATE OF owner_id, kind, units, taken_at, deleted_at ON insulin_doses
            BEGIN
                \(remove("old", when: "old.deleted_at IS NULL"))
                \(add("new", when: "new.deleted_at IS NULL"))
            END;
            """)

    /// The quarter hour of a time in Unix ms, rounded down (SQLite's `/` truncates toward zero).
    private static func quarter(_ time: String) -> String {
        "((\(time) - ((\(time) % 900000) + 900000) % 900000) / 900000)"
    }

    private static func add(_ row: String, when condition: String = "1") -> String {
        """
        INSERT INTO insulin_dose_tallies (owner_id, kind, quarter, count, units)
                    SELECT \(row).owner_id, \(row).kind, \(quarter("\(row).taken_at")), 1, \(row).units WHERE \(condition)
                    ON CONFLICT (owner_id, kind, quarter) DO UPDATE SET count = count + 1, units = units + excluded.units;
        """
    }

    /// Takes a dose out of its quarter; the quarter's row goes with its last dose.
    private static func remove(_ row: String, when condition: String = "1") -> String {
        let key = "owner_id = \(row).owner_id AND kind = \(row).kind AND quarter = \(quarter("\(row).taken_at"))"
        return """
            UPDATE insulin_dose_tallies SET count = count - 1, units = units - \(row).units WHERE \(condition) AND \(key);
                    DELETE FROM insulin_dose_tallies WHERE \(condition) AND \(key) AND count <= 0;
            """
    }
}
