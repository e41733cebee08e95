import Testing
import Core
import Data

/// What the schema refuses, on each engine alike, refused as `constraint_failed` on both: CHECK
/// constraints on SQLite; on PostgreSQL the same rules in the trigger functions those rows run
/// (`pg_0005_checks_in_triggers`), which PostgreSQL does not read again for every write.
@Suite("The schema's checks on each engine")
struct CheckConstraintEngineTests {
    static var engines: [String] { ScratchPostgres.isAvailable ? ["sqlite", "postgres"] : ["sqlite"] }

    static func database(_ engine: String) throws -> any SQLDatabase {
        if engine == "postgres" { return try ScratchPostgres.make() }
        let database = try Database(path: ":memory:")
        _ = try TendMigrations.migrator.migrate(database)
        return database
    }

    static func insertDose(_ database: any SQLDatabase, id: String, kind: String, units: Double) throws {
        try database.execute("INSERT INTO insulin_doses (id, owner_id, kind, units, taken_at, created_at, updated_at) VALUES (?, 'acct', ?, ?, 1, 1, 1)",
                             [.text(id), .text(kind), .real(units)])
    }

    static func refused(_ write: () throws -> Void) -> Bool {
        do {
            try write()
            return false
        } catch let error as AppError {
            return error.code == "constraint_failed"
        } catch {
            return false
        }
    }

    @Test("a dose's kind and units, and a change's operation: the same refused, the same kept", arguments: engines)
    func sameRules(engine: String) throws {
        let database = try Self.database(engine)
        try Self.insertDose(database, id: "d1", kind: "rapid", units: 1.5)
        try Self.insertDose(database, id: "d2", kind: "long", units: 100)
        #expect(Self.refused { try Self.insertDose(database, id: "d3", kind: "medium", units: 1) })
        #expect(Self.refused { try Self.insertDose(database, id: "d4", kind: "rapid", units: 0) })
        #expect(Self.refused { try Self.insertDose(database, id: "d5", kind: "rapid", units: 100.5) })
        #expect(Self.refused { try database.execute("UPDATE insulin_doses SET kind = 'medium' WHERE id = 'd1'") })
        #expect(Self.refused { try database.execute("UPDATE insulin_doses SET units = -2 WHERE id = 'd2'") })
        #expect(Self.refused { try database.execute("UPDATE insulin_doses SET units = 0, deleted_at = 5 WHERE id = 'd2'") })
        #expect(Self.refused { // a deleted dose is checked too
            try database.execute("INSERT INTO insulin_doses (id, owner_id, kind, units, taken_at, created_at, updated_at, deleted_at) VALUES ('d6', 'acct', 'slow', 1, 1, 1, 1, 1)")
        })
        try database.execute("UPDATE insulin_doses SET note = 'kept', units = 2.5 WHERE id = 'd1'")
        #expect(Self.refused {
            try database.execute("INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields) VALUES ('acct', 'foods', 'f1', 'upsert', '{}')")
        })
        #expect(Self.refused { // one received from a device, its clock set: not stamped, still checked
            try database.execute("""
                INSERT INTO sync_changes (change_id, owner_id, table_name, record_id, operation, fields, clock)
                VALUES ('c1', 'acct', 'foods', 'f2', 'merge', '{}', '1796284800000-0000-phone')
                """)
        })
        try database.execute("INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields) VALUES ('acct', 'foods', 'f1', 'delete', '{}')")

        let doses = try database.query("SELECT kind, units FROM insulin_doses ORDER BY id")
        #expect(doses.map(\.values) == [[.text("rapid"), .real(2.5)], [.text("long"), .real(100)]], "read back as on SQLite")
        #expect(try database.query("SELECT operation FROM sync_changes WHERE record_id = 'f1'").map(\.values) == [[.text("delete")]])
    }

    @Test("PostgreSQL: no CHECK constraint left on the rows a dose writes, and a refusal names the one it stands for",
          .enabled(if: ScratchPostgres.isAvailable))
    func postgresChecksInTriggers() throws {
        let database = try ScratchPostgres.make()
        let left = try database.query("""
            SELECT conname FROM pg_constraint WHERE contype = 'c' AND conrelid IN ('insulin_doses'::regclass, 'sync_changes'::regclass)
            """)
        #expect(left.isEmpty, "\(left)")
        #expect(throws: AppError.self) { try Self.insertDose(database, id: "d1", kind: "rapid", units: 0) }
        do {
            try Self.insertDose(database, id: "d1", kind: "rapid", units: 0)
        } catch let error as AppError {
            #expect(error.code == "constraint_failed")
            #expect(error.message.contains("violates check constraint \"insulin_doses_units_check\""), "\(error.message)")
        }
        #expect(try database.query("SELECT id FROM insulin_doses").isEmpty, "nothing half written")
    }

    @Test("PostgreSQL: a database at pg_0004 with doses in it takes pg_0005, keeps them, and goes on refusing the same",
          .enabled(if: ScratchPostgres.isAvailable))
    func postgresUpgradeKeepsRowsAndRules() throws {
        let (_, database) = try ScratchPostgres.empty(poolSize: 1)
        let all = PostgresMigrations.all
        let index = try #require(all.firstIndex { $0.name == "pg_0005_checks_in_triggers" })
        _ = try Migrator(Array(all[..<index])).migrate(database)
        try Self.insertDose(database, id: "before", kind: "rapid", units: 3)
        #expect(Self.refused { try Self.insertDose(database, id: "bad", kind: "medium", units: 1) }, "by the CHECK")

        #expect(try Migrator(all).migrate(database) == ["pg_0005_checks_in_triggers"])
        #expect(Self.refused { try Self.insertDose(database, id: "bad", kind: "medium", units: 1) }, "by the trigger")
        #expect(Self.refused { try database.execute("UPDATE insulin_doses SET units = 101 WHERE id = 'before'") })
        try Self.insertDose(database, id: "after", kind: "rapid", units: 2)
        #expect(try database.query("SELECT id FROM insulin_doses ORDER BY id").map(\.values) == [[.text("after")], [.text("before")]])
        let tally = try database.query("SELECT SUM(count) AS count, TOTAL(units) AS units FROM insulin_dose_tallies WHERE kind = 'rapid'")
        #expect(tally.first?.values == [.integer(2), .real(5)], "the tallies' function still keeps them")
    }
}
