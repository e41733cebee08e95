import FoundationEssentials
import Client
import Console
import Core
import Domain

/// What `tend sync` works with: this database's sync, the saved login, and the local owner.
public struct SyncContext: Sendable {
    public let sync: SyncUseCases
    public let client: ServerClient
    /// The server the commands sync with; tests pass one in process.
    public let remote: any SyncRemote
    public let ownerID: String
    public let zone: TimeZone

    public init(sync: SyncUseCases, client: ServerClient, remote: (any SyncRemote)? = nil, ownerID: String, zone: TimeZone) {
        self.sync = sync
        self.client = client
        self.remote = remote ?? HTTPSyncRemote(client: client)
        self.ownerID = ownerID
        self.zone = zone
    }

    /// The saved login, or the error that says to log in.
    func credentials() throws -> Credentials {
        guard let saved = try client.currentCredentials() else {
            throw AppError(.unauthorized, code: "not_logged_in", "not logged in (tend account login)")
        }
        return saved
    }
}

/// `tend sync`, `tend sync status`, `tend sync conflicts [restore|ack]`.
public enum SyncCommands {
    public typealias ContextProvider = @Sendable (Invocation) throws -> SyncContext

    enum Options {
        static let all = Option.flag("all", help: "Every open conflict.")
        static let acknowledged = Option.flag("acknowledged", help: "Also the ones already acknowledged.")
    }

    public static func make(context: @escaping ContextProvider) -> Command {
        Command(
            name: "sync", abstract: "Sync this device with your account on tend-server: push what is new here, pull the rest.",
            discussion: """
                Every command writes here first and never waits for the network; 'tend sync' (and
                'tend remind run', every few minutes) sends what is pending and brings in what your
                other devices and the API wrote. Edits of the same field merge by time, the later
                winning; what lost is kept as a conflict you can restore.
                """,
            subcommands: [status(context), conflicts(context)]
        ) { invocation in
            try runSync(context, invocation)
        }
    }

    static func runSync(_ context: @escaping ContextProvider, _ invocation: Invocation) throws {
        let context = try context(invocation)
        let login = try context.credentials()
        let output = invocation.output
        let showsProgress = output.isTerminal && !GlobalOptions.wantsJSON(invocation)
        var shown = false
        let summary: SyncSummary
        do {
            summary = try context.sync.sync(remote: context.remote, accountID: login.accountID, server: login.server,
                                            localOwnerID: context.ownerID) { step in
                guard showsProgress, step.pushed + step.pulled >= 1_000 else { return }
                output.write(.redrawLine, "Syncing: \(step.pushed) sent, \(step.pulled) received…")
                shown = true
            }
        } catch {
            if shown { output.write(.redrawLine) }
            throw error
        }
        if shown { output.write(.redrawLine) }
        let json = SyncSummaryJSON(summary)
        try invocation.respond(json: { json }, text: { SyncText.summary(summary, server: login.server) })
    }

    static func status(_ context: @escaping ContextProvider) -> Command {
        Command(name: "status", abstract: "What is waiting to be sent, when this device last synced, and with which server.") { invocation in
            let context = try context(invocation)
            let status = try context.sync.status()
            let loggedIn = (try? context.client.currentCredentials()) ?? nil
            let json = SyncStatusJSON(pending: status.pending, lastSyncedAt: status.lastSyncedAt.map { ISO8601.format($0, in: context.zone) },
                                      server: loggedIn?.server)
            try invocation.respond(json: { json }, text: { SyncText.status(status, server: loggedIn?.server, zone: context.zone) })
        }
    }

    static func conflicts(_ context: @escaping ContextProvider) -> Command {
        Command(
            name: "conflicts", abstract: "What lost a merge, possible double doses, and changes the server refused.",
            options: [Options.acknowledged],
            subcommands: [
                Command(name: "restore", abstract: "Bring back the value that lost (it becomes the newest edit everywhere).",
                        arguments: [Argument("id", help: "The conflict: its handle from 'tend sync conflicts', or its id.")]) { invocation in
                    let context = try context(invocation)
                    let id = try pick(invocation.argument("id") ?? "", context)
                    let restored = try context.sync.restore(id: id, ownerID: context.ownerID)
                    let json = SyncConflictJSON(restored, zone: context.zone)
                    try invocation.respond(json: { json }, text: { SyncText.restored(restored) })
                },
                Command(name: "ack", abstract: "Acknowledge a conflict (or every open one with --all): it is no longer shown.",
                        arguments: [Argument("id", help: "The conflict: its handle or its id.", isOptional: true)],
                        options: [Options.all]) { invocation in
                    let context = try context(invocation)
                    let typed = invocation.argument("id")
                    let all = invocation.flag(Options.all)
                    guard (typed == nil) == all else { throw UsageError("give a conflict's handle or --all (not both)") }
                    let ids = try typed.map { [try pick($0, context)] }
                    let count = try context.sync.acknowledge(ids: ids, ownerID: context.ownerID)
                    try invocation.respond(json: { ["acknowledged": count] },
                                           text: { count == 0 ? "Nothing to acknowledge." : "Acknowledged \(count) conflict\(count == 1 ? "" : "s")." })
                },
            ]
        ) { invocation in
            let context = try context(invocation)
            let list = try context.sync.conflicts(ownerID: context.ownerID, includeAcknowledged: invocation.flag(Options.acknowledged))
            let json = SyncConflictList(conflicts: list.map { SyncConflictJSON($0, zone: context.zone) })
            try invocation.respond(json: { json }, text: { SyncText.conflicts(list, zone: context.zone) })
        }
    }

    /// The conflict a person named: its id, or its handle from the list.
    static func pick(_ typed: String, _ context: SyncContext) throws -> String {
        let all = try context.sync.conflicts(ownerID: context.ownerID, includeAcknowledged: true)
        let wanted = typed.trimmed.lowercased()
        let matches = all.filter { $0.conflict.id == typed || SyncText.handle(of: $0.conflict.id) == wanted }
        guard let match = matches.first, matches.count == 1 else {
            throw AppError.notFound("no conflict \(typed) (tend sync conflicts lists them)", code: "conflict_not_found").with(["id": typed])
        }
        return match.conflict.id
    }
}
