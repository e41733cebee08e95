import Foundation
import Testing
import Console
import Core
import Domain
import Data
@testable import PortabilityFeature

/// `tend import FILE.zip` on an in-memory database with sync recording, as `tend` runs it.
@Suite("tend import")
struct ImportCommandTests {
    static let now = Date(timeIntervalSince1970: 1_749_988_800)
    static let ms: Int64 = 1_749_988_800_000

    struct Harness {
        let database: Database
        let sync: SQLiteSyncStore
        let store: SQLitePersonalDataStore

        init() throws {
            database = try Database(path: ":memory:")
            try TendMigrations.migrator.migrate(database, now: ImportCommandTests.now)
            let clock = FixedClock(ImportCommandTests.now)
            sync = try SQLiteSyncStore(database: database, clock: clock)
            store = SQLitePersonalDataStore(database: database, clock: clock)
        }

        func run(_ arguments: [String], language: String? = nil) -> (status: Int32, stdout: String, stderr: String) {
            let context = PortabilityContext(store: store, ownerID: Owner.local, appVersion: "1.0.0", clock: FixedClock(ImportCommandTests.now))
            let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                               subcommands: PortabilityCommands.make(context: { _ in context }))
            let (output, captured) = Output.capturing()
            let status = CommandLineTool(root: root, output: output).run(arguments)
            return (status, captured.stdout, captured.stderr)
        }

        func count(_ table: String) throws -> Int {
            Int(try database.queryOne("SELECT count(*) AS n FROM \(table)")!.get("n", as: Int64.self))
        }
    }

    static func dose(_ id: String, units: String = "20.0") -> String {
        #"{"id":"\#(id)","kind":"long","units":\#(units),"taken_at":\#(ms - 3_600_000),"note":null,"created_at":\#(ms),"#
            + #""updated_at":\#(ms),"deleted_at":null}"#
    }

    static func archive(_ entries: [String: String], version: Int = 1) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tend-import-\(UUID().uuidString).zip").path
        var bytes = Data()
        let writer = ZipWriter { bytes.append($0) }
        try writer.add("manifest.json", Data(#"{"format":"tend-export","format_version":\#(version),"exported_at":"2025-06-15T12:00:00Z","#
            .appending(#""app_version":"1.0.0","counts":{}}"#).utf8))
        for (name, text) in entries.sorted(by: { $0.key < $1.key }) { try writer.add(name, Data(text.utf8)) }
        try writer.finish()
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    static let weights = #"[{"id":"w1","taken_at":\#(ms - 86_400_000),"kg":72.5,"fat_percent":null,"muscle_kg":null,"#
        + #""created_at":\#(ms),"updated_at":\#(ms),"deleted_at":null}]"#

    @Test func printsWhatItAddedPerKindAndWhatWasHereAlready() throws {
        let harness = try Harness()
        let path = try Self.archive(["data/insulin_doses.json": "[" + Self.dose("d1") + "," + Self.dose("d2") + "]",
                                     "data/weights.json": Self.weights])
        let pendingBefore = try harness.sync.pendingCount()
        let first = harness.run(["import", path])
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.contains("Imported 3 records from \(path)"))
        #expect(first.stdout.contains("insulin_doses"))
        #expect(first.stdout.contains("weights"))
        #expect(!first.stdout.contains("Left"))
        #expect(try harness.sync.pendingCount() == pendingBefore + 3)

        let again = harness.run(["--json", "import", path])
        #expect(again.status == 0, "\(again)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect(json["imported"] as? [String: Int] == ["insulin_doses": 0, "weights": 0])
        #expect(json["skipped"] as? Int == 3)
        #expect(try harness.count("insulin_doses") == 2)

        let text = harness.run(["import", path])
        #expect(text.stdout.contains("Nothing new in \(path)."))
        #expect(text.stdout.contains("Left 3 records already here as they were."))
    }

    @Test func theJSONCountsEveryKindOfTheArchive() throws {
        let harness = try Harness()
        let path = try Self.archive(["data/insulin_doses.json": "[" + Self.dose("d1") + "]", "data/weights.json": "[]"])
        let result = harness.run(["--json", "import", path])
        #expect(result.status == 0, "\(result)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["imported"] as? [String: Int] == ["insulin_doses": 1, "weights": 0])
        #expect(json["skipped"] as? Int == 0)
    }

    @Test func aBadRecordIsNamedAndNothingIsImported() throws {
        let harness = try Harness()
        let path = try Self.archive(["data/insulin_doses.json": "[" + Self.dose("d1") + "," + Self.dose("d2", units: "\"x\"") + "]",
                                     "data/weights.json": Self.weights])
        let result = harness.run(["import", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: data/insulin_doses.json, record 2 (id d2): the field 'units'"), "\(result)")
        #expect(try harness.count("insulin_doses") == 0)
        #expect(try harness.count("weights") == 0)
        #expect(try harness.sync.pendingCount() == 0)
    }

    @Test func aNewerExportAsksForAnUpdate() throws {
        let harness = try Harness()
        let result = harness.run(["--json", "import", try Self.archive([:], version: 99)])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("export_too_new"), "\(result)")
        #expect(result.stderr.contains("update tend"), "\(result)")
    }

    @Test func theFileIsRequiredAndMustExist() throws {
        let harness = try Harness()
        #expect(harness.run(["import"]).status == 2)
        let missing = harness.run(["import", "/nonexistent/tend.zip"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/tend.zip"))
    }

    @Test func koreanText() {
        let result = PersonalDataCounts(["insulin_doses": 2, "weights": 0], skipped: 1)
        let text = ImportCommand.text(result, path: "a.zip", korean: true)
        #expect(text.contains("a.zip에서 2개를 가져왔어요"))
        #expect(text.contains("이미 있는 1개는 그대로 두었어요."))
        #expect(!text.contains("weights"))
    }
}
