import FoundationEssentials

public protocol AccountRepository: Sendable {
    func insert(_ account: Account) throws
    /// Saves a changed display name or time zone.
    func update(_ account: Account) throws
    func account(id: String) throws -> Account?
    /// Looks up by normalized email.
    func account(email: String) throws -> Account?
}

public protocol SessionRepository: Sendable {
    func insert(_ session: Session) throws
    func session(tokenHash: String) throws -> Session?
    func revoke(id: String, at date: Date) throws
}

public protocol LoginFailureRepository: Sendable {
    func failures(email: String) throws -> LoginFailures?
    func save(_ failures: LoginFailures) throws
    func clear(email: String) throws
}

/// Allowances per client address (`ClientLimiter`): one row per scope and client digest.
public protocol ClientThrottleRepository: Sendable {
    func throttle(scope: String, client: String) throws -> ClientThrottle?
    /// Inserts or replaces the row of the throttle's scope and client.
    func save(_ throttle: ClientThrottle) throws
    /// Deletes every throttle, of any scope, whose allowance is whole by `date` (`fullAt <= date`).
    func removeThrottles(fullBy date: Date) throws
}

/// Password hashing (argon2id in production), behind a protocol so that the rules are tested
/// without spending 64 MiB per hash.
public protocol PasswordHasher: Sendable {
    func hash(_ password: String) throws -> String
    func verify(_ password: String, against hash: String) -> Bool
}

/// Random bearer tokens and the one-way hash under which they are stored.
public protocol TokenGenerator: Sendable {
    func makeToken() -> String
    func hash(_ token: String) -> String
}
