import Foundation
import Testing
import Core
@testable import Data

/// `SQLDatabase.forEachRow`: the values `query` would give, row by row in one reused array, on
/// the writer, on a reader, inside a write, and by the engines' default (`query` under it).
@Suite("Rows visited one at a time")
struct RowVisitTests {
    static let rows: [[SQLValue]] = [
        [.integer(1), .text("2026-11-30"), .real(72.5), .null],
        [.integer(2), .text("혈당 \"높음\" 🩸, a text longer than a short string"), .null, .blob(Data([0, 1, 2]))],
        [.integer(3), .text(""), .real(-0.25), .text("x")],
    ]

    static func filled(_ database: Database) throws {
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b REAL, c)")
        for row in rows { try database.execute("INSERT INTO t VALUES (?, ?, ?, ?)", row) }
    }

    static func visited(_ database: any SQLDatabase, _ sql: String, _ arguments: [SQLValue] = []) throws -> [[SQLValue]] {
        var seen: [[SQLValue]] = []
        try database.forEachRow(sql, arguments) { seen.append($0) }
        return seen
    }

    @Test func everyRowAsQueryGivesItOnTheWriterAndOnAReader() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for database in [try Database(path: ":memory:"), try Database(path: folder.appendingPathComponent("t.db").path, readers: 1)] {
            try Self.filled(database)
            let sql = "SELECT id, a, b, c FROM t WHERE id >= ? ORDER BY id"
            #expect(try Self.visited(database, sql, [.integer(1)]) == Self.rows)
            #expect(try Self.visited(database, sql, [.integer(1)]) == database.query(sql, [.integer(1)]).map(\.values))
            #expect(try Self.visited(database, sql, [.integer(3)]) == [Self.rows[2]], "the bindings of the last run do not leak")
            #expect(try Self.visited(database, sql, [.integer(9)]).isEmpty)
            // Inside a write it reads what the write has done so far, on the writer.
            let inside = try database.write { () throws -> [[SQLValue]] in
                try database.execute("INSERT INTO t VALUES (4, 'new', NULL, NULL)")
                return try Self.visited(database, "SELECT id FROM t ORDER BY id")
            }
            #expect(inside == [[.integer(1)], [.integer(2)], [.integer(3)], [.integer(4)]])
        }
    }

    @Test func anErrorFromTheBodyStopsTheVisitAndLeavesTheStatementReady() throws {
        let database = try Database(path: ":memory:")
        try Self.filled(database)
        let sql = "SELECT id FROM t ORDER BY id"
        var count = 0
        #expect(throws: AppError.self) {
            try database.forEachRow(sql, []) { _ in
                count += 1
                throw AppError(.internalFailure, code: "stop", "stop")
            }
        }
        #expect(count == 1)
        #expect(try Self.visited(database, sql).count == 3, "the statement was reset after the error")
    }

    /// An engine without its own way (PostgreSQL) visits the rows `query` returns.
    @Test func theDefaultVisitsTheRowsOfQuery() throws {
        let database = try Database(path: ":memory:")
        try Self.filled(database)
        let plain = QueryOnly(database)
        #expect(try Self.visited(plain, "SELECT id, a, b, c FROM t ORDER BY id") == Self.rows)
    }
}

/// A database that has only `query`: the protocol's default `forEachRow` runs over it.
private final class QueryOnly: SQLDatabase, @unchecked Sendable {
    let base: Database
    init(_ base: Database) { self.base = base }
    var dialect: SQLDialect { base.dialect }
    var name: String { base.name }
    var changes: Int { base.changes }
    func execute(_ sql: String, _ arguments: [SQLValue]) throws { try base.execute(sql, arguments) }
    func query(_ sql: String, _ arguments: [SQLValue]) throws -> [Row] { try base.query(sql, arguments) }
    func executeScript(_ sql: String) throws { try base.executeScript(sql) }
    func read<T>(_ body: () throws -> T) throws -> T { try base.read(body) }
    func write<T>(_ body: () throws -> T) throws -> T { try base.write(body) }
    func setBeforeCommit(_ hook: @escaping () throws -> Void) { base.setBeforeCommit(hook) }
    func checkpoint() throws { try base.checkpoint() }
    func close() { base.close() }
}
