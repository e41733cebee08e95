import Foundation
import Testing
import Core
import Data
import Domain

/// `SessionKindRepository.confirmAPISession` on both engines: at once on SQLite, with the next
/// round trip on PostgreSQL, the same answer either way once the request is settled.
@Suite("Contract: an API token confirmed for its account")
struct SessionConfirmationContract {
    static var engines: [String] { ScratchPostgres.isAvailable ? ["sqlite", "postgres"] : ["sqlite"] }
    static let now = ISO8601.parseInstant("2026-12-01T12:00:00Z")!

    static func database(_ engine: String) throws -> any SQLDatabase {
        guard engine == "postgres" else {
            let database = try Database(path: ":memory:")
            try TendMigrations.migrator.migrate(database)
            return database
        }
        return try ScratchPostgres.make()
    }

    /// Whether the token is confirmed: asked, then a read (which carries it on PostgreSQL), then settled.
    static func confirms(_ kinds: SQLiteSessionKindRepository, _ database: any SQLDatabase, hash: String, account: String,
                         at date: Date = now) -> Bool {
        do {
            try kinds.confirmAPISession(tokenHash: hash, accountID: account, at: date)
            _ = try database.query("SELECT id FROM accounts", [])
            try kinds.settleConfirmation()
            return true
        } catch let error as AppError where error.kind == .unauthorized {
            try? kinds.settleConfirmation() // SQLite refused at once: nothing to settle
            return false
        } catch {
            Issue.record("unexpected \(error)")
            return false
        }
    }

    @Test("only an unrevoked, unexpired API token of that very account is confirmed", arguments: engines)
    func confirmation(engine: String) throws {
        let database = try Self.database(engine)
        defer { database.close() }
        let accounts = SQLiteAccountRepository(database: database)
        let sessions = SQLiteSessionRepository(database: database)
        let kinds = SQLiteSessionKindRepository(database: database)
        for id in ["ana", "ben"] {
            try accounts.insert(Account(id: id, email: "\(id)@example.com", displayName: id, timeZoneIdentifier: "UTC",
                                        passwordHash: "x", createdAt: Self.now, updatedAt: Self.now))
        }
        let later = Self.now.addingTimeInterval(3600)
        try sessions.insert(Session(id: "s1", accountID: "ana", tokenHash: "live", createdAt: Self.now, expiresAt: later))
        try sessions.insert(Session(id: "s2", accountID: "ana", tokenHash: "revoked", createdAt: Self.now, expiresAt: later))
        try sessions.revoke(id: "s2", at: Self.now)
        try sessions.insert(Session(id: "s3", accountID: "ana", tokenHash: "browser", createdAt: Self.now, expiresAt: later))
        try kinds.setKind(sessionID: "s3", kind: .browser, label: nil)

        #expect(Self.confirms(kinds, database, hash: "live", account: "ana"))
        #expect(!Self.confirms(kinds, database, hash: "live", account: "ben"), "another account's token")
        #expect(!Self.confirms(kinds, database, hash: "live", account: "ana", at: later), "expired")
        #expect(!Self.confirms(kinds, database, hash: "revoked", account: "ana"))
        #expect(!Self.confirms(kinds, database, hash: "browser", account: "ana"), "a browser session's token")
        #expect(!Self.confirms(kinds, database, hash: "unknown", account: "ana"))
        #expect(Self.confirms(kinds, database, hash: "live", account: "ana"), "a refusal leaves nothing behind")
    }
}
