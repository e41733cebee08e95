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
    public func refresh(ownerID: String, rule: NotificationRule) throws {
        guard rule != .couple, rule != .test else { return }
        let now = clock.now
        let plan = try rules.plan(rule, ownerID: ownerID, now: now)
        let wanted = plan.wanted
        let quiet = quietHours(ownerID: ownerID)
        let zone = zone(ownerID)
        var queued = false
        try transactor.write {
            let byOccasion = Dictionary(wanted.map { ($0.occasion, $0) }, uniquingKeysWith: { first, _ in first })
            for var pending in try repository.pending(ownerID: ownerID, rule: rule) where plan.decides(pending.occasion) {
                guard let want = byOccasion[pending.occasion] else {
                    pending.state = .cancelled
                    pending.lastError = "no longer needed"
                    pending.updatedAt = now
                    try repository.update(pending)
                    continue
                }
                let due = rule == .insulin ? want.dueAt : quiet.deferred(want.dueAt, in: zone)
                if pending.attempts == 0, pending.dueAt != due {
                    pending.dueAt = due
                    pending.nextAttemptAt = due
                    pending.updatedAt = now
                    try repository.update(pending)
                }
            }
            for want in wanted {
                // An occasion long past (planned late) is not worth a message any more.
                guard now.timeIntervalSince(want.dueAt) < Self.lateLimit else { continue }
                let due = rule == .insulin ? want.dueAt : quiet.deferred(want.dueAt, in: zone)
                let existing = try repository.notification(ownerID: ownerID, rule: rule, occasion: want.occasion)
                if var revived = existing, revived.state == .cancelled, revived.attempts == 0 {
                    // Wanted again (the dose was deleted): the cancelled row comes back.
                    revived.state = .pending
                    revived.dueAt = due
                    revived.nextAttemptAt = due
                    revived.lastError = nil
                    revived.title = want.title
                    revived.body = want.body
                    revived.updatedAt = now
                    try repository.update(revived)
                    queued = true
                } else if existing == nil {
                    try repository.insert(Notification(
                        id: UUIDv7.makeString(at: now), ownerID: ownerID, rule: rule, occasion: want.occasion, title: want.title,
                        body: want.body, priority: want.priority, tags: want.tags, dueAt: due, createdAt: now, updatedAt: now))
                    queued = true
                }
            }
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
    private let listener = Mutex<(@Sendable () -> Void)?>(nil)

    public init() {}

    public func connect(_ body: @escaping @Sendable () -> Void) {
        listener.withLock { $0 = body }
    }

    public func signal() {
        let body = listener.withLock { $0 }
        body?()
    }
}
