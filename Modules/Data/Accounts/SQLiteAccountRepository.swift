import FoundationEssentials
import Core
import Domain

/// Accounts in the `accounts` table.
public struct SQLiteAccountRepository: AccountRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func insert(_ account: Account) throws {
        try database.execute(
            """
            INSERT INTO accounts (id, email, display_name, time_zone, password_hash, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [.text(account.id), .text(account.email), .text(account.displayName), .text(account.timeZoneIdentifier),
             .text(account.passwordHash), account.createdAt.sqlValue, account.updatedAt.sqlValue])
    }

    public func update(_ account: Account) throws {
        try database.execute("UPDATE accounts SET display_name = ?, time_zone = ?, updated_at = ? WHERE id = ?",
                             [.text(account.displayName), .text(account.timeZoneIdentifier), account.updatedAt.sqlValue, .text(account.id)])
    }

    public func account(id: String) throws -> Account? {
        try database.queryOne("SELECT * FROM accounts WHERE id = ? AND deleted_at IS NULL", [.text(id)]).map(Self.decode)
    }

    public func account(email: String) throws -> Account? {
        try database.queryOne("SELECT * FROM accounts WHERE email = ? AND deleted_at IS NULL", [.text(email)]).map(Self.decode)
    }

    static func decode(_ row: Row) throws -> Account {
        Account(id: try row.get("id"), email: try row.get("email"), displayName: try row.get("display_name"),
                timeZoneIdentifier: try row.get("time_zone"), passwordHash: try row.get("password_hash"),
                createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"))
    }
}

/// Sessions in the `sessions` table, found by the hash of their token.
public struct SQLiteSessionRepository: SessionRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func insert(_ session: Session) throws {
        try database.execute(
            "INSERT INTO sessions (id, account_id, token_hash, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)",
            [.text(session.id), .text(session.accountID), .text(session.tokenHash), session.createdAt.sqlValue,
             session.expiresAt.sqlValue, session.revokedAt.sqlValue])
    }

    public func session(tokenHash: String) throws -> Session? {
        try database.queryOne("SELECT * FROM sessions WHERE token_hash = ?", [.text(tokenHash)]).map { row in
            Session(id: try row.get("id"), accountID: try row.get("account_id"), tokenHash: try row.get("token_hash"),
                    createdAt: try row.get("created_at"), expiresAt: try row.get("expires_at"), revokedAt: try row.get("revoked_at"))
        }
    }

    public func revoke(id: String, at date: Date) throws {
        try database.execute("UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [date.sqlValue, .text(id)])
    }
}

/// Failed logins per email in the `login_failures` table.
public struct SQLiteLoginFailureRepository: LoginFailureRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func failures(email: String) throws -> LoginFailures? {
        try database.queryOne("SELECT * FROM login_failures WHERE email = ?", [.text(email)]).map { row in
            LoginFailures(email: try row.get("email"), count: try row.get("count"),
                          lastFailureAt: try row.get("last_failure_at"), lockedUntil: try row.get("locked_until"))
        }
    }

    public func save(_ failures: LoginFailures) throws {
        try database.execute(
            """
            INSERT INTO login_failures (email, count, last_failure_at, locked_until) VALUES (?, ?, ?, ?)
            ON CONFLICT (email) DO UPDATE SET count = excluded.count, last_failure_at = excluded.last_failure_at,
                locked_until = excluded.locked_until
            """,
            [.text(failures.email), .integer(Int64(failures.count)), failures.lastFailureAt.sqlValue, failures.lockedUntil.sqlValue])
    }

    public func clear(email: String) throws {
        try database.execute("DELETE FROM login_failures WHERE email = ?", [.text(email)])
    }
}
