import Foundation
import Testing
import Core
import Domain
@testable import Data

@Suite("tend import: restoring an export")
struct ImportArchiveTests {
    typealias F = ImportFixture

    @Test func importsEveryKindWithItsChildrenAndSyncRecordsThem() throws {
        let store = try F.store()
        let before = try store.sync.pendingCount()
        let result = try store.store.importArchive(at: try F.archive(F.full), ownerID: F.owner)
        #expect(result.counts == F.fullCounts)
        #expect(result.skipped == 0)

        #expect(try store.count("insulin_doses") == 3)
        let deleted = try store.database.queryOne("SELECT deleted_at, owner_id FROM insulin_doses WHERE id = ?", [.text(F.id(3))])!
        #expect(deleted["deleted_at"] == .integer(F.ms))
        #expect(deleted["owner_id"] == .text(F.owner))
        let rapid = try store.database.queryOne("SELECT units, note FROM insulin_doses WHERE id = ?", [.text(F.id(2))])!
        #expect(rapid["units"] == .real(4.5))
        #expect(rapid["note"] == .text("before lunch"))
        let sets = try store.database.query("SELECT weight_kg, rpe, warmup FROM workout_sets WHERE workout_id = ? ORDER BY position",
                                            [.text(F.id(20))])
        #expect(sets.map { $0["weight_kg"] } == [.real(60), .real(80)])
        #expect(sets.map { $0["warmup"] } == [.integer(1), .integer(0)])
        let notes = try store.database.queryOne("SELECT notes FROM workouts WHERE id = ?", [.text(F.id(20))])!
        #expect(notes["notes"] == .text("a, \"b\"\nc"))
        #expect(try store.count("food_measures") == 1)
        #expect(try store.count("food_nutrients") == 1)
        let track = try store.database.queryOne("SELECT track FROM activities WHERE id = ?", [.text(F.id(40))])!
        #expect(track["track"] == .blob(F.track))
        let settings = try store.database.queryOne("SELECT id, long_name FROM insulin_settings WHERE owner_id = ?", [.text(F.owner)])!
        #expect(settings["id"] == .text(F.id(10)))
        #expect(settings["long_name"] == .text("Tresiba"))

        // Ordinary writes: the outbox holds them, so they sync (the sets arrive with their session).
        #expect(try store.sync.pendingCount() > before)
        let outbox: [String] = try store.database.query("SELECT record_id FROM sync_changes WHERE clock IS NOT NULL").map { try $0.get("record_id") }
        #expect(Set(outbox).isSuperset(of: [F.id(1), F.id(20), "custom:" + F.id(30)]))
        let sessionFields: [String] = try store.database.query(
            "SELECT fields FROM sync_changes WHERE table_name = 'workouts' ORDER BY seq").map { try $0.get("fields") }
        #expect(sessionFields.contains { $0.contains("\\\"weight_kg\\\":80") || $0.contains("\"weight_kg\":80") })
    }

    @Test func importingTwiceChangesNothing() throws {
        let store = try F.store()
        let path = try F.archive(F.full)
        _ = try store.store.importArchive(at: path, ownerID: F.owner)
        let census = try store.census()
        let again = try store.store.importArchive(at: path, ownerID: F.owner)
        #expect(again.total == 0)
        #expect(again.skipped == F.fullCounts.values.reduce(0, +))
        #expect(try store.census() == census)
    }

    @Test func aRecordHereAlreadyIsLeftAsItIs() throws {
        let store = try F.store()
        let path = try F.archive(F.full)
        _ = try store.store.importArchive(at: path, ownerID: F.owner)
        try store.database.write { try store.database.execute("UPDATE insulin_doses SET note = 'edited' WHERE id = ?", [.text(F.id(1))]) }
        try store.database.write { try store.database.execute("DELETE FROM insulin_doses WHERE id = ?", [.text(F.id(2))]) }
        let again = try store.store.importArchive(at: path, ownerID: F.owner)
        // The missing one comes back; the edited one keeps its edit.
        #expect(again.counts["insulin_doses"] == 1)
        let note = try store.database.queryOne("SELECT note FROM insulin_doses WHERE id = ?", [.text(F.id(1))])!
        #expect(note["note"] == .text("edited"))
        #expect(try store.count("insulin_doses") == 3)
    }

