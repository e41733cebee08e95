import Core
import Data
import Foundation
import PostgreSQL
import Testing

/// A read on PostgreSQL sends its BEGIN with its first statement (one pipeline) and does not
/// wait for its COMMIT: what a `read` promises must hold all the same.
@Suite("PostgreSQL read transactions", .enabled(if: ScratchPostgres.isAvailable), .serialized)
struct PostgresReadTransactionTests {
    /// One connection, so that every read and write below reuses the one the read just had.
    static func database() throws -> PostgresDatabase {
        try opened().database
    }

    static func opened() throws -> (url: String, database: PostgresDatabase) {
        // The database ScratchPostgres keeps: one it does not know of would not keep the database
        // from being dropped (by another suite's make) while this test uses it.
        let (url, database) = try ScratchPostgres.empty(poolSize: 1)
        try database.execute("CREATE TABLE t (id TEXT PRIMARY KEY)")
        return (url, database)
    }

    @Test("every statement of a read sees one snapshot, though its BEGIN went with the first")
    func oneSnapshot() throws {
        let (url, database) = try Self.opened()
        try database.execute("INSERT INTO t VALUES ('a')")
        let other = try PostgresDatabase(ConnectionString(url), poolSize: 1)
        let counts = try database.read { () -> [Int] in
            let first = try database.queryOne("SELECT COUNT(*) AS n FROM t")?.get("n", as: Int.self) ?? -1
            try other.execute("INSERT INTO t VALUES ('b')") // committed by another connection meanwhile
            let second = try database.queryOne("SELECT COUNT(*) AS n FROM t")?.get("n", as: Int.self) ?? -1
            return [first, second]
        }
        #expect(counts == [1, 1])
        #expect(try database.queryOne("SELECT COUNT(*) AS n FROM t")?.get("n", as: Int.self) == 2)
    }

    @Test("readTogether: one round trip with its BEGIN and COMMIT, one snapshot, nothing left open; a failure leaves the connection clean")
    func readTogether() throws {
        let (url, database) = try Self.opened()
        let other = try PostgresDatabase(ConnectionString(url), poolSize: 1)
        let count = SQLStatement("SELECT COUNT(*) AS n FROM t", [])
        let reads = [count, SQLStatement("SELECT id FROM t ORDER BY id", []), count]
        _ = try database.readTogether(reads) // prepares the statements on this connection
        let openTransactions = "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'"
        for index in 0..<10 {
            try other.execute("INSERT INTO t VALUES (?)", [.text("id\(index)")])
            let before = database.roundTrips
            let answers = try database.readTogether(reads)
            #expect(database.roundTrips - before == 1, "BEGIN, three statements and COMMIT in one pipeline")
            #expect(answers.count == 3 && answers[1].count == index + 1)
            #expect(try answers[0].first?.get("n", as: Int.self) == index + 1 && answers[2].first?.get("n", as: Int.self) == index + 1)
            #expect(try other.queryOne(openTransactions)?.get("n", as: Int.self) == 0, "its COMMIT went with it")
        }
        #expect(throws: (any Error).self) {
            try database.readTogether([count, SQLStatement("SELECT nothing FROM t", []), count])
        }
        #expect(try other.queryOne(openTransactions)?.get("n", as: Int.self) == 0, "the failed one was rolled back")
        #expect(try database.readTogether([count]).first?.first?.get("n", as: Int.self) == 10)
        try database.write { try database.execute("INSERT INTO t VALUES ('after')") }
        #expect(try other.queryOne("SELECT COUNT(*) AS n FROM t")?.get("n", as: Int.self) == 11)
    }

    @Test("the connection a read leaves (its COMMIT in flight) serves the next read and write at once")
    func connectionReused() throws {
        let database = try Self.database()
        for index in 0..<20 {
            let seen = try database.read { try database.query("SELECT id FROM t").count }
            #expect(seen == index)
            try database.write { try database.execute("INSERT INTO t VALUES (?)", [.text("id\(index)")]) }
            _ = try database.read { 0 } // no statement: nothing begun, nothing to commit
        }
        #expect(try database.queryOne("SELECT COUNT(*) AS n FROM t")?.get("n", as: Int.self) == 20)
    }

    @Test("a read whose first statement fails throws, and the next read works")
    func failedFirstStatement() throws {
        let database = try Self.database()
        #expect(throws: AppError.self) {
            try database.read { try database.query("SELECT nothing FROM nowhere") }
        }
        #expect(throws: AppError.self) {
            try database.read { () -> Int in
                _ = try database.query("SELECT id FROM t")
                return try database.query("SELECT nothing FROM nowhere").count
            }
        }
        #expect(try database.read { try database.query("SELECT id FROM t").count } == 0)
        try database.execute("INSERT INTO t VALUES ('x')")
        #expect(try database.read { try database.query("SELECT id FROM t").count } == 1)
    }
}
