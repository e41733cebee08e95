import FoundationEssentials
import Core

/// One schema change, applied once and recorded by name. Never edit one that has landed: add another.
public struct Migration: Sendable {
    public let name: String
    /// Built only when the migration runs: some scripts are generated (the sync triggers, from
    /// `SyncSchema`), and building all of them cost every `tend` run 5M instructions, about a
    /// tenth of a dose log, for a file that is nearly always up to date.
    private let makeSQL: @Sendable () -> String

    public var sql: String { makeSQL() }

    public init(_ name: String, _ sql: @autoclosure @escaping @Sendable () -> String) {
        self.name = name
        self.makeSQL = sql
    }
}

/// Applies migrations in order, each in its own transaction with its row in `schema_migrations`.
/// All of them run inside one outer write, so on PostgreSQL the write lock makes a second server
/// starting at the same moment wait, then find every migration applied.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(_ migrations: [Migration]) {
        precondition(Set(migrations.map(\.name)).count == migrations.count, "migration names must be unique")
        self.migrations = migrations
    }

    /// Applies what is missing and returns the names applied now.
    @discardableResult
    public func migrate(_ database: any SQLDatabase, now: Date = Date()) throws -> [String] {
        // The common case, an up-to-date file, costs two reads and takes no write lock.
        if try hasTable(database), Set(try appliedNames(database)).isSuperset(of: migrations.map(\.name)) {
            return []
        }
        return try database.write {
            if try !hasTable(database) {
                try database.execute(database.sql(
                    sqlite: "CREATE TABLE schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)",
                    postgres: "CREATE TABLE schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at BIGINT NOT NULL, rowid BIGSERIAL NOT NULL)"))
            }
            let done = Set(try appliedNames(database))
            var applied: [String] = []
            for migration in migrations where !done.contains(migration.name) {
                try database.write {
                    do {
                        try database.executeScript(migration.sql)
                    } catch let error as AppError { // which one failed, in the message
                        throw AppError(error.kind, code: error.code, "migration \(migration.name): \(error.message)")
                    }
                    try database.execute("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)",
                                         [.text(migration.name), now.sqlValue])
                }
                applied.append(migration.name)
            }
            return applied
        }
    }

    private func hasTable(_ database: any SQLDatabase) throws -> Bool {
        try !database.query(database.sql(
            sqlite: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
            postgres: "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'schema_migrations'"
        )).isEmpty
    }

    public func appliedNames(_ database: any SQLDatabase) throws -> [String] {
        try database.query("SELECT name FROM schema_migrations ORDER BY rowid").map { try $0.get("name") }
    }
}
