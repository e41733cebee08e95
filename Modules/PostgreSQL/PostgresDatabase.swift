import FoundationEssentials
import Core
import Data
#if canImport(Glibc)
import Glibc
#endif

/// Data's `SQLDatabase` on PostgreSQL: a pool of connections shared by the server's threads.
///
/// A thread that opens a transaction (`write`, `read`) keeps one connection until it ends, and
/// every statement the transaction's body runs on that thread goes to it, so repositories are
/// the same code as on SQLite. A statement outside a transaction borrows a connection for itself.
///
/// Writes are serialised across every server on the database by a transaction-level advisory
/// lock, taken first in each write transaction and released by its COMMIT: the single writer
/// SQLite has, so each use case's check-then-write (an email taken, an invite redeemed once, an
/// idempotent id) holds across servers, and the sync log's `seq` order is commit order (a
/// sequence value is drawn only under the lock, and the lock passes on only after the commit is
/// visible). Reads never take it and run in parallel on the pool.
public final class PostgresDatabase: @unchecked Sendable, SQLDatabase, SQLPipelining {
    public var dialect: SQLDialect { .postgres }
    public let name: String
    let pool: PostgresPool
    /// The advisory lock every write transaction takes ("tend" in ASCII).
    static let writeLock: Int64 = 0x7465_6E64

    /// A thread's transaction: its connection and what the write lock needs to know.
    final class Binding {
        let connection: PostgresConnection
        var depth = 0
        let isReading: Bool
        /// A write's: whether the write lock is taken (or goes with the next round trip).
        var holdsLock = false
        /// A write's reads made before its lock, each with its rows as text, checked once the
        /// lock is taken (`takeLock`).
        var readsBeforeLock: [(sql: String, arguments: [SQLValue], rows: String)] = []
        init(connection: PostgresConnection, isReading: Bool) {
            self.connection = connection
            self.isReading = isReading
        }
    }

    /// A thread's confirmation (`confirmWithNextRoundTrip`): waiting for its next round trip,
    /// or refused, which fails every later statement of the thread until it is settled.
    private enum Confirmation {
        case pending(SQLStatement, refusal: AppError)
        case refused(AppError)
    }

    private var mutex = pthread_mutex_t()
    private var bindings: [pthread_t: Binding] = [:]
    private var confirmations: [pthread_t: Confirmation] = [:]
    private var lastChanges: [pthread_t: Int] = [:]
    private var beforeCommit: (() throws -> Void)?
    private var withLock: (() -> [(name: String, value: String)])?

    /// Opens the pool and one connection at once, so that a database out of reach is known now,
    /// and so is a role that may not run a write's flush (`flushMark`).
    public init(_ connection: ConnectionString, poolSize: Int) throws {
        name = connection.place
        pool = PostgresPool(connectionString: connection.text, place: connection.place, size: poolSize)
        pthread_mutex_init(&mutex, nil)
        let first = try pool.checkout()
        defer { pool.checkin(first) }
        try Self.checkFlushAllowed(first, place: connection.place)
    }

    /// Stock PostgreSQL lets every role run `pg_logical_emit_message`; a hardened one may not,
    /// and then every write would commit and answer 503. Refused at start instead, with the fix.
    private static func checkFlushAllowed(_ connection: PostgresConnection, place: String) throws {
        let row = try connection.run("""
            SELECT coalesce(bool_or(has_function_privilege(p.oid, 'EXECUTE')), false) AS allowed, current_user AS role,
                   min(p.oid::regprocedure::text) AS function
            FROM pg_proc p WHERE p.proname = 'pg_logical_emit_message' AND p.pronamespace = 'pg_catalog'::regnamespace
            AND p.proargtypes[2] = 'text'::regtype
            """, []).rows.first
        guard let row, row["allowed"] != .integer(1) else { return }
        let role = (try? row.get("role", as: String.self)) ?? "this role"
        let function = (try? row.get("function", as: String.self)) ?? "pg_logical_emit_message(boolean, text, text)"
        throw AppError.invalidInput(
            "the role \(role) may not run pg_logical_emit_message at \(place), with which a write waits for its flush; "
                + "GRANT EXECUTE ON FUNCTION \(function) TO \(role)",
            code: "invalid_configuration")
    }

