import Foundation
import Testing
import Core
import Domain
@testable import Data

/// The quest reminder's switch in `tend export` / `tend import` (`data/quest_settings.json`).
@Suite("Export and import: the quest reminder's switch")
struct QuestReminderArchiveTests {
    typealias F = ImportFixture

    static func settings(_ store: F.Store) throws -> QuestSettings? {
        try SQLiteQuestSettingsRepository(database: store.database).settings(ownerID: F.owner)
    }

    @Test func anOffReminderIsExportedAndImportedOffWithItsTime() throws {
        let first = try F.store()
        let stamps = #""created_at":1,"updated_at":2,"deleted_at":null"#
        let source = try F.archive(["data/quest_settings.json":
                                        #"[{"id":"\#(F.id(60))","reminder_minutes":1350,"reminder_enabled":0,\#(stamps)}]"#])
        #expect(try first.store.importArchive(at: source, ownerID: F.owner).counts == ["quest_settings": 1])
        #expect(try Self.settings(first)?.reminderEnabled == false)

        let exported = F.path("export-quest-reminder")
        _ = try first.store.export(ownerID: F.owner, to: exported, appVersion: "1.0.0") { _, _ in }
        let zip = try ZipReader(path: exported)
        let entry = try #require(try zip.entries.first { $0.name == "data/quest_settings.json" })
        let json = String(decoding: try zip.read(entry), as: UTF8.self)
        #expect(json.contains(#""reminder_enabled":0"#), "\(json)")

        let second = try F.store()
        _ = try second.store.importArchive(at: exported, ownerID: F.owner)
        let imported = try #require(try Self.settings(second))
        #expect(!imported.reminderEnabled)
        #expect(imported.reminder == LocalTime("22:30"))
    }

    @Test func anArchiveFromBeforeTheSwitchImportsOnAndABadSwitchIsRefused() throws {
        let stamps = #""created_at":1,"updated_at":2,"deleted_at":null"#
        let old = try F.store()
        _ = try old.store.importArchive(at: try F.archive(["data/quest_settings.json": #"[{"id":"a","reminder_minutes":600,\#(stamps)}]"#]),
                                        ownerID: F.owner)
        #expect(try Self.settings(old)?.reminderEnabled == true)

        // Onto a reminder switched off, an archive from before the switch changes the time and leaves it off.
        let off = try F.store()
        _ = try off.store.importArchive(at: try F.archive(["data/quest_settings.json":
                                                             #"[{"id":"b","reminder_minutes":600,"reminder_enabled":0,\#(stamps)}]"#]),
                                        ownerID: F.owner)
        let later = #""created_at":1,"updated_at":3,"deleted_at":null"#
        #expect(try off.store.importArchive(at: try F.archive(["data/quest_settings.json": #"[{"id":"a","reminder_minutes":720,\#(later)}]"#]),
                                            ownerID: F.owner).counts == ["quest_settings": 1])
        let kept = try #require(try Self.settings(off))
        #expect(kept.reminder == LocalTime("12:00"))
        #expect(!kept.reminderEnabled, "an archive that knows no switch switched the reminder on")

        let bad = try F.store()
        let refused = #expect(throws: AppError.self) {
            try bad.store.importArchive(at: try F.archive(["data/quest_settings.json":
                                                             #"[{"id":"a","reminder_minutes":600,"reminder_enabled":2,\#(stamps)}]"#]),
                                        ownerID: F.owner)
        }
        #expect(refused?.message.contains("reminder_enabled") == true, "\(String(describing: refused))")
        #expect(try Self.settings(bad) == nil, "nothing was written")
    }
}
