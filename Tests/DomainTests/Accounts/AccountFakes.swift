import Core
import Domain
import Foundation
import Synchronization

// MARK: - AccountRepository

/// Accounts by id. Emails are compared as given: the use cases normalize them, and keep them
/// unique (the table has no UNIQUE constraint beyond the primary key).
final class FakeAccountRepository: AccountRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    func insert(_ account: Account) throws {
        try memory.write(.accountInsert, account) { try $0.accounts.insert(account, key: account.id, call: .accountInsert) }
    }

    /// Saves the display name and the time zone (the email and the password stay).
    func update(_ account: Account) throws {
        try memory.write(.accountUpdate, account) { tables in
            try tables.accounts.update(key: account.id, call: .accountUpdate) { stored in
                stored.displayName = account.displayName
                stored.timeZoneIdentifier = account.timeZoneIdentifier
                stored.updatedAt = account.updatedAt
            }
        }
    }

    func account(id: String) throws -> Account? {
        memory.read { $0.accounts[id] }
    }

    func account(email: String) throws -> Account? {
        memory.read { tables in tables.accounts.values.first { $0.email == email } }
    }
}

// MARK: - SessionRepository

final class FakeSessionRepository: SessionRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    func insert(_ session: Session) throws {
        try memory.write(.sessionInsert, session) { try $0.sessions.insert(session, key: session.id, call: .sessionInsert) }
    }

    /// Revoked sessions too: the use case tells them apart.
    func session(tokenHash: String) throws -> Session? {
        memory.read { tables in tables.sessions.values.first { $0.tokenHash == tokenHash } }
    }

    /// The first revocation stands.
    func revoke(id: String, at date: Date) throws {
        try memory.write(.sessionRevoke, id) { tables in
            guard var session = tables.sessions[id], session.revokedAt == nil else { return }
            session.revokedAt = date
            tables.sessions[id] = session
        }
    }
}

// MARK: - LoginFailureRepository

/// Failed logins by email.
final class FakeLoginFailureRepository: LoginFailureRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    func failures(email: String) throws -> LoginFailures? {
        memory.read { $0.loginFailures[email] }
    }

    func save(_ failures: LoginFailures) throws {
        try memory.write(.loginFailuresSave, failures) { $0.loginFailures[failures.email] = failures }
    }

    func clear(email: String) throws {
        try memory.write(.loginFailuresClear, email) { $0.loginFailures[email] = nil }
    }
}

// MARK: - ClientThrottleRepository

/// Allowances by scope and client.
final class FakeClientThrottleRepository: ClientThrottleRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    func throttle(scope: String, client: String) throws -> ClientThrottle? {
        memory.read { $0.clientThrottles[scope + "|" + client] }
    }

    func save(_ throttle: ClientThrottle) throws {
        try memory.write(.clientThrottleSave, throttle) { $0.clientThrottles[throttle.scope + "|" + throttle.client] = throttle }
    }

    func removeThrottles(fullBy date: Date) throws {
        try memory.write(.clientThrottlesRemove, date) { $0.clientThrottles.removeAll { $0.fullAt <= date } }
    }
}

// MARK: - PasswordHasher

/// A readable "hash" (`hash(<password>)#<n>`), counting what was hashed and what was verified
/// against which hash.
final class CountingPasswordHasher: PasswordHasher {
    private let calls = Mutex<(hashed: [String], verified: [String])>(([], []))

    /// The passwords hashed, in order.
    var hashed: [String] { calls.withLock { $0.hashed } }
    /// The hashes verified against, in order.
    var verified: [String] { calls.withLock { $0.verified } }

    func hash(_ password: String) throws -> String {
        calls.withLock { calls in
            calls.hashed.append(password)
            return "hash(\(password))#\(calls.hashed.count)"
        }
    }

    func verify(_ password: String, against hash: String) -> Bool {
        calls.withLock { $0.verified.append(hash) }
        return hash.hasPrefix("hash(\(password))#")
    }
}