    deinit { pthread_mutex_destroy(&mutex) }

    public func close() { pool.close() }

    /// The exchanges with PostgreSQL this database's connections have waited for so far (tests
    /// hold a use case's round trips with it; a read-only COMMIT sent without waiting is not one).
    public var roundTrips: Int { pool.waits.value }

    /// PostgreSQL's own write-ahead log and checkpoints keep every commit; nothing to copy.
    public func checkpoint() throws {}

    /// Runs statements outside any transaction (CREATE DATABASE, VACUUM), on a connection of its own.
    public func executeOutsideTransaction(_ sql: String) throws {
        let connection = try pool.checkout()
        defer { pool.checkin(connection) }
        try connection.script(sql)
    }

    // MARK: - Statements

    public func execute(_ sql: String, _ arguments: [SQLValue]) throws {
        _ = try run(sql, arguments)
    }

    public func query(_ sql: String, _ arguments: [SQLValue]) throws -> [Row] {
        try run(sql, arguments)
    }

    public func executeScript(_ sql: String) throws {
        guard let binding = current() else { return try write { try executeScript(sql) } }
        takeLock(binding)
        try binding.connection.script(sql)
    }

    public var changes: Int {
        locked { lastChanges[pthread_self()] ?? 0 }
    }

    private func run(_ sql: String, _ arguments: [SQLValue]) throws -> [Row] {
        guard let binding = current() else {
            // Outside a transaction: a read borrows a connection; a write is a transaction of its own.
            if !PostgresSQL.isRead(sql) { return try write { try run(sql, arguments) } }
            let connection = try pool.checkout()
            defer { pool.checkin(connection) }
            return try record(confirming { try connection.runAll([(sql: sql, arguments: arguments)], confirming: $0)[0] })
        }
        if let read = readBeforeLock(binding, [(sql: sql, arguments: arguments)]) {
            let results = try confirming { try binding.connection.runAll(read, confirming: $0) }
            return record(try noteReadsBeforeLock(binding, [(sql: sql, arguments: arguments)], results: results)[0])
        }
        return try record(confirming { try binding.connection.runAll([(sql: sql, arguments: arguments)], confirming: $0)[0] })
    }

    /// `SQLPipelining`: the statements in one pipeline, on the transaction's connection or, outside
    /// one, on a connection of their own (a write among them makes them a write transaction).
    public func pipelined(_ statements: [SQLStatement]) throws -> [[Row]] {
        guard !statements.isEmpty else { return [] }
        let list = statements.map { (sql: $0.sql, arguments: $0.arguments) }
        guard let binding = current() else {
            if !statements.allSatisfy({ PostgresSQL.isRead($0.sql) }) { return try write { try pipelined(statements) } }
            let connection = try pool.checkout()
            defer { pool.checkin(connection) }
            return try recordAll(confirming { try connection.runAll(list, confirming: $0) })
        }
        if let reads = readBeforeLock(binding, list) {
            let results = try confirming { try binding.connection.runAll(reads, confirming: $0) }
            return recordAll(try noteReadsBeforeLock(binding, list, results: results))
        }
        return try recordAll(confirming { try binding.connection.runAll(list, confirming: $0) })
    }

    /// `SQLPipelining`: BEGIN (REPEATABLE READ, read only), the statements and COMMIT in one
    /// pipeline on a connection of their own: one round trip, and no COMMIT left to send after
    /// it (`read`'s COMMIT is a message of its own, which wakes the backend once more). Inside a
    /// transaction, the statements join it.
    public func pipelinedRead(_ statements: [SQLStatement]) throws -> [[Row]] {
        guard !statements.isEmpty else { return [] }
        if current() != nil { return try pipelined(statements) }
        let list = statements.map { (sql: $0.sql, arguments: $0.arguments) }
        let connection = try pool.checkout()
        defer { pool.checkin(connection) }
        connection.beginWithNextStatement(["BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"])
        do {
            return try recordAll(confirming { try connection.runAll(list, then: ["COMMIT"], confirming: $0) })
        } catch {
            // A failed statement skipped the COMMIT (or nothing was sent): end the transaction.
            if connection.isHealthy { try? connection.script("ROLLBACK") }
            throw error
        }
    }

