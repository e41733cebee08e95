import Core
import Domain
import Foundation
import Synchronization
import Testing

// MARK: - In-memory outbox, channels and quiet hours

/// The notification tables, in one `TableMemory` so that the transactor can snapshot and
/// restore all of them at once.
struct NotificationTables: InMemoryTables {
    var notifications: [String: Domain.Notification] = [:]
    /// Insertion order, for "the first row" where SQLite would pick any.
    var order: [String] = []
    var channels: [String: NotificationChannel] = [:]
    var quietHours: [String: QuietHours] = [:]
    /// What `ownersWithReminders()` answers (SQLite reads it from the insulin, quest and
    /// supplement tables, which this fake does not see).
    var ownersWithReminders: [String] = []
}

typealias NotificationMemory = TableMemory<NotificationTables>

extension NotificationMemory {
    /// Every notification, in insertion order.
    var all: [Domain.Notification] { read { tables in tables.order.compactMap { tables.notifications[$0] } } }
}

struct NotificationFakeFailure: Error, Equatable {
    let reason: String
}

/// The same reads as `SQLiteNotificationRepository`: `due` = pending with a next attempt at or
/// before the date, by next attempt then id; `notifications` newest due first; channels without
/// the deleted ones, oldest first.
final class MemoryNotificationRepository: NotificationRepository {
    let memory: NotificationMemory

    init(memory: NotificationMemory) { self.memory = memory }

    func insert(_ notification: Domain.Notification) throws {
        try memory.write { tables in
            guard tables.notifications[notification.id] == nil else {
                throw NotificationFakeFailure(reason: "primary key \(notification.id) exists")
            }
            tables.notifications[notification.id] = notification
            tables.order.append(notification.id)
        }
    }

    func update(_ notification: Domain.Notification) throws {
        try memory.write { tables in
            guard let stored = tables.notifications[notification.id] else {
                throw NotificationFakeFailure(reason: "no notification \(notification.id) to update")
            }
            // The SQL UPDATE leaves id, owner, rule, occasion and created_at as they are.
            let updated = Domain.Notification(
                id: stored.id, ownerID: stored.ownerID, rule: stored.rule, occasion: stored.occasion, title: notification.title,
                body: notification.body, priority: notification.priority, tags: notification.tags, dueAt: notification.dueAt,
                state: notification.state, attempts: notification.attempts, nextAttemptAt: notification.nextAttemptAt,
                firstAttemptAt: notification.firstAttemptAt, lastError: notification.lastError, deliveredTo: notification.deliveredTo,
                sentAt: notification.sentAt, readAt: notification.readAt, createdAt: stored.createdAt, updatedAt: notification.updatedAt)
            tables.notifications[notification.id] = updated
        }
    }

    private var all: [Domain.Notification] { memory.all }

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
        memory.read(\.ownersWithReminders)
    }

    func insert(_ channel: NotificationChannel) throws {
        try memory.write { tables in
            guard tables.channels[channel.id] == nil else { throw NotificationFakeFailure(reason: "primary key \(channel.id) exists") }
            tables.channels[channel.id] = channel
        }
    }

    func update(_ channel: NotificationChannel) throws {
        // The SQL UPDATE only sets deleted_at (and updated_at).
        try memory.write { tables in
            guard var stored = tables.channels[channel.id] else { throw NotificationFakeFailure(reason: "no channel \(channel.id)") }
            stored.deletedAt = channel.deletedAt
            tables.channels[channel.id] = stored
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
        memory.write { $0.quietHours[ownerID] = quietHours }
    }
}

/// `BEGIN … COMMIT/ROLLBACK` over the notification tables; nested writes behave like savepoints.
typealias NotificationFakeTransactor = TableTransactor<NotificationTables>

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
    // Insulin
    let insulinStore = InMemoryInsulinStore()
    let insulin: InsulinUseCases
    // Quests
    let questStore = InMemoryQuestStore()
    let quests: QuestUseCases
    // Supplements
    let workoutMemory = WorkoutMemory()
    let supplements: SupplementUseCases
    // Accounts (display names of partners)
    let accounts = MemoryAccountRepository()
    // Notifications
    let memory = NotificationMemory()
    let repository: MemoryNotificationRepository
    let sender = RecordingNotificationSender()
    let tokens = SequentialTokenGenerator()
    let notifications: NotificationUseCases

    init(now: Date, random: Double = 0.5) {
        let zone = Self.zone
        let clock = MovableClock(now)
        self.clock = clock
        insulin = InsulinUseCases(doses: FakeDoseRepository(store: insulinStore), settings: FakeInsulinSettingsRepository(store: insulinStore),
                                  transactor: FakeTransactor(store: insulinStore), clock: clock, defaultTimeZone: { _ in zone }, events: events)
        quests = QuestUseCases(journeys: FakeJourneyRepository(store: questStore), entries: FakeQuestEntryRepository(store: questStore),
                               settings: FakeQuestSettingsRepository(store: questStore), content: FakeQuestContentSource(),
                               transactor: FakeQuestTransactor(store: questStore), clock: clock, timeZone: { _ in zone }, events: events)
        supplements = SupplementUseCases(supplements: FakeSupplementRepository(memory: workoutMemory),
                                         transactor: WorkoutFakeTransactor(memory: workoutMemory), clock: clock, timeZone: { _ in zone },
                                         events: events)
        repository = MemoryNotificationRepository(memory: memory)
        notifications = NotificationUseCases(
            repository: repository, rules: NotificationRules(insulin: insulin, quests: quests, supplements: supplements),
            accounts: accounts, sender: sender, channelAddresses: FakeChannelAddresses(), tokens: tokens, transactor: NotificationFakeTransactor(memory: memory), clock: clock,
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
        try accounts.insert(account)
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
        memory.all.filter { $0.ownerID == owner && (rule == nil || $0.rule == rule) }
    }

    func notification(_ owner: String, _ rule: NotificationRule, _ occasion: String) throws -> Domain.Notification? {
        try repository.notification(ownerID: owner, rule: rule, occasion: occasion)
    }
}