    @Test func theSettingsAreWrittenOntoTheOwnersOwnRow() throws {
        let store = try F.store()
        try store.database.write {
            try store.database.execute("""
                INSERT INTO insulin_settings (id, owner_id, long_name, long_units, rapid_name, rapid_units, day_start_minutes, time_zone,
                    long_guard_minutes, rapid_window_minutes, reminder_minutes, created_at, updated_at)
                VALUES ('mine', ?, 'Lantus', 20, 'Novorapid', 4, 240, 'UTC', 720, 10, 1260, 1, 1)
                """, [.text(F.owner)])
        }
        let path = try F.archive(["data/insulin_settings.json": F.full["data/insulin_settings.json"]!])
        let result = try store.store.importArchive(at: path, ownerID: F.owner)
        #expect(result.counts == ["insulin_settings": 1])
        let rows = try store.database.query("SELECT id, long_name, long_units FROM insulin_settings")
        #expect(rows.count == 1)
        #expect(rows.first?["id"] == .text("mine"))
        #expect(rows.first?["long_name"] == .text("Tresiba"))
        #expect(rows.first?["long_units"] == .real(22))
        // The same settings again: nothing to write.
        let again = try store.store.importArchive(at: path, ownerID: F.owner)
        #expect(again.total == 0 && again.skipped == 1)
    }

    @Test func anIdOfAnotherOwnerRefusesTheArchive() throws {
        let store = try F.store()
        try store.database.write {
            try store.database.execute("""
                INSERT INTO insulin_doses (id, owner_id, kind, units, taken_at, created_at, updated_at)
                VALUES (?, 'someone-else', 'long', 10, 1, 1, 1)
                """, [.text(F.id(2))])
        }
        let census = try store.census()
        let error = try #require(throws: AppError.self) { try store.store.importArchive(at: try F.archive(F.full), ownerID: F.owner) }
        #expect(error.code == "id_taken")
        #expect(error.message.contains("data/insulin_doses.json, record 2 (id \(F.id(2)))"))
        #expect(try store.census() == census)
    }

