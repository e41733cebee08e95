import Foundation
import Testing
import Console
import Core
import Domain
import Data
import InsulinFeature

/// `tend insulin calendar` with glucose readings: each day's time in range (70–180 mg/dL over
/// the sensor's readings, midnight to midnight), in the grid and in `--json`.
@Suite("tend insulin calendar: time in range")
struct CalendarTimeInRangeTests {
    static let now = ISO8601.parseInstant("2026-11-30T21:00:00+09:00")!

    struct World {
        let database: Database
        let insulin: InsulinUseCases
        let ids: RecordIDs
        let entries: NightscoutEntries

        init() throws {
            let clock = FixedClock(CalendarTimeInRangeTests.now)
            database = try Database(path: ":memory:")
            try TendMigrations.migrator.migrate(database, now: clock.now)
            insulin = InsulinUseCases(
                doses: SQLiteDoseRepository(database: database), settings: SQLiteInsulinSettingsRepository(database: database),
                transactor: database, clock: clock, defaultTimeZone: { _ in "Asia/Seoul" }, events: DomainEventBus())
            ids = RecordIDs(lookup: SQLiteRecordLookup(database: database))
            entries = NightscoutEntries(documents: SQLiteNightscoutDocumentRepository(database: database), transactor: database,
                                        clock: clock)
        }

        /// Readings at Seoul wall times (`2026-11-28T08:00`), of a type (`sgv` sensor, `mbg` meter).
        func add(_ readings: [(time: String, mgdl: Int)], type: String = "sgv") throws {
            _ = try entries.post(readings.map { reading in
                let ms = ISO8601.parseInstant(reading.time + ":00+09:00")!.timeIntervalSince1970 * 1000
                return .object(["type": .string(type), type: .number(Double(reading.mgdl)), "date": .number(ms)])
            }, ownerID: Owner.local)
        }

        func run(_ arguments: String..., glucose: Bool = true) -> (status: Int32, stdout: String) {
            run(arguments, glucose: glucose)
        }

        /// `--json` days by date.
        func jsonDays(_ arguments: String..., glucose: Bool = true) throws -> [String: [String: Any]] {
            let result = run(["--json", "insulin", "calendar"] + arguments, glucose: glucose)
            #expect(result.status == 0)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let days = try #require(object["days"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: days.map { ($0["date"] as! String, $0) })
        }

        func run(_ arguments: [String], glucose: Bool, korean: Bool = false) -> (status: Int32, stdout: String) {
            let context = InsulinContext(useCases: insulin, ownerID: Owner.local, ids: ids,
                                         timeInRange: glucose ? DailyTimeInRange(documents: SQLiteNightscoutDocumentRepository(database: database)) : nil)
            let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                               subcommands: [InsulinCommands.make(context: { _ in context })])
            let (output, captured) = Output.capturing()
            let tool = korean ? CommandLineTool(root: root, output: output, catalog: Catalog(language: .ko))
                : CommandLineTool(root: root, output: output)
            return (tool.run(arguments), captured.stdout)
        }
    }

    /// Three days of readings around the edges: 70 and 180 are in range, 69 and 181 are not; a
    /// reading at 00:30 belongs to its calendar date (not the insulin day before, which starts at
    /// 04:00); a meter reading is not part of it.
    static func makeWorld() throws -> World {
        let world = try World()
        try world.add([("2026-11-28T08:00", 100), ("2026-11-28T12:00", 150), ("2026-11-28T18:00", 200), ("2026-11-28T23:30", 60)])
        try world.add([("2026-11-29T00:30", 150), ("2026-11-29T08:00", 70), ("2026-11-29T12:00", 180), ("2026-11-29T20:00", 120)])
        try world.add([("2026-11-30T08:00", 181), ("2026-11-30T12:00", 69), ("2026-11-30T18:00", 120)])
        try world.add([("2026-11-27T09:00", 300)], type: "mbg")
        return world
    }

    @Test func jsonGivesEachDaysTimeInRangeAndNullWithoutReadings() throws {
        let days = try Self.makeWorld().jsonDays()
        #expect(days["2026-11-28"]?["time_in_range_pct"] as? Double == 50)
        #expect(days["2026-11-29"]?["time_in_range_pct"] as? Double == 100)
        #expect(days["2026-11-30"]?["time_in_range_pct"] as? Double == 33.3)
        #expect(days["2026-11-27"]?["time_in_range_pct"] is NSNull, "a meter reading is not time in range")
        #expect(days["2026-11-01"]?["time_in_range_pct"] is NSNull)
        #expect(days.count == 30)
    }

    @Test func theGridShowsThePercentUnderEachDayWithReadings() throws {
        let world = try Self.makeWorld()
        let result = world.run("insulin", "calendar")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let week = try #require(lines.firstIndex { $0.contains("28") && $0.contains("29") })
        #expect(lines[week + 1] == String(repeating: " ", count: 25) + " 50% 100%")
        let today = try #require(lines.firstIndex { $0.hasPrefix("[30") })
        #expect(lines[today + 1] == " 33%")
        #expect(lines.contains { $0.hasPrefix("72% under a day: its time in range, 70–180 mg/dL") })
        // Weeks without readings have no line of percentages.
        let second = try #require(lines.firstIndex { $0.hasPrefix("  2 ") })
        #expect(lines[second + 1].hasPrefix("  9 "))
    }

    @Test func aMonthWithoutReadingsLooksAsBefore() throws {
        let world = try Self.makeWorld()
        let text = world.run("insulin", "calendar", "--month", "2026-10").stdout
        #expect(!text.contains("time in range"))
        let days = try world.jsonDays("--month", "2026-10")
        #expect(days.values.allSatisfy { $0["time_in_range_pct"] is NSNull })
    }

    @Test func withoutGlucoseEveryDayHasNone() throws {
        let days = try Self.makeWorld().jsonDays(glucose: false)
        #expect(days.values.allSatisfy { $0["time_in_range_pct"] is NSNull })
        #expect(!(try Self.makeWorld()).run("insulin", "calendar", glucose: false).stdout.contains("time in range"))
    }

    @Test func koreanNamesItsLegend() throws {
        let text = try Self.makeWorld().run(["--lang", "ko", "insulin", "calendar"], glucose: true, korean: true).stdout
        #expect(text.contains("목표 범위(70–180 mg/dL)"))
        #expect(text.contains(" 50% 100%"))
    }
}
