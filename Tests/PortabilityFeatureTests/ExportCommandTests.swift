import Foundation
import Testing
import Console
import Core
import Domain
import HTTP
import Data
@testable import PortabilityFeature

/// `tend export` and `GET /v1/export` on an in-memory database, as `tend` and `tend-server` run them.
@Suite("tend export")
struct ExportCommandTests {
    static let now = Date(timeIntervalSince1970: 1_749_988_800)
    static let ms: Int64 = 1_749_988_800_000

    struct Harness {
        let database: Database
        let store: SQLitePersonalDataStore

        init() throws {
            database = try Database(path: ":memory:")
            try TendMigrations.migrator.migrate(database, now: ExportCommandTests.now)
            store = SQLitePersonalDataStore(database: database, clock: FixedClock(ExportCommandTests.now))
        }

        func addDoses(_ count: Int, owner: String = Owner.local, from first: Int = 0) throws {
            try database.write {
                for index in first..<(first + count) {
                    try database.execute(
                        "INSERT INTO insulin_doses (id, owner_id, kind, units, taken_at, created_at, updated_at) VALUES (?, ?, 'rapid', 4.0, ?, ?, ?)",
                        [.text(String(format: "0197732a-0000-7000-8000-%012d", index)), .text(owner),
                         .integer(ExportCommandTests.ms - Int64(index) * 60_000), .integer(ExportCommandTests.ms), .integer(ExportCommandTests.ms)])
                }
            }
        }

