import FoundationEssentials
import Core
import HTTP

/// The account endpoints, declared once: `AccountFeature` serves them, `ServerClient` signs up,
/// logs in and out and asks who it is through them. They live here rather than in the feature
/// because the client's login flow needs them and `Client` sits below the features.
public enum AccountAPI {
    /// Creates an account (no token needed).
    public static let register = Endpoint("POST", "/v1/accounts", body: .json(RegistrationBody.self),
                                          answer: .json(RemoteAccount.self, status: 201), requiresAuth: false)
    /// Logs in: a bearer token valid for 30 days (no token needed).
    public static let login = Endpoint("POST", "/v1/sessions", body: .json(LoginBody.self),
                                       answer: .json(SessionJSON.self, status: 201), requiresAuth: false)
    /// Revokes the token of the request.
    public static let logout = Endpoint("DELETE", "/v1/sessions/current", answer: .none)
    /// The account of the token.
    public static let me = Endpoint("GET", "/v1/me", answer: .json(RemoteAccount.self))
    /// Changes the display name or the time zone.
    public static let updateProfile = Endpoint("PATCH", "/v1/me", body: .json(ProfileBody.self), answer: .json(RemoteAccount.self))

    /// Deletes the account for good, everything it owns with it; the password is asked again.
    public static let deleteAccount = Endpoint("DELETE", "/v1/me", body: .json(DeleteAccountBody.self),
                                               answer: .json(AccountDeletion.self))

    /// Every endpoint, as `METHOD /pattern`.
    public static let signatures = [register.signature, login.signature, logout.signature, me.signature, updateProfile.signature,
                                    deleteAccount.signature]
}

// MARK: - The account API's bodies and answers

/// An account as the server shows it (never the password hash).
public struct RemoteAccount: Sendable, Codable, Equatable {
    public var id: String
    public var email: String
    public var displayName: String
    public var timeZone: String
    /// ISO 8601, in the account's zone.
    public var createdAt: String

    public init(id: String, email: String, displayName: String, timeZone: String, createdAt: String) {
        self.id = id
        self.email = email
        self.displayName = displayName
        self.timeZone = timeZone
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, email, displayName = "display_name", timeZone = "time_zone", createdAt = "created_at"
    }
}

/// `POST /v1/accounts`.
public struct RegistrationBody: Sendable, Codable, Equatable {
    public var email: String
    public var password: String
    public var displayName: String
    /// The server's default zone when absent.
    public var timeZone: String?

    public init(email: String, password: String, displayName: String, timeZone: String?) {
        self.email = email
        self.password = password
        self.displayName = displayName
        self.timeZone = timeZone
    }

    enum CodingKeys: String, CodingKey {
        case email, password, displayName = "display_name", timeZone = "time_zone"
    }
}

/// `POST /v1/sessions`.
public struct LoginBody: Sendable, Codable, Equatable {
    public var email: String
    public var password: String

    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

/// A new session: the token is shown this once.
public struct SessionJSON: Sendable, Codable, Equatable {
    public var token: String
    public var accountID: String
    /// ISO 8601 in UTC.
    public var expiresAt: String?

    public init(token: String, accountID: String, expiresAt: String?) {
        self.token = token
        self.accountID = accountID
        self.expiresAt = expiresAt
    }

    enum CodingKeys: String, CodingKey {
        case token, accountID = "account_id", expiresAt = "expires_at"
    }
}

/// `PATCH /v1/me`: a field left out stays as it is.
public struct ProfileBody: Sendable, Codable, Equatable {
    public var displayName: String?
    public var timeZone: String?

    public init(displayName: String?, timeZone: String?) {
        self.displayName = displayName
        self.timeZone = timeZone
    }

    enum CodingKeys: String, CodingKey { case displayName = "display_name", timeZone = "time_zone" }
}

/// `DELETE /v1/me`: the account's password, asked again.
public struct DeleteAccountBody: Sendable, Codable, Equatable {
    public var password: String

    public init(password: String) { self.password = password }
}

/// What `DELETE /v1/me` removed: rows per table.
public struct AccountDeletion: Sendable, Codable, Equatable {
    public var deleted: Bool
    public var erased: [String: Int]

    public init(deleted: Bool, erased: [String: Int]) {
        self.deleted = deleted
        self.erased = erased
    }
}

extension ServerClient {
    /// Deletes the account of the saved login for good (`DELETE /v1/me` with its password), then
    /// forgets the login here. A wrong password is the server's 401 `wrong_password` as it said it,
    /// not a hint that the login expired.
    public func deleteAccount(password: String) throws -> AccountDeletion {
        guard let saved = try credentials.load() else {
            throw AppError(.unauthorized, code: "not_logged_in",
                           "not logged in: run `tend account login --server URL --email E` first")
        }
        let request = try ServerRequest(AccountAPI.deleteAccount, NoParameters(), body: DeleteAccountBody(password: password))
        let response = try transport.send(request, baseURL: saved.server, token: saved.token, language: language,
                                          timeout: Self.accountTimeout)
        guard (200..<300).contains(response.status) else {
            let error = Self.error(for: response, server: saved.server)
            if response.status == 401, error.code != "wrong_password" {
                throw AppError(.unauthorized, code: error.code,
                               "\(error.message) (the saved login may have expired or been revoked): "
                                   + "run `tend account login --server \(saved.server) --email \(saved.email)` again")
            }
            throw error
        }
        let answer = try Self.answer(of: AccountAPI.deleteAccount, in: response)
        try credentials.remove()
        return answer
    }
}
