import Foundation
import Testing
import Console
import Core
@testable import Composition

@Suite("Composition")
struct CompositionTests {
    @Test func theDatabasePathComesFromTheOptionThenTheEnvironmentThenXDG() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tend-location-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        #expect(try DatabaseLocation.resolve(option: "\(base)/a/x.sqlite", environment: ["TEND_DB": "/elsewhere.sqlite"]) == "\(base)/a/x.sqlite")
        #expect(FileManager.default.fileExists(atPath: "\(base)/a"))
        #expect(try DatabaseLocation.resolve(option: nil, environment: ["TEND_DB": "\(base)/b.sqlite"]) == "\(base)/b.sqlite")
        #expect(try DatabaseLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "\(base)/xdg", "HOME": "/root"]) == "\(base)/xdg/tend/tend.sqlite")
        #expect(FileManager.default.fileExists(atPath: "\(base)/xdg/tend"))
        #expect(try DatabaseLocation.resolve(option: nil, environment: ["HOME": "\(base)/home"]) == "\(base)/home/.local/share/tend/tend.sqlite")
        #expect(try DatabaseLocation.resolve(option: ":memory:", environment: [:]) == ":memory:")
        #expect(throws: AppError.self) { try DatabaseLocation.resolve(option: nil, environment: [:]) }
    }

    @Test func aFileWhereTheFolderShouldBeIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tend-file-\(UUID())").path
        _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(throws: AppError.self) { try DatabaseLocation.resolve(option: "\(file)/tend.sqlite", environment: [:]) }
    }

    @Test func theContainerMigratesAndWiresTheUseCases() throws {
        let now = ISO8601.parseInstant("2026-11-30T12:00:00Z")!
        let container = try Container.inMemory(clock: FixedClock(now), timeZone: "Europe/Berlin")
        let settings = try container.insulin.settings.current(ownerID: "local")
        #expect(settings.timeZoneIdentifier == "Europe/Berlin")
        #expect(settings.createdAt == now)
        let applied = try container.database.query("SELECT name FROM schema_migrations").map { try $0.get("name", as: String.self) }
        #expect(applied.starts(with: ["0001_insulin", "0002_accounts"]))
    }

    @Test func helpAndUsageErrorsNeverOpenTheDatabase() throws {
        let tend = TendCommandLine(environment: ["TEND_DB": "/nonexistent-folder-tend/a/b/c.sqlite", "HOME": "/nonexistent"])
        let (output, captured) = Output.capturing()
        #expect(tend.run(["--help"], output: output) == 0)
        #expect(captured.stdout.contains("USAGE: tend"))
        #expect(captured.stdout.contains("insulin"))
        #expect(tend.run(["insulin", "log", "--help"], output: output) == 0)
        #expect(tend.run(["insulin", "log", "sideways"], output: output) == 2)
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-folder-tend"))
    }

    @Test func todayShowsTheInsulinCard() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tend-today-\(UUID()).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let tend = TendCommandLine(environment: ["TEND_DB": path, "TEND_NOW": "2026-11-30T22:30:00+09:00", "HOME": "/tmp"])
        let (output, captured) = Output.capturing()
        #expect(tend.run(["insulin", "settings", "--time-zone", "Asia/Seoul"], output: output) == 0)
        #expect(tend.run(["today"], output: output) == 0)
        #expect(captured.stdout.contains("Today · 2026-11-30"))
        #expect(captured.stdout.contains("not taken yet"))
        let (jsonOutput, json) = Output.capturing()
        #expect(tend.run(["--json", "today"], output: jsonOutput) == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["date"] as? String == "2026-11-30")
        #expect(object?["insulin"] != nil)
    }

    @Test func aBadTEND_NOWIsAClearError() throws {
        let tend = TendCommandLine(environment: ["TEND_DB": ":memory:", "TEND_NOW": "soon"])
        let (output, captured) = Output.capturing()
        #expect(tend.run(["today"], output: output) == 2)
        #expect(captured.stderr.contains("TEND_NOW"))
    }
}