        func run(_ arguments: [String], terminal: Bool = false) -> (status: Int32, stdout: String, stderr: String) {
            let context = PortabilityContext(store: store, ownerID: Owner.local, appVersion: "1.0.0", clock: FixedClock(ExportCommandTests.now))
            let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                               subcommands: PortabilityCommands.make(context: { _ in context }))
            let (output, captured) = Output.capturing(isTerminal: terminal)
            let status = CommandLineTool(root: root, output: output).run(arguments)
            return (status, captured.stdout, captured.stderr)
        }
    }

    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tend-export-test-\(UUID().uuidString).zip").path
    }

    @Test func writesTheZipAndSaysWhatIsInIt() throws {
        let harness = try Harness()
        try harness.addDoses(3)
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = harness.run(["export", "--to", path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Exported 3 records to \(path) ("))
        #expect(result.stdout.contains("insulin_doses"))
        #expect(!result.stdout.contains("weights")) // empty kinds are not listed
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]))
    }

    @Test func jsonGivesThePathTheCountsAndTheSize() throws {
        let harness = try Harness()
        try harness.addDoses(2)
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = harness.run(["--json", "export", "--to", path])
        #expect(result.status == 0, "\(result)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["path"] as? String == path)
        #expect((json["counts"] as? [String: Int])?["insulin_doses"] == 2)
        #expect((json["counts"] as? [String: Int])?["weights"] == 0)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(json["bytes"] as? Int == size)
    }

    @Test func aLargeExportShowsAProgressLineOnATerminalAndClearsIt() throws {
        let harness = try Harness()
        try harness.addDoses(6_000)
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = harness.run(["export", "--to", path], terminal: true)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(TerminalControl.redrawLine.rawValue + "Exporting: 1000 of 6000 records…"))
        #expect(result.stdout.contains(TerminalControl.redrawLine.rawValue + "Exported 6000 records"))
        let plain = harness.run(["export", "--to", path])
        #expect(!plain.stdout.contains("Exporting:"))
    }

    @Test func aFolderThatIsNotThereIsAnError() throws {
        let harness = try Harness()
        let result = harness.run(["export", "--to", "/nonexistent-\(UUID().uuidString)/x.zip"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write"))
    }

    @Test func theRouteAnswersTheAccountsZip() throws {
        let harness = try Harness()
        try harness.addDoses(2, owner: "account-1")
        try harness.addDoses(1, owner: "someone-else", from: 100)
        let routes = ExportRoutes.make(store: harness.store, appVersion: "1.0.0") { _ in nil }
        #expect(routes.map { "\($0.method) \($0.pattern)" } == ["GET /v1/export"])
        #expect(routes[0].requiresAuth)
        var request = HTTPRequest(method: "GET", path: "/v1/export")
        request.accountID = "account-1"
        let response = try routes[0].handler(request)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/zip")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("Content-Length") == nil)
        #expect(response.body.isEmpty) // streamed: nothing is built before it is sent
        let zip = try #require(response.stream).collect()
        let text = String(decoding: zip, as: UTF8.self)
        #expect(text.contains(#""insulin_doses":2"#))
        #expect(text.contains("couple/moods.json"))
        #expect(zip.suffix(22).prefix(4) == Data([0x50, 0x4B, 0x05, 0x06]))
    }

    static var questContent: FileQuestContentSource {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return FileQuestContentSource(directory: root.appendingPathComponent("Resources/Quests").path)
    }

    /// A journey of `owner` with its first quest answered.
    static func addJourney(_ database: Database, owner: String) throws {
        try database.execute("INSERT INTO quest_journeys (id, owner_id, style, nickname, feeling, pace_days, time_zone, started_at, "
                                 + "created_at, updated_at) VALUES ('j1', ?, 'question', 'Bori', 'sad', 1, 'Asia/Seoul', ?, ?, ?)",
                             [.text(owner), .integer(ms), .integer(ms), .integer(ms)])
        try database.execute("INSERT INTO quest_entries (id, owner_id, journey_id, quest_number, answer, completed_at, created_at, "
                                 + "updated_at) VALUES ('e1', ?, 'j1', 1, 'answer', ?, ?, ?)",
                             [.text(owner), .integer(ms), .integer(ms), .integer(ms)])
    }

    @Test(arguments: [("ko-KR,ko;q=0.9,en;q=0.8", true), ("en-US,ko;q=0.5", false), (nil, false)])
    func theRouteWritesTheQuestTitlesInTheClientsLanguage(acceptLanguage: String?, korean: Bool) throws {
        let harness = try Harness()
        try Self.addJourney(harness.database, owner: "account-1")
        let store = SQLitePersonalDataStore(database: harness.database, clock: FixedClock(Self.now), questContent: Self.questContent)
        let route = ExportRoutes.make(store: store, appVersion: "1.0.0") { _ in nil }[0]
        var request = HTTPRequest(method: "GET", path: "/v1/export", headers: acceptLanguage.map { ["Accept-Language": $0] } ?? [:])
        request.accountID = "account-1"
        let text = String(decoding: try route.handler(request).completeBody(), as: UTF8.self)
        let title = try #require(try Self.questContent.content().journey(.question)?.quest(number: 1)?.title)
        #expect(text.contains(korean ? "## 퀘스트 1 · 1단계 · \(title.ko)\n" : "## Quest 1 · Stage 1 · \(title.en)\n"))
    }

    @Test func theCommandWritesTheQuestTitlesInTheScreensLanguage() throws {
        let harness = try Harness()
        try Self.addJourney(harness.database, owner: Owner.local)
        let store = SQLitePersonalDataStore(database: harness.database, clock: FixedClock(Self.now), questContent: Self.questContent)
        let context = PortabilityContext(store: store, ownerID: Owner.local, appVersion: "1.0.0", clock: FixedClock(Self.now))
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: PortabilityCommands.make(context: { _ in context }))
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (output, _) = Output.capturing(isTerminal: false)
        #expect(CommandLineTool(root: root, output: output, catalog: Catalog(language: .ko)).run(["--lang", "ko", "export", "--to", path]) == 0)
        let title = try #require(try Self.questContent.content().journey(.question)?.quest(number: 1)?.title)
        let zip = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(String(decoding: zip, as: UTF8.self).contains("## 퀘스트 1 · 1단계 · \(title.ko)\n"))
    }
}
