import Core
import Data

/// The write lock, taken late (see `takeLock`).
extension PostgresDatabase {
    /// A write takes the lock with its first statement that is not a SELECT (a write, a script,
    /// a savepoint, the COMMIT of anything written), not with its BEGIN: the SELECTs before it
    /// run without it, and the round trip that takes it first reads each of them again and
    /// compares the rows (`PostgresSQL.unchanged`). So a use case's reads and the server's work
    /// on them are no longer waited through by every other write. When a read changed, the
    /// transaction is rolled back and runs again with the lock first (`write`): what it wrote
    /// was decided on the same rows as if it had held the lock from its BEGIN.
    func takeLock(_ binding: Binding) {
        guard !binding.holdsLock, !binding.isReading else { return }
        let checks = binding.readsBeforeLock.map { read in
            (sql: PostgresSQL.wrapped(read.sql).unchanged, arguments: read.arguments + [.text(read.rows)])
        }
        binding.connection.sendFirst([lockWithSettings()] + checks)
        binding.holdsLock = true
        binding.readsBeforeLock = []
    }

    /// The statement that takes the write lock, and sets the write's settings (`setWithLock`) in
    /// the same statement: only a write after the lock fires the triggers that read them, and one
    /// statement fewer a write is one fewer for PostgreSQL to bind, start and end. So is its
    /// asynchronous commit: a COMMIT reads `synchronous_commit` when it runs, and only a write
    /// that took the lock writes anything to commit.
    func lockWithSettings() -> (sql: String, arguments: [SQLValue]) {
        let settings = [(name: "synchronous_commit", value: "off")] + settingsWithLock()
        return (Self.lockStatement + String(repeating: ", set_config(?, ?, true)", count: settings.count),
                settings.flatMap { [SQLValue.text($0.name), .text($0.value)] })
    }

    static let lockStatement = "SELECT pg_advisory_xact_lock(\(writeLock))"

    /// For reads that run before the lock: each as the statement to send instead, which gives
    /// its rows with their texts (`PostgresSQL.withRowText`). Nil when they are not such reads
    /// (the lock is then taken with them).
    func readBeforeLock(_ binding: Binding, _ statements: [(sql: String, arguments: [SQLValue])])
        -> [(sql: String, arguments: [SQLValue])]? {
        guard !binding.holdsLock, !binding.isReading else { return nil }
        guard statements.allSatisfy({ PostgresSQL.isCheckableRead($0.sql) }) else {
            takeLock(binding)
            return nil
        }
        return statements.map { (sql: PostgresSQL.wrapped($0.sql).withRowText, arguments: $0.arguments) }
    }

    /// The reads' rows as the body asked for them, their texts kept for the lock's checks.
    func noteReadsBeforeLock(_ binding: Binding, _ statements: [(sql: String, arguments: [SQLValue])],
                             results: [(rows: [Row], changes: Int)]) throws -> [(rows: [Row], changes: Int)] {
        try zip(statements, results).map { statement, result in
            let columns = Array(result.rows.first?.columns.dropLast() ?? []) // one array, shared by every row
            var texts: [String] = []
            let rows = try result.rows.map { row in
                guard case .text(let text) = row.values.last else {
                    throw AppError(.internalFailure, code: "database_error", "a read before the write lock gave no row text")
                }
                texts.append(text)
                return Row(columns: columns, values: Array(row.values.dropLast()))
            }
            binding.readsBeforeLock.append((statement.sql, statement.arguments, texts.joined(separator: "\n")))
            return (rows, result.changes)
        }
    }
}
