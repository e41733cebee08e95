import Foundation
import Testing
import Core
import Domain
import Data
import HTTP
import NotificationFeature

/// The notification use cases on a fresh in-memory SQLite database, wired as `Composition`
/// wires them, without the rest of the app: the rules read insulin, quests and supplements
/// through their use cases; delivery and the channel address parser are stand-ins.
struct NotificationStack {
    let accounts: SQLiteAccountRepository
    let notifications: NotificationUseCases

    init(clock: any Clock) throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: clock.now)
        let accounts = SQLiteAccountRepository(database: database)
        self.accounts = accounts
        let zone: @Sendable (String) -> String = { owner in (try? accounts.account(id: owner))?.timeZoneIdentifier ?? "UTC" }
        let events = DomainEventBus()
        let insulin = InsulinUseCases(
            doses: SQLiteDoseRepository(database: database), settings: SQLiteInsulinSettingsRepository(database: database),
            transactor: database, clock: clock, defaultTimeZone: zone, events: events)
        let quests = QuestUseCases(
            journeys: SQLiteJourneyRepository(database: database), entries: SQLiteQuestEntryRepository(database: database),
            settings: SQLiteQuestSettingsRepository(database: database),
            content: FileQuestContentSource(directory: Self.questContent), transactor: database, clock: clock, timeZone: zone,
            events: events)
        let supplements = SupplementUseCases(supplements: SQLiteSupplementRepository(database: database), transactor: database,
                                             clock: clock, timeZone: zone, events: events)
        notifications = NotificationUseCases(
            repository: SQLiteNotificationRepository(database: database),
            rules: NotificationRules(insulin: insulin, quests: quests, supplements: supplements), accounts: accounts,
            sender: UnexpectedDelivery(), channelAddresses: TestChannelAddresses(), tokens: RandomTokens(),
            transactor: database, clock: clock, timeZone: zone)
    }

    /// The shipped quest content: the repository's `Resources/Quests`.
    static let questContent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/Quests").path

    /// An account made straight in the repository (no password): its test bearer token.
    func token(_ email: String, zone: String, at now: Date) throws -> String {
        if let account = try accounts.account(email: email) { return "test-token:" + account.id }
        let account = Account(id: UUIDv7.makeString(at: now), email: email, displayName: "N", timeZoneIdentifier: zone,
                              passwordHash: "-", createdAt: now, updatedAt: now)
        try accounts.insert(account)
        return "test-token:" + account.id
    }

    /// The notification routes behind the request pipeline; a test token names its account.
    func application() -> HTTPApplication {
        var router = Router()
        let accounts = accounts
        router.addRoutes(NotificationRoutes.make(notifications: notifications, zone: { owner in
            TimeZone(stored: (try? accounts.account(id: owner))?.timeZoneIdentifier ?? "UTC")
        }))
        return HTTPApplication(router: router, logger: nil, authenticate: { token in
            guard token.hasPrefix("test-token:") else { return nil }
            return try accounts.account(id: String(token.dropFirst("test-token:".count)))?.id
        })
    }
}

/// Delivery is the scheduler's (in `Notifications`): a route that delivers is a bug here.
struct UnexpectedDelivery: NotificationSender {
    func deliver(_ notification: Domain.Notification, to channel: NotificationChannel) throws {
        Issue.record("unexpected delivery of \(notification.rule) to \(channel.kind)")
        throw AppError.unavailable("no delivery in these tests", code: "unexpected_delivery")
    }
}

/// Stands in for `Notifications`' address parser (tested with every literal form in
/// `NotificationsTests`): an http(s) URL's host; link-local addresses (169.254.x.x, fe80::/10,
/// and 169.254.x.x mapped into IPv6) refused.
struct TestChannelAddresses: ChannelAddressPolicy {
    func host(of url: String) -> String? {
        let lower = url.lowercased()
        guard let scheme = ["https://", "http://"].first(where: lower.hasPrefix) else { return nil }
        let rest = lower.dropFirst(scheme.count)
        let host = rest.hasPrefix("[") ? rest.dropFirst().prefix { $0 != "]" } : rest.prefix { $0 != "/" && $0 != ":" && $0 != "?" }
        return host.isEmpty ? nil : String(host)
    }

    func isForbidden(host: String) -> Bool {
        host.hasPrefix("169.254.") || host.hasPrefix("fe80:") || host.hasPrefix("::ffff:a9fe:")
    }
}

/// Random tokens (webhook secrets), as long as libsodium's.
struct RandomTokens: TokenGenerator {
    func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    func hash(_ token: String) -> String { "hash:" + token }
}
