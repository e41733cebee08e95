import Foundation
import Testing
import Core
import Data
import Domain
import PostgreSQL

/// A write on PostgreSQL commits asynchronously under the write lock and has the log flushed after
/// it, outside the lock (`PostgresConnection.commit(thenFlushWith:)`): the write is on disk when
/// `write` returns, and a sync pull never hands out a change that is not.
@Suite("PostgreSQL's flush after the write lock", .enabled(if: ScratchPostgres.isAvailable))
struct PostgresCommitFlushTests {
    static let now = ISO8601.parseInstant("2026-12-01T12:00:00Z")!

    /// A migrated database whose one connection commits synchronously, as a deployment's do (the
    /// test cluster turns `synchronous_commit` off for speed, and then nothing would wait for a flush).
    static func durable() throws -> PostgresDatabase {
        let (_, database) = try ScratchPostgres.empty(poolSize: 1)
        try database.executeOutsideTransaction("SET synchronous_commit = on")
        _ = try PostgresMigrations.migrator.migrate(database, now: now)
        return database
    }

    static func setting(_ database: PostgresDatabase) throws -> String {
        try #require(try database.queryOne("SELECT current_setting('synchronous_commit') AS value")?.get("value", as: String.self))
    }

    static func isFlushed(_ database: PostgresDatabase, through lsn: String) throws -> Bool {
        try database.queryOne("SELECT pg_current_wal_flush_lsn() >= CAST(? AS pg_lsn) AS flushed", [.text(lsn)])?
            .get("flushed", as: Bool.self) == true
    }

