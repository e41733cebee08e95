import FoundationEssentials

/// A person's account on the server. The email is stored normalized (trimmed, lowercased).
public struct Account: Sendable, Equatable {
    public let id: String
    public var email: String
    public var displayName: String
    public var timeZoneIdentifier: String
    public var passwordHash: String
    public let createdAt: Date
    public var updatedAt: Date

    public init(id: String, email: String, displayName: String, timeZoneIdentifier: String, passwordHash: String,
                createdAt: Date, updatedAt: Date) {
        self.id = id
        self.email = email
        self.displayName = displayName
        self.timeZoneIdentifier = timeZoneIdentifier
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A login: the token itself is shown once; only its hash is stored.
public struct Session: Sendable, Equatable {
    public let id: String
    public let accountID: String
    public let tokenHash: String
    public let createdAt: Date
    public let expiresAt: Date
    public var revokedAt: Date?

    public init(id: String, accountID: String, tokenHash: String, createdAt: Date, expiresAt: Date, revokedAt: Date? = nil) {
        self.id = id
        self.accountID = accountID
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }
}

/// Failed logins for one email, for the lock-out.
public struct LoginFailures: Sendable, Equatable {
    public let email: String
    public var count: Int
    public var lastFailureAt: Date
    public var lockedUntil: Date?

    public init(email: String, count: Int, lastFailureAt: Date, lockedUntil: Date?) {
        self.email = email
        self.count = count
        self.lastFailureAt = lastFailureAt
        self.lockedUntil = lockedUntil
    }
}
