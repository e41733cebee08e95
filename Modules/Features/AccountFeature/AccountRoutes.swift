import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/accounts`, `/v1/sessions` and `/v1/me`.
public enum AccountRoutes {
    public static func make(accounts: AccountUseCases) -> [Route] {
        typealias S = OpenAPISchema
        return [
            Route("POST", "/v1/accounts", requiresAuth: false, operation: OpenAPIOperation(
                summary: "Create an account", tag: "accounts",
                requestBody: S.jsonBody(S.ref("Registration")),
                responses: [("201", S.jsonResponse("The new account", S.ref("Account")))]
            )) { request in
                let body = try request.decode(RegistrationBody.self)
                let account = try accounts.register(.init(email: body.email, password: body.password,
                                                          displayName: body.displayName, timeZone: body.timeZone))
                return try .json(AccountJSON(account), status: 201)
            },
            Route("POST", "/v1/sessions", requiresAuth: false, operation: OpenAPIOperation(
                summary: "Log in: a bearer token valid for 30 days", tag: "accounts",
                requestBody: S.jsonBody(S.ref("Credentials")),
                responses: [("201", S.jsonResponse("A new session", S.ref("Session")))]
            )) { request in
                let body = try request.decode(CredentialsBody.self)
                let result = try accounts.login(email: body.email, password: body.password)
                return try .json(SessionJSON(token: result.token, accountID: result.session.accountID,
                                             expiresAt: ISO8601.format(result.session.expiresAt, in: .gmt)), status: 201)
            },
            Route("DELETE", "/v1/sessions/current", operation: OpenAPIOperation(
                summary: "Log out: revoke the token of this request", tag: "accounts",
                responses: [("204", S.emptyResponse("Revoked"))]
            )) { request in
                try accounts.logout(token: request.bearerToken ?? "")
                return .noContent()
            },
            Route("GET", "/v1/me", operation: OpenAPIOperation(
                summary: "The account of this token", tag: "accounts",
                responses: [("200", S.jsonResponse("The account", S.ref("Account")))]
            )) { request in
                try .json(AccountJSON(try accounts.account(id: request.accountID ?? "")))
            },
            Route("PATCH", "/v1/me", operation: OpenAPIOperation(
                summary: "Change your display name or time zone", tag: "accounts",
                requestBody: S.jsonBody(S.ref("ProfileChanges")),
                responses: [("200", S.jsonResponse("The account", S.ref("Account")))]
            )) { request in
                let body = try request.decode(ProfileBody.self)
                return try .json(AccountJSON(try accounts.updateProfile(id: request.accountID ?? "", displayName: body.displayName,
                                                                        timeZone: body.timeZone)))
            },
        ]
    }

    public static let schemas: [(String, JSONValue)] = {
        typealias S = OpenAPISchema
        return [
            ("Registration", S.object([
                ("email", S.string), ("password", ["type": "string", "minLength": 10]),
                ("display_name", S.string), ("time_zone", S.string),
            ], required: ["email", "password", "display_name"], closed: false)),
            ("ProfileChanges", S.object([("display_name", S.string), ("time_zone", S.string)], required: [], closed: false)),
            ("Credentials", S.object([("email", S.string), ("password", S.string)], required: ["email", "password"], closed: false)),
            ("Account", S.object([
                ("id", S.string), ("email", S.string), ("display_name", S.string), ("time_zone", S.string),
                ("created_at", S.dateTime),
            ], required: ["id", "email", "display_name", "time_zone", "created_at"])),
            ("Session", S.object([("token", S.string), ("account_id", S.string), ("expires_at", S.dateTime)],
                                 required: ["token", "account_id", "expires_at"])),
        ]
    }()
}

struct RegistrationBody: Decodable {
    let email: String
    let password: String
    let displayName: String
    let timeZone: String?

    enum CodingKeys: String, CodingKey {
        case email, password, displayName = "display_name", timeZone = "time_zone"
    }
}

struct ProfileBody: Codable {
    let displayName: String?
    let timeZone: String?

    enum CodingKeys: String, CodingKey { case displayName = "display_name", timeZone = "time_zone" }
}

struct CredentialsBody: Decodable {
    let email: String
    let password: String
}

/// An account as the API shows it (never the password hash).
public struct AccountJSON: Encodable {
    let id: String
    let email: String
    let displayName: String
    let timeZone: String
    let createdAt: String

    public init(_ account: Account) {
        id = account.id
        email = account.email
        displayName = account.displayName
        timeZone = account.timeZoneIdentifier
        createdAt = ISO8601.format(account.createdAt, in: TimeZone(stored: account.timeZoneIdentifier))
    }

    enum CodingKeys: String, CodingKey {
        case id, email, displayName = "display_name", timeZone = "time_zone", createdAt = "created_at"
    }
}

struct SessionJSON: Encodable {
    let token: String
    let accountID: String
    let expiresAt: String

    enum CodingKeys: String, CodingKey {
        case token, accountID = "account_id", expiresAt = "expires_at"
    }
}
