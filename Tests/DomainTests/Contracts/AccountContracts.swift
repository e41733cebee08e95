import Core
import Domain
import Foundation
import Testing

@Suite("Contract: AccountRepository")
struct AccountRepositoryContract {
    @Test("an account round-trips by id and by email", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let account = Account(id: "a1", email: "ana@example.com", displayName: "아나", timeZoneIdentifier: "Asia/Seoul",
                              passwordHash: "$argon2id$v=19$m=65536,t=2,p=1$c2FsdA$aGFzaA", createdAt: Contract.at(0),
                              updatedAt: Contract.at(1))
        try stores.accounts.insert(account)
        try stores.account("b1")
        #expect(try stores.accounts.account(id: "a1") == account)
        #expect(try stores.accounts.account(email: "ana@example.com") == account)
        #expect(try stores.accounts.account(id: "nobody") == nil)
        #expect(try stores.accounts.account(email: "nobody@example.com") == nil)
    }

    @Test("the email is looked up as given: the use cases normalize it first", arguments: Backend.allCases)
    func emailAsGiven(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.account("a1", email: "ana@example.com")
        #expect(try stores.accounts.account(email: "ANA@example.com") == nil)
        #expect(try stores.accounts.account(email: " ana@example.com") == nil)
    }

    @Test("an update saves the display name and the time zone, nothing else", arguments: Backend.allCases)
    func update(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let original = try stores.account("a1")
        var changed = original
        changed.displayName = "Ana K."
        changed.timeZoneIdentifier = "Europe/Berlin"
        changed.updatedAt = Contract.at(Contract.minute)
        changed.email = "other@example.com"
        changed.passwordHash = "changed"
        try stores.accounts.update(changed)
        var expected = original
        expected.displayName = "Ana K."
        expected.timeZoneIdentifier = "Europe/Berlin"
        expected.updatedAt = Contract.at(Contract.minute)
        #expect(try stores.accounts.account(id: "a1") == expected)
        #expect(try stores.accounts.account(email: "a1@example.com") == expected)
    }

    @Test("a second account with the same id is refused", arguments: Backend.allCases)
    func primaryKey(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.account("a1")
        #expect(throws: (any Error).self) { try stores.account("a1", email: "else@example.com") }
    }
}

@Suite("Contract: SessionRepository")
struct SessionRepositoryContract {
    @Test("a session round-trips by its token's hash, revoked or not", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.account("a1")
        let live = Session(id: "s1", accountID: "a1", tokenHash: "hash-1", createdAt: Contract.at(0), expiresAt: Contract.at(30 * Contract.day))
        let revoked = Session(id: "s2", accountID: "a1", tokenHash: "hash-2", createdAt: Contract.at(1), expiresAt: Contract.at(Contract.day),
                              revokedAt: Contract.at(2))
        try stores.sessions.insert(live)
        try stores.sessions.insert(revoked)
        #expect(try stores.sessions.session(tokenHash: "hash-1") == live)
        #expect(try stores.sessions.session(tokenHash: "hash-2") == revoked)
        #expect(try stores.sessions.session(tokenHash: "hash-3") == nil)
    }

    @Test("revoking stamps the session once; a second revocation keeps the first time", arguments: Backend.allCases)
    func revoke(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.account("a1")
        let session = Session(id: "s1", accountID: "a1", tokenHash: "hash-1", createdAt: Contract.at(0), expiresAt: Contract.at(Contract.day))
        let other = Session(id: "s2", accountID: "a1", tokenHash: "hash-2", createdAt: Contract.at(0), expiresAt: Contract.at(Contract.day))
        try stores.sessions.insert(session)
        try stores.sessions.insert(other)
        try stores.sessions.revoke(id: "s1", at: Contract.at(Contract.hour))
        try stores.sessions.revoke(id: "s1", at: Contract.at(2 * Contract.hour))
        try stores.sessions.revoke(id: "unknown", at: Contract.at(Contract.hour))
        #expect(try stores.sessions.session(tokenHash: "hash-1")?.revokedAt == Contract.at(Contract.hour))
        #expect(try stores.sessions.session(tokenHash: "hash-2") == other)
    }
}

