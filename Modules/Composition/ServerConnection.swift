import FoundationEssentials
import FoundationInternationalization
import Console
import Core
import Domain
import Client
import AccountFeature
#if canImport(Glibc)
import Glibc
#endif

/// `tend` as a client of tend-server: the `ServerClient` on libcurl and the login saved in
/// `$XDG_CONFIG_HOME/tend/credentials.json`, made from the environment. Nothing here touches
/// the disk or the network until a command runs.
public enum ServerConnection {
    /// The client for a command line: `--lang`, else `LANG`, becomes `Accept-Language`.
    public static func client(for invocation: Invocation, environment: [String: String]) -> ServerClient {
        let language = Language.resolve(option: invocation.option(GlobalOptions.language.name), environment: environment)
        return ServerClient(transport: CurlTransport(), credentials: FileCredentialStore(environment: environment),
                            language: language?.rawValue)
    }

    /// The context `tend account …` receives.
    /// `accept` refuses an account the database cannot take (it holds another account's history).
    /// `deleted` unbinds the database from an account deleted on the server.
    public static func accountContext(environment: [String: String],
                                      accept: @escaping @Sendable (Invocation, String) throws -> Void = { _, _ in },
                                      deleted: @escaping @Sendable (Invocation) throws -> Void = { _ in })
        -> AccountCommands.ContextProvider {
        { invocation in
            AccountContext(client: client(for: invocation, environment: environment), environment: environment,
                           isInteractive: isatty(0) == 1, machineTimeZone: TimeZone.current.identifier,
                           acceptAccount: { try accept(invocation, $0) }, accountDeleted: { try deleted(invocation) })
        }
    }
}
