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
        if let hinted = accounts.hints.accountID(forHash: hash, at: now) {
            // Confirmed with the request's first statement; refused there, the request is a 401.
            do {
                try kinds.confirmAPISession(tokenHash: hash, accountID: hinted, at: now)
            } catch let error as AppError where error.kind == .unauthorized {
                accounts.hints.forget(hash: hash) // a store that answers at once refused it already
                throw AppError.bearerRequired
            }
            return hinted
        }
        guard let session = try kinds.apiSession(tokenHash: hash), session.revokedAt == nil, session.expiresAt > now else { return nil }
        accounts.recent.remember(hash: hash, accountID: session.accountID, expiresAt: session.expiresAt, at: now)
        accounts.hints.remember(hash: hash, accountID: session.accountID, expiresAt: session.expiresAt, at: now)
        return session.accountID
    }

    /// Ends a request `authenticateBearer` let in: throws `unauthorized` if its token, taken on
    /// a hint, was not confirmed (the request must answer 401, whatever it did meanwhile).
    public func settleBearer() throws {
        do {
            try kinds.settleConfirmation()
        } catch let error as AppError where error.kind == .unauthorized {
            // The hint was wrong: the token's next request is looked up, not taken on trust again.
            if let hash = error.details as? String { accounts.hints.forget(hash: hash) }
            throw AppError.bearerRequired
        }
    }
}

extension AppError {
    /// The refusal of a request without a valid bearer token, as the HTTP pipeline words it.
    public static var bearerRequired: AppError {
        AppError(.unauthorized, code: "unauthorized", "a valid bearer token is required")
    }

    /// The same refusal, naming (in `details`, never shown) the hash of the token refused.
    public static func bearerRequired(tokenHash: String) -> AppError {
        AppError(.unauthorized, code: "unauthorized", "a valid bearer token is required", details: tokenHash)
    }
}
