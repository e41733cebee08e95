import FoundationEssentials
import Core
import Domain

/// The outbox, channels and quiet hours in SQLite (migration 0008).
public struct SQLiteNotificationRepository: NotificationRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func insert(_ notification: Notification) throws {
        try database.execute(
            """
            INSERT INTO notifications (id, owner_id, rule, occasion, title, body, priority, tags, due_at, state, attempts,
                next_attempt_at, first_attempt_at, last_error, delivered_to, sent_at, read_at, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, values(notification))
    }

    public func update(_ notification: Notification) throws {
        try database.execute(
            """
            UPDATE notifications SET title = ?, body = ?, priority = ?, tags = ?, due_at = ?, state = ?, attempts = ?,
                next_attempt_at = ?, first_attempt_at = ?, last_error = ?, delivered_to = ?, sent_at = ?, read_at = ?, updated_at = ?
            WHERE id = ?
            """,
            [.text(notification.title), .text(notification.body), .integer(Int64(notification.priority)),
             .text(notification.tags.joined(separator: ",")), notification.dueAt.sqlValue, .text(notification.state.rawValue),
             .integer(Int64(notification.attempts)), notification.nextAttemptAt.sqlValue, notification.firstAttemptAt.sqlValue,
             notification.lastError.sqlValue, .text(notification.deliveredTo.joined(separator: ",")), notification.sentAt.sqlValue,
             notification.readAt.sqlValue, notification.updatedAt.sqlValue, .text(notification.id)])
    }

    private func values(_ n: Notification) -> [SQLValue] {
        [.text(n.id), .text(n.ownerID), .text(n.rule.rawValue), .text(n.occasion), .text(n.title), .text(n.body),
         .integer(Int64(n.priority)), .text(n.tags.joined(separator: ",")), n.dueAt.sqlValue, .text(n.state.rawValue),
         .integer(Int64(n.attempts)), n.nextAttemptAt.sqlValue, n.firstAttemptAt.sqlValue, n.lastError.sqlValue,
         .text(n.deliveredTo.joined(separator: ",")), n.sentAt.sqlValue, n.readAt.sqlValue, n.createdAt.sqlValue, n.updatedAt.sqlValue]
    }

    public func notification(ownerID: String, id: String) throws -> Notification? {
        try database.queryOne("SELECT * FROM notifications WHERE owner_id = ? AND id = ? AND deleted_at IS NULL",
                              [.text(ownerID), .text(id)]).map(notification)
    }

    public func notification(ownerID: String, rule: NotificationRule, occasion: String) throws -> Notification? {
        try database.queryOne(
            "SELECT * FROM notifications WHERE owner_id = ? AND rule = ? AND occasion = ? AND deleted_at IS NULL LIMIT 1",
            [.text(ownerID), .text(rule.rawValue), .text(occasion)]).map(notification)
    }

    public func pending(ownerID: String, rule: NotificationRule) throws -> [Notification] {
        try database.query(
            "SELECT * FROM notifications WHERE owner_id = ? AND rule = ? AND state = 'pending' AND deleted_at IS NULL ORDER BY due_at",
            [.text(ownerID), .text(rule.rawValue)]).map(notification)
    }

    public func due(at date: Date, limit: Int) throws -> [Notification] {
        try database.query(
            """
            SELECT * FROM notifications WHERE state = 'pending' AND next_attempt_at <= ? AND deleted_at IS NULL
            ORDER BY next_attempt_at, id LIMIT ?
            """, [date.sqlValue, .integer(Int64(limit))]).map(notification)
    }

    public func nextAttempt() throws -> Date? {
        try database.queryOne("SELECT min(next_attempt_at) AS next FROM notifications WHERE state = 'pending' AND deleted_at IS NULL")?
            .get("next", as: Date?.self)
    }

    public func notifications(ownerID: String, state: NotificationState?, limit: Int) throws -> [Notification] {
        if let state {
            return try database.query(
                "SELECT * FROM notifications WHERE owner_id = ? AND state = ? AND deleted_at IS NULL ORDER BY due_at DESC, id DESC LIMIT ?",
                [.text(ownerID), .text(state.rawValue), .integer(Int64(limit))]).map(notification)
        }
        return try database.query(
            "SELECT * FROM notifications WHERE owner_id = ? AND deleted_at IS NULL ORDER BY due_at DESC, id DESC LIMIT ?",
            [.text(ownerID), .integer(Int64(limit))]).map(notification)
    }

    public func ownersWithReminders() throws -> [String] {
        try database.query(
            """
            SELECT owner_id FROM insulin_doses WHERE deleted_at IS NULL
            UNION SELECT owner_id FROM quest_journeys WHERE deleted_at IS NULL
            UNION SELECT owner_id FROM supplements WHERE deleted_at IS NULL
            """).map { try $0.get("owner_id", as: String.self) }
    }

    private func notification(_ row: Row) throws -> Notification {
        let tags: String = try row.get("tags")
        let delivered: String = try row.get("delivered_to")
        return Notification(
            id: try row.get("id"), ownerID: try row.get("owner_id"), rule: NotificationRule(rawValue: try row.get("rule")) ?? .test,
            occasion: try row.get("occasion"), title: try row.get("title"), body: try row.get("body"), priority: try row.get("priority"),
            tags: tags.split(separator: ",").map(String.init), dueAt: try row.get("due_at"),
            state: NotificationState(rawValue: try row.get("state")) ?? .failed, attempts: try row.get("attempts"),
            nextAttemptAt: try row.get("next_attempt_at"), firstAttemptAt: try row.get("first_attempt_at"),
            lastError: try row.get("last_error"), deliveredTo: delivered.split(separator: ",").map(String.init),
            sentAt: try row.get("sent_at"), readAt: try row.get("read_at"), createdAt: try row.get("created_at"),
            updatedAt: try row.get("updated_at"))
    }

    // MARK: Channels

    public func insert(_ channel: NotificationChannel) throws {
        try database.execute(
            """
            INSERT INTO notification_channels (id, owner_id, kind, url, token, secret, created_at, updated_at, deleted_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [.text(channel.id), .text(channel.ownerID), .text(channel.kind.rawValue), .text(channel.url), channel.token.sqlValue,
             channel.secret.sqlValue, channel.createdAt.sqlValue, channel.createdAt.sqlValue, channel.deletedAt.sqlValue])
    }

