import Foundation
import Testing
import Core
import Data
import Domain

/// Sync's stamping on each engine: SQLite's store stamps before each commit, in pages of 1000;
/// PostgreSQL's trigger stamps each change as it is recorded. Every change of a write, the
/// parents' changes for their children included, must get a clock and an id, in `seq` order,
/// the clocks `HybridLogicalClock` hands out, and the clock saved must be the last one given.
@Suite("Sync stamping on each engine")
struct SyncStampEngineTests {
    static var engines: [String] { ScratchPostgres.isAvailable ? ["sqlite", "postgres"] : ["sqlite"] }
    static let now = ISO8601.parseInstant("2026-12-01T12:00:00Z")!

    static func database(_ engine: String) throws -> any SQLDatabase {
        if engine == "postgres" { return try ScratchPostgres.make() }
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: now)
        return database
    }

    /// A server's database on `engine` that records sync, stamped by its store at `now`.
    struct Server {
        let database: any SQLDatabase
        let store: SQLiteSyncStore // the database holds its stamping hook weakly: keep the server to the end
        let doses: SQLiteDoseRepository

        init(_ engine: String) throws {
            database = try SyncStampEngineTests.database(engine)
            store = try SQLiteSyncStore(database: database, clock: FixedClock(SyncStampEngineTests.now),
                                        deviceID: SQLiteSyncStore.serverDeviceID)
            doses = SQLiteDoseRepository(database: database)
        }
    }

    static func dose(_ index: Int) -> Dose {
        let at = now.addingTimeInterval(-Double(index) * 60)
        return Dose(id: UUIDv7.makeString(at: at), ownerID: "acct", kind: .rapid, units: 1, takenAt: at, note: nil, createdAt: now, updatedAt: now)
    }

    /// The change log in `seq` order: (operation, table, clock, change id).
    static func log(_ database: any SQLDatabase) throws -> [(operation: String, table: String, clock: String?, id: String?)] {
        try database.query("SELECT operation, table_name, clock, change_id FROM sync_changes ORDER BY seq").map {
            (try $0.get("operation"), try $0.get("table_name"), try $0.get("clock"), try $0.get("change_id"))
        }
    }

    @Test("more than a page of changes and a parent's children, in one write: each stamped, in order", arguments: engines)
    func pagesAndParents(engine: String) throws {
        let server = try Server(engine)
        defer { withExtendedLifetime(server) {} }
        let database = server.database, doses = server.doses
        let ms = Self.now.sqlValue
        try database.write {
            for index in 0..<1001 { try doses.insert(Self.dose(index)) }
            try database.execute("INSERT INTO workouts (id, owner_id, started_at, kind, created_at, updated_at) VALUES ('w1', 'acct', ?, 'gym', ?, ?)",
                                 [ms, ms, ms])
            for position in 0..<2 {
                try database.execute("INSERT INTO workout_sets (workout_id, position, exercise, reps) VALUES ('w1', ?, 'squat', 5)",
                                     [.integer(Int64(position))])
            }
        }
        var log = try Self.log(database)
        #expect(log.count == 1003)
        #expect(log.last.map { "\($0.operation) \($0.table)" } == "update workouts", "the parent's change for its sets")
        #expect(log.allSatisfy { $0.clock != nil && $0.id != nil })
        let clocks = log.compactMap { $0.clock.flatMap(HLCTimestamp.init) }
        #expect(clocks.count == 1003)
        #expect(zip(clocks, clocks.dropFirst()).allSatisfy { $0 < $1 }, "clocks rise with seq")
        #expect(Set(log.compactMap(\.id)).count == 1003)
        #expect(try database.query("SELECT 1 FROM sync_dirty").isEmpty)
        #expect(try database.queryOne("SELECT value FROM sync_state WHERE key = 'hlc'")?.get("value") as String? == log.last?.clock)

        // A page exactly full, then the clock goes on from where the last write left it.
        try database.write { for index in 1001..<2001 { try doses.insert(Self.dose(index)) } }
        log = try Self.log(database)
        #expect(log.count == 2003)
        #expect(log.allSatisfy { $0.clock != nil })
        let later = log.compactMap { $0.clock.flatMap(HLCTimestamp.init) }
        #expect(zip(later, later.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("children of many parents in one write: one change a parent, none for a savepoint rolled back", arguments: engines)
    func parentsMarkedOnceEach(engine: String) throws {
        let server = try Server(engine)
        defer { withExtendedLifetime(server) {} }
        let database = server.database
        let ms = Self.now.sqlValue
        func workout(_ id: String, sets: Int) throws {
            try database.execute("INSERT INTO workouts (id, owner_id, started_at, kind, created_at, updated_at) VALUES (?, 'acct', ?, 'gym', ?, ?)",
                                 [.text(id), ms, ms, ms])
            for position in 0..<sets {
                try database.execute("INSERT INTO workout_sets (workout_id, position, exercise, reps) VALUES (?, ?, 'squat', 5)",
                                     [.text(id), .integer(Int64(position))])
            }
        }
        struct Undone: Error {}
        try database.write { try workout("kept", sets: 1) }
        let keptChanges = try Self.log(database).count
        try database.write {
            for index in 0..<20 { try workout("w\(index)", sets: 3) }
            #expect(throws: Undone.self) {
                try database.write {
                    // A parent that stays (committed before) marked by a set that does not.
                    try database.execute("INSERT INTO workout_sets (workout_id, position, exercise, reps) VALUES ('kept', 1, 'squat', 5)")
                    try workout("undone", sets: 2)
                    throw Undone()
                }
            }
        }
        let updates: [String] = try database.query("SELECT record_id FROM sync_changes WHERE operation = 'update' ORDER BY seq")
            .map { try $0.get("record_id") }
        #expect(updates.sorted() == (["kept"] + (0..<20).map { "w\($0)" }).sorted(),
                "one update a parent, with all its sets; none for the set rolled back")
        #expect(try database.query("SELECT 1 FROM sync_changes WHERE record_id = 'undone'").isEmpty)
        #expect(try database.query("SELECT 1 FROM sync_dirty").isEmpty)
        let log = try Self.log(database)
        #expect(keptChanges == 2 && log.count == 42 && log.allSatisfy { $0.clock != nil && $0.id != nil })
        #expect(try database.queryOne("SELECT value FROM sync_state WHERE key = 'hlc'")?.get("value") as String? == log.last?.clock,
                "the clock saved is the last one handed out, a parent's included")
        let sets: String? = try database.queryOne("SELECT fields FROM sync_changes WHERE record_id = 'w7' AND operation = 'update'")?.get("fields")
        #expect(sets.map { $0.components(separatedBy: "position").count - 1 } == 3, "the parent's change carries its three sets")

        // A later write that marks nothing records nothing more.
        try database.write { try server.doses.insert(Self.dose(0)) }
        #expect(try Self.log(database).count == 43)
    }

    @Test("a write that changes nothing synced leaves the log and the clock alone", arguments: engines)
    func nothingToStamp(engine: String) throws {
        let server = try Server(engine)
        defer { withExtendedLifetime(server) {} }
        let database = server.database
        try database.write { try database.execute("INSERT INTO sync_state (key, value) VALUES ('note', 'x')") }
        #expect(try Self.log(database).isEmpty)
        #expect(try database.queryOne("SELECT value FROM sync_state WHERE key = 'hlc'") == nil)
    }

    @Test("the clocks are the hybrid clock's: past a saved clock ahead of the wall, over the counter's end", arguments: engines)
    func clocksOfTheHybridClock(engine: String) throws {
        let server = try Server(engine)
        defer { withExtendedLifetime(server) {} }
        let database = server.database, doses = server.doses
        let wall = HybridLogicalClock.milliseconds(Self.now)
        let ahead = HLCTimestamp(physical: wall + 5000, counter: 0xFFFE, deviceID: "laptop")!
        try database.write { try database.execute("INSERT INTO sync_state (key, value) VALUES ('hlc', ?)", [.text(ahead.text)]) }
        try database.write { for index in 0..<3 { try doses.insert(Self.dose(index)) } }
        var expected = try HybridLogicalClock(deviceID: SQLiteSyncStore.serverDeviceID, last: ahead)
        let clocks = try (0..<3).map { _ in try expected.now(wall: Self.now).text }
        #expect(clocks == ["\(wall + 5000)-ffff-server", "\(wall + 5001)-0000-server", "\(wall + 5001)-0001-server"])
        let log = try Self.log(database)
        #expect(log.map(\.clock) == clocks)
        #expect(try database.queryOne("SELECT value FROM sync_state WHERE key = 'hlc'")?.get("value") as String? == clocks.last)
        // Each id a UUID version 7 of the wall's milliseconds.
        for id in log.compactMap(\.id) {
            let hex = Array(id.replacingOccurrences(of: "-", with: ""))
            #expect(id.count == 36 && hex.count == 32 && id == id.lowercased())
            #expect(Int64(String(hex[0..<12]), radix: 16) == wall)
            #expect(hex[12] == "7" && "89ab".contains(hex[16]))
        }
        #expect(Set(log.compactMap(\.id)).count == 3)
    }

    @Test("a clock received in the middle of a write: later changes go past it, and a later one is kept", arguments: engines)
    func receivedClockInAWrite(engine: String) throws {
        let server = try Server(engine)
        defer { withExtendedLifetime(server) {} }
        let database = server.database, doses = server.doses
        let wall = HybridLogicalClock.milliseconds(Self.now)
        func saveClock(_ clock: HLCTimestamp) throws {
            // As a change received from a device saves it (`receive`), inside the same write.
            try database.execute("INSERT INTO sync_state (key, value) VALUES ('hlc', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                                 [.text(clock.text)])
        }
        let received = HLCTimestamp(physical: wall + 90_000, counter: 3, deviceID: "phone")!
        try database.write {
            try doses.insert(Self.dose(0))
            try saveClock(received)
            try doses.insert(Self.dose(1))
        }
        var log = try Self.log(database)
        let last = try #require(log.last?.clock.flatMap(HLCTimestamp.init))
        #expect(last == HLCTimestamp(physical: wall + 90_000, counter: engine == "sqlite" ? 5 : 4, deviceID: "server"))
        #expect(try database.queryOne("SELECT value FROM sync_state WHERE key = 'hlc'")?.get("value") as String? == last.text)

        // A clock received after the write's last change stamped: the later of the two is saved
        // (PostgreSQL stamped the change before it; SQLite stamps at the commit, past it).
        let later = HLCTimestamp(physical: wall + 120_000, counter: 0, deviceID: "phone")!
        try database.write {
            try doses.insert(Self.dose(2))
            try saveClock(later)
        }
        log = try Self.log(database)
        #expect(log.count == 3)
        let newest = try #require(log.last?.clock.flatMap(HLCTimestamp.init))
        #expect(engine == "sqlite" ? newest > later : newest < later)
        #expect(try database.queryOne("SELECT value FROM sync_state WHERE key = 'hlc'")?.get("value") as String? == max(newest, later).text)
        let clocks = log.compactMap { $0.clock.flatMap(HLCTimestamp.init) }
        #expect(zip(clocks, clocks.dropFirst()).allSatisfy { $0 < $1 })
    }
}
