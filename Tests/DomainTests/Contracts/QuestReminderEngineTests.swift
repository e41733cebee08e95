import Core
import Data
import Domain
import Foundation
import PostgreSQL
import Testing

/// `0020_quest_reminder_switch` on each engine: a reminder set before it stays on with its time,
/// and switching it off afterwards enters the outbox as a field of the settings' record.
@Suite("Quest reminder switch on each engine")
struct QuestReminderEngineTests {
    static var engines: [String] { ScratchPostgres.isAvailable ? ["sqlite", "postgres"] : ["sqlite"] }
    static let name = "0020_quest_reminder_switch"

    @Test("a reminder from before stays on; off is recorded for sync as reminder_enabled", arguments: engines)
    func migratedAndRecorded(engine: String) throws {
        let all = engine == "postgres" ? PostgresMigrations.all : TendMigrations.all
        let database: any SQLDatabase = engine == "postgres" ? try ScratchPostgres.empty().database : try Database(path: ":memory:")
        try Migrator(Array(all.prefix { $0.name != Self.name })).migrate(database)
        try database.write {
            try database.execute("INSERT INTO quest_settings (id, owner_id, reminder_minutes, created_at, updated_at) VALUES ('s', 'ana', 1290, 1, 1)")
        }
        #expect(try Migrator(all).migrate(database).first == Self.name)

        let repository = SQLiteQuestSettingsRepository(database: database)
        var settings = try #require(try repository.settings(ownerID: "ana"))
        #expect(settings.reminderEnabled)
        #expect(settings.reminder == LocalTime("21:30"))
        try database.write { try database.execute("DELETE FROM sync_changes") }
        settings.reminderEnabled = false
        settings.updatedAt = Date(timeIntervalSince1970: 2)
        try database.write { try repository.save(settings) }
        #expect(try repository.settings(ownerID: "ana")?.reminderEnabled == false)

        let changes = try database.query("SELECT record_id, operation, fields FROM sync_changes WHERE table_name = 'quest_settings'")
        #expect(changes.count == 1)
        #expect(try changes.first?.get("record_id", as: String.self) == "singleton")
        #expect(try changes.first?.get("operation", as: String.self) == "update")
        let fields = try JSONSerialization.jsonObject(with: Data(try changes.first!.get("fields", as: String.self).utf8)) as? [String: Any]
        #expect(fields?["reminder_enabled"] as? Int == 0, "\(String(describing: fields))")
        #expect(fields?["reminder_minutes"] == nil, "only what changed")
    }
}
