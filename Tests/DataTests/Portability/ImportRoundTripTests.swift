import Foundation
import Testing
import Core
import Domain
@testable import Data

@Suite("tend export, then tend import")
struct ImportRoundTripTests {
    typealias F = ImportFixture

    /// A row of every table `F.full` leaves out, so that the round trip covers every kind.
    static let rest: [String: String] = {
        let stamps = #""created_at":\#(F.ms),"updated_at":\#(F.ms),"deleted_at":null"#
        let food = "custom:" + F.id(30)
        return [
            "data/quest_settings.json": #"[{"id":"\#(F.id(60))","reminder_minutes":1260,\#(stamps)}]"#,
            "data/places.json": #"[{"id":"\#(F.id(61))","name":"Home","latitude":37.5665,"longitude":126.978,"elevation":38.5,\#(stamps)}]"#,
            "data/food_favorites.json": #"[{"id":"\#(F.id(62))","food_id":"\#(food)",\#(stamps)}]"#,
            "data/diet_entries.json": #"[{"id":"\#(F.id(63))","day":"2025-06-14","meal":"lunch","food_id":"\#(food)","name":"Kimbap","#
                + #""grams":230.0,"amount_text":"1 roll","kcal":322.0,"protein_g":9.2,"carbs_g":57.5,"fat_g":6.9,\#(stamps)}]"#,
            "data/nutrition_goals.json": #"[{"id":"\#(F.id(64))","kcal":2200.0,"protein_g":140.0,"carbs_g":250.0,"fat_g":70.0,\#(stamps)}]"#,
            "data/weights.json": #"[{"id":"\#(F.id(65))","taken_at":\#(F.ms - 3_600_000),"kg":72.5,"fat_percent":18.1,"muscle_kg":null,\#(stamps)},"#
                + #"{"id":"\#(F.id(66))","taken_at":\#(F.ms - 90_000_000),"kg":73.0,"fat_percent":null,"muscle_kg":null,"#
                + #""created_at":\#(F.ms),"updated_at":\#(F.ms),"deleted_at":\#(F.ms)}]"#,
            "data/workout_settings.json": #"[{"id":"\#(F.id(67))","weekly_sessions":3,"monthly_sessions":null,"monthly_minutes":600,"#
                + #""plan":"","display_unit":"kg","one_rep_max_formula":"epley",\#(stamps)}]"#,
            "data/custom_exercises.json": #"[{"id":"\#(F.id(68))","name":"Zercher squat","measure":"weight_reps",\#(stamps)}]"#,
            "data/supplements.json": #"[{"id":"\#(F.id(69))","name":"creatine","amount":5.0,"unit":"g","times":"480","weekdays":"","#
                + #"\#(stamps)}]"#,
            "data/supplement_intakes.json": #"[{"id":"\#(F.id(70))","supplement_id":"\#(F.id(69))","day":"2025-06-14","slot_minutes":480,"#
                + #""taken_at":\#(F.ms - 86_400_000),\#(stamps)}]"#,
        ]
    }()

    static func entries(_ path: String) throws -> [String: Data] {
        let zip = try ZipReader(path: path)
        return Dictionary(uniqueKeysWithValues: try zip.entries.map { ($0.name, try zip.read($0)) })
    }

    static func withoutExportedAt(_ manifest: Data?) throws -> String {
        var object = try JSONSerialization.jsonObject(with: try #require(manifest)) as? [String: Any] ?? [:]
        object["exported_at"] = nil
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func exportImportIntoAnEmptyDatabaseAndExportAgainGiveTheSameArchive() throws {
        let first = try F.store()
        let source = try F.archive(F.full.merging(Self.rest) { $1 })
        let imported = try first.store.importArchive(at: source, ownerID: F.owner)
        #expect(Set(imported.counts.keys) == Set(SyncSchema.tables.map(\.name)))
        #expect(imported.counts.values.allSatisfy { $0 > 0 }, "\(imported.counts)")

        let exported = F.path("export-1")
        let counts = try first.store.export(ownerID: F.owner, to: exported, appVersion: "1.0.0") { _, _ in }
        let second = try F.store()
        let again = try second.store.importArchive(at: exported, ownerID: F.owner)
        #expect(again.counts == counts.counts)
        #expect(again.skipped == 0)
        let reexported = F.path("export-2")
        _ = try second.store.export(ownerID: F.owner, to: reexported, appVersion: "1.0.0") { _, _ in }

        let one = try Self.entries(exported), two = try Self.entries(reexported)
        #expect(one.keys.sorted() == two.keys.sorted())
        for name in one.keys.sorted() where name != ImportArchive.manifestEntry {
            #expect(one[name] == two[name], "\(name) differs")
        }
        #expect(try Self.withoutExportedAt(one[ImportArchive.manifestEntry]) == Self.withoutExportedAt(two[ImportArchive.manifestEntry]))
        // And importing the export into the database it came from changes nothing.
        let census = try first.census()
        let twice = try first.store.importArchive(at: exported, ownerID: F.owner)
        #expect(twice.total == 0)
        #expect(try first.census() == census)
    }

    @Test func settingsWithSeveralRowsGoOntoTheOwnersRowOnce() throws {
        let store = try F.store()
        let stamps = #""created_at":1,"deleted_at":null"#
        let path = try F.archive(["data/quest_settings.json": #"[{"id":"a","reminder_minutes":600,"updated_at":5,\#(stamps)},"#
                                  + #"{"id":"b","reminder_minutes":700,"updated_at":9,\#(stamps)}]"#])
        // Into a database without settings: as they are.
        #expect(try store.store.importArchive(at: path, ownerID: F.owner).counts == ["quest_settings": 2])
        // Onto the owner's row: the latest live one, once.
        let other = try F.store()
        try other.database.write {
            try other.database.execute("INSERT INTO quest_settings (id, owner_id, reminder_minutes, created_at, updated_at) VALUES ('mine', ?, 1, 1, 1)",
                                       [.text(F.owner)])
        }
        let result = try other.store.importArchive(at: path, ownerID: F.owner)
        #expect(result.counts == ["quest_settings": 1])
        #expect(result.skipped == 1)
        let rows = try other.database.query("SELECT id, reminder_minutes FROM quest_settings")
        #expect(rows.map { $0["id"] } == [.text("mine")])
        #expect(rows.map { $0["reminder_minutes"] } == [.integer(700)])
    }

    @Test func anImportedFoodIsFoundByItsFoldedNames() throws {
        let store = try F.store()
        let food = F.full["data/foods.json"]!.replacingOccurrences(of: #""name":"Kimbap""#, with: #""name":"Crème brûlée""#)
            .replacingOccurrences(of: #""name_en":null"#, with: #""name_en":"Gâteau""#)
        _ = try store.store.importArchive(at: try F.archive(["data/foods.json": food]), ownerID: F.owner)
        let folded = try store.database.queryOne("SELECT search_folded FROM foods WHERE id = ?", [.text("custom:" + F.id(30))])
        #expect(try folded?.get("search_folded", as: String.self) == "Creme brulee Gateau")
    }
}
