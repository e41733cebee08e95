import Testing
@testable import Data

/// `pg_0004_sync_dirty_at_commit` makes `sync_dirty_record()` from `SyncSchema.tables`, as 0010
/// makes the child triggers: once landed, its text must not move with the schema. A parent or
/// child that joins sync later gets a migration that makes the function again (`CREATE OR
/// REPLACE`), and this fingerprint keeps pg_0004 as it landed.
@Suite("Dirty parents at COMMIT migration")
struct DirtyParentsMigrationTests {
    @Test func pg0004IsAsItLanded() throws {
        let sql = try #require(PostgresMigrations.all.first { $0.name == "pg_0004_sync_dirty_at_commit" }).sql
        #expect(QuestReminderMigrationTests.fingerprint(sql) == "2149:319f057f6080e3b1")
        #expect(sql.contains("DEFERRABLE INITIALLY DEFERRED"))
        for parent in SyncSchema.tables where !parent.children.isEmpty {
            #expect(sql.contains("'\(parent.name)', p.id, 'update'"), "\(parent.name)'s children are recorded")
        }
    }
}
