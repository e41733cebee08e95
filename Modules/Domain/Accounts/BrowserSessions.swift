import FoundationEssentials
import Core

/// What a session is for: a bearer token of the API or `tend`, or a browser's cookie.
public enum SessionKind: String, Sendable, Equatable {
    case api, browser
}

/// One live session as the account's own session list shows it (never its token or hash).
public struct SessionListing: Sendable, Equatable {
    public let id: String
    public let kind: SessionKind
    /// What the browser called itself when it logged in ("Chrome on Android"); nil for a token.
    public let label: String?
    public let createdAt: Date
    public let expiresAt: Date

    public init(id: String, kind: SessionKind, label: String?, createdAt: Date, expiresAt: Date) {
        self.id = id
        self.kind = kind
        self.label = label
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// The kind and label of sessions, beside the `SessionRepository` that stores the tokens.
public protocol SessionKindRepository: Sendable {
    func setKind(sessionID: String, kind: SessionKind, label: String?) throws
    func kind(sessionID: String) throws -> SessionKind?
    /// The session of an API token with this hash, whatever its state; nil for a browser
    /// session's token. One statement: the server asks it on every request on PostgreSQL.
    func apiSession(tokenHash: String) throws -> Session?
    /// The session of a browser's cookie token with this hash, whatever its state; nil for an
    /// API token. One statement: the web asks it on every page.
    func browserSession(tokenHash: String) throws -> Session?
    /// The account's unrevoked sessions that expire after `date`, newest first.
    func activeSessions(accountID: String, at date: Date) throws -> [SessionListing]
    /// Confirms that `tokenHash` is `accountID`'s API token, unrevoked and unexpired at `date`,
    /// else refuses with `unauthorized`: at once, or (PostgreSQL) with the request's next round
    /// trip, so a request whose account is already known waits once, not twice.
    /// `settleConfirmation` must end that request, before it answers.
    func confirmAPISession(tokenHash: String, accountID: String, at date: Date) throws
    /// Ends the request of a `confirmAPISession`: throws its refusal if the token was not confirmed.
    func settleConfirmation() throws
}

extension SessionKindRepository {
    /// At once, from `apiSession` (a store that cannot send it with a later statement).
    public func confirmAPISession(tokenHash: String, accountID: String, at date: Date) throws {
        guard let session = try apiSession(tokenHash: tokenHash), session.accountID == accountID,
              session.revokedAt == nil, session.expiresAt > date else { throw AppError.bearerRequired }
    }

    public func settleConfirmation() throws {}
}

/// Browser sessions: a login whose token lives only in an HttpOnly cookie. They share the
/// token store, the password check and the login throttling with the API's tokens
/// (`AccountUseCases.login`), are marked `browser`, and are listed and revoked beside the tokens.
/// A cookie holding an API token is not a browser session: the web refuses it.
public struct BrowserSessions: Sendable {
    let accounts: AccountUseCases
    let kinds: any SessionKindRepository

    public init(accounts: AccountUseCases, kinds: any SessionKindRepository) {
        self.accounts = accounts
        self.kinds = kinds
    }

    /// Logs in as `AccountUseCases.login` does (wrong passwords counted and locked out alike),
    /// then marks the new session as a browser's.
    public func login(email: String, password: String, label: String?) throws -> AccountUseCases.LoginResult {
        let result = try accounts.login(email: email, password: password)
        let label = label.map { String($0.prefix(80)) }
        try accounts.transactor.write { try kinds.setKind(sessionID: result.session.id, kind: .browser, label: label) }
        return result
    }

    /// The account and session of a browser cookie's token: nil when unknown, expired, revoked,
    /// or an API token.
    public func session(token: String) throws -> (account: Account, sessionID: String)? {
        guard !token.isEmpty, token.utf8.count <= 256,
              let session = try kinds.browserSession(tokenHash: accounts.tokens.hash(token)),
              session.revokedAt == nil, session.expiresAt > accounts.clock.now,
              let account = try? accounts.account(id: session.accountID) else { return nil }
        return (account, session.id)
    }

    /// Every live session of the account, browsers and tokens, newest first.
    public func list(accountID: String) throws -> [SessionListing] {
        try kinds.activeSessions(accountID: accountID, at: accounts.clock.now)
    }

    /// Revokes one of the account's sessions, of either kind. Another account's session answers
    /// `session_not_found`, as a missing one does.
    public func revoke(accountID: String, sessionID: String) throws {
        guard let session = try list(accountID: accountID).first(where: { $0.id == sessionID }) else {
            throw AppError.notFound("no session \(sessionID)", code: "session_not_found")
        }
        try accounts.transactor.write { try accounts.sessions.revoke(id: session.id, at: accounts.clock.now) }
        // A token this process checked in the last seconds stops working now, not when its cache entry ages.
        accounts.forgetSessions(accountID: accountID)
    }
}
