import Foundation
import Testing
import Core
import Data
import Domain
import SyncFeature

/// The quest reminder's switch travels with its time: `quest_settings` is a singleton record,
/// and `reminder_enabled` one of its fields (migration 0020).
@Suite("Sync: the quest reminder's switch")
struct QuestReminderSyncTests {
    typealias World = SyncCommandLineTests.World

    /// The reminder needs no quest content.
    struct NoContent: QuestContentSource {
        func content() throws -> QuestContent { throw AppError.unavailable("no content in this test", code: "content_missing") }
    }

    static func quests(_ database: Database, clock: any Clock, owner: String) -> QuestUseCases {
        QuestUseCases(journeys: SQLiteJourneyRepository(database: database), entries: SQLiteQuestEntryRepository(database: database),
                      settings: SQLiteQuestSettingsRepository(database: database), content: NoContent(), transactor: database,
                      clock: clock, timeZone: { _ in "UTC" }, events: DomainEventBus())
    }

    @Test func offOnOneDeviceIsOffOnTheOtherWithItsTimeAndOnAgainComesBack() throws {
        let world = try World()
        let laptop = Self.quests(world.laptop.database, clock: world.clock, owner: Owner.local)
        let desktop = Self.quests(world.desktop.database, clock: world.clock, owner: Owner.local)
        _ = try laptop.updateReminder(ownerID: Owner.local, at: LocalTime("22:30"), enabled: false)
        let outbox = try world.laptop.database.query(
            "SELECT fields FROM sync_changes WHERE table_name = 'quest_settings' ORDER BY seq").map { try $0.get("fields", as: String.self) }
        #expect(outbox.count == 1 && outbox[0].contains(#""reminder_enabled":0"#), "\(outbox)")

        _ = try world.sync(world.laptop)
        let onServer = try world.server.database.query("SELECT reminder_enabled, reminder_minutes FROM quest_settings WHERE owner_id = 'acct-alice'")
        #expect(onServer.map { $0["reminder_enabled"] } == [.integer(0)])
        #expect(onServer.map { $0["reminder_minutes"] } == [.integer(22 * 60 + 30)])
        _ = try world.sync(world.desktop)
        let pulled = try desktop.settings(ownerID: Owner.local)
        #expect(!pulled.reminderEnabled)
        #expect(pulled.reminder == LocalTime("22:30"))

        world.clock.advance(minutes: 5)
        _ = try desktop.switchReminder(ownerID: Owner.local, on: true)
        _ = try world.sync(world.desktop)
        _ = try world.sync(world.laptop)
        let back = try laptop.settings(ownerID: Owner.local)
        #expect(back.reminderEnabled)
        #expect(back.reminder == LocalTime("22:30"), "switching on kept the time")
        #expect(try world.conflicts(world.laptop).isEmpty)
    }

    @Test func aSwitchThatIsNeitherOnNorOffIsRejected() throws {
        #expect(throws: AppError.self) {
            try SyncValidation.validate(table: "quest_settings", values: ["reminder_enabled": .int(2)], now: Date())
        }
        #expect(throws: AppError.self) {
            try SyncValidation.validate(table: "quest_settings", values: ["reminder_minutes": .int(1440)], now: Date())
        }
        try SyncValidation.validate(table: "quest_settings", values: ["reminder_enabled": .int(0), "reminder_minutes": .int(0)],
                                    now: Date())
    }
}
