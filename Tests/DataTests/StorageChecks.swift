import Core
import Domain
@testable import Data

/// What only the SQLite file shows, for the few checks that must look underneath the
/// repositories: rows not duplicated (sync carries every row), the full-text indexes in step
/// with their tables, the stored form of a cache row, a damaged row written on purpose.
/// Everything a caller sees is read through the repositories; each use of this names what it
/// checks and why no repository can show it.
struct StorageChecks {
    let database: Database

    /// Rows of `table` matching `condition`.
    func rows(in table: String, where condition: String = "1", _ arguments: [SQLValue] = []) throws -> Int {
        try database.queryOne("SELECT COUNT(*) AS n FROM \(table) WHERE \(condition)", arguments)?.get("n") ?? -1
    }

    /// One stored row as it is on disk.
    func row(in table: String, where condition: String, _ arguments: [SQLValue] = []) throws -> Row? {
        try database.queryOne("SELECT * FROM \(table) WHERE \(condition)", arguments)
    }

    /// Writes a row past the repository (a damaged or older-shaped one).
    func insertRaw(into table: String, columns: [String], _ values: [SQLValue]) throws {
        let placeholders = Array(repeating: "?", count: values.count).joined(separator: ", ")
        try database.execute("INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))", values)
    }

    /// Both full-text indexes of the foods agree with the foods table (FTS5's integrity check
    /// throws when they do not).
    func checkFullTextIndexes() throws {
        try database.execute("INSERT INTO foods_fts (foods_fts, rank) VALUES ('integrity-check', 1)")
        try database.execute("INSERT INTO foods_search (foods_search, rank) VALUES ('integrity-check', 1)")
    }
}
