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
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains(#""insulin_doses":2"#))
        #expect(text.contains("couple/moods.json"))
        #expect(response.body.suffix(22).prefix(4) == Data([0x50, 0x4B, 0x05, 0x06]))
    }
}
