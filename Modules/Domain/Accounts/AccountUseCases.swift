import FoundationEssentials
import FoundationInternationalization
import Synchronization
import Core

/// Sign-up, log-in, log-out and token checks.
public struct AccountUseCases: Sendable {
    public static let sessionLifetime: TimeInterval = 30 * 24 * 3600
    public static let minimumPasswordLength = 10
    /// Failures allowed before the lock-out starts.
    public static let freeFailures = 5

    let accounts: any AccountRepository
    let sessions: any SessionRepository
    let failures: any LoginFailureRepository
    let hasher: any PasswordHasher
    let tokens: any TokenGenerator
    let transactor: any Transactor
    let clock: any Clock
    /// Recently checked tokens, so that a busy client does not cost a query per request.
    let recent: SessionCache
    /// Where `recent` is off (several servers): the account a token was last seen to belong to,
    /// never trusted alone. The token is confirmed on every request, but in the same round trip
    /// as the request's first statement, which can then go to the right account at once.
    let hints: SessionCache
    /// The hash a login for an unknown email is verified against, made once by `hasher`.
    let dummy = DummyHash()
    /// Sign-ups per client address; nil: not limited.
    let limiter: ClientLimiter?

    let events: any DomainEventSink

    /// - Parameters:
    ///   - limiter: limits sign-ups per client address (nil: no such limit).
    ///   - remembersTokens: whether checked tokens are remembered for a few seconds. Only where
    ///     this process sees every logout: several servers sharing one database must each ask
    ///     it, or a token revoked on one would still work on another until it is forgotten.
    public init(accounts: any AccountRepository, sessions: any SessionRepository, failures: any LoginFailureRepository,
                hasher: any PasswordHasher, tokens: any TokenGenerator, transactor: any Transactor, clock: any Clock,
                events: any DomainEventSink, limiter: ClientLimiter? = nil, remembersTokens: Bool = true) {
        self.recent = SessionCache(lifetime: remembersTokens ? SessionCache.lifetime : 0)
        self.hints = SessionCache(lifetime: remembersTokens ? 0 : SessionCache.hintLifetime)
        self.limiter = limiter
        self.events = events
        self.accounts = accounts
        self.sessions = sessions
        self.failures = failures
        self.hasher = hasher
        self.tokens = tokens
        self.transactor = transactor
        self.clock = clock
    }

    public struct Registration: Sendable {
        public var email: String
        public var password: String
        public var displayName: String
        public var timeZone: String?

        public init(email: String, password: String, displayName: String, timeZone: String?) {
            self.email = email
            self.password = password
            self.displayName = displayName
            self.timeZone = timeZone
        }
    }

    /// Creates an account. Each attempt from a client address that gets past the checks of the
    /// input counts against `ClientLimit.signups` (429 `too_many_signups` with the seconds to
    /// wait), `email_taken` included, so that probing which emails have an account is bounded too.
    public func register(_ registration: Registration, from clientAddress: String? = nil) throws -> Account {
        let email = try Self.normalizedEmail(registration.email)
        guard registration.password.count >= Self.minimumPasswordLength else {
            throw AppError.invalidInput("password must be at least \(Self.minimumPasswordLength) characters", code: "weak_password")
        }
        guard registration.password.utf8.count <= 1024 else {
            throw AppError.invalidInput("password must be at most 1024 bytes", code: "invalid_password")
        }
        let name = registration.displayName.trimmed
        guard (1...60).contains(name.count) else {
            throw AppError.invalidInput("display_name must be 1 to 60 characters", code: "invalid_display_name")
        }
        let zone = registration.timeZone ?? "UTC"
        guard TimeZone(identifier: zone) != nil else {
            throw AppError.invalidInput("time_zone '\(zone)' is not a known time zone (e.g. Asia/Seoul)", code: "invalid_time_zone")
        }
        try limiter?.take(.signups, address: clientAddress)
        if try accounts.account(email: email) != nil {
            throw AppError.conflict("an account with this email already exists", code: "email_taken")
        }
        let hash = try hasher.hash(registration.password) // slow by design: outside the transaction
        let now = clock.now
        let account = Account(id: UUIDv7.makeString(at: now), email: email, displayName: name, timeZoneIdentifier: zone,
                              passwordHash: hash, createdAt: now, updatedAt: now)
        try transactor.write {
            if try accounts.account(email: email) != nil {
                throw AppError.conflict("an account with this email already exists", code: "email_taken")
            }
            try accounts.insert(account)
        }
        return account
    }

