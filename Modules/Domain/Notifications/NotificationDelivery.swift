import FoundationEssentials
import Synchronization
import Core

/// Delivery from the outbox: claimed, sent to every channel, retried with backoff, resolved.
extension NotificationUseCases {
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
        let timing = self.timing.current
        do {
            try deliver(notification, now: now, lateBefore: lateBefore, timing: timing)
        } catch {
            // Only the error and the next try are written, over the row as it is now; the retry
            // rules hold here too (backing off, failed after 24 hours).
            try? transactor.write {
                guard var held = try repository.notification(ownerID: notification.ownerID, id: notification.id),
                      held.state == .pending else { return }
                held.lastError = "\(error)"
                if now.timeIntervalSince(held.firstAttemptAt ?? held.dueAt) >= timing.retryWindow {
                    held.state = .failed
                } else {
                    // Waiting as long as it has already waited doubles the delay each time (2 s at
                    // least, an hour at most), even when no attempt was counted.
                    let waited = now.timeIntervalSince(held.firstAttemptAt ?? held.dueAt)
                    held.nextAttemptAt = now.addingTimeInterval(min(max(2, waited), timing.longestRetryDelay) * (0.8 + 0.4 * random()))
                }
                held.updatedAt = now
                try repository.update(held)
            }
        }
    }

    /// How long a claimed row stays out of `due()` without a configuration (`timing` holds the
    /// lease in effect): see `NotificationTiming.claimLease`.
    public static let claimLease: TimeInterval = NotificationTiming.standard.claimLease

    func deliver(_ original: Notification, now: Date, lateBefore: Date? = nil, timing: NotificationTiming) throws {
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
            fresh.nextAttemptAt = now.addingTimeInterval(timing.claimLease)
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
        if now.timeIntervalSince(notification.firstAttemptAt ?? now) >= timing.retryWindow {
            return try resolve(&notification, state: .failed, error: message, now: now)
        }
        let delivered = notification.deliveredTo
        let next = now.addingTimeInterval(Self.retryDelay(afterAttempt: notification.attempts, random: random(),
                                                          longest: timing.longestRetryDelay))
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

    /// 2 s after the first failure, doubling, ±20 %, at most `longest` (an hour unless configured).
    public static func retryDelay(afterAttempt attempts: Int, random: Double,
                                  longest: TimeInterval = NotificationTiming.standard.longestRetryDelay) -> TimeInterval {
        let base = min(2 * Double(1 << min(max(0, attempts - 1), 20)), longest)
        return min(base * (0.8 + 0.4 * random), longest)
    }
}
