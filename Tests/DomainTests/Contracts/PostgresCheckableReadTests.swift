import Testing
@testable import PostgreSQL

/// Which statements a write may run before its lock and check under it (`PostgresSQL.isCheckableRead`).
@Suite("A read before the write lock")
struct PostgresCheckableReadTests {
    @Test("a SELECT in any case, after any blank, is one")
    func selects() {
        #expect(PostgresSQL.isCheckableRead("SELECT * FROM insulin_settings WHERE owner_id = ?"))
        #expect(PostgresSQL.isCheckableRead(" \n\tselect 1"))
        #expect(PostgresSQL.isCheckableRead("SeLeCt id FROM doses"))
    }

    @Test("a write, or anything but a SELECT, is not")
    func notSelects() {
        for sql in ["INSERT INTO t VALUES (1)", "UPDATE t SET a = 1", "WITH x AS (SELECT 1) SELECT * FROM x", "SELEC", "", "  "] {
            #expect(!PostgresSQL.isCheckableRead(sql), "\(sql)")
        }
    }

    @Test("a SELECT that calls a function that changes something is not, whatever its case or place")
    func changingFunctions() {
        for sql in ["SELECT nextval('s')", "SELECT 1, NEXTVAL('s')", "select setval('s', 3)",
                    "SELECT set_config('tend.x', '1', true)", "SELECT Set_Config('a', 'b', false)",
                    "SELECT pg_notify('c', 'x')", "SELECT pg_advisory_xact_lock(1)", "SELECT PG_TRY_ADVISORY_LOCK(1)",
                    "SELECT a FROM t WHERE b = 'é' AND pg_advisory_unlock_all() IS NULL"] {
            #expect(!PostgresSQL.isCheckableRead(sql), "\(sql)")
        }
        // Names that only begin alike are reads.
        #expect(PostgresSQL.isCheckableRead("SELECT next_value, set_configured FROM é_table WHERE note = 'nextval'"))
    }

    @Test("its wrappings, kept once a text, are the same as made afresh")
    func wrappings() {
        let sql = "SELECT * FROM insulin_settings WHERE owner_id = ? -- the settings\n"
        let first = PostgresSQL.wrapped(sql), again = PostgresSQL.wrapped(String(sql.reversed().reversed()))
        #expect(first.withRowText == PostgresSQL.withRowText(sql))
        #expect(first.unchanged == PostgresSQL.unchanged(sql))
        #expect(again.withRowText == first.withRowText && again.unchanged == first.unchanged)
    }
}
