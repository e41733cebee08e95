import Core

/// One statement and its values, for `SQLDatabase.queries`.
public struct SQLStatement: Sendable, Equatable {
    public let sql: String
    public let arguments: [SQLValue]

    public init(_ sql: String, _ arguments: [SQLValue] = []) {
        self.sql = sql
        self.arguments = arguments
    }
}

/// An engine that can send several statements before it reads the first answer (PostgreSQL's
/// pipeline): their round trips to the server become one.
public protocol SQLPipelining {
    /// Each statement's rows, in order; the first failure is thrown (the statements after it do
    /// not run). The same transaction rules as `query`.
    func pipelined(_ statements: [SQLStatement]) throws -> [[Row]]
    /// Writes nobody waits on (see `executeLater`): held back and sent in one pipeline with the
    /// transaction's next round trip.
    func sendLater(_ statements: [SQLStatement]) throws
    /// A read that must answer at least one row, sent first in this thread's next round trip
    /// rather than alone (see `confirmLater`); when it finds none, that round trip throws
    /// `refusal` (undoing a write it was part of), and so does every later one until settled.
    func confirmWithNextRoundTrip(_ statement: SQLStatement, orThrow refusal: AppError)
    /// Sends a confirmation no round trip took, throws the refusal of one that found no row,
    /// and forgets it: the end of the request that asked for it.
    func settleConfirmation() throws
    /// Returns once every commit made visible so far is on disk (see `awaitDurability`).
    func flushVisibleCommits() throws
    /// The statements in one read-only transaction sent as one pipeline, its BEGIN and COMMIT
    /// included (see `readTogether`).
    func pipelinedRead(_ statements: [SQLStatement]) throws -> [[Row]]
    /// Settings (`set_config`, local to the transaction) made for each write transaction as it
    /// takes its write lock, set with it: values the database's own triggers read (sync's
    /// stamping on PostgreSQL), which only a write after the lock fires.
    func setWithLock(_ settings: @escaping () -> [(name: String, value: String)])
}

extension SQLDatabase {
    /// Several statements that do not depend on one another's answers, answered together where
    /// the engine can (one round trip on PostgreSQL), else one after another (SQLite, in process).
    public func queries(_ statements: [SQLStatement]) throws -> [[Row]] {
        // The dialect first: SQLite, the common case, skips the cast's conformance lookup.
        if dialect != .sqlite, let engine = self as? any SQLPipelining { return try engine.pipelined(statements) }
        return try statements.map { try query($0.sql, $0.arguments) }
    }

    /// Several reads that must agree (one snapshot), when they are all the transaction reads:
    /// on PostgreSQL its BEGIN, the statements and its COMMIT go in one pipeline, so the
    /// database is woken once; elsewhere, and inside a transaction, `read` with `queries`.
    public func readTogether(_ statements: [SQLStatement]) throws -> [[Row]] {
        if dialect != .sqlite, let engine = self as? any SQLPipelining { return try engine.pipelinedRead(statements) }
        return try read { try queries(statements) }
    }

    /// Confirms that `statement` answers at least one row, else throws `refusal`: at once, or on
    /// PostgreSQL with this thread's next round trip (a request that confirms its token, then
    /// reads, waits once). What the request reads meanwhile is never handed out unconfirmed; a
    /// write it makes is undone if the confirmation fails. `settleConfirmations` must end the
    /// request, before it answers.
    public func confirmLater(_ statement: SQLStatement, orThrow refusal: AppError) throws {
        if dialect != .sqlite, let engine = self as? any SQLPipelining {
            return engine.confirmWithNextRoundTrip(statement, orThrow: refusal)
        }
        guard try !query(statement.sql, statement.arguments).isEmpty else { throw refusal }
    }

    /// Ends what `confirmLater` began on this thread: throws its refusal, if it was refused.
    public func settleConfirmations() throws {
        if dialect != .sqlite, let engine = self as? any SQLPipelining { try engine.settleConfirmation() }
    }

    /// Returns once every commit a read so far could have seen is on disk. SQLite makes a commit
    /// visible only once it is durable: nothing to wait for. PostgreSQL's writes commit
    /// asynchronously under the write lock and are flushed after it (one flush shared by the
    /// writes waiting on it), so for about one disk flush a read may see a commit that is not on
    /// disk yet, whose writer has not been answered. A reader that hands out a position past what
    /// it read (sync's pull cursor) waits here first, so no device ever holds a change a crash lost.
    public func awaitDurability() throws {
        if dialect != .sqlite, let engine = self as? any SQLPipelining { try engine.flushVisibleCommits() }
    }

    /// Whether `queries` answers its statements in one round trip (else it is one call a statement).
    public var pipelines: Bool { dialect != .sqlite && self is any SQLPipelining }

    /// Writes whose answers (rows, changed rows) the caller never reads and whose failure can only
    /// fail its whole transaction. Inside a write, PostgreSQL sends them with the transaction's next
    /// statement or its COMMIT, in order and before it (so later reads see them): a round trip
    /// fewer while the write lock is held; a failure is thrown by that next call. SQLite, and any
    /// engine outside a transaction, runs them at once.
    public func executeLater(_ statements: [SQLStatement]) throws {
        if dialect != .sqlite, let engine = self as? any SQLPipelining { return try engine.sendLater(statements) }
        for statement in statements { try execute(statement.sql, statement.arguments) }
    }
}
