import FoundationEssentials
import Client
import Console
import Core
import Domain
import HTTP

/// What `tend nightscout` works with: the client of tend-server, where the API and its
/// credentials live.
public struct NightscoutContext: Sendable {
    public let client: ServerClient

    public init(client: ServerClient) {
        self.client = client
    }
}

/// `tend nightscout secret | token | list | revoke`: the credentials xDrip+, AndroidAPS, Loop
/// and the report tools use to reach the account's Nightscout API on tend-server.
public enum NightscoutCommands {
    public typealias ContextProvider = @Sendable (Invocation) throws -> NightscoutContext

    static let role = Option.value("role", valueName: "ROLE", help: "readable (followers, reports) or careportal (uploaders).",
                                   allowedValues: ["readable", "careportal"])

    public static func make(context: @escaping ContextProvider) -> Command {
        Command(
            name: "nightscout",
            abstract: "Your Nightscout API on tend-server: the API secret and access tokens for uploaders and followers.",
            discussion: """
                Point a Nightscout client at your tend-server's address with the secret (clients send its
                SHA-1) or a token. Log in first with 'tend account login'. See docs/nightscout.md.
                """,
            subcommands: [secret(context), token(context), list(context), revoke(context)]
        )
    }

    static func secret(_ context: @escaping ContextProvider) -> Command {
        Command(name: "secret",
                abstract: "Make your API secret (it replaces the old one, which stops working); it is shown once.") { invocation in
            let issued = try context(invocation).client.call(NightscoutAPI.makeSecret)
            try invocation.respond(json: { issued }, text: {
                """
                API secret: \(issued.value)
                  (shown once; Tend keeps only a digest of it)
                  clients that ask for the secret take it as it is; raw HTTP sends its SHA-1 in the api-secret header:
                  \(issued.apiSecretSHA1 ?? "")
                """
            })
        }
    }

    static func token(_ context: @escaping ContextProvider) -> Command {
        Command(name: "token", abstract: "Make an access token for a follower or an uploader; it is shown once.",
                arguments: [Argument("name", help: "Who or what uses it (e.g. xdrip, reporter).")],
                options: [role]) { invocation in
            guard let role = invocation.option(role) else { throw UsageError("give the token's --role: readable or careportal") }
            let issued = try context(invocation).client.call(NightscoutAPI.makeToken,
                                                              body: TokenBody(name: invocation.argument("name") ?? "", role: role))
            try invocation.respond(json: { issued }, text: {
                "Token for \(issued.credential.name) (\(issued.credential.role)): \(issued.value)\n"
                    + "  (shown once) use it as ?token=\(issued.value) or in the api-secret header"
            })
        }
    }

    static func list(_ context: @escaping ContextProvider) -> Command {
        Command(name: "list", abstract: "Your live API secret and tokens (never their values).") { invocation in
            let list = try context(invocation).client.call(NightscoutAPI.list)
            try invocation.respond(json: { list }, text: {
                guard !list.credentials.isEmpty else { return "No Nightscout secret or token yet: tend nightscout secret" }
                var table = Table(columns: [("id", .left), ("kind", .left), ("name", .left), ("role", .left), ("created", .left)])
                for item in list.credentials { table.addRow([item.id, item.kind, item.name, item.role, item.createdAt]) }
                return table.render()
            })
        }
    }

    static func revoke(_ context: @escaping ContextProvider) -> Command {
        Command(name: "revoke", abstract: "Revoke a secret or a token: clients using it are refused at once.",
                arguments: [Argument("id", help: "The id 'tend nightscout list' shows.")]) { invocation in
            let id = invocation.argument("id") ?? ""
            try context(invocation).client.call(NightscoutAPI.revoke, ItemID(id))
            try invocation.respond(json: { ["revoked": id] }, text: { "Revoked \(id)." })
        }
    }
}
