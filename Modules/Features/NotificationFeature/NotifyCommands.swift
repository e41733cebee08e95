import FoundationEssentials
import Client
import Console
import Core
import Domain

/// What `tend notify` and `tend remind` work with. Logged in, `channel`, `quiet`, `list` and
/// `test` act on the server's settings; otherwise on this machine's.
public struct NotifyContext: Sendable {
    public let notifications: NotificationUseCases
    public let client: ServerClient
    public let ownerID: String
    public let zone: TimeZone
    /// Runs the reminder loop in the foreground (once, or until SIGINT/SIGTERM).
    public let runReminders: @Sendable (_ once: Bool, _ output: Output) throws -> Void

    public init(notifications: NotificationUseCases, client: ServerClient, ownerID: String, zone: TimeZone,
                runReminders: @escaping @Sendable (_ once: Bool, _ output: Output) throws -> Void) {
        self.notifications = notifications
        self.client = client
        self.ownerID = ownerID
        self.zone = zone
        self.runReminders = runReminders
    }

    var isOnServer: Bool { ((try? client.currentCredentials()) ?? nil) != nil }
}

/// `tend notify …` and `tend remind run`.
public enum NotifyCommands {
    public typealias ContextProvider = @Sendable (Invocation) throws -> NotifyContext

    public static func make(context: @escaping ContextProvider) -> [Command] {
        [
            Command(
                name: "notify", abstract: "Notifications: where they go (ntfy, webhooks), quiet hours, a test, the history and the inbox.",
                discussion: """
                    Logged in to a tend-server, channels, quiet hours, the list and the test are the
                    server's; otherwise this machine's, delivered by 'tend remind run'.
                    """,
                subcommands: [channel(context), test(context), quiet(context), list(context), inbox(context)]),
            Command(name: "remind", abstract: "Reminders on this machine without a server.", subcommands: [
                Command(
                    name: "run", abstract: "Evaluate the reminder rules and deliver (desktop, ntfy, webhooks, the inbox) until stopped.",
                    discussion: "Meant for a systemd user service: see the README.",
                    options: [.flag("once", help: "Deliver what is due now, then exit.")]
                ) { invocation in
                    try context(invocation).runReminders(invocation.flag("once"), invocation.output)
                },
            ]),
        ]
    }

