import FoundationEssentials
import Client
import Console
import Core
import Domain
import HTTP

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

    /// The channels, the server's when logged in.
    func channels() throws -> [ChannelJSON] {
        isOnServer ? try client.call(NotificationAPI.channels).channels
                   : try notifications.channels(ownerID: ownerID).map { ChannelJSON($0, zone: zone) }
    }
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
            Command(name: "remind", abstract: "Reminders on this machine without a server.", subcommands: [remindRun(context)]),
        ]
    }

    /// The options of the notify commands, declared once.
    enum Options {
        static let ntfyURL = Option.value("url", valueName: "URL", help: "The topic URL, e.g. https://ntfy.sh/my-secret-topic (required).")
        static let token = Option.value("token", valueName: "TOKEN", help: "An access token, sent as a bearer token.")
        static let webhookURL = Option.value("url", valueName: "URL", help: "The webhook URL (required).")
        static let from = Option.value("from", valueName: "HH:MM", help: "Start (required).")
        static let to = Option.value("to", valueName: "HH:MM", help: "End (required).")
        static let upcoming = Option.flag("upcoming", help: "Only those still pending.")
        static let once = Option.flag("once", help: "Deliver what is due now, then exit.")
    }

    static func channel(_ context: @escaping ContextProvider) -> Command {
        Command(name: "channel", abstract: "Where notifications go.", subcommands: [
            Command(name: "add", abstract: "Add a channel.", subcommands: [
                Command(name: "ntfy", abstract: "An ntfy topic URL (ntfy.sh or self-hosted).", options: [Options.ntfyURL, Options.token]) {
                    try addChannel(context, $0, kind: .ntfy)
                },
                Command(name: "webhook", abstract: "A URL that receives JSON, signed with a secret shown once.",
                        options: [Options.webhookURL]) {
                    try addChannel(context, $0, kind: .webhook)
                },
            ]),
            Command(name: "list", abstract: "The channels.") { try listChannels(context, $0) },
            Command(name: "remove", abstract: "Remove a channel.",
                    arguments: [Argument("id", help: "The channel: its handle from 'channel list', its id, or 'last'.")]) {
                try removeChannel(context, $0)
            },
        ])
    }

    static func addChannel(_ context: @escaping ContextProvider, _ invocation: Invocation, kind: ChannelKind) throws {
        guard let url = invocation.option((kind == .ntfy ? Options.ntfyURL : Options.webhookURL).name) else {
            throw UsageError("missing --url URL")
        }
        let token = kind == .ntfy ? invocation.option(Options.token.name) : nil // only ntfy takes a token
        let context = try context(invocation)
        let created: CreatedChannelJSON = context.isOnServer
            ? try context.client.call(NotificationAPI.addChannel, body: ChannelBody(kind: kind.rawValue, url: url, token: token))
            : CreatedChannelJSON(try context.notifications.addChannel(ownerID: context.ownerID, kind: kind, url: url, token: token))
        try invocation.respond(json: { created }, text: {
            var lines = ["Added the \(created.kind) channel \(Handle.of(created.id))."]
            if let secret = created.secret {
                lines.append("Signing secret (shown only now): \(secret)")
                lines.append("Each request carries X-Tend-Signature: sha256=<HMAC-SHA256 of the body with this secret>.")
            }
            return lines.joined(separator: "\n")
        })
    }

    static func listChannels(_ context: @escaping ContextProvider, _ invocation: Invocation) throws {
        let list = ChannelList(channels: try context(invocation).channels())
        try invocation.respond(json: { list }, text: {
            guard !list.channels.isEmpty else { return "No channels yet: tend notify channel add ntfy --url URL" }
            var table = Table(columns: [("Handle", .left), ("Kind", .left), ("URL", .left)])
            for channel in list.channels { table.addRow([Handle.of(channel.id), channel.kind, channel.url]) }
            return table.render()
        })
    }

    static func removeChannel(_ context: @escaping ContextProvider, _ invocation: Invocation) throws {
        let context = try context(invocation)
        // The list says which channel the handle (or `last`) names, so the person reads what went.
        let channels = try context.channels()
        let typed = invocation.argument("id") ?? ""
        guard let id = try Handle.pick(typed, among: channels.map(\.id).sorted(), noun: "channel"),
              let channel = channels.first(where: { $0.id == id }) else {
            throw AppError.notFound("no channel \(typed)", code: "channel_not_found").with(["id": typed])
        }
        if context.isOnServer {
            try context.client.call(NotificationAPI.removeChannel, ItemID(id))
        } else {
            try context.notifications.removeChannel(ownerID: context.ownerID, id: id)
        }
        try invocation.respond(json: { ["removed": id] }, text: { "Removed the \(channel.kind) channel \(channel.url)." })
    }

    static func test(_ context: @escaping ContextProvider) -> Command {
        Command(name: "test", abstract: "Send a test notification to every channel.") { invocation in
            let context = try context(invocation)
            let queued: NotificationJSON = context.isOnServer
                ? try context.client.call(NotificationAPI.test)
                : NotificationJSON(try context.notifications.sendTest(ownerID: context.ownerID), zone: context.zone)
            if !context.isOnServer { try context.runReminders(true, Output.capturing().0) }
            try invocation.respond(json: { queued }, text: {
                context.isOnServer ? "Queued a test notification: the server sends it within seconds."
                                   : "Sent a test notification to this machine's channels and inbox."
            })
        }
    }

    static func quiet(_ context: @escaping ContextProvider) -> Command {
        Command(name: "quiet",
                abstract: "Set quiet hours (default 23:30–07:30): notifications wait until they end, insulin reminders excepted.",
                options: [Options.from, Options.to]) { invocation in
            guard let from = try invocation.option(Options.from.name, expected: "a time HH:MM", { LocalTime($0) }),
                  let to = try invocation.option(Options.to.name, expected: "a time HH:MM", { LocalTime($0) }) else {
                throw UsageError("give both --from HH:MM and --to HH:MM")
            }
            let context = try context(invocation)
            let saved: QuietHoursJSON = context.isOnServer
                ? try context.client.call(NotificationAPI.setQuietHours, body: QuietHoursBody(from: from.description, to: to.description))
                : QuietHoursJSON(try context.notifications.setQuietHours(ownerID: context.ownerID, from: from, to: to))
            try invocation.respond(json: { saved }, text: { "Quiet hours: \(saved.from)–\(saved.to)." })
        }
    }

    static func list(_ context: @escaping ContextProvider) -> Command {
        Command(name: "list", abstract: "Notifications, newest first.", options: [Options.upcoming]) { invocation in
            let context = try context(invocation)
            let state: NotificationState? = invocation.flag(Options.upcoming.name) ? .pending : nil
            let list: NotificationList = context.isOnServer
                ? try context.client.call(NotificationAPI.history, StateQuery(state))
                : NotificationList(notifications: try context.notifications.history(ownerID: context.ownerID, state: state)
                    .map { NotificationJSON($0, zone: context.zone) })
            try invocation.respond(json: { list }, text: {
                guard !list.notifications.isEmpty else { return "No notifications." }
                var table = Table(columns: [("Due", .left), ("Rule", .left), ("State", .left), ("Title", .left)])
                for item in list.notifications {
                    table.addRow([String(item.dueAt.prefix(16).map { $0 == "T" ? " " : $0 }), item.rule,
                                  item.state + (item.attempts > 1 ? " (\(item.attempts) tries)" : ""), item.title])
                }
                return table.render()
            })
        }
    }

    static func inbox(_ context: @escaping ContextProvider) -> Command {
        Command(name: "inbox", abstract: "Unread notifications on this machine (reading marks them read).") { invocation in
            let context = try context(invocation)
            let unread = try context.notifications.inbox(ownerID: context.ownerID, markRead: true)
            try invocation.respond(json: {
                NotificationList(notifications: unread.map { NotificationJSON($0, zone: context.zone) })
            }, text: {
                guard !unread.isEmpty else { return "Nothing new." }
                return unread.map { item in
                    "\(context.zone.dateTimeText(of: item.sentAt ?? item.dueAt))  \(item.title)\n"
                        + item.body.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
                }.joined(separator: "\n")
            })
        }
    }

    static func remindRun(_ context: @escaping ContextProvider) -> Command {
        Command(name: "run", abstract: "Evaluate the reminder rules and deliver (desktop, ntfy, webhooks, the inbox) until stopped.",
                discussion: "Meant for a systemd user service: see the README.", options: [Options.once]) { invocation in
            try context(invocation).runReminders(invocation.flag(Options.once.name), invocation.output)
        }
    }
}
