import Foundation
import Testing
import Core
import Domain
@testable import Data

/// The export read in pages: every row once, in order, from one snapshot; the quests' titles.
@Suite("tend export: pages, snapshot and quest titles")
struct ExportPagingTests {
    typealias F = ExportFixture

    /// More rows than a page holds in each paged file, with times that do not follow the ids.
    static func history(doses: Int = 1_234, workouts: Int = 520, runs: Int = 21) throws -> ExportFixture {
        let fixture = try F.filled()
        try fixture.database.write {
            for index in 0..<doses {
                // Ids rise while times fall and rise again: the CSV's order is not the JSON's.
                try fixture.insert("insulin_doses", ["id": .text(F.id(1_000 + index)), "kind": index % 3 == 0 ? "long" : "rapid",
                                                     "units": .real(Double(index % 40 + 1) / 2), "taken_at": .integer(F.ms - Int64((index * 7_919) % 5_000) * 60_000),
                                                     "deleted_at": index % 97 == 0 ? .integer(F.ms) : .null])
            }
            for index in 0..<workouts {
                let id = F.id(10_000 + index)
                try fixture.insert("workouts", ["id": .text(id), "started_at": .integer(F.ms - Int64(index % 300) * 86_400_000),
                                                "kind": "strength", "title": .text("W\(index)"), "duration_min": 45.0, "felt": 3])
                try fixture.database.execute("INSERT INTO workout_sets (workout_id, position, exercise, weight_kg, reps, warmup) VALUES (?, 0, 'squat', ?, 5, 0)",
                                             [.text(id), .real(Double(index))])
            }
            for index in 0..<runs {
                try fixture.insert("activities", ["id": .text(F.id(20_000 + index)), "kind": "run", "name": .text("R\(index)"),
                                                  "started_at": .integer(F.ms - Int64(index) * 3_600_000), "duration_s": 1800.0,
                                                  "distance_m": 5000.0, "source": "gpx", "track": .blob(F.trackBlob)])
            }
        }
        return fixture
    }

    @Test func everyRowComesOnceInOrderAcrossPages() throws {
        let fixture = try Self.history()
        let (entries, counts) = try fixture.export()
        let doses = try F.json(entries, "data/insulin_doses.json")
        let expected = try fixture.database.query("SELECT id FROM insulin_doses WHERE owner_id = ? ORDER BY id", [.text(F.owner)])
        #expect(doses.map { $0["id"] as? String } == expected.map { $0["id"].textValue })
        #expect(counts.counts["insulin_doses"] == doses.count)

        let live = try fixture.database.query(
            "SELECT id FROM insulin_doses WHERE owner_id = ? AND deleted_at IS NULL ORDER BY taken_at, id", [.text(F.owner)])
        let csv = try F.text(entries, "csv/doses.csv").components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
        #expect(csv.map { String($0.prefix(36)) } == live.map { $0["id"].textValue })
        let treatments = try F.json(entries, "nightscout/treatments.json")
        #expect(treatments.map { $0["identifier"] as? String } == live.map { $0["id"].textValue })

        let workouts = try F.json(entries, "data/workouts.json")
        #expect(workouts.count == 521)
        #expect(workouts.allSatisfy { ($0["sets"] as? [[String: Any]])?.isEmpty == false })
        let sets = try F.text(entries, "csv/sets.csv").components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
        #expect(sets.count == 522) // one each, and the fixture's two

        let gpx = entries.filter { $0.name.hasPrefix("gpx/") }.map(\.name)
        #expect(gpx.count == 22)
        #expect(gpx == gpx.sorted()) // by activity id, as data/activities.json
    }

    @Test func theServersExportReadsOneSnapshotThroughItsOwnConnection() throws {
        let path = NSTemporaryDirectory() + "tend-export-snapshot-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let database = try Database(path: path)
        try TendMigrations.migrator.migrate(database, now: F.now)
        let fixture = ExportFixture(database: database, store: SQLitePersonalDataStore(database: database, clock: FixedClock(F.now)))
        try fixture.fill()

        var bytes = Data()
        var wroteDuring = false
        _ = try fixture.store.exportAccount(accountID: F.owner, appVersion: "1", photo: { _ in nil }) { chunk in
            if !wroteDuring {
                // The shared connection is free while the export streams: a request can write.
                wroteDuring = true
                try database.write {
                    try fixture.insert("insulin_doses", ["id": .text(F.id(777)), "kind": "rapid", "units": 1.0, "taken_at": .integer(F.ms)])
                }
            }
            bytes.append(chunk)
        }
        #expect(wroteDuring)
        let entries = try ExportZip.read(bytes)
        let doses = try F.json(entries, "data/insulin_doses.json")
        #expect(doses.count == 3) // the snapshot from before the write
        #expect(!doses.contains { $0["id"] as? String == F.id(777) })
        #expect(try database.query("SELECT id FROM insulin_doses WHERE id = ?", [.text(F.id(777))]).count == 1)
    }

    static var questContent: FileQuestContentSource {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return FileQuestContentSource(directory: root.appendingPathComponent("Resources/Quests").path)
    }

    @Test(arguments: [(Language.en, "## Quest 1 · Stage 1 · "), (Language.ko, "## 퀘스트 1 · 1단계 · ")])
    func eachAnsweredQuestCarriesItsStageNumberAndTitle(language: Language, prefix: String) throws {
        let fixture = try F.filled()
        try fixture.insert("quest_entries", ["id": .text(F.id(52)), "journey_id": .text(F.id(50)), "quest_number": 8, "answer": "둘째",
                                             "completed_at": .integer(F.ms + 1)])
        let content = try Self.questContent.content()
        let store = SQLitePersonalDataStore(database: fixture.database, clock: FixedClock(F.now), questContent: Self.questContent)
        var bytes = Data()
        _ = try store.writeArchive(on: fixture.database, ownerID: F.owner, appVersion: "1", language: language, couplePhoto: nil,
                                   progress: { _, _ in }, sink: { bytes.append($0) })
        let markdown = try F.text(try ExportZip.read(bytes), "quest/\(F.id(50)).md")
        let journey = try #require(content.journey(.question))
        let first = journey.quest(number: 1)!.title.text(language)
        let eighth = journey.quest(number: 8)!
        let stage = journey.stage(ofQuest: 8)!.number
        #expect(markdown.contains(prefix + first + "\n\n한 줄\n"))
        let heading = language == .ko ? "## 퀘스트 8 · \(stage)단계 · \(eighth.title.ko)" : "## Quest 8 · Stage \(stage) · \(eighth.title.en)"
        #expect(markdown.contains(heading + "\n\n둘째\n"))
        #expect(!markdown.contains("## Quest 1\n"))
    }

    @Test func withoutTheQuestContentTheMarkdownNamesQuestsByNumber() throws {
        let fixture = try F.filled()
        let store = SQLitePersonalDataStore(database: fixture.database, clock: FixedClock(F.now),
                                            questContent: FileQuestContentSource(directory: "/nonexistent"))
        var bytes = Data()
        _ = try store.writeArchive(on: fixture.database, ownerID: F.owner, appVersion: "1", language: .ko, couplePhoto: nil,
                                   progress: { _, _ in }, sink: { bytes.append($0) })
        #expect(try F.text(try ExportZip.read(bytes), "quest/\(F.id(50)).md").contains("## Quest 1\n\n한 줄\n"))
    }
}