    /// `SQLPipelining`: `statement` goes first in this thread's next round trip (never one that
    /// commits), so a request that begins by confirming its token and then reads waits once.
    public func confirmWithNextRoundTrip(_ statement: SQLStatement, orThrow refusal: AppError) {
        locked { confirmations[pthread_self()] = .pending(statement, refusal: refusal) }
    }

    /// `SQLPipelining`: sends this thread's confirmation if no statement took it, throws its
    /// refusal if it found no row, and forgets it.
    public func settleConfirmation() throws {
        guard let state = locked({ confirmations.removeValue(forKey: pthread_self()) }) else { return }
        switch state {
        case .refused(let refusal):
            throw refusal
        case .pending(let statement, let refusal):
            // Outside any transaction: the request's own have ended.
            let connection = try pool.checkout()
            defer { pool.checkin(connection) }
            guard try !connection.run(statement.sql, statement.arguments).rows.isEmpty else { throw refusal }
        }
    }

    /// Runs one round trip with this thread's pending confirmation, if any, handed to `body`; a
    /// thread whose confirmation was refused runs nothing more (its refusal is thrown again).
    private func confirming<T>(_ body: (SQLStatement?) throws -> T) throws -> T {
        let thread = pthread_self()
        let taken = try locked { () throws -> (SQLStatement, refusal: AppError)? in
            switch confirmations[thread] {
            case nil: return nil
            case .refused(let refusal): throw refusal
            case .pending(let statement, let refusal):
                confirmations[thread] = nil
                return (statement, refusal)
            }
        }
        guard let taken else { return try body(nil) }
        do {
            return try body(taken.0)
        } catch is PostgresConnection.ConfirmationRefused {
            locked { confirmations[thread] = .refused(taken.refusal) }
            throw taken.refusal
        } catch {
            // Not known either way: the confirmation waits for the next round trip.
            locked { confirmations[thread] = .pending(taken.0, refusal: taken.refusal) }
            throw error
        }
    }

    /// `SQLPipelining`: inside a write, the statements wait on the connection for the
    /// transaction's next round trip (a statement, a savepoint's end, the COMMIT); outside one,
    /// they run now as a write of their own.
    public func sendLater(_ statements: [SQLStatement]) throws {
        guard !statements.isEmpty else { return }
        guard let binding = current() else { return try write { try sendLater(statements) } }
        guard !binding.isReading else {
            throw AppError(.internalFailure, code: "database_error", "a write inside a read transaction")
        }
        takeLock(binding)
        binding.connection.sendLater(statements.map { (sql: $0.sql, arguments: $0.arguments) })
    }

    private func recordAll(_ results: [(rows: [Row], changes: Int)]) -> [[Row]] {
        locked { lastChanges[pthread_self()] = results.last?.changes ?? 0 }
        return results.map(\.rows)
    }

    private func record(_ result: (rows: [Row], changes: Int)) -> [Row] {
        locked { lastChanges[pthread_self()] = result.changes }
        return result.rows
    }

    // MARK: - Transactions

    public func setBeforeCommit(_ hook: @escaping () throws -> Void) {
        locked { beforeCommit = hook }
    }

    /// `SQLPipelining`: `settings` made for each write as it takes its lock, set by the lock's
    /// own statement (`lock`).
    public func setWithLock(_ settings: @escaping () -> [(name: String, value: String)]) {
        locked { withLock = settings }
    }

    /// The settings `setWithLock` makes for the write taking its lock now.
    func settingsWithLock() -> [(name: String, value: String)] { locked({ withLock })?() ?? [] }

    public func write<T>(_ body: () throws -> T) throws -> T {
        if let binding = current() {
            guard !binding.isReading else {
                throw AppError(.internalFailure, code: "database_error", "a write inside a read transaction")
            }
            return try savepoint(binding, body)
        }
        do {
            return try write(lockFirst: false, body)
        } catch RunAgain.lockFirst {
            // A read made before the lock changed by the time it was taken, or held its table
            // into a deadlock with a schema change: again, lock first.
            return try write(lockFirst: true, body)
        }
    }

    private enum RunAgain: Error { case lockFirst }

