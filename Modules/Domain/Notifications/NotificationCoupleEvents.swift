import FoundationEssentials
import Synchronization
import Core

/// What couple events queue: partner news gathered into one message, the completed bridge, the
/// mornings of D-1 and D-day, and nothing more once the couple has ended.
extension NotificationUseCases {
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
                    where old.occasion.hasPrefix("meeting:\(meeting.id):")
                        && !old.occasion.hasPrefix("meeting:\(meeting.id):\(meeting.day):") {
                        old.state = .cancelled
                        old.lastError = "the meeting moved"
                        old.updatedAt = now
                        try repository.update(old)
                    }
                }
                let place = meeting.place.map { " · \($0)" } ?? ""
                let reminders = [(-1, "d-1", "Tomorrow you meet\(place). 💞"), (0, "d-day", "Today you meet\(place). 💞")]
                for (offset, label, text) in reminders {
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
                title: "\(name) 💌", body: Self.capped(line), priority: 3, tags: ["two_hearts"],
                dueAt: due, createdAt: now, updatedAt: now))
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
}

extension NotificationUseCases {
    /// Queues what a couple event tells the partner (or cancels what a disconnect made moot).
    public func coupleEvent(_ event: CoupleEvent) {
        try? handle(event)
    }
}
