import FoundationEssentials
import Synchronization
import Core

/// Notifications: rules that decide, a durable outbox that remembers, channels that deliver.
/// Never lost (a row leaves `pending` only after its delivery or its cancellation is recorded),
/// never spammed (one per rule and occasion; bursts of partner events merged).
public struct NotificationUseCases: Sendable {
    /// A late reminder is still sent this long after its due time (after a restart).
    public static let lateLimit: TimeInterval = 60 * 60
    /// Failed deliveries are retried for this long, then the notification is failed (without a
    /// configuration: `timing` holds the one in effect).
    public static let retryWindow: TimeInterval = NotificationTiming.standard.retryWindow
    /// Partner events within this window become one notification.
    public static let mergeWindow: TimeInterval = 5 * 60
    /// ntfy takes messages up to 4 KiB: a merged message stays well under.
    public static let maximumBodyLength = 3000

    let repository: any NotificationRepository
    let rules: NotificationRules
    let accounts: any AccountRepository
    let sender: any NotificationSender
    /// Where a channel may point (the address parsing lives in `Notifications`).
    let channelAddresses: any ChannelAddressPolicy
    let tokens: any TokenGenerator
    let transactor: any Transactor
    let clock: any Clock
    let timeZone: @Sendable (String) -> String
    let random: @Sendable () -> Double
    /// Channels that are not stored (the desktop of `tend remind run`).
    let localChannels: @Sendable (String) -> [NotificationChannel]
    /// Called after something was queued, so that the scheduler wakes up.
    public let wake = WakeSignal()
    /// Re-plans asked for by writes, done by the scheduler: a burst of writes costs one re-plan
    /// and never slows the write itself.
    let requested = RefreshRequests()
    /// The claim lease, the retries and the scheduler's rounds as configured.
    public let timing = NotificationTimingSettings()

    public init(repository: any NotificationRepository, rules: NotificationRules, accounts: any AccountRepository,
                sender: any NotificationSender, channelAddresses: any ChannelAddressPolicy,
                tokens: any TokenGenerator, transactor: any Transactor, clock: any Clock,
                timeZone: @escaping @Sendable (String) -> String, random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                localChannels: @escaping @Sendable (String) -> [NotificationChannel] = { _ in [] }) {
        self.localChannels = localChannels
        self.repository = repository
        self.rules = rules
        self.accounts = accounts
        self.sender = sender
        self.channelAddresses = channelAddresses
        self.tokens = tokens
        self.transactor = transactor
        self.clock = clock
        self.timeZone = timeZone
        self.random = random
    }

    func zone(_ ownerID: String) -> TimeZone { TimeZone(stored: timeZone(ownerID)) }

    func quietHours(ownerID: String) -> QuietHours {
        ((try? repository.quietHours(ownerID: ownerID)) ?? nil) ?? .standard
    }

    // MARK: Planning

    /// Brings the owner's pending notifications of a rule in line with what the rule wants now:
    /// queues what is missing, re-times what moved, cancels what is no longer wanted.
    ///
    /// Most re-plans (a dose logged, a quest answered) change nothing, so the changes are first
    /// worked out from a read, without the write lock; only when there are some is the write
    /// taken, and they are worked out again under it (the check and its write in one transaction).
    public func refresh(ownerID: String, rule: NotificationRule) throws {
        guard rule != .couple, rule != .test else { return }
        let now = clock.now
        let plan = try rules.plan(rule, ownerID: ownerID, now: now)
        let quiet = quietHours(ownerID: ownerID)
        let zone = zone(ownerID)
        func changes() throws -> [PlanChange] {
            try self.changes(ownerID: ownerID, rule: rule, plan: plan, now: now) { due in
                rule == .insulin ? due : quiet.deferred(due, in: zone)
            }
        }
        guard try !transactor.read(changes).isEmpty else { return }
        let queued = try transactor.write { () throws -> Bool in
            let changes = try changes()
            for change in changes {
                switch change {
                case .update(let notification, _): try repository.update(notification)
                case .insert(let notification): try repository.insert(notification)
                }
            }
            return changes.contains(where: \.queues)
        }
        if queued { wake.signal() }
    }

    /// Asks for a re-plan of an owner's rule after a write; the scheduler does it within moments.
    public func requestRefresh(ownerID: String, rule: NotificationRule) {
        requested.add(ownerID: ownerID, rule: rule)
        wake.signal()
    }

    /// Does the re-plans writes asked for.
    public func refreshRequested() {
        for (owner, rule) in requested.take() { try? refresh(ownerID: owner, rule: rule) }
    }

    /// Plans every rule for every owner that has something to be reminded of: once at start.
    public func refreshEveryone() throws {
        for owner in try repository.ownersWithReminders() {
            for rule in [NotificationRule.insulin, .quest, .supplement] { try? refresh(ownerID: owner, rule: rule) }
        }
    }
}

/// Owner-and-rule pairs waiting for a re-plan, each once however many writes asked.
final class RefreshRequests: Sendable {
    private let pairs = Mutex<[String: Set<NotificationRule>]>([:])

    func add(ownerID: String, rule: NotificationRule) {
        _ = pairs.withLock { $0[ownerID, default: []].insert(rule) }
    }

    func take() -> [(String, NotificationRule)] {
        pairs.withLock { pairs in
            defer { pairs.removeAll() }
            return pairs.flatMap { owner, rules in rules.map { (owner, $0) } }
        }
    }
}

/// Wakes the scheduler when something was queued (it otherwise sleeps until the next due time).
public final class WakeSignal: Sendable {
    /// The closure in a struct: a bare closure kept in a generic `Mutex` is reabstracted on the
    /// way in and out of its `inout`, and stored back wrapped in two more thunks at every read, so
    /// each signal made the next one's call deeper until a stack overflowed.
    private struct Listener {
        let body: @Sendable () -> Void
    }

    private let listener = Mutex<Listener?>(nil)

    public init() {}

    public func connect(_ body: @escaping @Sendable () -> Void) {
        listener.withLock { $0 = Listener(body: body) }
    }

    public func signal() {
        let listener = listener.withLock { $0 }
        listener?.body()
    }
}
