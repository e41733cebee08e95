import Foundation
import Testing
import Core
import Domain
@testable import Data

/// `0020_quest_reminder_switch`: the quest reminder's switch joins `quest_settings` and its sync,
/// without 0010 changing.
@Suite("Quest reminder switch migration")
struct QuestReminderMigrationTests {
    static let name = "0020_quest_reminder_switch"

    /// FNV-1a of a text: enough to notice that 0010's generated SQL changed by one byte.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0100_0000_01b3
        }
        return "\(text.utf8.count):\(String(hash, radix: 16))"
    }

    /// A database as it stood before 0020, with the reminder set then.
    static func databaseBefore() throws -> Database {
        let database = try Database(path: ":memory:")
        let before = TendMigrations.all.prefix { $0.name != name }
        #expect(before.count < TendMigrations.all.count, "0020 is in the list")
        try Migrator(Array(before)).migrate(database, now: Date(timeIntervalSince1970: 1_764_576_000))
        try database.execute(
            "INSERT INTO quest_settings (id, owner_id, reminder_minutes, created_at, updated_at) VALUES ('s', 'local', 1290, 1, 1)")
        return database
    }

    /// Measured on 0010 as it landed (before 0020 existed): a byte of difference fails here.
    @Test func zeroTenIsAsItLanded() throws {
        let sqlite = TendMigrations.all.first { $0.name == "0010_sync" }!.sql
        let postgres = PostgresMigrations.all.first { $0.name == "0010_sync" }!.sql
        #expect(Self.fingerprint(sqlite) == "53705:c3e3bec6c70f1910")
        #expect(Self.fingerprint(postgres) == "58215:1d95c2447901cb13")
        #expect(!sqlite.contains("reminder_enabled") && !postgres.contains("reminder_enabled"))
    }

    @Test func itFollowsEveryEarlierMigrationOnBothEngines() throws {
        let names = TendMigrations.all.map(\.name)
        let index = try #require(names.firstIndex(of: Self.name))
        #expect(names[index - 1] == "0019_food_search_folded")
        let postgres = try #require(PostgresMigrations.all.first { $0.name == Self.name }?.sql)
        #expect(postgres.contains("ALTER TABLE quest_settings ADD COLUMN reminder_enabled BIGINT DEFAULT 1"))
        #expect(postgres.contains("CREATE FUNCTION sync_quest_settings_record()"))
        #expect(postgres.contains("reminder_enabled"))
        #expect(!postgres.contains("sync_quest_settings_insert"), "SQLite's triggers stay SQLite's")
    }

    @Test func aReminderSetBeforeStaysOnAndKeepsItsTime() throws {
        let database = try Self.databaseBefore()
        #expect(try TendMigrations.migrator.migrate(database).contains(Self.name))
        let settings = try #require(try SQLiteQuestSettingsRepository(database: database).settings(ownerID: "local"))
        #expect(settings.reminderEnabled)
        #expect(settings.reminder == LocalTime("21:30"))
        // A row written without the column (an archive or a change from before it) reads as on too.
        try database.execute("UPDATE quest_settings SET reminder_enabled = NULL")
        #expect(try SQLiteQuestSettingsRepository(database: database).settings(ownerID: "local")?.reminderEnabled == true)
    }

    @Test func theTriggersRecordTheSwitchAsAField() throws {
        let database = try Self.databaseBefore()
        try TendMigrations.migrator.migrate(database)
        try database.execute("DELETE FROM sync_changes")
        try database.execute("UPDATE quest_settings SET reminder_enabled = 0")
        try database.execute("UPDATE quest_settings SET reminder_minutes = 600")
        let operations = try database.query("SELECT record_id, operation, fields FROM sync_changes ORDER BY seq")
            .map { "\(try $0.get("record_id", as: String.self)) \(try $0.get("operation", as: String.self)) \(try $0.get("fields", as: String.self))" }
        #expect(operations == [#"singleton update {"reminder_enabled":0}"#, #"singleton update {"reminder_minutes":600}"#])
        // A fresh start's history carries it too.
        #expect(SyncTriggers.everyHistory.contains("'reminder_enabled', quest_settings.reminder_enabled"))
    }
}
