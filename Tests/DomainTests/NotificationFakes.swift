import Core
import Domain
import Foundation
import Synchronization
import Testing

// MARK: - NotificationRepository

extension FakeDatabase {
    /// Every notification, in insertion order.
    var allNotifications: [Domain.Notification] { read { $0.notifications.values } }
}

/// The outbox, the channels and the quiet hours. `ownersWithReminders` reads the insulin, quest
/// and supplement tables of the same fake database, as the SQLite repository reads its tables.
final class FakeNotificationRepository: NotificationRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    func insert(_ notification: Domain.Notification) throws {
        try memory.write(.notificationInsert, notification) {
            try $0.notifications.insert(notification, key: notification.id, call: .notificationInsert)
        }
    }

    /// Saves what can change; id, owner, rule, occasion and creation stay.
    func update(_ notification: Domain.Notification) throws {
        try memory.write(.notificationUpdate, notification) { tables in
            try tables.notifications.update(key: notification.id, call: .notificationUpdate) { stored in
                stored = Domain.Notification(
                    id: stored.id, ownerID: stored.ownerID, rule: stored.rule, occasion: stored.occasion, title: notification.title,
                    body: notification.body, priority: notification.priority, tags: notification.tags, dueAt: notification.dueAt,
                    state: notification.state, attempts: notification.attempts, nextAttemptAt: notification.nextAttemptAt,
                    firstAttemptAt: notification.firstAttemptAt, lastError: notification.lastError, deliveredTo: notification.deliveredTo,
                    sentAt: notification.sentAt, readAt: notification.readAt, createdAt: stored.createdAt, updatedAt: notification.updatedAt)
            }
        }
    }

    private var all: [Domain.Notification] { memory.allNotifications }

    func notification(ownerID: String, id: String) throws -> Domain.Notification? {
        memory.read { tables in tables.notifications[id].flatMap { $0.ownerID == ownerID ? $0 : nil } }
    }

    func notification(ownerID: String, rule: NotificationRule, occasion: String) throws -> Domain.Notification? {
        all.first { $0.ownerID == ownerID && $0.rule == rule && $0.occasion == occasion }
    }

    func pending(ownerID: String, rule: NotificationRule) throws -> [Domain.Notification] {
        all.filter { $0.ownerID == ownerID && $0.rule == rule && $0.state == .pending }
            .sorted { ($0.dueAt, $0.id) < ($1.dueAt, $1.id) }
    }

    func due(at date: Date, limit: Int) throws -> [Domain.Notification] {
        Array(all.filter { $0.state == .pending && $0.nextAttemptAt <= date }
            .sorted { ($0.nextAttemptAt, $0.id) < ($1.nextAttemptAt, $1.id) }
            .prefix(max(0, limit)))
    }

    func nextAttempt() throws -> Date? {
        all.filter { $0.state == .pending }.map(\.nextAttemptAt).min()
    }

    func notifications(ownerID: String, state: NotificationState?, limit: Int) throws -> [Domain.Notification] {
        Array(all.filter { $0.ownerID == ownerID && (state == nil || $0.state == state) }
            .sorted { ($0.dueAt, $0.id) > ($1.dueAt, $1.id) }
            .prefix(max(0, limit)))
    }

    func ownersWithReminders() throws -> [String] {
        memory.read { tables in
            let owners = tables.doses.values.filter { $0.deletedAt == nil }.map(\.ownerID)
                + tables.journeys.values.filter { $0.deletedAt == nil }.map(\.ownerID)
                + tables.supplements.values.filter { $0.deletedAt == nil }.map(\.ownerID)
            return Set(owners).sorted()
        }
    }

    func insert(_ channel: NotificationChannel) throws {
        try memory.write(.channelInsert, channel) { try $0.channels.insert(channel, key: channel.id, call: .channelInsert) }
    }

    /// Saves the deletion (nothing else of a channel changes).
    func update(_ channel: NotificationChannel) throws {
        try memory.write(.channelUpdate, channel) { tables in
            try tables.channels.update(key: channel.id, call: .channelUpdate) { $0.deletedAt = channel.deletedAt }
        }
    }

    func channels(ownerID: String) throws -> [NotificationChannel] {
        memory.read { tables in
            tables.channels.values.filter { $0.ownerID == ownerID && $0.deletedAt == nil }
                .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        }
    }

    func quietHours(ownerID: String) throws -> QuietHours? {
        memory.read { $0.quietHours[ownerID] }
    }

    func save(_ quietHours: QuietHours, ownerID: String, at date: Date) throws {
        try memory.write(.quietHoursSave, quietHours) { $0.quietHours[ownerID] = quietHours }
    }
}

// MARK: - Sender

/// Records every delivery attempt; can be told to fail the next N deliveries to a channel.
final class RecordingNotificationSender: NotificationSender {
    struct Attempt: Equatable {
        let notificationID: String
        let channelID: String
        /// 1 for the first attempt of the notification, 2 for the first retry, …
        let attempt: Int
        let succeeded: Bool
        let title: String
        let body: String
    }

    struct State {
        var attempts: [Attempt] = []
        var failuresLeft: [String: Int] = [:]
    }

    let state = Mutex(State())

    /// The next `count` deliveries to `channelID` fail (`Int.max`: all of them).
    func fail(next count: Int, to channelID: String) {
        state.withLock { $0.failuresLeft[channelID] = count }
    }

