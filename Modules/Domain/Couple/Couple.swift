import FoundationEssentials
import Core

/// The shared space of two accounts. It exists from the moment the partner joins; a
/// disconnected couple keeps its rows for the archive window, then is erased.
public struct Couple: Sendable, Equatable {
    public let id: String
    /// The two accounts, the inviter first.
    public let memberIDs: [String]
    public let createdAt: Date
    public var disconnectedAt: Date?
    public var disconnectedBy: String?

    public init(id: String, memberIDs: [String], createdAt: Date, disconnectedAt: Date? = nil, disconnectedBy: String? = nil) {
        self.id = id
        self.memberIDs = memberIDs
        self.createdAt = createdAt
        self.disconnectedAt = disconnectedAt
        self.disconnectedBy = disconnectedBy
    }

    public var isActive: Bool { disconnectedAt == nil }

    /// The other member, seen from `accountID`.
    public func partner(of accountID: String) -> String? {
        memberIDs.first { $0 != accountID }
    }
}

/// A single-use invite code of one account.
public struct Invite: Sendable, Equatable {
    public let id: String
    public let code: String
    public let accountID: String
    public let createdAt: Date
    public let expiresAt: Date
    public var usedAt: Date?
    public var revokedAt: Date?

    public init(id: String, code: String, accountID: String, createdAt: Date, expiresAt: Date,
                usedAt: Date? = nil, revokedAt: Date? = nil) {
        self.id = id
        self.code = code
        self.accountID = accountID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
        self.revokedAt = revokedAt
    }

    public func isUsable(at now: Date) -> Bool { usedAt == nil && revokedAt == nil && now < expiresAt }
}

/// Wrong invite codes of one account, for the throttle against guessing.
public struct JoinFailures: Sendable, Equatable {
    public let accountID: String
    public var count: Int
    public var lastFailureAt: Date
    public var lockedUntil: Date?

    public init(accountID: String, count: Int, lastFailureAt: Date, lockedUntil: Date?) {
        self.accountID = accountID
        self.count = count
        self.lastFailureAt = lastFailureAt
        self.lockedUntil = lockedUntil
    }
}

/// Where a member is: the city the partner sees, and the point its weather is asked for.
public struct MemberLocation: Sendable, Equatable {
    public let accountID: String
    public var city: String
    public var latitude: Double
    public var longitude: Double
    public let createdAt: Date
    public var updatedAt: Date

    public init(accountID: String, city: String, latitude: Double, longitude: Double, createdAt: Date, updatedAt: Date) {
        self.accountID = accountID
        self.city = city
        self.latitude = latitude
        self.longitude = longitude
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
