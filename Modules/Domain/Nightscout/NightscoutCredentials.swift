import FoundationEssentials
import Core

/// The account's Nightscout API secret and access tokens: made, listed, revoked, and checked
/// on every `/api/v1` request.
///
/// What is stored, and why it cannot be replayed: a client never sends the secret itself but
/// its SHA-1 (or SHA-512) hex, so those hex strings are what a stolen copy of the database
/// must not hold. Each is stored as a BLAKE2b digest of it (`digest`, with a domain prefix),
/// and a request is matched by digesting what it sent. The digest cannot be sent in its place
/// (the server digests again) nor inverted: the secret and tokens are made here from 120 and
/// 64 random bits, never chosen by a person, so there is no dictionary to try and a slow hash
/// (argon2id, 70 ms and 64 MiB a check) would only slow every upload without making anything
/// safer. The same reasoning covers tokens, stored as digests as session tokens are.
public struct NightscoutCredentials: Sendable {
    /// Wrong credentials per client address: 10 at once, then one a minute (429 after that).
    public static let failures = ClientLimit(scope: "nightscout_auth", burst: 10, interval: 60, code: "too_many_attempts",
                                             counted: "wrong Nightscout credentials")
    /// The secret's alphabet: lower-case letters and digits without 0, 1, l and o (no misreading).
    static let secretAlphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
    public static let secretLength = 24

    let repository: any NightscoutCredentialRepository
    let transactor: any Transactor
    let clock: any Clock
    let limiter: ClientLimiter?
    /// BLAKE2b in production: a one-way digest of a presented form, in hex.
    let digest: @Sendable (String) -> String
    /// The SHA-1 and SHA-512 hex forms of a secret, as clients compute them.
    let secretForms: @Sendable (String) -> [String]

    public init(repository: any NightscoutCredentialRepository, transactor: any Transactor, clock: any Clock,
                limiter: ClientLimiter?, digest: @escaping @Sendable (String) -> String,
                secretForms: @escaping @Sendable (String) -> [String]) {
        self.repository = repository
        self.transactor = transactor
        self.clock = clock
        self.limiter = limiter
        self.digest = digest
        self.secretForms = secretForms
    }

    /// A new credential with what must be shown once (the secret or the token).
    public struct Issued: Sendable, Equatable {
        public let credential: NightscoutCredential
        public let value: String
    }

    /// Makes the account's API secret, replacing (revoking) the one it had.
    public func makeSecret(ownerID: String) throws -> Issued {
        var generator = SystemRandomNumberGenerator()
        let secret = String((0..<Self.secretLength).map { _ in Self.secretAlphabet.randomElement(using: &generator)! })
        let now = clock.now
        let credential = NightscoutCredential(
            id: UUIDv7.makeString(at: now), ownerID: ownerID, kind: .secret, name: "API secret", role: .admin,
            verifiers: secretForms(secret).map { verifier(secretHash: $0) }, createdAt: now)
        try transactor.write {
            try repository.revokeSecret(ownerID: ownerID, at: now)
            try repository.insert(credential)
        }
        return Issued(credential: credential, value: secret)
    }

    /// Makes an access token of Nightscout's form: the name's letters and digits (at most 10,
    /// lower case), `-`, 16 random hex digits.
    public func makeToken(ownerID: String, name rawName: String, role: NightscoutRole) throws -> Issued {
        let name = rawName.trimmed
        guard (1...60).contains(name.count) else {
            throw AppError.invalidInput("a token's name must be 1 to 60 characters", code: "invalid_name")
        }
        guard role != .admin else {
            throw AppError.invalidInput("a token's role is readable or careportal (the API secret is the admin key)",
                                        code: "invalid_role")
        }
        var prefix = String(name.lowercased().unicodeScalars.filter { ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") }
            .map(Character.init).prefix(10))
        if prefix.isEmpty { prefix = "token" }
        var generator = SystemRandomNumberGenerator()
        let token = prefix + "-" + Hex.encode((0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let now = clock.now
        let credential = NightscoutCredential(id: UUIDv7.makeString(at: now), ownerID: ownerID, kind: .token, name: name,
                                              role: role, verifiers: [verifier(token: token)], createdAt: now)
        try transactor.write { try repository.insert(credential) }
        return Issued(credential: credential, value: token)
    }

    public func list(ownerID: String) throws -> [NightscoutCredential] {
        try repository.credentials(ownerID: ownerID)
    }

    public func revoke(id: String, ownerID: String) throws {
        let revoked = try transactor.write { try repository.revoke(id: id, ownerID: ownerID, at: clock.now) }
        guard revoked else {
            throw AppError.notFound("no Nightscout secret or token with id \(id)", code: "credential_not_found").with(["id": id])
        }
    }

    /// The account and role of what a request presented: nil when it presented nothing. A
    /// client over its allowance of wrong credentials is refused first (429), whatever it
    /// sent, so that guessing does not go on at full speed; a wrong credential takes one from
    /// that allowance and is 401 `unauthorized`.
    public func authenticate(_ presented: PresentedCredential, clientAddress: String?) throws -> NightscoutAccess? {
        guard !presented.isEmpty else { return nil }
        try limiter?.check(Self.failures, address: clientAddress)
        let candidates = presented.secretHashes.map { verifier(secretHash: $0) } + presented.tokens.map { verifier(token: $0) }
        for candidate in candidates {
            if let credential = try repository.credential(verifier: candidate) {
                return NightscoutAccess(ownerID: credential.ownerID, role: credential.role, name: credential.name)
            }
        }
        try limiter?.take(Self.failures, address: clientAddress)
        throw AppError(.unauthorized, code: "unauthorized", "the API secret or token is not valid")
    }

    func verifier(secretHash: String) -> String { digest("nightscout secret:" + secretHash.lowercased()) }
    func verifier(token: String) -> String { digest("nightscout token:" + token) }
}
