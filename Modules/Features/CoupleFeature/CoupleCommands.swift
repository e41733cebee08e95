import FoundationEssentials
import Client
import Console
import Core
import Domain

/// What the couple commands work with: the client of tend-server (the space lives there) and
/// the local cache that keeps the last home for when the server cannot be reached.
public struct CoupleContext: Sendable {
    public let client: ServerClient
    public let cache: any ClientCache
    public let clock: any Clock
    public let language: Language
    public let isInteractive: Bool
    /// Asks a yes/no question on the terminal.
    public let confirm: @Sendable (String) -> Bool

    public init(client: ServerClient, cache: any ClientCache, clock: any Clock, language: Language, isInteractive: Bool,
                confirm: @escaping @Sendable (String) -> Bool) {
        self.client = client
        self.cache = cache
        self.clock = clock
        self.language = language
        self.isInteractive = isInteractive
        self.confirm = confirm
    }

    /// The logged-in account's id (the client refuses before this when nobody is logged in).
    func myID() throws -> String {
        guard let credentials = try client.currentCredentials() else {
            throw AppError(.unauthorized, code: "not_logged_in",
                           "not logged in: run 'tend account login --server URL --email E' first")
        }
        return credentials.accountID
    }
}

/// `tend couple …`: Our Bridge from the terminal, as a client of tend-server.
public enum CoupleCommands {
    public typealias ContextProvider = @Sendable (Invocation) throws -> CoupleContext

    public static func make(context: @escaping ContextProvider) -> Command {
        Command(
            name: "couple",
            abstract: "Our Bridge: a quiet shared space for two — "
                + "moods, times and weather, the next meeting, a calendar, care, a photo a day.",
            discussion: """
                The space lives on a tend-server: log in first with 'tend account login'. One of you
                runs 'tend couple create' and sends the code; the other runs 'tend couple join CODE'.
                Your insulin, workouts, meals and quests are never shared.
                """,
            subcommands: [
                PairingCommands.create(context), PairingCommands.join(context), PairingCommands.show(context),
                PairingCommands.disconnect(context), HomeCommand.make(context), SpaceCommands.mood(context),
                SpaceCommands.location(context), SpaceCommands.meet(context), CalendarCommands.make(context), CareCommands.make(context),
                PhotoCommands.make(context), SpaceCommands.bridge(context), PhotoCommands.archive(context),
            ]
        )
    }
}
