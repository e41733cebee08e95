import FoundationEssentials
import Core

/// What a Nightscout credential may do. The API secret is the account's admin key, as in
/// Nightscout; tokens carry one of Nightscout's roles. `careportal` is widened from
/// Nightscout's (which may only create treatments) to what an uploader needs: it reads, and it
/// creates and replaces treatments, entries and device statuses. Deleting needs the secret.
public enum NightscoutRole: String, Sendable, Codable, CaseIterable {
    case admin
    case readable
    case careportal

    public var canRead: Bool { true }
    public var canWrite: Bool { self != .readable }
    public var canDelete: Bool { self == .admin }
}

/// The API secret or an access token of an account. Only verifiers are stored: a digest of
/// what a client presents, never the secret or the token (see `NightscoutCredentials`).
public struct NightscoutCredential: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case secret
        case token
    }

    public let id: String
    public let ownerID: String
    public let kind: Kind
    /// The token's name (`uploader`), "API secret" for the secret.
    public let name: String
    public let role: NightscoutRole
    /// Digests of the forms a client presents: for the secret its SHA-1 hex and SHA-512 hex
    /// forms, for a token the token itself.
    public let verifiers: [String]
    public let createdAt: Date
    public var revokedAt: Date?

    public init(id: String, ownerID: String, kind: Kind, name: String, role: NightscoutRole, verifiers: [String],
                createdAt: Date, revokedAt: Date? = nil) {
        self.id = id
        self.ownerID = ownerID
        self.kind = kind
        self.name = name
        self.role = role
        self.verifiers = verifiers
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}

/// Who a request acts for, once its credential checked out.
public struct NightscoutAccess: Sendable, Equatable {
    public let ownerID: String
    public let role: NightscoutRole
    /// The credential's name, for `verifyauth` and `enteredBy` defaults.
    public let name: String

    public init(ownerID: String, role: NightscoutRole, name: String) {
        self.ownerID = ownerID
        self.role = role
        self.name = name
    }
}

/// What a request carried, in the places Nightscout looks: the secret's SHA-1 or SHA-512 hex in
/// the `api-secret` header, `?secret=` or the body's `secret`; a token in `?token=`, the
/// `api-secret` header or as a bearer. The plain secret is never a form that is accepted.
public struct PresentedCredential: Sendable, Equatable {
    public var secretHashes: [String]
    public var tokens: [String]

    public init(secretHashes: [String] = [], tokens: [String] = []) {
        self.secretHashes = secretHashes
        self.tokens = tokens
    }

    public var isEmpty: Bool { secretHashes.isEmpty && tokens.isEmpty }

    /// Sorts a value from the `api-secret` header (or `?secret=`, or the body): 40 or 128 hex
    /// digits are a hash of the secret, anything else may be a token.
    public mutating func add(apiSecret value: String) {
        let text = value.trimmed
        guard !text.isEmpty else { return }
        // py-nightscout sends a token as `api-secret: token=NAME-…`.
        if text.hasPrefix("token=") { return add(token: String(text.dropFirst(6))) }
        let isHex = text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || ($0 >= 65 && $0 <= 70) }
        if isHex, text.utf8.count == 40 || text.utf8.count == 128 {
            secretHashes.append(text.lowercased())
        } else {
            tokens.append(text)
        }
    }

    public mutating func add(token value: String) {
        let text = value.trimmed
        if !text.isEmpty { tokens.append(text) }
    }
}
