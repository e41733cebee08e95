import FoundationEssentials
import Core

/// What a re-plan changes in the outbox, worked out without writing (`refresh` looks first,
/// then writes only what it found, under the write lock).
extension NotificationUseCases {
    /// A change `refresh` makes to the outbox; `queues` when it leaves something new to send.
    enum PlanChange {
        case update(Notification, queues: Bool)
        case insert(Notification)

        var queues: Bool {
            switch self {
            case .update(_, let queues): queues
            case .insert: true
            }
        }
    }

    /// What `refresh` would change, read and not written. `due` places a wanted time (quiet hours).
    func changes(ownerID: String, rule: NotificationRule, plan: NotificationRules.Plan, now: Date,
                 due: (Date) -> Date) throws -> [PlanChange] {
        var changes: [PlanChange] = []
        let wanted = plan.wanted
        let byOccasion = Dictionary(wanted.map { ($0.occasion, $0) }, uniquingKeysWith: { first, _ in first })
        for var pending in try repository.pending(ownerID: ownerID, rule: rule) where plan.decides(pending.occasion) {
            guard let want = byOccasion[pending.occasion] else {
                pending.state = .cancelled
                pending.lastError = "no longer needed"
                pending.updatedAt = now
                changes.append(.update(pending, queues: false))
                continue
            }
            let dueAt = due(want.dueAt)
            if pending.attempts == 0, pending.dueAt != dueAt {
                pending.dueAt = dueAt
                pending.nextAttemptAt = dueAt
                pending.updatedAt = now
                changes.append(.update(pending, queues: false))
            }
        }
        var seen: Set<String> = [] // an occasion wanted twice is planned once, as the first
        for want in wanted {
            // An occasion long past (planned late) is not worth a message any more.
            guard now.timeIntervalSince(want.dueAt) < Self.lateLimit, seen.insert(want.occasion).inserted else { continue }
            let dueAt = due(want.dueAt)
            let existing = try repository.notification(ownerID: ownerID, rule: rule, occasion: want.occasion)
            if var revived = existing, revived.state == .cancelled, revived.attempts == 0 {
                // Wanted again (the dose was deleted): the cancelled row comes back.
                revived.state = .pending
                revived.dueAt = dueAt
                revived.nextAttemptAt = dueAt
                revived.lastError = nil
                revived.title = want.title
                revived.body = want.body
                revived.updatedAt = now
                changes.append(.update(revived, queues: true))
            } else if existing == nil {
                changes.append(.insert(Notification(
                    id: UUIDv7.makeString(at: now), ownerID: ownerID, rule: rule, occasion: want.occasion, title: want.title,
                    body: want.body, priority: want.priority, tags: want.tags, dueAt: dueAt, createdAt: now, updatedAt: now)))
            }
        }
        return changes
    }
}
