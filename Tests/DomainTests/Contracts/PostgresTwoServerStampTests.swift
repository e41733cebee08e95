import Foundation
import Testing
import Core
import Data
import Domain
import PostgreSQL

/// Sync's stamping on PostgreSQL is the database's (a trigger, under the write lock): two servers
/// writing in turn, each with its own clock and store, whatever was rolled back, every change
/// committed is stamped once, in seq order.
@Suite("PostgreSQL stamping with two servers", .enabled(if: ScratchPostgres.isAvailable))
struct PostgresTwoServerStampTests {
    static let now = ISO8601.parseInstant("2026-12-01T12:00:00Z")!

    struct Server {
        let database: PostgresDatabase
        let store: SQLiteSyncStore
        let doses: SQLiteDoseRepository

        init(_ database: PostgresDatabase) throws {
            self.database = database
            store = try SQLiteSyncStore(database: database, clock: FixedClock(PostgresTwoServerStampTests.now),
                                        deviceID: SQLiteSyncStore.serverDeviceID)
            doses = SQLiteDoseRepository(database: database)
        }

        func log(_ index: Int, rolledBack: Bool = false) throws {
            let at = PostgresTwoServerStampTests.now.addingTimeInterval(-Double(index))
            struct Undo: Error {}
            do {
                try database.write {
                    try doses.insert(Dose(id: "dose-\(index)", ownerID: "acct", kind: .rapid, units: 1, takenAt: at, note: nil,
                                          createdAt: at, updatedAt: at))
                    if rolledBack { throw Undo() }
                }
            } catch is Undo {}
        }
    }

    @Test("two servers on one database, writes and rollbacks in turn: every committed change stamped, none twice")
    func twoServersInTurn() throws {
        let (url, database) = try ScratchPostgres.empty(poolSize: 2)
        try PostgresMigrations.migrator.migrate(database)
        let first = try Server(database)
        let second = try Server(try PostgresDatabase(ConnectionString(url), poolSize: 2))
        defer {
            withExtendedLifetime((first.store, second.store)) {} // the databases hold their hooks weakly
            second.database.close()
        }
        for index in 0..<40 {
            let server = index % 3 == 0 ? second : first
            try server.log(index, rolledBack: index % 7 == 3)
        }
        let changes = try first.database.query("SELECT seq, change_id, clock FROM sync_changes ORDER BY seq")
        let committed = (0..<40).filter { $0 % 7 != 3 }
        #expect(changes.count == committed.count)
        #expect(try changes.allSatisfy { try $0.get("clock", as: String?.self) != nil && $0.get("change_id", as: String?.self) != nil })
        let ids = try changes.map { try $0.get("change_id", as: String.self) }
        #expect(Set(ids).count == ids.count)
        let clocks = try changes.map { try $0.get("clock", as: String.self) }
        #expect(clocks == clocks.sorted(), "clocks follow seq order across both servers")
    }
}
