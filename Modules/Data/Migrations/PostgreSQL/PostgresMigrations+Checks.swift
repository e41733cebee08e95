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
extension PostgresMigrations {
    static let checksInTriggers = """
        ALTER TABLE insulin_doses DROP CONSTRAINT insulin_doses_kind_check, DROP CONSTRAINT insulin_doses_units_check;
        ALTER TABLE sync_changes DROP CONSTRAINT sync_changes_operation_check;

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
