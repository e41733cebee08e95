import FoundationEssentials
import Core
import Domain

/// The `kind` and `label` columns of the `sessions` table.
public struct SQLiteSessionKindRepository: SessionKindRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func setKind(sessionID: String, kind: SessionKind, label: String?) throws {
        try database.execute("UPDATE sessions SET kind = ?, label = ? WHERE id = ?",
                             [.text(kind.rawValue), label.map { .text($0) } ?? .null, .text(sessionID)])
    }

    public func kind(sessionID: String) throws -> SessionKind? {
        try database.queryOne("SELECT kind FROM sessions WHERE id = ?", [.text(sessionID)])
            .flatMap { SessionKind(rawValue: try $0.get("kind")) }
    }

    public func apiSession(tokenHash: String) throws -> Session? {
        try session(tokenHash: tokenHash, kind: .api)
    }

    public func browserSession(tokenHash: String) throws -> Session? {
        try session(tokenHash: tokenHash, kind: .browser)
    }

    private func session(tokenHash: String, kind: SessionKind) throws -> Session? {
        try database.queryOne(
            "SELECT id, account_id, created_at, expires_at, revoked_at FROM sessions WHERE token_hash = ? AND kind = ?",
            [.text(tokenHash), .text(kind.rawValue)]
        ).map { row in
            Session(id: try row.get("id"), accountID: try row.get("account_id"), tokenHash: tokenHash,
                    createdAt: try row.get("created_at"), expiresAt: try row.get("expires_at"), revokedAt: try row.get("revoked_at"))
        }
    }

    /// With the request's next statement on PostgreSQL (`SQLDatabase.confirmLater`), at once on SQLite.
    public func confirmAPISession(tokenHash: String, accountID: String, at date: Date) throws {
        try database.confirmLater(SQLStatement(
            "SELECT 1 FROM sessions WHERE token_hash = ? AND kind = ? AND account_id = ? AND revoked_at IS NULL AND expires_at > ?",
            [.text(tokenHash), .text(SessionKind.api.rawValue), .text(accountID), date.sqlValue]),
            orThrow: AppError.bearerRequired(tokenHash: tokenHash))
    }

    public func settleConfirmation() throws {
        try database.settleConfirmations()
    }

    public func activeSessions(accountID: String, at date: Date) throws -> [SessionListing] {
        try database.query(
            """
            SELECT id, kind, label, created_at, expires_at FROM sessions
            WHERE account_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC, id DESC
            """, [.text(accountID), date.sqlValue]).map { row in
                SessionListing(id: try row.get("id"), kind: SessionKind(rawValue: try row.get("kind")) ?? .api,
                               label: try row.get("label"), createdAt: try row.get("created_at"), expiresAt: try row.get("expires_at"))
            }
    }
}
