import FoundationEssentials
import Client
import Core
import Domain
import HTTP

/// `/v1/accounts`, `/v1/sessions` and `/v1/me`: the routes of `AccountAPI`'s endpoints.
public enum AccountRoutes {
    /// - Parameter deletion: serves `DELETE /v1/me` (nil: the route is left out).
    public static func make(accounts: AccountUseCases, deletion: DeleteAccount? = nil) -> [Route] {
        AccountController(accounts: accounts, deletion: deletion).routes
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
            ("PasswordConfirmation", S.object([("password", S.string)], required: ["password"], closed: false)),
            ("AccountDeletion", S.object([
                ("deleted", S.boolean), ("erased", ["type": "object", "additionalProperties": ["type": "integer"]]),
            ], required: ["deleted", "erased"])),
            ("Session", S.object([("token", S.string), ("account_id", S.string), ("expires_at", S.dateTime)],
                                 required: ["token", "account_id", "expires_at"])),
        ]
    }()
}

/// The account endpoints on the account use cases: one method per endpoint.
struct AccountController: Sendable {
    let accounts: AccountUseCases
    let deletion: DeleteAccount?

    var routes: [Route] {
        typealias S = OpenAPISchema
        return [
            Route(AccountAPI.register, operation: OpenAPIOperation(
                summary: "Create an account (5 at once per client address, then one every 12 minutes)", tag: "accounts",
                requestBody: S.jsonBody(S.ref("Registration")),
                responses: [("201", S.jsonResponse("The new account", S.ref("Account")))]
            ), handler: register),
            Route(AccountAPI.login, operation: OpenAPIOperation(
                summary: "Log in: a bearer token valid for 30 days", tag: "accounts",
                requestBody: S.jsonBody(S.ref("Credentials")),
                responses: [("201", S.jsonResponse("A new session", S.ref("Session")))]
            ), handler: login),
            Route(AccountAPI.logout, operation: OpenAPIOperation(
                summary: "Log out: revoke the token of this request", tag: "accounts",
                responses: [("204", S.emptyResponse("Revoked"))]
            ), handler: logout),
            Route(AccountAPI.me, operation: OpenAPIOperation(
                summary: "The account of this token", tag: "accounts",
                responses: [("200", S.jsonResponse("The account", S.ref("Account")))]
            ), handler: me),
            Route(AccountAPI.updateProfile, operation: OpenAPIOperation(
                summary: "Change your display name or time zone", tag: "accounts",
                requestBody: S.jsonBody(S.ref("ProfileChanges")),
                responses: [("200", S.jsonResponse("The account", S.ref("Account")))]
            ), handler: updateProfile),
        ] + (deletion == nil ? [] : [
            Route(AccountAPI.deleteAccount, operation: OpenAPIOperation(
                summary: "Delete your account for good: everything it owns, its photos, sessions and notifications; "
                    + "a partner keeps only what they wrote. The password is asked again (wrong ones are locked out as at login)",
                tag: "accounts",
                requestBody: S.jsonBody(S.ref("PasswordConfirmation")),
                responses: [("200", S.jsonResponse("What was removed, rows per table", S.ref("AccountDeletion")))]
            ), handler: deleteAccount),
        ])
    }

    func register(_ call: Received<NoParameters, RegistrationBody>) throws -> RemoteAccount {
        let body = call.body
        return RemoteAccount(try accounts.register(.init(email: body.email, password: body.password, displayName: body.displayName,
                                                         timeZone: body.timeZone),
                                                   from: call.request.remoteAddress))
    }

    func login(_ call: Received<NoParameters, LoginBody>) throws -> SessionJSON {
        let result = try accounts.login(email: call.body.email, password: call.body.password)
        return SessionJSON(token: result.token, accountID: result.session.accountID,
                           expiresAt: ISO8601.format(result.session.expiresAt, in: .gmt))
    }

    func logout(_ call: Received<NoParameters, NoBody>) throws -> NoAnswer {
        try accounts.logout(token: call.request.bearerToken ?? "")
        return NoAnswer()
    }

    func me(_ call: Received<NoParameters, NoBody>) throws -> RemoteAccount {
        RemoteAccount(try accounts.account(id: call.accountID))
    }

    func deleteAccount(_ call: Received<NoParameters, DeleteAccountBody>) throws -> AccountDeletion {
        guard let deletion else { throw AppError.notFound("no such route", code: "not_found") }
        let erased = try deletion.delete(accountID: call.accountID, password: call.body.password)
        return AccountDeletion(deleted: true, erased: erased.counts)
    }

    func updateProfile(_ call: Received<NoParameters, ProfileBody>) throws -> RemoteAccount {
        RemoteAccount(try accounts.updateProfile(id: call.accountID, displayName: call.body.displayName, timeZone: call.body.timeZone))
    }
}

extension RemoteAccount {
    /// An account as the API shows it (never the password hash); its creation in its own zone.
    init(_ account: Account) {
        self.init(id: account.id, email: account.email, displayName: account.displayName, timeZone: account.timeZoneIdentifier,
                  createdAt: ISO8601.format(account.createdAt, in: TimeZone(stored: account.timeZoneIdentifier)))
    }
}