    private func write<T>(lockFirst: Bool, _ body: () throws -> T) throws -> T {
        let connection = try pool.checkout()
        let binding = Binding(connection: connection, isReading: false)
        bind(binding)
        defer {
            unbind()
            pool.checkin(connection)
        }
        do {
            // BEGIN goes with the body's first statement, and the lock with its first statement
            // that is not a read (`takeLock`; with the BEGIN when `lockFirst`).
            connection.beginWithNextStatement(["BEGIN"], then: lockFirst ? [lockWithSettings()] : [])
            binding.holdsLock = lockFirst
            binding.depth = 1
            let result = try body()
            // The body may have caught a failed check; the transaction is aborted all the same.
            guard !connection.runsAgainLockFirst || lockFirst else { throw RunAgain.lockFirst }
            // A transaction that only read wrote nothing for the hook to follow.
            if binding.holdsLock, let hook = locked({ beforeCommit }) { try hook() }
            // A confirmation no statement took is answered before the COMMIT, never with it.
            _ = try confirming { confirmation in try confirmation.map { try connection.runAll([], confirming: $0) } }
            // The commit is asynchronous (set with the lock), so the lock passes on once it is
            // visible, and the flush follows it outside the lock: every server's writes shared one
            // disk flush each while it was held. A write that only read waits for it too: what it
            // read may be another server's commit not yet on disk, and its answer may say so (an
            // idempotent retry finding its dose).
            try connection.commit(thenFlushWith: Self.flushMark)
            return result
        } catch {
            if connection.isHealthy { try? connection.script("ROLLBACK") }
            if connection.runsAgainLockFirst, !lockFirst { throw RunAgain.lockFirst }
            throw error
        }
    }

    /// A write that waits for the log to be flushed up to and past every commit made so far, or
    /// nothing when it already is on the local disk and no synchronous standby is configured
    /// (then it writes nothing and waits for nothing; with a standby, a log flushed here by
    /// another backend may not have reached it yet, so it always writes). What it writes is a
    /// transactional logical message: the least that gives a transaction an id and a record in
    /// the log, so that its COMMIT waits for the flush, with no row to update and no table
    /// (a counter row in `commit_marks` served before, 2026-12-03: twice the work a flush).
    static let flushMark = """
        SELECT pg_logical_emit_message(true, 'tend', '')
        WHERE pg_current_wal_flush_lsn() < pg_current_wal_insert_lsn() OR current_setting('synchronous_standby_names') <> ''
        """

    /// `SQLPipelining`: waits for every commit made visible so far to be on disk, on a connection
    /// of its own (outside any transaction of this thread's).
    public func flushVisibleCommits() throws {
        let connection = try pool.checkout()
        defer { pool.checkin(connection) }
        _ = try connection.run(Self.flushMark, [])
    }

    private func savepoint<T>(_ binding: Binding, _ body: () throws -> T) throws -> T {
        let name = "tend_\(binding.depth)"
        // Never inside a savepoint: rolled back to it, the lock would go with it.
        takeLock(binding)
        try binding.connection.script("SAVEPOINT \(name)")
        binding.depth += 1
        defer { binding.depth -= 1 }
        do {
            let result = try body()
            try binding.connection.script("RELEASE \(name)")
            return result
        } catch {
            if binding.connection.isHealthy { try? binding.connection.script("ROLLBACK TO \(name); RELEASE \(name)") }
            throw error
        }
    }

    /// One snapshot for every read in `body` (REPEATABLE READ, read only), on one connection.
    public func read<T>(_ body: () throws -> T) throws -> T {
        if current() != nil { return try body() }
        let connection = try pool.checkout()
        bind(Binding(connection: connection, isReading: true))
        defer {
            unbind()
            pool.checkin(connection)
        }
        do {
            // BEGIN goes with the body's first statement and COMMIT is not waited for: two round
            // trips fewer for every read (issue #16's reads on PostgreSQL).
            connection.beginWithNextStatement(["BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"])
            let result = try body()
            try connection.commitReadOnly()
            return result
        } catch {
            if connection.isHealthy { try? connection.script("ROLLBACK") }
            throw error
        }
    }

    // MARK: - The thread's connection

    private func current() -> Binding? {
        locked { bindings[pthread_self()] }
    }

    private func bind(_ binding: Binding) {
        locked { bindings[pthread_self()] = binding }
    }

    private func unbind() {
        _ = locked { bindings.removeValue(forKey: pthread_self()) }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}
