import Core
@testable import Domain
import Foundation
import Synchronization
import Testing

/// Where tokens are not trusted for a few seconds (several servers), a token's account is
/// taken from the last lookup and confirmed later; a refused confirmation forgets it.
@Suite("Bearer tokens taken on a hint, confirmed with the request")
struct BearerHintTests {
    /// Sessions by token hash, confirmed when settled (as PostgreSQL does with its next round trip).
    final class DeferringKinds: SessionKindRepository, @unchecked Sendable {
        let state = Mutex((sessions: [String: Session](), pending: [(hash: String, account: String, at: Date)](),
                           lookups: 0, confirmations: 0))

        func setKind(sessionID: String, kind: SessionKind, label: String?) throws {}
        func kind(sessionID: String) throws -> SessionKind? { .api }
        func browserSession(tokenHash: String) throws -> Session? { nil }
        func activeSessions(accountID: String, at date: Date) throws -> [SessionListing] { [] }
        func apiSession(tokenHash: String) throws -> Session? {
            state.withLock { $0.lookups += 1; return $0.sessions[tokenHash] }
        }
        func confirmAPISession(tokenHash: String, accountID: String, at date: Date) throws {
            state.withLock { $0.confirmations += 1; $0.pending.append((tokenHash, accountID, date)) }
        }
        func settleConfirmation() throws {
            let (pending, sessions) = state.withLock { state in
                defer { state.pending = [] }
                return (state.pending, state.sessions)
            }
            for (hash, account, at) in pending {
                guard let session = sessions[hash], session.accountID == account, session.revokedAt == nil, session.expiresAt > at else {
                    throw AppError.bearerRequired(tokenHash: hash)
                }
            }
        }
    }

    @Test func aHintIsConfirmedEveryTimeAndForgottenWhenRefused() throws {
        let memory = FakeDatabase()
        let clock = MovableClock(Date(timeIntervalSince1970: 1_795_000_000))
        let tokens = SequentialTokenGenerator()
        let accounts = AccountUseCases(
            accounts: FakeAccountRepository(memory: memory), sessions: FakeSessionRepository(memory: memory),
            failures: FakeLoginFailureRepository(memory: memory), hasher: CountingPasswordHasher(), tokens: tokens,
            transactor: FakeTransactor(memory: memory), clock: clock, events: RecordedEvents(), remembersTokens: false)
        let kinds = DeferringKinds()
        let sessions = BrowserSessions(accounts: accounts, kinds: kinds)
        let hash = tokens.hash("tok")
        let session = Session(id: "s", accountID: "ana", tokenHash: hash, createdAt: clock.now, expiresAt: clock.now.addingTimeInterval(3600))
        kinds.state.withLock { $0.sessions[hash] = session }

        #expect(try sessions.authenticateBearer(token: "tok") == "ana") // looked up
        try sessions.settleBearer()
        #expect(try sessions.authenticateBearer(token: "tok") == "ana") // on the hint
        try sessions.settleBearer()
        #expect(kinds.state.withLock { ($0.lookups, $0.confirmations) } == (1, 1))

        // Revoked elsewhere: the request on the hint goes ahead, and its settling refuses it.
        kinds.state.withLock { $0.sessions[hash]?.revokedAt = clock.now }
        #expect(try sessions.authenticateBearer(token: "tok") == "ana")
        do {
            try sessions.settleBearer()
            Issue.record("a revoked token was settled")
        } catch let error as AppError {
            #expect(error.kind == .unauthorized && error.details == nil, "the hash stays inside")
        }
        // Forgotten: the next request looks the token up and is refused at once.
        #expect(try sessions.authenticateBearer(token: "tok") == nil)
        #expect(kinds.state.withLock { ($0.lookups, $0.confirmations) } == (2, 2))
    }
}
