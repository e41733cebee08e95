/// The CHECK constraints of a dose's kind and units and of a change's operation, checked by the
/// trigger functions those rows already run instead (`pg_0005_checks_in_triggers`).
///
/// PostgreSQL reads a table's CHECK constraints back from their stored text for every statement
/// that writes the table: a dose POST paid it for `insulin_doses` and for the change its trigger
/// records in `sync_changes`, about a tenth of the backend's work a dose (callgrind, 92,000 of
/// 757,000 instructions a dose's transaction). A check in a trigger function is compiled once a
/// connection. The result types stay as they are, so an older server in a rolling upgrade keeps
/// its prepared statements (domains would have changed them). The errors are the constraints'
/// own: `check_violation` naming the table and the constraint, `constraint_failed` to a client.
/// SQLite keeps its CHECK constraints.
///
/// Two differences, neither reached by Tend's writes: a change's operation is checked as it is
/// recorded, not on UPDATE (nothing updates it: folding sets `folded` and `basis`); and a row
/// that `ON CONFLICT DO NOTHING` skips is no longer checked first (nothing is written).
///
/// The ALTERs wait for every transaction reading those tables, and every server's reads and
/// writes queue behind them: `lock_timeout` ends a wait on a long reader (a `pg_dump`) after 10 s
/// with the migration undone and the server not started (`database_busy`), instead of stalling
/// every server. `IF EXISTS`: a development database may have run the reverted
/// `pg_0005_checks_as_domains`, which took two of them away.
extension PostgresMigrations {
    static let checksInTriggers = """
        SET LOCAL lock_timeout = '10s';
        ALTER TABLE insulin_doses DROP CONSTRAINT IF EXISTS insulin_doses_kind_check,
            DROP CONSTRAINT IF EXISTS insulin_doses_units_check;
        ALTER TABLE sync_changes DROP CONSTRAINT IF EXISTS sync_changes_operation_check;

        """
        // Every insert, and every update of the kind or the units, fires the tallies' trigger.
        + insulinTalliesKeep(create: "CREATE OR REPLACE FUNCTION", checks: """
            IF TG_OP <> 'DELETE' AND NOT (NEW.kind IN ('long', 'rapid')) THEN
                    \(violation("insulin_doses", "insulin_doses_kind_check"))
                END IF;
                IF TG_OP <> 'DELETE' AND NOT (NEW.units > 0 AND NEW.units <= 100) THEN
                    \(violation("insulin_doses", "insulin_doses_units_check"))
                END IF;

            """)
        // Every change recorded runs the stamp first, one received from a device included.
        + PostgresSyncTriggers.stampFunction(create: "CREATE OR REPLACE FUNCTION", checks: """
            IF NOT (NEW.operation IN ('insert', 'update', 'delete')) THEN
                    \(violation("sync_changes", "sync_changes_operation_check"))
                END IF;

            """)

    /// The error PostgreSQL raises for a failed CHECK constraint (NOT of NULL is NULL: a NULL
    /// passes, as it passes a CHECK).
    private static func violation(_ table: String, _ constraint: String) -> String {
        "RAISE check_violation USING MESSAGE = 'new row for relation \"\(table)\" violates check constraint \"\(constraint)\"', "
            + "TABLE = '\(table)', CONSTRAINT = '\(constraint)';"
    }
}
