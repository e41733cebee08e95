import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/nightscout/…`: the account's Nightscout secret and tokens, behind its bearer token.
public enum NightscoutCredentialRoutes {
    /// - Parameter sha1: the SHA-1 hex of a text (the form of the secret clients send).
    public static func make(nightscout: NightscoutUseCases, sha1: @escaping @Sendable (String) -> String) -> [Route] {
        typealias S = OpenAPISchema
        let credentials = nightscout.credentials
        let issued = S.jsonResponse("Shown once", ["type": "object"])
        return [
            Route(NightscoutAPI.makeSecret, operation: OpenAPIOperation(
                summary: "Make the account's Nightscout API secret (replacing the old one); shown once", tag: "nightscout",
                responses: [("201", issued)])) { received in
                let made = try credentials.makeSecret(ownerID: received.accountID)
                return IssuedJSON(credential: CredentialJSON(made.credential), value: made.value, apiSecretSHA1: sha1(made.value))
            },
            Route(NightscoutAPI.makeToken, operation: OpenAPIOperation(
                summary: "Make an access token (role readable or careportal); shown once", tag: "nightscout",
                requestBody: S.jsonBody(S.object([("name", S.string), ("role", S.enumeration(["readable", "careportal"]))],
                                                 required: ["name", "role"], closed: false)),
                responses: [("201", issued)])) { received in
                guard let role = NightscoutRole(rawValue: received.body.role), role != .admin else {
                    throw AppError.invalidInput("role must be readable or careportal", code: "invalid_role")
                }
                let made = try credentials.makeToken(ownerID: received.accountID, name: received.body.name, role: role)
                return IssuedJSON(credential: CredentialJSON(made.credential), value: made.value, apiSecretSHA1: nil)
            },
            Route(NightscoutAPI.list, operation: OpenAPIOperation(
                summary: "The account's live Nightscout secret and tokens (never their values)", tag: "nightscout",
                responses: [("200", S.jsonResponse("The credentials", ["type": "object"]))])) { received in
                CredentialList(credentials: try credentials.list(ownerID: received.accountID).map(CredentialJSON.init))
            },
            Route(NightscoutAPI.revoke, operation: OpenAPIOperation(
                summary: "Revoke a secret or token", tag: "nightscout",
                parameters: [S.pathParameter("id", "The credential's id")],
                responses: [("204", S.emptyResponse("Revoked"))])) { received in
                try credentials.revoke(id: received.parameters.id, ownerID: received.accountID)
                return NoAnswer()
            },
        ]
    }
}