    public func update(_ channel: NotificationChannel) throws {
        try database.execute("UPDATE notification_channels SET deleted_at = ?, updated_at = ? WHERE id = ?",
                             [channel.deletedAt.sqlValue, (channel.deletedAt ?? channel.createdAt).sqlValue, .text(channel.id)])
    }

    public func channels(ownerID: String) throws -> [NotificationChannel] {
        try database.query("SELECT * FROM notification_channels WHERE owner_id = ? AND deleted_at IS NULL ORDER BY created_at, id",
                           [.text(ownerID)]).map { row in
            NotificationChannel(id: try row.get("id"), ownerID: try row.get("owner_id"),
                                kind: ChannelKind(rawValue: try row.get("kind")) ?? .webhook, url: try row.get("url"),
                                token: try row.get("token"), secret: try row.get("secret"), createdAt: try row.get("created_at"),
                                deletedAt: try row.get("deleted_at"))
        }
    }

    // MARK: Quiet hours

    public func quietHours(ownerID: String) throws -> QuietHours? {
        guard let row = try database.queryOne("SELECT * FROM notification_settings WHERE owner_id = ?", [.text(ownerID)]),
              let from = LocalTime(minutes: try row.get("quiet_from")),
              let to = LocalTime(minutes: try row.get("quiet_to")) else { return nil }
        return QuietHours(from: from, to: to)
    }

    public func save(_ quietHours: QuietHours, ownerID: String, at date: Date) throws {
        try database.execute(
            """
            INSERT INTO notification_settings (owner_id, quiet_from, quiet_to, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (owner_id) DO UPDATE SET quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to,
                updated_at = excluded.updated_at
            """,
            [.text(ownerID), .integer(Int64(quietHours.from.minutes)), .integer(Int64(quietHours.to.minutes)),
             date.sqlValue, date.sqlValue])
    }
}
