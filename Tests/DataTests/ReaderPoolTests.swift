import Foundation
import Synchronization
import Testing
import Core
@testable import Data

/// Issues #19/#20: a file database in WAL mode reads on read-only connections beside the writer.
/// No test asserts a time: the waits below are a guard against a hang, never a measure.
@Suite("SQLite readers beside the writer")
struct ReaderPoolTests {
    /// A fresh file database with four readers and one table `item`; remove the folder after.
    static func makeDatabase() throws -> (Database, folder: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-readers-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database = try Database(path: folder + "/tend.sqlite", readers: 4)
        try database.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, label TEXT)")
        return (database, folder)
    }

    /// What a thread saw, read back after it signalled.
    final class Seen: Sendable { let value = Atomic<Int64>(-1) }

    static func count(_ database: Database) throws -> Int64 {
        try #require(try database.queryOne("SELECT count(*) AS n FROM item")).get("n", as: Int64.self)
    }

    /// Runs `body` on a new thread; the semaphore is signalled when it returns.
    static func onThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread { body(); done.signal() }.start()
        return done
    }

    @Test("a reader sees a write as soon as it commits, on this thread and another")
    func committedWritesAreSeen() throws {
        let (database, folder) = try Self.makeDatabase()
        defer { database.close(); try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.count(database) == 0)
        try database.write { try database.execute("INSERT INTO item (label) VALUES ('a')") }
        #expect(try Self.count(database) == 1)
        let seen = Seen()
        #expect(Self.onThread { seen.value.store((try? Self.count(database)) ?? -2, ordering: .relaxed) }.wait(timeout: .now() + 60) == .success)
        #expect(seen.value.load(ordering: .relaxed) == 1)
    }

    @Test("a query on another thread goes on while a write transaction is open, and sees what was committed")
    func readDoesNotWaitForWrite() throws {
        let (database, folder) = try Self.makeDatabase()
        defer { database.close(); try? FileManager.default.removeItem(atPath: folder) }
        let started = DispatchSemaphore(value: 0), finish = DispatchSemaphore(value: 0)
        let writer = Self.onThread {
            try? database.write {
                try database.execute("INSERT INTO item (label) VALUES ('uncommitted')")
                started.signal()
                finish.wait()
            }
        }
        started.wait()
        let seen = Seen()
        let reader = Self.onThread { seen.value.store((try? Self.count(database)) ?? -2, ordering: .relaxed) }
        // With one connection the reader would queue behind the write until `finish`.
        #expect(reader.wait(timeout: .now() + 60) == .success)
        #expect(seen.value.load(ordering: .relaxed) == 0)
        finish.signal()
        writer.wait()
        #expect(try Self.count(database) == 1)
    }

    @Test("read { } sees one snapshot while another thread commits between its queries")
    func readIsOneSnapshot() throws {
        let (database, folder) = try Self.makeDatabase()
        defer { database.close(); try? FileManager.default.removeItem(atPath: folder) }
        try database.execute("INSERT INTO item (label) VALUES ('a')")
        let (first, second, committed) = try database.read {
            let first = try Self.count(database)
            let writer = Self.onThread { try? database.write { try database.execute("INSERT INTO item (label) VALUES ('b')") } }
            let committed = writer.wait(timeout: .now() + 60) == .success
            return (first, try Self.count(database), committed)
        }
        #expect(committed)
        #expect(first == 1)
        #expect(second == 1)
        #expect(try Self.count(database) == 2)
    }

    @Test("a write inside read { } takes the writer, and a read after it in the body sees it")
    func writeInsideRead() throws {
        let (database, folder) = try Self.makeDatabase()
        defer { database.close(); try? FileManager.default.removeItem(atPath: folder) }
        let seen = try database.read {
            try database.write { try database.execute("INSERT INTO item (label) VALUES ('a')") }
            return try Self.count(database)
        }
        #expect(seen == 1)
    }

    @Test("a statement that writes, issued outside write, goes to the writer")
    func writeOutsideWrite() throws {
        let (database, folder) = try Self.makeDatabase()
        defer { database.close(); try? FileManager.default.removeItem(atPath: folder) }
        // Starts like a read; SQLite knows it writes.
        let rows = try database.query("WITH v(label) AS (SELECT 'w') INSERT INTO item (label) SELECT label FROM v RETURNING id")
        #expect(rows.count == 1)
        #expect(database.changes == 1)
        try database.execute("INSERT INTO item (label) VALUES ('x')")
        #expect(try Self.count(database) == 2)
    }

    @Test(":memory: keeps one connection: what a write made, a query sees")
    func memoryIsUnchanged() throws {
        let database = try Database(path: ":memory:", readers: 4)
        defer { database.close() }
        try database.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, label TEXT)")
        try database.write { try database.execute("INSERT INTO item (label) VALUES ('a')") }
        // A reader of its own would be another, empty database: no table `item`.
        #expect(try Self.count(database) == 1)
        #expect(try database.read { try Self.count(database) } == 1)
    }

    @Test("close with a reader out: later queries fail cleanly, and the reader closes when it comes back")
    func closeWithReaderOut() throws {
        let (database, folder) = try Self.makeDatabase()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failed = try database.read {
            _ = try Self.count(database)
            database.close()
            return (try? Self.count(database)) == nil
        }
        #expect(failed)
        #expect(throws: AppError.self) { try Self.count(database) }
        #expect(throws: AppError.self) { try database.read { try Self.count(database) } }
    }
}
