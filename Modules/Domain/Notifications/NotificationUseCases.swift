import FoundationEssentials
import Synchronization
import Core

/// Notifications: rules that decide, a durable outbox that remembers, channels that deliver.
/// Never lost (a row leaves `pending` only after its delivery or its cancellation is recorded),
/// never spammed (one per rule and occasion; bursts of partner events merged).
public struct NotificationUseCases: Sendable {
    /// A late reminder is still sent this long after its due time (after a restart).
    public static let lateLimit: TimeInterval = 60 * 60
    /// Failed deliveries are retried for this long, then the notification is failed.
    public static let retryWindow: TimeInterval = 24 * 3600
    /// Partner events within this window become one notification.
    public static let mergeWindow: TimeInterval = 5 * 60
    /// ntfy takes messages up to 4 KiB: a merged message stays well under.
    public static let maximumBodyLength = 3000

    let repository: any NotificationRepository
    let rules: NotificationRules
    let accounts: any AccountRepository
    let sender: any NotificationSender
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

    public init(repository: any NotificationRepository, rules: NotificationRules, accounts: any AccountRepository,
                sender: any NotificationSender, tokens: any TokenGenerator, transactor: any Transactor, clock: any Clock,
                timeZone: @escaping @Sendable (String) -> String, random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                localChannels: @escaping @Sendable (String) -> [NotificationChannel] = { _ in [] }) {
        self.localChannels = localChannels
        self.repository = repository
        self.rules = rules
        self.accounts = accounts
        self.sender = sender
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

    // MARK: Couple events

    /// Queues what a couple event means for its recipient(s).
    public func handle(_ event: CoupleEvent) throws {
        let now = clock.now
        switch event {
        case .moodShared(let mood, let recipient):
            let emoji = mood.mood.emoji
            try partnerEvent(recipient: recipient, authorID: mood.authorID,
                             text: "shared a mood: \(emoji) \(mood.mood.rawValue)\(mood.status.map { " · \($0)" } ?? "")")
        case .photoShared(let photo, let recipient):
            try partnerEvent(recipient: recipient, authorID: photo.authorID,
                             text: "shared today's photo\(photo.caption.map { ": \($0)" } ?? "")")
        case .careCompleted(let item, let recipient):
            try partnerEvent(recipient: recipient, authorID: item.doneBy ?? item.authorID, text: "did \"\(item.text)\" for you")
        case .bridgeCompleted(let coupleID, let members, let day):
            for member in members {
                try queue(ownerID: member, rule: .couple, occasion: "bridge:\(coupleID):\(day)", title: "Today's bridge is complete",
                          body: "You both took part in each other's day (\(day)). 🌉", dueAt: now, tags: ["bridge_at_night"])
            }
        case .disconnected(let members):
            try transactor.write {
                for member in members {
                    for var queued in try repository.pending(ownerID: member, rule: .couple) {
                        queued.state = .cancelled
                        queued.lastError = "the couple was disconnected"
                        queued.updatedAt = now
                        try repository.update(queued)
                    }
                }
            }
        case .meetingSet(let meeting, let members):
            for member in members {
                let zone = zone(member)
                // A moved meeting leaves its old reminders behind: cancel them.
                try transactor.write {
                    for var old in try repository.pending(ownerID: member, rule: .couple)
                    where old.occasion.hasPrefix("meeting:\(meeting.id):") && !old.occasion.hasPrefix("meeting:\(meeting.id):\(meeting.day):") {
                        old.state = .cancelled
                        old.lastError = "the meeting moved"
                        old.updatedAt = now
                        try repository.update(old)
                    }
                }
                let place = meeting.place.map { " · \($0)" } ?? ""
                for (offset, label, text) in [(-1, "d-1", "Tomorrow you meet\(place). 💞"), (0, "d-day", "Today you meet\(place). 💞")] {
                    let due = zone.instant(of: meeting.day.adding(days: offset), minutes: NotificationRules.meetingMorning.minutes)
                    guard due > now else { continue }
                    try queue(ownerID: member, rule: .couple, occasion: "meeting:\(meeting.id):\(meeting.day):\(label)",
                              title: label == "d-day" ? "D-day" : "D-1", body: text, dueAt: due, tags: ["calendar"])
                }
            }
        }
    }

    /// A partner's action. The first of a burst waits five minutes for the rest, so that a
    /// burst is one message; a new line of a kind already there (a mood changed again)
    /// replaces the old one. After a message was sent, the next waits until five minutes
    /// have passed since.
    func partnerEvent(recipient: String, authorID: String, text: String) throws {
        let now = clock.now
        let name = (try? accounts.account(id: authorID))?.displayName ?? "Your partner"
        let line = "\(name) \(text)"
        let kind = "\(name) " + (text.split(separator: ":").first.map(String.init) ?? text)
        var queued = false
        try transactor.write {
            let partnerOnes = try repository.notifications(ownerID: recipient, state: nil, limit: 50)
                .filter { $0.rule == .couple && $0.occasion.hasPrefix("partner:") }
            if var open = partnerOnes.first(where: { $0.state == .pending && $0.attempts == 0 }) {
                var lines = open.body.split(separator: "\n").map(String.init).filter { !$0.hasPrefix(kind) }
                lines.append(line)
                open.body = Self.capped(lines.joined(separator: "\n"))
                open.updatedAt = now
                try repository.update(open)
                return
            }
            let lastSent = partnerOnes.compactMap(\.sentAt).filter { now.timeIntervalSince($0) < Self.mergeWindow }.max()
            let earliest = max(now.addingTimeInterval(Self.mergeWindow), lastSent.map { $0.addingTimeInterval(Self.mergeWindow) } ?? now)
            let due = quietHours(ownerID: recipient).deferred(earliest, in: zone(recipient))
            try repository.insert(Notification(
                id: UUIDv7.makeString(at: now), ownerID: recipient, rule: .couple, occasion: "partner:\(UUIDv7.makeString(at: now))",
                title: "\(name) 💌", body: Self.capped(line), priority: 3, tags: ["two_hearts"], dueAt: due, createdAt: now, updatedAt: now))
            queued = true
        }
        if queued { wake.signal() }
    }

    static func capped(_ text: String) -> String {
        text.count <= maximumBodyLength ? text : String(text.prefix(maximumBodyLength - 1)) + "…"
    }

    func queue(ownerID: String, rule: NotificationRule, occasion: String, title: String, body: String, dueAt: Date,
               priority: Int = 3, tags: [String] = []) throws {
        let now = clock.now
        let due = rule == .insulin ? dueAt : quietHours(ownerID: ownerID).deferred(dueAt, in: zone(ownerID))
        let inserted: Bool = try transactor.write {
            if var existing = try repository.notification(ownerID: ownerID, rule: rule, occasion: occasion) {
                // A cancelled occasion that is wanted again (a meeting moved back) comes back.
                guard existing.state == .cancelled, existing.attempts == 0 else { return false }
                existing.state = .pending
                existing.dueAt = due
                existing.nextAttemptAt = due
                existing.lastError = nil
                existing.updatedAt = now
                try repository.update(existing)
                return true
            }
            try repository.insert(Notification(id: UUIDv7.makeString(at: now), ownerID: ownerID, rule: rule, occasion: occasion,
                                               title: title, body: body, priority: priority, tags: tags, dueAt: due,
                                               createdAt: now, updatedAt: now))
            return true
        }
        if inserted { wake.signal() }
    }

    // MARK: Delivery

    /// Delivers what is due now. Returns the next time something will be due, if any.
    /// - Parameter lateBefore: only rows that fell due before this instant (while the server
    ///   was down) are dropped for being more than an hour late; nil applies it to every row.
    @discardableResult
    public func deliverDue(limit: Int = 100, lateBefore: Date? = nil) throws -> Date? {
        for notification in try due(limit: limit) { deliverOne(notification, lateBefore: lateBefore) }
        return try repository.nextAttempt()
    }

    /// What is due now, oldest first (the scheduler delivers them side by side).
    public func due(limit: Int = 100) throws -> [Notification] {
        try repository.due(at: clock.now, limit: limit)
    }

    /// The earliest next attempt of anything pending.
    public func nextAttempt() throws -> Date? { try repository.nextAttempt() }

    /// Delivers one due notification; whatever goes wrong is recorded on its row, never thrown:
    /// one row that cannot be handled must not hold up everyone else's.
    public func deliverOne(_ notification: Notification, lateBefore: Date? = nil) {
        let now = clock.now
        do {
            try deliver(notification, now: now, lateBefore: lateBefore)
        } catch {
            // Only the error and the next try are written, over the row as it is now; the retry
            // rules hold here too (backing off, failed after 24 hours).
            try? transactor.write {
                guard var held = try repository.notification(ownerID: notification.ownerID, id: notification.id),
                      held.state == .pending else { return }
                held.lastError = "\(error)"
                if now.timeIntervalSince(held.firstAttemptAt ?? held.dueAt) >= Self.retryWindow {
                    held.state = .failed
                } else {
                    // Waiting as long as it has already waited doubles the delay each time (2 s at
                    // least, an hour at most), even when no attempt was counted.
                    let waited = now.timeIntervalSince(held.firstAttemptAt ?? held.dueAt)
                    held.nextAttemptAt = now.addingTimeInterval(min(max(2, waited), 3600) * (0.8 + 0.4 * random()))
                }
                held.updatedAt = now
                try repository.update(held)
            }
        }
    }

    /// How long a claimed row stays out of `due()`: a runner that dies mid-send leaves it to be
    /// tried again after this (at-least-once), and a second runner on the same file cannot
    /// take it meanwhile.
    public static let claimLease: TimeInterval = 5 * 60

    func deliver(_ original: Notification, now: Date, lateBefore: Date? = nil) throws {
        // Decided on the row as it is now, not as it was when the round listed it: it may have
        // been moved (quiet hours), cancelled or taken since.
        guard var notification = try repository.notification(ownerID: original.ownerID, id: original.id),
              notification.state == .pending, notification.nextAttemptAt <= now, notification.attempts == original.attempts else { return }
        if notification.attempts == 0, notification.rule != .test {
            let fellDueWhileDown = lateBefore.map { notification.dueAt < $0 } ?? true
            if fellDueWhileDown, now.timeIntervalSince(notification.dueAt) > Self.lateLimit {
                return try resolve(&notification, state: .cancelled, error: "more than an hour late (the server was down)", now: now)
            }
            if !(try isStillWanted(notification, now: now)) {
                return try resolve(&notification, state: .cancelled, error: "no longer needed", now: now)
            }
        }
        // Claimed before sending: a partner event arriving meanwhile starts a new message
        // instead of joining one whose text is already on its way.
        let claimed: Notification? = try transactor.write {
            guard var fresh = try repository.notification(ownerID: notification.ownerID, id: notification.id),
                  fresh.state == .pending, fresh.attempts == notification.attempts, fresh.nextAttemptAt <= now else { return nil }
            fresh.attempts += 1
            fresh.firstAttemptAt = fresh.firstAttemptAt ?? now
            fresh.nextAttemptAt = now.addingTimeInterval(Self.claimLease)
            fresh.updatedAt = now
            try repository.update(fresh)
            return fresh
        }
        guard let claimed else { return }
        notification = claimed
        let channels = (try repository.channels(ownerID: notification.ownerID) + localChannels(notification.ownerID))
            .filter { !notification.deliveredTo.contains($0.id) }
        var failures: [String] = []
        for channel in channels {
            do {
                try sender.deliver(notification, to: channel)
                notification.deliveredTo.append(channel.id)
            } catch let error as AppError {
                failures.append("\(channel.kind.rawValue) \(channel.id): \(error.message)")
            } catch {
                failures.append("\(channel.kind.rawValue) \(channel.id): \(error)")
            }
        }
        guard !failures.isEmpty else {
            notification.sentAt = now
            return try resolve(&notification, state: .sent, error: nil, now: now)
        }
        let message = failures.joined(separator: "; ")
        if now.timeIntervalSince(notification.firstAttemptAt ?? now) >= Self.retryWindow {
            return try resolve(&notification, state: .failed, error: message, now: now)
        }
        let delivered = notification.deliveredTo
        let next = now.addingTimeInterval(Self.retryDelay(afterAttempt: notification.attempts, random: random()))
        try transactor.write {
            guard var fresh = try repository.notification(ownerID: notification.ownerID, id: notification.id) else { return }
            fresh.deliveredTo = delivered
            fresh.lastError = message
            fresh.nextAttemptAt = next
            fresh.updatedAt = now
            try repository.update(fresh)
        }
    }

    private func resolve(_ notification: inout Notification, state: NotificationState, error: String?, now: Date) throws {
        notification.state = state
        notification.lastError = error
        notification.updatedAt = now
        let resolved = notification
        try transactor.write {
            // Only the outcome is written over the stored row.
            var fresh = try repository.notification(ownerID: resolved.ownerID, id: resolved.id) ?? resolved
            // An outcome lands on a pending row; a send that went out wins over a cancellation
            // that came while it was on its way.
            guard fresh.state == .pending || (fresh.state == .cancelled && state == .sent) else { return }
            fresh.state = state
            fresh.lastError = error
            fresh.attempts = resolved.attempts
            fresh.firstAttemptAt = resolved.firstAttemptAt
            fresh.deliveredTo = resolved.deliveredTo
            fresh.sentAt = resolved.sentAt
            fresh.updatedAt = now
            try repository.update(fresh)
        }
        // The chain goes on: the next occasion of the rule is planned now.
        try? refresh(ownerID: notification.ownerID, rule: notification.rule)
    }

    /// Re-checks a reminder when it falls due (a dose logged meanwhile cancels it).
    func isStillWanted(_ notification: Notification, now: Date) throws -> Bool {
        switch notification.rule {
        case .couple, .test: return true
        case .insulin, .quest, .supplement:
            let plan = try rules.plan(notification.rule, ownerID: notification.ownerID, now: now)
            // Yesterday's reminder held past midnight by quiet hours is not today's rule to drop.
            return !plan.decides(notification.occasion) || plan.wanted.contains { $0.occasion == notification.occasion }
        }
    }

    /// 2 s after the first failure, doubling, ±20 %, at most an hour.
    public static func retryDelay(afterAttempt attempts: Int, random: Double) -> TimeInterval {
        let base = min(2 * Double(1 << min(max(0, attempts - 1), 20)), 3600)
        return min(base * (0.8 + 0.4 * random), 3600)
    }

    // MARK: Settings, channels, history

    public func addChannel(ownerID: String, kind: ChannelKind, url: String, token: String?) throws -> NotificationChannel {
        guard kind != .desktop else { throw AppError.invalidInput("kind must be ntfy or webhook", code: "invalid_kind") }
        try ChannelURL.validate(url)
        if let token, token.isEmpty || token.utf8.count > 512 || token.contains(where: { $0.isNewline || $0 == " " }) {
            throw AppError.invalidInput("token must be 1 to 512 characters without spaces", code: "invalid_token")
        }
        guard kind == .ntfy || token == nil else {
            throw AppError.invalidInput("a token is for ntfy channels; webhooks are signed with their secret", code: "invalid_token")
        }
        let now = clock.now
        let channel = NotificationChannel(id: UUIDv7.makeString(at: now), ownerID: ownerID, kind: kind, url: url, token: token,
                                          secret: kind == .webhook ? tokens.makeToken() : nil, createdAt: now)
        try transactor.write {
            guard try repository.channels(ownerID: ownerID).count < 10 else {
                throw AppError.conflict("at most 10 channels", code: "too_many_channels")
            }
            try repository.insert(channel)
        }
        return channel
    }

    public func channels(ownerID: String) throws -> [NotificationChannel] { try repository.channels(ownerID: ownerID) }

    public func removeChannel(ownerID: String, id: String) throws {
        try transactor.write {
            guard var channel = try repository.channels(ownerID: ownerID).first(where: { $0.id == id }) else {
                throw AppError.notFound("no channel \(id)", code: "channel_not_found")
            }
            channel.deletedAt = clock.now
            try repository.update(channel)
        }
    }

    public func setQuietHours(ownerID: String, from: LocalTime, to: LocalTime) throws -> QuietHours {
        let hours = QuietHours(from: from, to: to)
        try transactor.write { try repository.save(hours, ownerID: ownerID, at: clock.now) }
        for rule in [NotificationRule.quest, .supplement] { try? refresh(ownerID: ownerID, rule: rule) }
        return hours
    }

    public func currentQuietHours(ownerID: String) -> QuietHours { quietHours(ownerID: ownerID) }

    /// A test notification, due now and outside the rules (quiet hours do not hold it back).
    public func sendTest(ownerID: String) throws -> Notification {
        let now = clock.now
        // A test is for checking a channel, not a way to keep the sender busy.
        let recent = try repository.notifications(ownerID: ownerID, state: nil, limit: 20)
            .filter { $0.rule == .test && now.timeIntervalSince($0.createdAt) < 60 }
        if recent.count >= 3 {
            throw AppError(.tooManyRequests, code: "too_many_tests", "at most 3 test notifications a minute", details: 60)
        }
        let notification = Notification(
            id: UUIDv7.makeString(at: now), ownerID: ownerID, rule: .test, occasion: "test:\(UUIDv7.makeString(at: now))",
            title: "Tend test", body: "Notifications reach you here.", priority: 3, tags: ["white_check_mark"], dueAt: now,
            createdAt: now, updatedAt: now)
        try transactor.write { try repository.insert(notification) }
        wake.signal()
        return notification
    }

    public func history(ownerID: String, state: NotificationState?, limit: Int = 200) throws -> [Notification] {
        try repository.notifications(ownerID: ownerID, state: state, limit: limit)
    }

    /// Sent notifications not yet read; reading them marks them read.
    public func inbox(ownerID: String, markRead: Bool) throws -> [Notification] {
        let now = clock.now
        let unread = try repository.notifications(ownerID: ownerID, state: .sent, limit: 200).filter { $0.readAt == nil }
        if markRead {
            try transactor.write {
                for var notification in unread {
                    notification.readAt = now
                    try repository.update(notification)
                }
            }
        }
        return unread
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

extension NotificationUseCases: CoupleEventSink {
    public func coupleEvent(_ event: CoupleEvent) {
        try? handle(event)
    }
}
