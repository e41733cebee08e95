import Testing
import Core
import Data

/// What the schema refuses, on each engine alike: the same CHECK constraints, refused as
/// `constraint_failed` on both.
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
        #expect(Self.refused {
            try database.execute("INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields) VALUES ('acct', 'foods', 'f1', 'upsert', '{}')")
        })
        try database.execute("INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields) VALUES ('acct', 'foods', 'f1', 'delete', '{}')")

        let doses = try database.query("SELECT kind, units FROM insulin_doses ORDER BY id")
        #expect(doses.map(\.values) == [[.text("rapid"), .real(1.5)], [.text("long"), .real(100)]], "read back as on SQLite")
        #expect(try database.query("SELECT operation FROM sync_changes WHERE record_id = 'f1'").map(\.values) == [[.text("delete")]])
    }
}
