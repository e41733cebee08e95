import Core
import Data
import Dispatch
import Foundation
import PostgreSQL
import Synchronization
import Testing

/// What the PostgreSQL engine itself promises the repositories, beyond each contract.
@Suite("PostgreSQL engine", .enabled(if: ScratchPostgres.isAvailable))
struct PostgresEngineTests {
    @Test("a scratch database whose test is over is dropped when the next one is made")
    func finishedDatabasesAreDropped() throws {
        var name = ""
        do {
            let (url, database) = try ScratchPostgres.empty()
            name = String(url.split(separator: "?")[0].split(separator: "/").last ?? "")
            try database.execute("CREATE TABLE t (i BIGINT)")
            #expect(try ScratchPostgres.remaining().contains(name))
        }
        let (_, next) = try ScratchPostgres.empty()
        #expect(name.hasPrefix("tend_empty_"))
        #expect(try !ScratchPostgres.remaining().contains(name))
        #expect(try ScratchPostgres.remaining().count >= 1, "the next one is still there: \(next.name)")
    }

    @Test("placeholders: ? takes the next number after the highest so far, ?N its own, ? in quotes is text")
    func placeholders() throws {
        let (_, database) = try ScratchPostgres.empty()
        let row = try #require(try database.queryOne(
            "SELECT CAST(? AS TEXT) AS a, CAST(?3 AS BIGINT) AS c, CAST(? AS TEXT) AS d, CAST(?2 AS TEXT) AS b, '?' AS q -- ?",
            [.text("one"), .text("two"), .integer(3), .text("four")]))
        #expect(row["a"] == .text("one") && row["b"] == .text("two") && row["c"] == .integer(3) && row["d"] == .text("four"))
        #expect(row["q"] == .text("?"))
    }

    @Test("values come back as SQLite gives them: integers, reals, text, blobs, NULL, a whole SUM as an integer")
    func values() throws {
        let (_, database) = try ScratchPostgres.empty()
        try database.execute("CREATE TABLE t (i BIGINT, r DOUBLE PRECISION, s TEXT, b BYTEA)")
        let blob = Data([0, 1, 0xfe, 0xff])
        try database.execute("INSERT INTO t VALUES (?, ?, ?, ?)", [.integer(1_764_500_000_123), .real(10.25), .text("한식 ' ?"), .blob(blob)])
        try database.execute("INSERT INTO t VALUES (?, ?, ?, ?)", [.integer(2), .null, .null, .blob(Data())])
        #expect(database.changes == 1)
        let rows = try database.query("SELECT i, r, s, b FROM t ORDER BY i DESC")
        #expect(rows[0].values == [.integer(1_764_500_000_123), .real(10.25), .text("한식 ' ?"), .blob(blob)])
        #expect(rows[1].values == [.integer(2), .null, .null, .blob(Data())])
        #expect(try database.queryOne("SELECT SUM(i) AS n, COUNT(*) AS c FROM t")?.values == [.integer(1_764_500_000_125), .integer(2)])
    }

    @Test("a broken constraint is constraint_failed; a nested write that throws undoes only itself")
    func errorsAndSavepoints() throws {
        let (_, database) = try ScratchPostgres.empty()
        try database.execute("CREATE TABLE t (id TEXT PRIMARY KEY)")
        try database.write {
            try database.execute("INSERT INTO t VALUES ('a')")
            #expect(throws: AppError.self) { try database.write { try database.execute("INSERT INTO t VALUES ('a')") } }
            try database.execute("INSERT INTO t VALUES ('b')")
        }
        #expect(try database.query("SELECT id FROM t ORDER BY id").map { try $0.get("id", as: String.self) } == ["a", "b"])
        do {
            try database.execute("INSERT INTO t VALUES ('a')")
            Issue.record("a duplicate key was accepted")
        } catch let error as AppError {
            #expect(error.code == "constraint_failed")
        }
    }

    @Test("two servers migrating one empty database at once: both start, each migration applied once")
    func concurrentMigrations() throws {
        let (url, first) = try ScratchPostgres.empty()
        let second = try PostgresDatabase(ConnectionString(url), poolSize: 2)
        let results = Mutex<[Result<[String], any Error>]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let result = Result { try PostgresMigrations.migrator.migrate(index == 0 ? first : second) }
            results.withLock { $0.append(result) }
        }
        let applied = try results.withLock { try $0.map { try $0.get() } }
        #expect(applied.map(\.count).sorted() == [0, PostgresMigrations.all.count], "one ran them all, the other found them done")
        let names = try first.query("SELECT name FROM schema_migrations").map { try $0.get("name", as: String.self) }
        #expect(names.sorted() == PostgresMigrations.all.map(\.name).sorted())
    }

    @Test("writes from many threads are serialised: each check-then-insert sees the one before it")
    func writesAreSerialised() throws {
        let (_, database) = try ScratchPostgres.empty()
        try database.execute("CREATE TABLE n (k TEXT)")
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10 {
                try? database.write {
                    let count = try database.queryOne("SELECT COUNT(*) AS c FROM n")?.get("c", as: Int.self) ?? 0
                    try database.execute("INSERT INTO n VALUES (?)", [.text("row \(count)")])
                }
            }
        }
        let keys = try database.query("SELECT k FROM n").map { try $0.get("k", as: String.self) }
        #expect(keys.count == 80 && Set(keys).count == 80, "no two writers saw the same count")
    }
}