    public struct LoginResult: Sendable, Equatable {
        public let token: String
        public let session: Session
    }

    /// Logs in. After `freeFailures` wrong passwords for an email, each further attempt is
    /// refused at once for a window that doubles (30 s, 1 min, 2 min, … up to 15 min).
    ///
    /// A failed login costs the same whether the email has an account or not, so that its time
    /// does not tell: an unknown email's password is verified against a hash made once by the
    /// same hasher (same parameters), and failures are counted and locked out per email either way.
    public func login(email rawEmail: String, password: String) throws -> LoginResult {
        let email = rawEmail.trimmed.lowercased()
        let now = clock.now
        if let record = try failures.failures(email: email), let until = record.lockedUntil, until > now {
            throw Self.throttled(until: until, now: now)
        }
        let account = try accounts.account(email: email)
        let verified = hasher.verify(password, against: try account?.passwordHash ?? dummy.value(hasher))
        guard let account, verified else {
            try recordFailure(email: email, at: now)
            throw AppError(.unauthorized, code: "invalid_credentials", "the email or the password is wrong")
        }
        let token = tokens.makeToken()
        let session = Session(id: UUIDv7.makeString(at: now), accountID: account.id, tokenHash: tokens.hash(token),
                              createdAt: now, expiresAt: now.addingTimeInterval(Self.sessionLifetime))
        try transactor.write {
            try failures.clear(email: email)
            try sessions.insert(session)
        }
        return LoginResult(token: token, session: session)
    }

    /// One more wrong password for `email`: after `freeFailures`, a lock-out that doubles.
    private func recordFailure(email: String, at now: Date) throws {
        try transactor.write {
            var record = try failures.failures(email: email)
                ?? LoginFailures(email: email, count: 0, lastFailureAt: now, lockedUntil: nil)
            record.count += 1
            record.lastFailureAt = now
            if record.count >= Self.freeFailures {
                let exponent = min(record.count - Self.freeFailures, 5)
                record.lockedUntil = now.addingTimeInterval(min(30 * pow2(exponent), 15 * 60))
            }
            try failures.save(record)
        }
    }

    /// The password of a logged-in account, asked again before a step that cannot be undone
    /// (deleting the account): wrong ones are counted and locked out per email exactly as at login
    /// (401 `wrong_password`, then 429 `too_many_attempts`).
    public func confirmPassword(accountID: String, password: String) throws -> Account {
        guard !password.isEmpty, password.utf8.count <= 1024 else {
            throw AppError.invalidInput("password is required (at most 1024 bytes)", code: "invalid_password")
        }
        let account = try account(id: accountID)
        let now = clock.now
        if let record = try failures.failures(email: account.email), let until = record.lockedUntil, until > now {
            throw Self.throttled(until: until, now: now)
        }
        guard hasher.verify(password, against: account.passwordHash) else {
            try recordFailure(email: account.email, at: now)
            throw AppError(.unauthorized, code: "wrong_password", "the password is wrong")
        }
        return account
    }

    /// Forgets the tokens of an account this process checked recently (the account is gone).
    func forgetSessions(accountID: String) {
        recent.forget(accountID: accountID)
        hints.forget(accountID: accountID)
    }

    /// Makes the hash a login for an unknown email is verified against, so that the first such
    /// login is not the one that pays for it (a server calls this once at start).
    public func prepareForLogins() throws {
        _ = try dummy.value(hasher)
    }

    /// The account a bearer token belongs to, if the token is known, unexpired and not revoked.
    public func authenticate(token: String) throws -> String? {
        guard token.utf8.count <= 256 else { return nil }
        let hash = tokens.hash(token)
        let now = clock.now
        if let accountID = recent.accountID(forHash: hash, at: now) { return accountID }
        guard let session = try activeSession(token: token) else { return nil }
        recent.remember(hash: hash, accountID: session.accountID, expiresAt: session.expiresAt, at: now)
        return session.accountID
    }

    public func logout(token: String) throws {
        guard let session = try activeSession(token: token) else {
            throw AppError(.unauthorized, code: "unauthorized", "a valid bearer token is required")
        }
        try transactor.write { try sessions.revoke(id: session.id, at: clock.now) }
        recent.forget(hash: session.tokenHash)
        hints.forget(hash: session.tokenHash)
    }

