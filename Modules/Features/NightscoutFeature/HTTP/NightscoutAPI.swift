import FoundationEssentials
import Core
import Domain
import HTTP

/// The endpoints that manage an account's Nightscout credentials, declared once:
/// `NightscoutCredentialRoutes` serves them (with the account's bearer token, as every `/v1`
/// route) and `tend nightscout` calls them.
enum NightscoutAPI {
    static let makeSecret = Endpoint("POST", "/v1/nightscout/secret", answer: .json(IssuedJSON.self, status: 201))
    static let makeToken = Endpoint("POST", "/v1/nightscout/tokens", body: .json(TokenBody.self), answer: .json(IssuedJSON.self, status: 201))
    static let list = Endpoint("GET", "/v1/nightscout/credentials", answer: .json(CredentialList.self))
    static let revoke = Endpoint("DELETE", "/v1/nightscout/credentials/{id}", parameters: ItemID.self, answer: .none)

    static let signatures = [makeSecret.signature, makeToken.signature, list.signature, revoke.signature]
}

/// `POST /v1/nightscout/tokens`.
struct TokenBody: Sendable, Codable, Equatable {
    var name: String
    var role: String
}

/// A credential as listed: never its value, which only the answer that made it holds.
struct CredentialJSON: Sendable, Codable, Equatable {
    var id: String
    var kind: String
    var name: String
    var role: String
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, kind, name, role, createdAt = "created_at"
    }

    init(_ credential: NightscoutCredential) {
        id = credential.id
        kind = credential.kind.rawValue
        name = credential.name
        role = credential.role.rawValue
        createdAt = ISO8601.format(credential.createdAt, in: .gmt)
    }
}

/// A new secret or token, shown once: `value` and, for the secret, the SHA-1 hex that goes in
/// an `api-secret` header.
struct IssuedJSON: Sendable, Codable, Equatable {
    var credential: CredentialJSON
    var value: String
    var apiSecretSHA1: String?

    enum CodingKeys: String, CodingKey {
        case credential, value, apiSecretSHA1 = "api_secret_sha1"
    }
}

struct CredentialList: Sendable, Codable, Equatable {
    var credentials: [CredentialJSON]
}
