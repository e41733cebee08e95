import Core
import Data
import Foundation
import PostgreSQL
import Testing

/// `executeLater` on PostgreSQL: writes held back for the transaction's next round trip (its next
/// statement, a savepoint's end or its COMMIT) must keep every promise an `execute` makes there.
@Suite("PostgreSQL later writes", .enabled(if: ScratchPostgres.isAvailable), .serialized)
struct PostgresLaterWritesTests {
    static func insert(_ id: String, _ n: Int64 = 1) -> SQLStatement {
        SQLStatement("INSERT INTO t (id, n) VALUES (?, ?)", [.text(id), .integer(n)])
    }

    @Test("held back, they come before the next statement, in order, and commit with the write")
    func seenByTheNextStatement() throws {
        let (_, database) = try ScratchTable.opened()
        let seen = try database.write {
            try database.executeLater([Self.insert("a", 1), SQLStatement("UPDATE t SET n = n + 1 WHERE id = 'a'")])
            try database.executeLater([Self.insert("b", 5)])
            return try database.query("SELECT id, n FROM t ORDER BY id").map(\.values)
        }
        #expect(seen == [[.text("a"), .integer(2)], [.text("b"), .integer(5)]])
        try database.write { try database.executeLater([Self.insert("c")]) } // sent with the COMMIT alone
        #expect(try ScratchTable.ids(database) == ["a", "b", "c"])
    }

    @Test("a failing one fails its write where it is sent, nothing stays, the lock is freed")
    func failureFailsTheWrite() throws {
        let (url, database) = try ScratchTable.opened()
        var reached = false
        #expect(throws: AppError.self) {
            try database.write {
                try database.executeLater([Self.insert("x"), Self.insert("x")]) // the second breaks the key
                reached = true // not sent yet: the call itself does not fail
            }
        }
        #expect(reached)
        #expect(throws: AppError.self) {
            try database.write {
                try database.executeLater([SQLStatement("INSERT INTO nowhere VALUES (1)")])
                _ = try database.query("SELECT 1 AS one")
            }
        }
        let other = try PostgresDatabase(ConnectionString(url), poolSize: 1)
        defer { other.close() }
        try other.write { try other.execute("INSERT INTO t VALUES ('after', 1)") } // would wait forever on a held lock
        #expect(try ScratchTable.ids(database) == ["after"])
    }

    @Test("a savepoint rolled back drops those made inside it and keeps those before it")
    func savepoints() throws {
        let (_, database) = try ScratchTable.opened()
        try database.write {
            try database.executeLater([Self.insert("before")])
            try? database.write {
                try database.executeLater([Self.insert("inside")])
                throw AppError.invalidInput("undone", code: "undone")
            }
            try database.write { try database.executeLater([Self.insert("released")]) }
        }
        #expect(try ScratchTable.ids(database) == ["before", "released"])
    }

    @Test("outside a transaction they run at once; inside a read they are refused")
    func outsideAWrite() throws {
        let (_, database) = try ScratchTable.opened()
        try database.executeLater([Self.insert("now")])
        #expect(try ScratchTable.ids(database) == ["now"])
        #expect(throws: AppError.self) { try database.read { try database.executeLater([Self.insert("no")]) } }
        try database.write {
            try database.executeLater([Self.insert("first")])
            try database.executeScript("INSERT INTO t VALUES ('script1', 1); INSERT INTO t VALUES ('script2', 2)")
        }
        #expect(try ScratchTable.ids(database) == ["first", "now", "script1", "script2"])
    }
}
