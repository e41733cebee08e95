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
}

extension SQLDatabase {
    /// Several statements that do not depend on one another's answers, answered together where
    /// the engine can (one round trip on PostgreSQL), else one after another (SQLite, in process).
    public func queries(_ statements: [SQLStatement]) throws -> [[Row]] {
        // The dialect first: SQLite, the common case, skips the cast's conformance lookup.
        if dialect != .sqlite, let engine = self as? any SQLPipelining { return try engine.pipelined(statements) }
        return try statements.map { try query($0.sql, $0.arguments) }
    }
}