    /// Changes the name others see and the time zone (a move, a long trip): the couple's clocks
    /// and dates and the supplement reminders follow it; the insulin log keeps the zone of its own
    /// settings (changed with them) and a quest journey the zone it began in.
    public func updateProfile(id: String, displayName: String?, timeZone: String?) throws -> Account {
        let name = displayName?.trimmed
        if let name, !(1...60).contains(name.count) {
            throw AppError.invalidInput("display_name must be 1 to 60 characters", code: "invalid_display_name")
        }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw AppError.invalidInput("time_zone '\(timeZone)' is not a known time zone (e.g. Asia/Seoul)", code: "invalid_time_zone")
        }
        // Read and written in one transaction: two changes at once both land.
        return try transactor.write(publishing: .profileChanged(ownerID: id), to: events) {
            var account = try account(id: id)
            if let name { account.displayName = name }
            if let timeZone { account.timeZoneIdentifier = timeZone }
            account.updatedAt = clock.now
            try accounts.update(account)
            return account
        }
    }

    public func account(id: String) throws -> Account {
        guard let account = try accounts.account(id: id) else {
            throw AppError.notFound("no account \(id)", code: "account_not_found")
        }
        return account
    }

    private func activeSession(token: String) throws -> Session? {
        guard token.utf8.count <= 256, let session = try sessions.session(tokenHash: tokens.hash(token)) else { return nil }
        guard session.revokedAt == nil, session.expiresAt > clock.now else { return nil }
        return session
    }

    static func throttled(until: Date, now: Date) -> AppError {
        let seconds = Int(until.timeIntervalSince(now).rounded(.up))
        return AppError(.tooManyRequests, code: "too_many_attempts",
                        "too many failed logins for this email; try again in \(seconds) s", details: seconds)
    }

    static func normalizedEmail(_ raw: String) throws -> String {
        let email = raw.trimmed.lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.utf8.count <= 254, parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
              !email.contains(where: { $0.isWhitespace }) else {
            throw AppError.invalidInput("email is not a valid address", code: "invalid_email")
        }
        return email
    }
}

private func pow2(_ exponent: Int) -> Double { Double(1 << exponent) }

/// A hash of a random password nobody knows, made on first use (not at start: `tend` builds the
/// use cases for every command) and kept for the life of the process.
final class DummyHash: Sendable {
    private let stored = Mutex<String?>(nil)

    func value(_ hasher: any PasswordHasher) throws -> String {
        if let hash = stored.withLock({ $0 }) { return hash }
        var generator = SystemRandomNumberGenerator()
        let password = (0..<4).map { _ in String(generator.next(), radix: 36) }.joined(separator: "-")
        let hash = try hasher.hash(password)
        return stored.withLock { stored in
            if let earlier = stored { return earlier }
            stored = hash
            return hash
        }
    }
}

/// Tokens checked in the last few seconds. A logout through this process forgets its token at
/// once; the short lifetime bounds how long a revocation by another process can go unseen.
final class SessionCache: Sendable {
    static let lifetime: TimeInterval = 5
    /// For hints, which are confirmed on every use: long enough that a busy client keeps its own.
    static let hintLifetime: TimeInterval = 3600
    /// How long a checked token is trusted; 0 remembers nothing.
    let lifetime: TimeInterval
    private let entries = Locked<[String: (accountID: String, expiresAt: Date, checkedAt: Date)]>([:]) // every request

    init(lifetime: TimeInterval) {
        self.lifetime = lifetime
    }

    func accountID(forHash hash: String, at now: Date) -> String? {
        entries.withLock { entries in
            guard let entry = entries[hash] else { return nil }
            guard now < entry.expiresAt, now.timeIntervalSince(entry.checkedAt) < lifetime, now >= entry.checkedAt else {
                entries[hash] = nil
                return nil
            }
            return entry.accountID
        }
    }

    func remember(hash: String, accountID: String, expiresAt: Date, at now: Date) {
        guard lifetime > 0 else { return }
        entries.withLock { entries in
            if entries.count > 10_000 { entries.removeAll() }
            entries[hash] = (accountID, expiresAt, now)
        }
    }

    func forget(hash: String) {
        _ = entries.withLock { $0.removeValue(forKey: hash) }
    }

    func forget(accountID: String) {
        entries.withLock { entries in entries = entries.filter { $0.value.accountID != accountID } }
    }
}