@Suite("Contract: LoginFailureRepository")
struct LoginFailureRepositoryContract {
    @Test("failures per email: saved, replaced, cleared", arguments: Backend.allCases)
    func saveReplaceClear(_ backend: Backend) throws {
        let stores = try Stores(backend)
        #expect(try stores.loginFailures.failures(email: "ana@example.com") == nil)
        let first = LoginFailures(email: "ana@example.com", count: 1, lastFailureAt: Contract.at(0), lockedUntil: nil)
        try stores.loginFailures.save(first)
        #expect(try stores.loginFailures.failures(email: "ana@example.com") == first)
        let locked = LoginFailures(email: "ana@example.com", count: 5, lastFailureAt: Contract.at(Contract.minute),
                                   lockedUntil: Contract.at(16 * Contract.minute))
        try stores.loginFailures.save(locked)
        #expect(try stores.loginFailures.failures(email: "ana@example.com") == locked)
        let theirs = LoginFailures(email: "ben@example.com", count: 2, lastFailureAt: Contract.at(3), lockedUntil: nil)
        try stores.loginFailures.save(theirs)

        try stores.loginFailures.clear(email: "ana@example.com")
        #expect(try stores.loginFailures.failures(email: "ana@example.com") == nil)
        #expect(try stores.loginFailures.failures(email: "ben@example.com") == theirs)
        try stores.loginFailures.clear(email: "ana@example.com")
        #expect(try stores.loginFailures.failures(email: "ana@example.com") == nil)
    }
}

@Suite("Contract: ClientThrottleRepository")
struct ClientThrottleRepositoryContract {
    @Test("a throttle per scope and client: saved, replaced, read back to the millisecond", arguments: Backend.allCases)
    func saveAndReplace(_ backend: Backend) throws {
        let stores = try Stores(backend)
        #expect(try stores.clientThrottles.throttle(scope: "signup", client: "c1") == nil)
        let first = ClientThrottle(scope: "signup", client: "c1", fullAt: Contract.at(Contract.minute))
        try stores.clientThrottles.save(first)
        #expect(try stores.clientThrottles.throttle(scope: "signup", client: "c1") == first)
        let later = ClientThrottle(scope: "signup", client: "c1", fullAt: Contract.at(Contract.hour))
        try stores.clientThrottles.save(later)
        #expect(try stores.clientThrottles.throttle(scope: "signup", client: "c1") == later)
        // Another scope or another client is another row.
        let otherScope = ClientThrottle(scope: "invite_guess", client: "c1", fullAt: Contract.at(2))
        let otherClient = ClientThrottle(scope: "signup", client: "c2", fullAt: Contract.at(3))
        try stores.clientThrottles.save(otherScope)
        try stores.clientThrottles.save(otherClient)
        #expect(try stores.clientThrottles.throttle(scope: "signup", client: "c1") == later)
        #expect(try stores.clientThrottles.throttle(scope: "invite_guess", client: "c1") == otherScope)
        #expect(try stores.clientThrottles.throttle(scope: "signup", client: "c2") == otherClient)
        #expect(try stores.clientThrottles.throttle(scope: "invite_guess", client: "c2") == nil)
    }

    @Test("removing the whole ones deletes every row full by the date, the date included, of every scope", arguments: Backend.allCases)
    func removeWhole(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let early = ClientThrottle(scope: "signup", client: "c1", fullAt: Contract.at(Contract.minute))
        let exact = ClientThrottle(scope: "invite_guess", client: "c2", fullAt: Contract.at(Contract.hour))
        let late = ClientThrottle(scope: "signup", client: "c3", fullAt: Contract.at(Contract.hour + 1))
        for throttle in [early, exact, late] { try stores.clientThrottles.save(throttle) }
        try stores.clientThrottles.removeThrottles(fullBy: Contract.at(Contract.hour))
        #expect(try stores.clientThrottles.throttle(scope: "signup", client: "c1") == nil)
        #expect(try stores.clientThrottles.throttle(scope: "invite_guess", client: "c2") == nil)
        #expect(try stores.clientThrottles.throttle(scope: "signup", client: "c3") == late)
        try stores.clientThrottles.removeThrottles(fullBy: Contract.at(0))
        #expect(try stores.clientThrottles.throttle(scope: "signup", client: "c3") == late)
    }
}