    /// Each of these is refused whole: the good records before the bad one are not imported either.
    static let refusals: [(name: String, entries: [String: String], code: String, mentions: [String])] = {
        let good = F.dose(1)
        func doses(_ bad: String) -> [String: String] { ["data/insulin_doses.json": "[" + good + "," + bad + "]"] }
        let workout = F.full["data/workouts.json"]!
        return [
            ("bad JSON", ["data/insulin_doses.json": "[" + good + "]", "data/weights.json": "[{\"id\": "], "invalid_archive",
             ["data/weights.json"]),
            ("not an array", ["data/weights.json": "{}"], "invalid_archive", ["data/weights.json"]),
            ("wrong type", doses(F.dose(2, units: "\"twenty\"")), "invalid_field", ["data/insulin_doses.json", "record 2", F.id(2), "units"]),
            ("missing required field", doses(F.dose(2).replacingOccurrences(of: #""kind":"long","#, with: "")), "invalid_field",
             ["record 2", "'kind'", "missing"]),
            ("null required field", doses(F.dose(2, kind: "x").replacingOccurrences(of: #""x""#, with: "null")), "invalid_field",
             ["record 2", "'kind'"]),
            ("unknown column", doses(F.dose(2, extra: #","colour":"red""#)), "unknown_field", ["record 2", "colour"]),
            ("no id", doses(#"{"kind":"long"}"#), "invalid_field", ["record 2", "'id'"]),
            ("not a record", doses("42"), "invalid_record", ["record 2"]),
            ("an array in a column", doses(F.dose(2, note: "[1]")), "invalid_field", ["record 2", "'note'"]),
            ("a rule of the kind", doses(F.dose(2, kind: "medium")), "invalid_kind", ["record 2"]),
            ("units out of range", doses(F.dose(2, units: "400")), "invalid_units", ["record 2"]),
            ("a future dose", doses(F.dose(-1000)), "future_dose", ["record 2"]),
            ("a control character", doses(F.dose(2, note: #""\u001b[31m""#)), "invalid_text", ["record 2", "note"]),
            ("duplicate id", doses(F.dose(1)), "duplicate_id", ["record 2"]),
            ("unknown table", ["data/insulin_doses.json": "[" + good + "]", "data/pets.json": "[]"], "unknown_table", ["data/pets.json"]),
            ("a child's unknown field", ["data/workouts.json": workout.replacingOccurrences(of: #""rir":1}"#, with: #""rir":1,"colour":1}"#)],
             "invalid_field", ["data/workouts.json", "record 1", "sets[1].colour"]),
            ("a child's wrong type", ["data/workouts.json": workout.replacingOccurrences(of: #""weight_kg":80.0"#, with: #""weight_kg":"80""#)],
             "invalid_field", ["sets[1].weight_kg"]),
            ("a child's missing field", ["data/workouts.json": workout.replacingOccurrences(of: #""exercise":"bench","weight_kg":60.0"#,
                                                                                                with: #""weight_kg":60.0"#)],
             "invalid_field", ["sets[0].exercise"]),
            ("children not an array", ["data/workouts.json": #"[{"id":"w2","started_at":\#(F.ms),"kind":"strength","created_at":1,"#
                                       + #""updated_at":1,"sets":7}]"#], "invalid_field", ["data/workouts.json", "'sets'"]),
            ("a weight out of range", ["data/weights.json": #"[{"id":"w1","taken_at":\#(F.ms),"kg":5.0,"created_at":1,"updated_at":1}]"#],
             "invalid_weight", ["data/weights.json", "record 1", "w1"]),
            ("bad base64", ["data/activities.json": F.full["data/activities.json"]!.replacingOccurrences(of: F.track.base64EncodedString(),
                                                                                                        with: "%%%")],
             "invalid_field", ["track", "base64"]),
            ("a reference to nothing", ["data/quest_entries.json": F.full["data/quest_entries.json"]!], "invalid_reference",
             ["data/quest_entries.json", "journey_id"]),
            ("a bad id", doses(F.dose(2).replacingOccurrences(of: F.id(2), with: "a b")), "invalid_field", ["record 2", "'id'"]),
        ]
    }()

    @Test(arguments: refusals.indices)
    func aBadRecordRefusesTheWholeArchive(index: Int) throws {
        let refusal = Self.refusals[index]
        let store = try F.store()
        let census = try store.census()
        let path = try F.archive(refusal.entries.merging(["data/places.json": #"[{"id":"p1","name":"Home","latitude":37.5,"#
                                                           + #""longitude":127.0,"elevation":null,"created_at":1,"updated_at":1,"deleted_at":null}]"#]) { $1 })
        let error = try #require(throws: AppError.self, "\(refusal.name)") { try store.store.importArchive(at: path, ownerID: F.owner) }
        #expect(error.code == refusal.code, "\(refusal.name): \(error.message)")
        for mention in refusal.mentions { #expect(error.message.contains(mention), "\(refusal.name): \(error.message)") }
        #expect(try store.census() == census, "\(refusal.name)")
    }

    @Test func theManifestSaysWhatTheFileIs() throws {
        let store = try F.store()
        let entries = ["data/insulin_doses.json": "[" + F.dose(1) + "]"]
        let missing = try #require(throws: AppError.self) { try store.store.importArchive(at: try F.archive(entries, manifest: nil), ownerID: F.owner) }
        #expect(missing.code == "not_tend_export")
        #expect(missing.message.contains("manifest.json"))
        let foreign = try #require(throws: AppError.self) {
            try store.store.importArchive(at: try F.archive(entries, manifest: F.manifest(format: "strong-export")), ownerID: F.owner)
        }
        #expect(foreign.code == "not_tend_export")
        #expect(foreign.message.contains("strong-export"))
        let newer = try #require(throws: AppError.self) {
            try store.store.importArchive(at: try F.archive(entries, manifest: F.manifest(version: ExportFormat.version + 1)), ownerID: F.owner)
        }
        #expect(newer.code == "export_too_new")
        #expect(newer.message.contains("update tend"))
        let broken = try #require(throws: AppError.self) { try store.store.importArchive(at: try F.archive(entries, manifest: "{"), ownerID: F.owner) }
        #expect(broken.code == "invalid_archive")
        #expect(broken.message.contains("manifest.json"))
        #expect(try store.count("insulin_doses") == 0)
    }

    @Test func theEntriesForPeopleAreNotRead() throws {
        let store = try F.store()
        let path = try F.archive(["data/insulin_doses.json": "[" + F.dose(1) + "]"],
                                 extra: [("csv/insulin_doses.csv", Data("not, json\n".utf8)), ("gpx/run.gpx", Data("<gpx".utf8)),
                                         ("README.md", Data("hello".utf8))])
        #expect(try store.store.importArchive(at: path, ownerID: F.owner).counts == ["insulin_doses": 1])
    }

    @Test func aDamagedZipIsRefused() throws {
        let store = try F.store()
        let good = try Data(contentsOf: URL(fileURLWithPath: try F.archive(F.full)))
        func refused(_ bytes: Data) throws -> AppError {
            let path = F.path("damaged")
            try bytes.write(to: URL(fileURLWithPath: path))
            return try #require(throws: AppError.self) { try store.store.importArchive(at: path, ownerID: F.owner) }
        }
        // Cut short: no central directory.
        #expect(try refused(good.prefix(good.count / 2)).code == "invalid_archive")
        // A byte changed inside an entry: its CRC no longer matches.
        var flipped = good
        let at = try #require(good.range(of: Data("before lunch".utf8))).lowerBound
        flipped[at] = UInt8(ascii: "B")
        let crc = try refused(flipped)
        #expect(crc.code == "invalid_archive")
        #expect(crc.message.contains("data/insulin_doses.json"))
        // Not a zip at all.
        #expect(try refused(Data("{\"format\":\"tend-export\"}".utf8)).code == "invalid_archive")
        #expect(try store.census().values.reduce(0, +) == 0)

        let missing = try #require(throws: AppError.self) { try store.store.importArchive(at: "/nonexistent/x.zip", ownerID: F.owner) }
        #expect(missing.code == "file_not_found")
    }

    @Test func absurdSizesAreRefusedBeforeTheyAreRead() throws {
        let store = try F.store()
        var limits = ZipReader.Limits()
        limits.maximumEntryBytes = 4096
        let big = "[" + Array(repeating: F.dose(1), count: 1).joined() + String(repeating: " ", count: 5000) + "]"
        let importer = ImportArchive(database: store.database, clock: FixedClock(F.now), limits: limits)
        let error = try #require(throws: AppError.self) { try importer.run(path: try F.archive(["data/insulin_doses.json": big]), ownerID: F.owner) }
        #expect(error.code == "archive_too_large")
        #expect(error.kind == .tooLarge)
        #expect(error.message.contains("data/insulin_doses.json"))
        #expect(try store.count("insulin_doses") == 0)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zip")))
    func aZipBombIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-bomb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        try Data(F.manifest().utf8).write(to: folder.appendingPathComponent("manifest.json"))
        // 4 MiB of spaces deflate to a few KiB: a thousandfold.
        try Data(("[" + String(repeating: " ", count: 4 << 20) + "]").utf8).write(to: folder.appendingPathComponent("data/weights.json"))
        let path = folder.appendingPathComponent("bomb.zip").path
        let zip = Process()
        zip.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        zip.currentDirectoryURL = folder
        zip.arguments = ["-q", "-9", path, "manifest.json", "data/weights.json"]
        try zip.run()
        zip.waitUntilExit()
        #expect(zip.terminationStatus == 0)
        let store = try F.store()
        let error = try #require(throws: AppError.self) { try store.store.importArchive(at: path, ownerID: F.owner) }
        #expect(error.code == "archive_too_large")
        #expect(error.message.contains("zip bomb"))
    }
}
