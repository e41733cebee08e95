import FoundationEssentials
import Core

/// The API's side of the separation between the two kinds of session: a browser session's
/// token lives in an HttpOnly cookie and is never a bearer token. A script that learned it (a
/// copied cookie, a leaked log line) cannot call `/v1` with it, just as a cookie holding an API
/// token is no browser session (`session(token:)`).
extension BrowserSessions {
    /// The account of an `Authorization: Bearer` token, as `AccountUseCases.authenticate`
    /// answers it, but nil for a browser session's token. The kind is checked before a token
    /// enters the recent-token cache, and the server authenticates only through here, so the
    /// cache holds API tokens alone.
    public func authenticateBearer(token: String) throws -> String? {
        guard !token.isEmpty, token.utf8.count <= 256 else { return nil }
        let hash = accounts.tokens.hash(token)
        let now = accounts.clock.now
        if let accountID = accounts.recent.accountID(forHash: hash, at: now) { return accountID }
        guard let session = try kinds.apiSession(tokenHash: hash), session.revokedAt == nil, session.expiresAt > now else { return nil }
        accounts.recent.remember(hash: hash, accountID: session.accountID, expiresAt: session.expiresAt, at: now)
        return session.accountID
    }
}