    static func channel(_ context: @escaping ContextProvider) -> Command {
        Command(name: "channel", abstract: "Where notifications go.", subcommands: [
            Command(name: "add", abstract: "Add a channel.", subcommands: [
                Command(name: "ntfy", abstract: "An ntfy topic URL (ntfy.sh or self-hosted).", options: [
                    .value("url", valueName: "URL", help: "The topic URL, e.g. https://ntfy.sh/my-secret-topic (required)."),
                    .value("token", valueName: "TOKEN", help: "An access token, sent as a bearer token."),
                ]) { invocation in try add(context, invocation, kind: .ntfy) },
                Command(name: "webhook", abstract: "A URL that receives JSON, signed with a secret shown once.", options: [
                    .value("url", valueName: "URL", help: "The webhook URL (required)."),
                ]) { invocation in try add(context, invocation, kind: .webhook) },
            ]),
            Command(name: "list", abstract: "The channels.") { invocation in
                let context = try context(invocation)
                let list: ChannelList = context.isOnServer
                    ? try context.client.send(ServerRequest("GET", "/v1/notifications/channels")).decode(ChannelList.self)
                    : ChannelList(channels: try context.notifications.channels(ownerID: context.ownerID).map { ChannelJSON($0, zone: context.zone) })
                if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(list) }
                guard !list.channels.isEmpty else { return invocation.output.print("No channels yet: tend notify channel add ntfy --url URL") }
                var table = Table(columns: [("Handle", .left), ("Kind", .left), ("URL", .left)])
                for channel in list.channels { table.addRow([Handle.of(channel.id), channel.kind, channel.url]) }
                invocation.output.print(table.render())
            },
            Command(name: "remove", abstract: "Remove a channel.", arguments: [Argument("id", help: "The channel: its handle from 'channel list', its id, or 'last'.")]) { invocation in
                let context = try context(invocation)
                // The list says which channel the handle (or `last`) names, so the person reads what went.
                let channels: [ChannelJSON] = context.isOnServer
                    ? try context.client.send(ServerRequest("GET", "/v1/notifications/channels")).decode(ChannelList.self).channels
                    : try context.notifications.channels(ownerID: context.ownerID).map { ChannelJSON($0, zone: context.zone) }
                let typed = invocation.argument("id") ?? ""
                guard let id = try Handle.pick(typed, among: channels.map(\.id).sorted(), noun: "channel"),
                      let channel = channels.first(where: { $0.id == id }) else {
                    throw AppError.notFound("no channel \(typed)", code: "channel_not_found").with(["id": typed])
                }
                if context.isOnServer {
                    _ = try context.client.send(ServerRequest("DELETE", "/v1/notifications/channels/\(ServerRequest.segment(id))"))
                } else {
                    try context.notifications.removeChannel(ownerID: context.ownerID, id: id)
                }
                if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(["removed": id]) }
                invocation.output.print("Removed the \(channel.kind) channel \(channel.url).")
            },
        ])
    }

    static func add(_ context: @escaping ContextProvider, _ invocation: Invocation, kind: ChannelKind) throws {
        guard let url = invocation.option("url") else { throw UsageError("missing --url URL") }
        let token = kind == .ntfy ? invocation.option("token") : nil // only ntfy takes a token
        let context = try context(invocation)
        let created: CreatedChannelJSON = context.isOnServer
            ? try context.client.send(.json("POST", "/v1/notifications/channels", ChannelBody(kind: kind.rawValue, url: url, token: token)))
                .decode(CreatedChannelJSON.self)
            : CreatedChannelJSON(try context.notifications.addChannel(ownerID: context.ownerID, kind: kind, url: url, token: token))
        if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(created) }
        invocation.output.print("Added the \(created.kind) channel \(Handle.of(created.id)).")
        if let secret = created.secret {
            invocation.output.print("Signing secret (shown only now): \(secret)")
            invocation.output.print("Each request carries X-Tend-Signature: sha256=<HMAC-SHA256 of the body with this secret>.")
        }
    }

    static func test(_ context: @escaping ContextProvider) -> Command {
        Command(name: "test", abstract: "Send a test notification to every channel.") { invocation in
            let context = try context(invocation)
            let queued: NotificationJSON = context.isOnServer
                ? try context.client.send(ServerRequest("POST", "/v1/notifications/test")).decode(NotificationJSON.self)
                : NotificationJSON(try context.notifications.sendTest(ownerID: context.ownerID), zone: context.zone)
            if !context.isOnServer { try context.runReminders(true, Output.capturing().0) }
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(queued) }
            invocation.output.print(context.isOnServer ? "Queued a test notification: the server sends it within seconds."
                                                       : "Sent a test notification to this machine's channels and inbox.")
        }
    }

    static func quiet(_ context: @escaping ContextProvider) -> Command {
        Command(name: "quiet", abstract: "Set quiet hours (default 23:30–07:30): notifications wait until they end, insulin reminders excepted.",
                options: [.value("from", valueName: "HH:MM", help: "Start (required)."), .value("to", valueName: "HH:MM", help: "End (required).")]) { invocation in
            guard let from = try invocation.option("from", expected: "a time HH:MM", { LocalTime($0) }),
                  let to = try invocation.option("to", expected: "a time HH:MM", { LocalTime($0) }) else {
                throw UsageError("give both --from HH:MM and --to HH:MM")
            }
            let context = try context(invocation)
            let saved: QuietHoursJSON = context.isOnServer
                ? try context.client.send(.json("PUT", "/v1/notifications/quiet-hours", QuietHoursBody(from: from.description, to: to.description)))
                    .decode(QuietHoursJSON.self)
                : QuietHoursJSON(try context.notifications.setQuietHours(ownerID: context.ownerID, from: from, to: to))
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(saved) }
            invocation.output.print("Quiet hours: \(saved.from)–\(saved.to).")
        }
    }

    static func list(_ context: @escaping ContextProvider) -> Command {
        Command(name: "list", abstract: "Notifications, newest first.",
                options: [.flag("upcoming", help: "Only those still pending.")]) { invocation in
            let context = try context(invocation)
            let state: NotificationState? = invocation.flag("upcoming") ? .pending : nil
            let list: NotificationList
            if context.isOnServer {
                var request = ServerRequest("GET", "/v1/notifications")
                if let state { request.query = [("state", state.rawValue)] }
                list = try context.client.send(request).decode(NotificationList.self)
            } else {
                list = NotificationList(notifications: try context.notifications.history(ownerID: context.ownerID, state: state)
                    .map { NotificationJSON($0, zone: context.zone) })
            }
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(list) }
            guard !list.notifications.isEmpty else { return invocation.output.print("No notifications.") }
            var table = Table(columns: [("Due", .left), ("Rule", .left), ("State", .left), ("Title", .left)])
            for item in list.notifications {
                table.addRow([String(item.dueAt.prefix(16).map { $0 == "T" ? " " : $0 }), item.rule,
                              item.state + (item.attempts > 1 ? " (\(item.attempts) tries)" : ""), item.title])
            }
            invocation.output.print(table.render())
        }
    }

    static func inbox(_ context: @escaping ContextProvider) -> Command {
        Command(name: "inbox", abstract: "Unread notifications on this machine (reading marks them read).") { invocation in
            let context = try context(invocation)
            let unread = try context.notifications.inbox(ownerID: context.ownerID, markRead: true)
            if GlobalOptions.wantsJSON(invocation) {
                return try invocation.output.printJSON(NotificationList(notifications: unread.map { NotificationJSON($0, zone: context.zone) }))
            }
            guard !unread.isEmpty else { return invocation.output.print("Nothing new.") }
            for item in unread {
                invocation.output.print("\(context.zone.dateTimeText(of: item.sentAt ?? item.dueAt))  \(item.title)")
                invocation.output.print(item.body.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            }
        }
    }
}
