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
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(_ migrations: [Migration]) {
        precondition(Set(migrations.map(\.name)).count == migrations.count, "migration names must be unique")
        self.migrations = migrations
    }

    /// Applies what is missing and returns the names applied now.
    @discardableResult
    public func migrate(_ database: Database, now: Date = Date()) throws -> [String] {
        // The common case, an up-to-date file, costs two reads and takes no write lock.
        if try hasTable(database), Set(try appliedNames(database)).isSuperset(of: migrations.map(\.name)) {
            return []
        }
        return try database.write {
            if try !hasTable(database) {
                try database.execute("CREATE TABLE schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)")
            }
            let done = Set(try appliedNames(database))
            var applied: [String] = []
            for migration in migrations where !done.contains(migration.name) {
                try database.write {
                    try database.executeScript(migration.sql)
                    try database.execute("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)",
                                         [.text(migration.name), now.sqlValue])
                }
                applied.append(migration.name)
            }
            return applied
        }
    }

    private func hasTable(_ database: Database) throws -> Bool {
        try !database.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").isEmpty
    }

    public func appliedNames(_ database: Database) throws -> [String] {
        try database.query("SELECT name FROM schema_migrations ORDER BY rowid").map { try $0.get("name") }
    }
}
