import FoundationEssentials
import Core
import Domain

// The notification API's JSON; `tend notify` decodes the same types from the server. Each is
// made from the domain in an extension below, so tests can also write one field by field.

public struct NotificationJSON: Codable, Sendable {
    let id: String
    let rule: String
    let title: String
    let body: String
    let state: String
    let attempts: Int
    let dueAt: String
    let sentAt: String?
    let lastError: String?

    enum CodingKeys: String, CodingKey {
        case id, rule, title, body, state, attempts, dueAt = "due_at", sentAt = "sent_at", lastError = "last_error"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(rule, forKey: .rule)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
        try container.encode(state, forKey: .state)
        try container.encode(attempts, forKey: .attempts)
        try container.encode(dueAt, forKey: .dueAt)
        try container.encode(sentAt, forKey: .sentAt)
        try container.encode(lastError, forKey: .lastError)
    }
}

struct NotificationList: Codable, Sendable {
    let notifications: [NotificationJSON]
}

/// A channel as listed: never its token or secret.
struct ChannelJSON: Codable, Sendable {
    let id: String
    /// What a person types to remove it.
    let handle: String
    let kind: String
    let url: String
    let hasToken: Bool
    let createdAt: String

    enum CodingKeys: String, CodingKey { case id, handle, kind, url, hasToken = "has_token", createdAt = "created_at" }
}

/// A channel as created: the webhook's secret is shown this once.
struct CreatedChannelJSON: Codable, Sendable {
    let id: String
    let kind: String
    let url: String
    let secret: String?

    enum CodingKeys: String, CodingKey { case id, kind, url, secret }

    /// `secret` is null for a channel that signs nothing (ntfy).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(url, forKey: .url)
        try container.encode(secret, forKey: .secret)
    }
}

struct ChannelList: Codable, Sendable {
    let channels: [ChannelJSON]
}

struct QuietHoursJSON: Codable, Sendable {
    let from: String
    let to: String
}

struct ChannelBody: Codable {
    let kind: String
    let url: String
    let token: String?
}

struct QuietHoursBody: Codable {
    let from: String
    let to: String
}

// MARK: - Made from the domain

extension NotificationJSON {
    init(_ notification: Notification, zone: TimeZone) {
        id = notification.id
        rule = notification.rule.rawValue
        title = notification.title
        body = notification.body
        state = notification.state.rawValue
        attempts = notification.attempts
        dueAt = ISO8601.format(notification.dueAt, in: zone)
        sentAt = notification.sentAt.map { ISO8601.format($0, in: zone) }
        lastError = notification.lastError
    }
}

extension ChannelJSON {
    init(_ channel: NotificationChannel, zone: TimeZone) {
        id = channel.id
        handle = Handle.of(channel.id)
        kind = channel.kind.rawValue
        url = channel.url
        hasToken = channel.token != nil
        createdAt = ISO8601.format(channel.createdAt, in: zone)
    }
}

extension CreatedChannelJSON {
    init(_ channel: NotificationChannel) {
        id = channel.id
        kind = channel.kind.rawValue
        url = channel.url
        secret = channel.kind == .webhook ? channel.secret : nil
    }
}

extension QuietHoursJSON {
    init(_ hours: QuietHours) {
        from = hours.from.description
        to = hours.to.description
    }
}
