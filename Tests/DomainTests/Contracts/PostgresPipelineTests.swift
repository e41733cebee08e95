import Core
import Data
import Dispatch
import Foundation
import PostgreSQL
import Testing

/// `queries` sends its statements in one pipeline on PostgreSQL, and a write sends its BEGIN with
/// its first statement: what `query` and `write` promise must hold all the same. (The lock, taken
/// with a write's first statement that is not a read: `PostgresLateLockTests`.)
@Suite("PostgreSQL pipelines", .enabled(if: ScratchPostgres.isAvailable), .serialized)
struct PostgresPipelineTests {
    @Test("each statement's rows come back in order, in a read, a write and outside both")
    func answersInOrder() throws {
        let (_, database) = try ScratchTable.opened()
        try database.execute("INSERT INTO t VALUES ('a', 1), ('b', 2), ('c', 3)")
        let statements = [SQLStatement("SELECT id FROM t WHERE n >= ? ORDER BY id", [.integer(2)]),
                          SQLStatement("SELECT COUNT(*) AS c FROM t"),
                          SQLStatement("SELECT id FROM t WHERE id = ?", [.text("none")]),
                          SQLStatement("SELECT CAST(? AS TEXT) AS echo", [.text("한식")])]
        let expected: [[[SQLValue]]] = [[[.text("b")], [.text("c")]], [[.integer(3)]], [], [[.text("한식")]]]
        #expect(try database.queries(statements).map { $0.map(\.values) } == expected)
        #expect(try database.read { try database.queries(statements) }.map { $0.map(\.values) } == expected)
        #expect(try database.write { try database.queries(statements) }.map { $0.map(\.values) } == expected)
    }

    @Test("a failing statement is thrown, nothing of its write stays, and the connection serves the next")
    func failureInThePipeline() throws {
        let (_, database) = try ScratchTable.opened()
        let failing = [SQLStatement("INSERT INTO t VALUES ('x', 1)"), SQLStatement("SELECT nothing FROM nowhere"),
                       SQLStatement("INSERT INTO t VALUES ('y', 2)")]
        #expect(throws: AppError.self) { try database.queries(failing) } // a write of its own: rolled back whole
        #expect(throws: AppError.self) { try database.write { try database.queries(failing) } }
        #expect(throws: AppError.self) { try database.read { try database.queries([SQLStatement("SELECT 1 AS one")] + failing.dropFirst()) } }
        #expect(try ScratchTable.ids(database).isEmpty)
        try database.write { _ = try database.queries([SQLStatement("INSERT INTO t VALUES ('z', 3)"), SQLStatement("SELECT 1 AS one")]) }
        #expect(try ScratchTable.ids(database) == ["z"])
    }

    @Test("a write that fails at its first statement (sent with its BEGIN and lock) frees the lock")
    func failedFirstStatementOfAWrite() throws {
        let (url, database) = try ScratchTable.opened()
        #expect(throws: AppError.self) { try database.write { try database.execute("INSERT INTO nowhere VALUES (1)") } }
        #expect(throws: AppError.self) { try database.write { _ = try database.query("SELECT nothing FROM t") } }
        let other = try PostgresDatabase(ConnectionString(url), poolSize: 1)
        defer { other.close() }
        try other.write { try other.execute("INSERT INTO t VALUES ('after', 1)") } // would wait forever on a held lock
        try database.write {} // no statement: nothing begun
        #expect(try ScratchTable.ids(database) == ["after"])
    }
}