    func deliver(_ notification: Domain.Notification, to channel: NotificationChannel) throws {
        try state.withLock { state in
            let failing = (state.failuresLeft[channel.id] ?? 0) > 0
            if failing, state.failuresLeft[channel.id] != Int.max { state.failuresLeft[channel.id]! -= 1 }
            state.attempts.append(Attempt(notificationID: notification.id, channelID: channel.id, attempt: notification.attempts,
                                          succeeded: !failing, title: notification.title, body: notification.body))
            if failing { throw AppError.unavailable("the channel answered 503", code: "channel_unavailable") }
        }
    }

    var attempts: [Attempt] { state.withLock { $0.attempts } }
    /// The successful deliveries, in order.
    var delivered: [Attempt] { attempts.filter(\.succeeded) }
    func delivered(_ notificationID: String) -> [Attempt] { delivered.filter { $0.notificationID == notificationID } }
}

// MARK: - Tokens

/// `secret-1`, `secret-2`, … and a readable "hash".
final class SequentialTokenGenerator: TokenGenerator {
    let counter = Mutex(0)

    func makeToken() -> String {
        counter.withLock { count in
            count += 1
            return "secret-\(count)"
        }
    }

    func hash(_ token: String) -> String { "hash(\(token))" }
}

// MARK: - A world to run the notification use cases in

/// The notification use cases wired with the insulin, quest and supplement fakes around one
/// movable clock, zone Asia/Seoul, and a fixed jitter (random 0.5: no jitter).
struct NotificationWorld {
    /// What the use cases published.
    let events = RecordedEvents()
    static let zone = "Asia/Seoul"

    let clock: MovableClock
    /// One database for every fake, as the app has one.
    let memory = FakeDatabase()
    let insulin: InsulinUseCases
    let quests: QuestUseCases
    let supplements: SupplementUseCases
    // Accounts (display names of partners)
    let accounts: FakeAccountRepository
    // Notifications
    let repository: FakeNotificationRepository
    let sender = RecordingNotificationSender()
    let tokens = SequentialTokenGenerator()
    let notifications: NotificationUseCases

    init(now: Date, random: Double = 0.5) {
        let zone = Self.zone
        let clock = MovableClock(now)
        self.clock = clock
        let transactor = FakeTransactor(memory: memory)
        insulin = InsulinUseCases(doses: FakeDoseRepository(memory: memory), settings: FakeInsulinSettingsRepository(memory: memory),
                                  transactor: transactor, clock: clock, defaultTimeZone: { _ in zone }, events: events)
        quests = QuestUseCases(journeys: FakeJourneyRepository(memory: memory), entries: FakeQuestEntryRepository(memory: memory),
                               settings: FakeQuestSettingsRepository(memory: memory), content: FakeQuestContentSource(),
                               transactor: transactor, clock: clock, timeZone: { _ in zone }, events: events)
        supplements = SupplementUseCases(supplements: FakeSupplementRepository(memory: memory), transactor: transactor, clock: clock,
                                         timeZone: { _ in zone }, events: events)
        accounts = FakeAccountRepository(memory: memory)
        repository = FakeNotificationRepository(memory: memory)
        notifications = NotificationUseCases(
            repository: repository, rules: NotificationRules(insulin: insulin, quests: quests, supplements: supplements),
            accounts: accounts, sender: sender, channelAddresses: FakeChannelAddresses(), tokens: tokens, transactor: transactor, clock: clock,
            timeZone: { _ in zone }, random: { random })
    }

    var now: Date { clock.now }

    /// Moves the clock to `date` (forwards or backwards).
    func move(to date: Date) { clock.advance(by: date.timeIntervalSince(clock.now)) }

    func advance(hours: Double = 0, minutes: Double = 0, seconds: Double = 0) {
        clock.advance(by: hours * 3600 + minutes * 60 + seconds)
    }

    /// Moves the clock to `date` and delivers what is due then.
    @discardableResult
    func deliver(at date: Date) throws -> Date? {
        move(to: date)
        return try notifications.deliverDue()
    }

    @discardableResult
    func addAccount(_ id: String) throws -> Account {
        let account = Account(id: id, email: "\(id)@example.com", displayName: id.capitalized, timeZoneIdentifier: Self.zone,
                              passwordHash: "x", createdAt: now, updatedAt: now)
        // Set-up, as the account use cases would write it: in a transaction of its own.
        try FakeTransactor(memory: memory).write { try accounts.insert(account) }
        return account
    }

    @discardableResult
    func addChannel(_ owner: String, _ url: String = "https://ntfy.sh/tend-test", kind: ChannelKind = .ntfy) throws -> NotificationChannel {
        try notifications.addChannel(ownerID: owner, kind: kind, url: url, token: nil)
    }

    @discardableResult
    func logDose(_ kind: InsulinKind, owner: String, at takenAt: Date? = nil) throws -> Dose {
        try insulin.logDose(ownerID: owner, .init(kind: kind, takenAt: takenAt)).dose
    }

    /// An owner's notifications of a rule, in insertion order.
    func all(_ owner: String, _ rule: NotificationRule? = nil) -> [Domain.Notification] {
        memory.allNotifications.filter { $0.ownerID == owner && (rule == nil || $0.rule == rule) }
    }

    func notification(_ owner: String, _ rule: NotificationRule, _ occasion: String) throws -> Domain.Notification? {
        try repository.notification(ownerID: owner, rule: rule, occasion: occasion)
    }
}