    @Test("the write commits asynchronously, and is flushed when write returns; sessions keep their own setting")
    func flushedOnReturn() throws {
        let database = try Self.durable()
        try database.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        for index in 1...20 {
            var inside = "", written = ""
            try database.write {
                try database.execute("INSERT INTO notes (id, text) VALUES (?, 'x')", [.integer(Int64(index))])
                inside = try Self.setting(database)
                written = try #require(try database.queryOne("SELECT CAST(pg_current_wal_insert_lsn() AS TEXT) AS lsn")?
                    .get("lsn", as: String.self))
            }
            #expect(inside == "off", "the lock is passed on without waiting for the disk")
            #expect(try Self.isFlushed(database, through: written), "write \(index) returned before its commit was on disk")
        }
        #expect(try Self.setting(database) == "on", "SET LOCAL ended with the transaction")
        #expect(try database.query("SELECT id FROM notes").count == 20)
    }

    @Test("a write that fails at COMMIT throws, and the flush after it does not run")
    func failingCommit() throws {
        let database = try Self.durable()
        try database.executeScript("""
            CREATE TABLE parents (id INTEGER PRIMARY KEY);
            CREATE TABLE children (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED)
            """)
        #expect(throws: (any Error).self) {
            try database.write { try database.execute("INSERT INTO children (id, parent) VALUES (1, 99)") }
        }
        #expect(try database.query("SELECT id FROM children").isEmpty)
        try database.write { try database.execute("INSERT INTO parents (id) VALUES (99)") }
        #expect(try database.query("SELECT id FROM parents").count == 1, "the connection is usable after the failure")
    }

    /// Every overload of the message's function (PostgreSQL 17 added a fourth argument) refused to
    /// the roles that are not superusers, in this database only.
    static let revokeMessage = """
        DO $$ DECLARE f regprocedure; BEGIN
        FOR f IN SELECT oid::regprocedure FROM pg_proc WHERE proname = 'pg_logical_emit_message' LOOP
        EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f); END LOOP; END $$
        """

    @Test("a flush that fails after its COMMIT went through: unavailable (retry), and the write is in")
    func failingFlush() throws {
        let database = try Self.durable()
        try database.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY)")
        // The flush's message refused to the role the write leaves its session in: its COMMIT
        // goes through, and the flush after it fails whatever the log's state.
        let role = "tend_flush_\(UInt32.random(in: 0 ... .max))"
        try database.executeScript("CREATE ROLE \(role) NOLOGIN; " + Self.revokeMessage)
        defer { try? database.executeScript("RESET ROLE; DROP ROLE \(role)") }
        let error = #expect(throws: AppError.self) {
            try database.write {
                try database.execute("INSERT INTO notes (id) VALUES (1)")
                try database.execute("SELECT set_config('role', ?, false)", [.text(role)])
            }
        }
        #expect(error?.code == "database_unavailable")
        try database.executeOutsideTransaction("RESET ROLE")
        #expect(try database.query("SELECT id FROM notes").count == 1, "committed before the flush failed")
    }

    @Test("a role that may not run the flush's message is refused at start, with the grant that fixes it")
    func refusedAtStart() throws {
        let (url, database) = try ScratchPostgres.empty(poolSize: 1)
        let role = "tend_start_\(UInt32.random(in: 0 ... .max))"
        try database.executeScript("CREATE ROLE \(role) LOGIN; " + Self.revokeMessage)
        defer { try? database.executeScript("DROP OWNED BY \(role); DROP ROLE \(role)") }
        let function = try #require(try database.queryOne(
            "SELECT min(oid::regprocedure::text) AS f FROM pg_proc WHERE proname = 'pg_logical_emit_message' AND proargtypes[2] = 'text'::regtype"
        )?.get("f", as: String.self))
        let asRole = url + (url.contains("?") ? "&" : "?") + "user=\(role)"
        let error = #expect(throws: AppError.self) { try PostgresDatabase(ConnectionString(asRole), poolSize: 1) }
        #expect(error?.code == "invalid_configuration")
        #expect(error?.message.contains("GRANT EXECUTE ON FUNCTION \(function) TO \(role)") == true)
        try database.executeScript("GRANT EXECUTE ON FUNCTION \(function) TO \(role)")
        let granted = try PostgresDatabase(ConnectionString(asRole), poolSize: 1)
        granted.close()
    }

    @Test("a database not migrated yet commits asynchronously and flushes too: the flush needs no table")
    func beforeTheMigrations() throws {
        let (_, database) = try ScratchPostgres.empty(poolSize: 1)
        try database.executeOutsideTransaction("SET synchronous_commit = on")
        var inside = "", written = ""
        try database.write {
            try database.execute("CREATE TABLE early (id INTEGER PRIMARY KEY)")
            inside = try Self.setting(database)
            written = try #require(try database.queryOne("SELECT CAST(pg_current_wal_insert_lsn() AS TEXT) AS lsn")?
                .get("lsn", as: String.self))
        }
        #expect(inside == "off")
        #expect(try Self.isFlushed(database, through: written))
        #expect(try database.query("SELECT 1 FROM pg_class WHERE relname = 'commit_marks'").isEmpty)
    }

    @Test("awaitDurability: every commit seen so far is on disk when it returns")
    func awaitDurability() throws {
        let database = try Self.durable()
        try database.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY)")
        for index in 1...20 {
            // A commit that did not wait for the disk, as another server's write is for a moment.
            // Outside `write`, which would flush it itself.
            try database.executeOutsideTransaction("BEGIN; SET LOCAL synchronous_commit = off; INSERT INTO notes (id) VALUES (\(index)); COMMIT")
            let seen = try #require(try database.queryOne("SELECT CAST(pg_current_wal_insert_lsn() AS TEXT) AS lsn")?
                .get("lsn", as: String.self))
            try database.awaitDurability()
            #expect(try Self.isFlushed(database, through: seen))
        }
    }

    @Test("a sync pull that moves its cursor waits for the flush; one with nothing new does not")
    func pullWaitsForTheFlush() throws {
        let database = try ScratchPostgres.make()
        let store = try SQLiteSyncStore(database: database, clock: FixedClock(Self.now), deviceID: SQLiteSyncStore.serverDeviceID)
        try database.write {
            try SQLiteDoseRepository(database: database).insert(Dose(
                id: UUIDv7.makeString(at: Self.now), ownerID: "acct", kind: .rapid, units: 2, takenAt: Self.now, note: nil,
                createdAt: Self.now, updatedAt: Self.now))
        }
        _ = try store.changeLog(ownerID: "acct", after: 0, limit: 10, excludingDevice: nil) // prepares the statements
        var before = database.roundTrips
        let page = try store.changeLog(ownerID: "acct", after: 0, limit: 10, excludingDevice: nil)
        #expect(page.changes.count == 1)
        let withChanges = database.roundTrips - before
        before = database.roundTrips
        let empty = try store.changeLog(ownerID: "acct", after: page.next, limit: 10, excludingDevice: nil)
        #expect(empty.changes.isEmpty && empty.next == page.next)
        let without = database.roundTrips - before
        #expect(withChanges == without + 1, "the flush's exchange, only when the cursor moves")
    }
}
