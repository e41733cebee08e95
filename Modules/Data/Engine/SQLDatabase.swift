import Core
import Domain

/// Which SQL a statement is written in, where SQLite's and PostgreSQL's truly differ (full-text
/// search, a few functions). Everything else is one portable text for both engines.
public enum SQLDialect: String, Sendable {
    case sqlite, postgres
}

/// The seam between the repositories and an engine: statements with `?` placeholders (numbered
/// `?N` too) and values bound as `SQLValue`s, rows back as `Row`s, and transactions that nest as
/// savepoints. `Database` (SQLite: one writer connection, and read-only ones for a server) and
/// the PostgreSQL module's pooled database implement it, so one repository's code runs on both.
///
/// What a caller may rely on, on both engines:
/// - `write` transactions are serialised with every other write to the same database (SQLite's
///   single writer; a lock on PostgreSQL), so a use case's check-then-write holds;
/// - a statement outside `write` that changes rows is a write transaction of its own;
/// - `changes` is the row count of this thread's last statement.
public protocol SQLDatabase: Transactor, AnyObject {
    var dialect: SQLDialect { get }
    /// Names the database in messages: a path, or a host and database name (never a password).
    var name: String { get }

    func execute(_ sql: String, _ arguments: [SQLValue]) throws
    func query(_ sql: String, _ arguments: [SQLValue]) throws -> [Row]
    /// Several statements separated by semicolons, with no parameters.
    func executeScript(_ sql: String) throws
    /// Rows changed by this thread's last INSERT, UPDATE or DELETE.
    var changes: Int { get }
    /// The first column of every row (JSON documents this code stored) as one JSON array's bytes.
    /// SQLite copies them from its rows as they are; an engine without its own way uses `query`.
    func jsonArray(_ sql: String, _ arguments: [SQLValue]) throws -> [UInt8]
    /// Every row's values in column order, handed to `body` one row at a time in an array the
    /// engine may reuse for the next row (copy what you keep): for reads of many short rows,
    /// where a `Row` each costs more than the reading. An engine without its own way uses `query`.
    func forEachRow(_ sql: String, _ arguments: [SQLValue], _ body: ([SQLValue]) throws -> Void) throws
    /// Runs `body` on one connection and one state of the data, for several reads that must agree.
    func read<T>(_ body: () throws -> T) throws -> T
    /// Runs inside every outermost write transaction just before it commits (sync's stamping).
    func setBeforeCommit(_ hook: @escaping () throws -> Void)
    /// Makes the main storage alone hold every acknowledged write (SQLite: the WAL copied into
    /// the file, so erased data leaves it). PostgreSQL manages its own log: nothing to do there.
    func checkpoint() throws
    func close()
}

extension SQLDatabase {
    public func execute(_ sql: String) throws { try execute(sql, []) }

    public func query(_ sql: String) throws -> [Row] { try query(sql, []) }

    public func queryOne(_ sql: String, _ arguments: [SQLValue] = []) throws -> Row? {
        try query(sql, arguments).first
    }

    public func jsonArray(_ sql: String, _ arguments: [SQLValue]) throws -> [UInt8] {
        JSONArrayBytes.joining(try query(sql, arguments).map { row in
            if case .text(let text) = row.values.first { text } else { "null" }
        })
    }

    public func forEachRow(_ sql: String, _ arguments: [SQLValue], _ body: ([SQLValue]) throws -> Void) throws {
        for row in try query(sql, arguments) { try body(row.values) }
    }

    /// The engine's text where the dialects differ.
    public func sql(sqlite: String, postgres: String) -> String {
        dialect == .sqlite ? sqlite : postgres
    }
}
