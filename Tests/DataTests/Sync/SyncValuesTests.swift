import Foundation
import Testing
import Core
import Domain
@testable import Data

@Suite struct SyncValuesTests {
    @Test func theTopLevelKeysOfAChangeAreReadWithoutItsValues() {
        #expect(SyncValues.topLevelKeys(json: #"{"kind":"long","units":20.0,"note":null}"#) == ["kind", "units", "note"])
        // Values that hold braces, commas, quotes and arrays do not confuse it.
        #expect(SyncValues.topLevelKeys(json: #"{"note":"a, \"b\": {c}","sets":"[{\"reps\":5},{\"reps\":3}]","x":[1,{"y":2}]}"#)
                == ["note", "sets", "x"])
        #expect(SyncValues.topLevelKeys(json: #"{"caf\u00e9":1}"#) == ["café"])
        #expect(SyncValues.topLevelKeys(json: "{}").isEmpty)
        #expect(SyncValues.topLevelKeys(json: "not json").isEmpty)
    }

    @Test func valuesFollowTheirColumnsType() throws {
        let real = SyncTable.Column(name: "units", type: .real, required: true)
        #expect(try SyncValues.sqlValue(.int(5), column: real) == .real(5))
        #expect(SyncValues.syncValue(.integer(5), type: .real) == .double(5))
        let blob = SyncTable.Column(name: "track", type: .blob, required: false)
        let bytes = Data([0, 1, 0xAB, 0xFF])
        #expect(try SyncValues.sqlValue(SyncValues.syncValue(.blob(bytes), type: .blob), column: blob) == .blob(bytes))
        #expect(throws: AppError.self) { try SyncValues.sqlValue(.string("zz"), column: blob) }
        #expect(throws: AppError.self) { try SyncValues.sqlValue(.null, column: real) }
        #expect(throws: AppError.self) { try SyncValues.sqlValue(.string("5"), column: real) }
    }
}

@Suite struct SyncMigrationTests {
    /// `0010_sync` is generated from `SyncSchema`: once landed it may never change, or a fresh
    /// database would get other triggers than the ones every existing file has. A change to a
    /// synced table's columns freezes 0010's SQL as text first (see `SyncSchema`).
    @Test func theLandedSyncMigrationNeverChanges() {
        #expect(String(StableHash.fnv1a(TendMigrations.sync.sql), radix: 16) == "c3e3bec6c70f1910", "0010_sync changed; freeze it as text before changing SyncSchema")
    }

    @Test func everyChangeOfASyncedTableIsRecordedOnceAndNotWhileApplying() throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database)
        func count() throws -> Int64 { try database.queryOne("SELECT count(*) AS n FROM sync_changes")!.get("n") }
        try database.execute("""
            INSERT INTO insulin_doses (id, owner_id, kind, units, taken_at, note, created_at, updated_at)
            VALUES ('d1', 'local', 'long', 20, 1, NULL, 1, 1)
            """)
        #expect(try count() == 1)
        // An update that changes nothing records nothing; one that changes a field records that field.
        try database.execute("UPDATE insulin_doses SET units = 20 WHERE id = 'd1'")
        #expect(try count() == 1)
        try database.execute("UPDATE insulin_doses SET note = 'x' WHERE id = 'd1'")
        let fields: String = try database.queryOne("SELECT fields FROM sync_changes ORDER BY seq DESC LIMIT 1")!.get("fields")
        #expect(fields == #"{"note":"x"}"#)
        try database.execute("UPDATE insulin_doses SET deleted_at = 5 WHERE id = 'd1'")
        let operation: String = try database.queryOne("SELECT operation FROM sync_changes ORDER BY seq DESC LIMIT 1")!.get("operation")
        #expect(operation == "delete")
        // The echo switch off: nothing is recorded.
        try database.execute("UPDATE sync_switch SET recording = 0")
        try database.execute("UPDATE insulin_doses SET note = 'y' WHERE id = 'd1'")
        #expect(try count() == 3)
        // Shared food rows (no owner) never sync.
        try database.execute("UPDATE sync_switch SET recording = 1")
        try database.execute("""
            INSERT INTO foods (id, owner_id, source, name, kcal, protein_g, carbs_g, fat_g, created_at, updated_at)
            VALUES ('usda:1', NULL, 'usda', 'Apple', 52, 0.3, 14, 0.2, 1, 1)
            """)
        #expect(try count() == 3)
    }
}
