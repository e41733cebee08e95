import Foundation
import Testing
import Core
import Data
import Domain
import PostgreSQL

/// The exchanges a write waits for on PostgreSQL, held by count: every server's writes wait on
/// the one write lock while a write holds it, so each exchange under it is paid by all of them.
@Suite("PostgreSQL waits of a dose write", .enabled(if: ScratchPostgres.isAvailable))
struct PostgresWriteWaitsTests {
    static let now = ISO8601.parseInstant("2026-12-01T12:00:00Z")!

    static func dose(_ index: Int) -> Dose {
        let at = now.addingTimeInterval(-Double(index) * 60)
        return Dose(id: UUIDv7.makeString(at: at), ownerID: "acct", kind: .rapid, units: 1, takenAt: at, note: nil,
                    createdAt: now, updatedAt: now)
    }

    @Test("a dose logged on a server that records sync: 2 waits, the lock and COMMIT in the second, with the dose")
    func doseWrite() throws {
        let database = try ScratchPostgres.make()
        let store = try SQLiteSyncStore(database: database, clock: FixedClock(Self.now), deviceID: SQLiteSyncStore.serverDeviceID)
        defer { withExtendedLifetime(store) {} } // the database holds its stamping hook weakly
        let doses = SQLiteDoseRepository(database: database)
        let settings = SQLiteInsulinSettingsRepository(database: database)
        // As LogDose does: the settings read under the lock, then the dose.
        func log(_ index: Int) throws {
            try database.write {
                _ = try settings.settings(ownerID: "acct")
                try doses.insert(Self.dose(index))
            }
        }
        try log(0) // prepares the statements on the connection (once per connection)
        let before = database.roundTrips
        try log(1)
        // 1: BEGIN, the stamping's settings, the settings (and their hash); 2: the lock, the
        // settings read again and compared, the INSERT (stamped by the trigger), the dirty
        // parents' changes, the clock saved, COMMIT.
        #expect(database.roundTrips - before == 2)
        let unstamped = try database.query("SELECT seq FROM sync_changes WHERE clock IS NULL OR change_id IS NULL")
        #expect(unstamped.isEmpty)
        #expect(try database.query("SELECT seq FROM sync_changes").count == 2)
    }

    @Test("a write that only reads: its reads, no lock, then its COMMIT with the flush every write waits for")
    func writeWithoutChanges() throws {
        let database = try ScratchPostgres.make()
        let store = try SQLiteSyncStore(database: database, clock: FixedClock(Self.now), deviceID: SQLiteSyncStore.serverDeviceID)
        defer { withExtendedLifetime(store) {} }
        func write() throws {
            try database.write { _ = try database.query("SELECT value FROM sync_state WHERE key = ?", [.text("device_id")]) }
        }
        try write()
        let before = database.roundTrips
        try write()
        // BEGIN, the stamping's settings and the read (and its text, for a lock never taken);
        // then the COMMIT and the flush mark: what it read may be another server's commit not
        // yet on disk, and its answer may tell the client so.
        #expect(database.roundTrips - before == 2)
    }
}
