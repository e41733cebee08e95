import Foundation
import Testing
import Core
import Domain
@testable import Data

/// `0015_glucose_sync`: glucose readings join sync after 0010, without 0010 changing.
@Suite("Glucose sync migration")
struct GlucoseSyncMigrationTests {
    static let name = "0015_glucose_sync"

    /// A database as it stood before 0015, with two readings written then (one of them deleted).
    static func databaseBefore() throws -> Database {
        let database = try Database(path: ":memory:")
        let before = TendMigrations.all.prefix { $0.name != name }
        #expect(before.count < TendMigrations.all.count, "0015 is in the list")
        try Migrator(Array(before)).migrate(database, now: Date(timeIntervalSince1970: 1_764_576_000))
        for (id, deleted) in [("0193a000-0000-7000-8000-000000000001", false), ("0193a000-0000-7000-8000-000000000002", true)] {
            try database.execute(
                """
                INSERT INTO glucose_readings (id, owner_id, ns_id, date, type, mgdl, source, document, created_at, updated_at, deleted_at)
                VALUES (?, 'local', 'ns1', 1764576000000, 'sgv', 142, 'libreview', '{"sgv":142}', 1764576000000, 1764576000000, ?)
                """, [.text(id), deleted ? .integer(1_764_576_100_000) : .null])
        }
        return database
    }

    @Test func itFollowsEveryEarlierMigrationAndZeroTenIsUntouched() throws {
        let names = TendMigrations.all.map(\.name)
        let index = try #require(names.firstIndex(of: Self.name))
        #expect(names[index - 1] == "0014_nightscout", "0015 follows 0014")
        #expect(Set(names).count == names.count)
        // 0010's SQL is generated from the tables it had: glucose readings are not among them.
        let zeroTen = TendMigrations.all.first { $0.name == "0010_sync" }!.sql
        #expect(!zeroTen.contains("glucose_readings"))
        #expect(SyncSchema.table(named: "glucose_readings") != nil)
        #expect(!SyncSchema.tables.contains { $0.name == "glucose_readings" })
        #expect(PostgresMigrations.all.map(\.name).contains(Self.name))
        #expect(PostgresMigrations.all.first { $0.name == Self.name }!.sql.contains("sync_glucose_readings_record"))
    }

    @Test func liveReadingsWrittenBeforeEnterTheOutboxOnceAsInserts() throws {
        let database = try Self.databaseBefore()
        #expect(try TendMigrations.migrator.migrate(database).contains(Self.name))
        let changes = try database.query("SELECT record_id, operation, fields, owner_id FROM sync_changes WHERE table_name = 'glucose_readings'")
        #expect(changes.count == 1, "the deleted reading stays behind")
        #expect(try changes.first?.get("record_id", as: String.self) == "0193a000-0000-7000-8000-000000000001")
        #expect(try changes.first?.get("operation", as: String.self) == "insert")
        #expect(try changes.first?.get("owner_id", as: String.self) == "local")
        let fields = try DocumentValue.parse(try changes.first!.get("fields", as: String.self))
        #expect(fields["mgdl"]?.number == 142)
        #expect(fields["type"]?.string == "sgv")
        #expect(fields["document"]?.string == #"{"sgv":142}"#)
        #expect(fields["owner_id"] == nil, "never sent")
        #expect(fields["deleted_at"] == nil)
    }

    @Test func readingsWrittenAfterAreRecordedByTheTriggers() throws {
        let database = try Self.databaseBefore()
        try TendMigrations.migrator.migrate(database)
        try database.execute("DELETE FROM sync_changes")
        try database.execute("UPDATE glucose_readings SET mgdl = 150 WHERE id = '0193a000-0000-7000-8000-000000000001'")
        try database.execute("UPDATE glucose_readings SET deleted_at = 5 WHERE id = '0193a000-0000-7000-8000-000000000001'")
        let operations = try database.query("SELECT operation, fields FROM sync_changes ORDER BY seq")
            .map { "\(try $0.get("operation", as: String.self)) \(try $0.get("fields", as: String.self))" }
        #expect(operations == [#"update {"mgdl":150.0}"#, "delete {}"])
    }
}
