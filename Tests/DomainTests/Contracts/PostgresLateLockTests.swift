import Core
import Data
import Dispatch
import Foundation
import PostgreSQL
import Synchronization
import Testing

/// A write on PostgreSQL takes the write lock with its first statement that is not a read; the
/// reads before it run without the lock and are read again and compared once it is taken. A read
/// that changed meanwhile runs the whole write again, lock first, so that what it writes is
/// decided on the rows as they are under the lock, as if it had held it from its BEGIN.
@Suite("PostgreSQL write lock taken late", .enabled(if: ScratchPostgres.isAvailable), .serialized)
struct PostgresLateLockTests {
    /// `first` inserts `first` under the lock and holds it for 0.3 s; `during` runs meanwhile on
    /// `second`, then `check` gets its result.
    static func whileAnotherWriteHoldsTheLock<T>(_ during: (PostgresDatabase) throws -> T,
                                                 then check: (T, PostgresDatabase) throws -> Void) throws {
        try withTwoServers { first, second in
            let inserted = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                try? first.write {
                    try first.execute("INSERT INTO t VALUES ('first', 1)")
                    inserted.signal()
                    Thread.sleep(forTimeInterval: 0.3)
                }
                done.signal()
            }
            inserted.wait()
            let result = try during(second)
            done.wait()
            try check(result, second)
        }
    }

    /// Two servers on one scratch table. The scratch database is dropped once `first` is gone,
    /// so both are kept until `body` is done.
    static func withTwoServers(_ body: (_ first: PostgresDatabase, _ second: PostgresDatabase) throws -> Void) throws {
        let (url, first) = try ScratchTable.opened()
        let second = try PostgresDatabase(ConnectionString(url), poolSize: 1)
        defer {
            second.close()
            withExtendedLifetime(first) {}
        }
        try body(first, second)
    }

    static func rows(_ database: PostgresDatabase) throws -> [String: Int64] {
        Dictionary(uniqueKeysWithValues: try database.query("SELECT id, n FROM t").map { (try $0.get("id"), try $0.get("n")) })
    }

    @Test("a read changed before the lock: the write runs again, lock first, and writes on the rows as they are then")
    func changedReadRunsAgain() throws {
        let runs = Atomic<Int>(0)
        try Self.whileAnotherWriteHoldsTheLock({ second in
            try second.write {
                runs.add(1, ordering: .relaxed)
                // Ending as a statement may (a `;`, a comment): still read again whole.
                let count = try second.queryOne("SELECT COUNT(*) AS c FROM t -- every row\n; ")?.get("c", as: Int64.self) ?? -1
                try second.execute("INSERT INTO t VALUES ('second', ?)", [.integer(count)])
            }
        }, then: { _, second throws in
            #expect(try Self.rows(second) == ["first": 1, "second": 1], "the count as of the lock, not the 0 read before it")
            #expect(runs.load(ordering: .relaxed) == 2)
        })
    }

    @Test("a read the other write did not change: one run, no second")
    func unchangedReadRunsOnce() throws {
        let runs = Atomic<Int>(0)
        try Self.whileAnotherWriteHoldsTheLock({ second in
            try second.write {
                runs.add(1, ordering: .relaxed)
                let other = try second.query("SELECT n FROM t WHERE id = ?", [.text("other")])
                try second.execute("INSERT INTO t VALUES ('second', ?)", [.integer(Int64(other.count))])
            }
        }, then: { _, second throws in
            #expect(try Self.rows(second) == ["first": 1, "second": 0])
            #expect(runs.load(ordering: .relaxed) == 1)
        })
    }

    @Test("a body that swallows the failed check is run again all the same, and its aborted first run leaves nothing")
    func swallowedCheckRunsAgain() throws {
        let runs = Atomic<Int>(0)
        try Self.whileAnotherWriteHoldsTheLock({ second in
            try second.write {
                let run = runs.add(1, ordering: .relaxed).newValue
                let count = try second.queryOne("SELECT COUNT(*) AS c FROM t")?.get("c", as: Int64.self) ?? -1
                try? second.execute("INSERT INTO t VALUES (?, ?)", [.text("second-\(run)"), .integer(count)])
            }
        }, then: { _, second throws in
            #expect(try Self.rows(second) == ["first": 1, "second-2": 1])
            #expect(runs.load(ordering: .relaxed) == 2)
        })
    }

    @Test("a write that only reads takes no lock: it reads what is committed, without waiting")
    func onlyReadsTakesNoLock() throws {
        try Self.whileAnotherWriteHoldsTheLock({ second in
            try second.write { try second.queryOne("SELECT COUNT(*) AS c FROM t")?.get("c", as: Int64.self) }
        }, then: { seen, second throws in
            #expect(seen == 0, "the other write had not committed; waiting for its lock would have counted 1")
        })
    }

    @Test("a savepoint before any write takes the lock first (rolled back to, it would lose it)")
    func savepointTakesTheLock() throws {
        try Self.whileAnotherWriteHoldsTheLock({ second in
            try second.write {
                try second.write { try second.queryOne("SELECT COUNT(*) AS c FROM t")?.get("c", as: Int64.self) }
            }
        }, then: { seen, second throws in
            #expect(seen == 1, "the savepoint waited for the lock, so its read counts the other write")
        })
    }

    @Test("a SELECT that changes something (nextval) takes the lock and runs once, never read again to be checked")
    func changingSelectTakesTheLock() throws {
        let (_, database) = try ScratchTable.opened()
        defer { database.close() }
        try database.execute("CREATE SEQUENCE tend_s")
        let drawn = try database.write {
            let value = try database.queryOne("SELECT nextval('tend_s') AS v")?.get("v", as: Int64.self)
            try database.execute("INSERT INTO t VALUES ('drawn', ?)", [.integer(value ?? -1)])
            return value
        }
        #expect(drawn == 1)
        #expect(try database.queryOne("SELECT last_value FROM tend_s")?.get("last_value", as: Int64.self) == 1)
        #expect(try Self.rows(database) == ["drawn": 1])
    }

    @Test("a script outside a transaction takes the lock: it runs after the other write's commit, and counts it")
    func scriptTakesTheLock() throws {
        try Self.whileAnotherWriteHoldsTheLock({ second in
            try second.executeScript("INSERT INTO t VALUES ('script', (SELECT COUNT(*) FROM t))")
        }, then: { _, second throws in
            #expect(try Self.rows(second) == ["first": 1, "script": 1], "the script waited for the lock, so it counts the other write")
        })
    }

    @Test("a read before the lock holds its table into a deadlock with a schema change made under the lock: both writes end well")
    func deadlockWithASchemaChangeRunsAgain() throws {
        try Self.withTwoServers { first, second in
            let locked = DispatchSemaphore(value: 0), read = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
            let failure = Mutex<String?>(nil)
            DispatchQueue.global().async {
                do {
                    try first.write {
                        try first.execute("INSERT INTO t VALUES ('first', 1)") // the lock
                        locked.signal()
                        read.wait()
                        // The other write waits for the lock 0.2 s before this waits for its table:
                        // its deadlock check comes first, so it is most likely the one aborted.
                        Thread.sleep(forTimeInterval: 0.2)
                        try first.executeScript("ALTER TABLE t ADD COLUMN x BIGINT")
                    }
                } catch {
                    failure.withLock { $0 = "\(error)" }
                }
                done.signal()
            }
            locked.wait()
            let runs = Atomic<Int>(0)
            try second.write {
                let count = try second.queryOne("SELECT COUNT(*) AS c FROM t")?.get("c", as: Int64.self) ?? -1
                if runs.add(1, ordering: .relaxed).newValue == 1 { read.signal() }
                try second.execute("INSERT INTO t (id, n) VALUES ('second', ?)", [.integer(count)])
            }
            done.wait()
            #expect(failure.withLock { $0 } == nil)
            // Whichever was aborted ran again with the lock first; the count is the rows as of its lock.
            let rows = try Self.rows(second)
            #expect(rows["first"] == 1 && (rows["second"] == 0 || rows["second"] == 1), "\(rows)")
            #expect(try second.query("SELECT x FROM t").count == 2)
        }
    }

    @Test("a commit that lands while a read before the lock runs: what is checked under the lock is what the write saw")
    func commitDuringTheReadRunsAgain() throws {
        try Self.withTwoServers { first, second in try Self.commitDuringTheRead(first, second) }
    }

    private static func commitDuringTheRead(_ first: PostgresDatabase, _ second: PostgresDatabase) throws {
        let reading = DispatchSemaphore(value: 0), committed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            reading.wait()
            Thread.sleep(forTimeInterval: 0.1)
            try? first.write { try first.execute("INSERT INTO t VALUES ('first', 1)") }
            committed.signal()
        }
        let runs = Atomic<Int>(0)
        try second.write {
            if runs.add(1, ordering: .relaxed).newValue == 1 { reading.signal() }
            // The read takes 0.3 s, and the other write commits 0.1 s into it: after the read's
            // snapshot, before anything the read's own round trip might run after it.
            let count = try second.queryOne("SELECT (SELECT COUNT(*) FROM t) AS c FROM (SELECT pg_sleep(0.3)) AS s")?
                .get("c", as: Int64.self) ?? -1
            try second.execute("INSERT INTO t VALUES ('second', ?)", [.integer(count)])
        }
        committed.wait()
        // Not the number of runs: were this thread late by 0.1 s, the other write would commit
        // before the read and one run would be right.
        let ran = runs.load(ordering: .relaxed)
        #expect(try rows(second) == ["first": 1, "second": 1],
                "the count the write saw (0) is what the lock's check compares: it runs again, counting 1 (\(ran) runs)")
    }
}
