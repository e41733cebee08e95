import FoundationEssentials
import Synchronization
import Core

/// Channels, quiet hours, the test, the history and the inbox of an owner.
extension NotificationUseCases {
    public func addChannel(ownerID: String, kind: ChannelKind, url: String, token: String?) throws -> NotificationChannel {
        guard kind != .desktop else { throw AppError.invalidInput("kind must be ntfy or webhook", code: "invalid_kind") }
        try ChannelURL.validate(url, addresses: channelAddresses)
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
            let channels = try repository.channels(ownerID: ownerID)
            // The id, its handle or `last`.
            let found = try Handle.pick(id, among: channels.map(\.id).sorted(), noun: "channel")
            guard var channel = channels.first(where: { $0.id == found }) else {
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
