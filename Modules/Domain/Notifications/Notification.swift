import FoundationEssentials
import Core

/// Which rule a notification comes from.
public enum NotificationRule: String, Sendable, Codable, CaseIterable {
    case insulin, quest, supplement, couple, test
}

public enum NotificationState: String, Sendable, Codable, CaseIterable {
    /// Waiting for its due time or for a retry.
    case pending
    case sent
    /// Retried for 24 hours without reaching every channel.
    case failed
    /// No longer needed (the dose was logged, the quest done) or too late to matter.
    case cancelled
}

/// One notification in the durable outbox. `occasion` names what it is about ("insulin:2026-11-30:1"),
/// so that the same occasion is never queued twice for an owner.
public struct Notification: Sendable, Equatable {
    public let id: String
    public let ownerID: String
    public let rule: NotificationRule
    public let occasion: String
    public var title: String
    public var body: String
    /// 1 (min) … 5 (urgent), as ntfy counts.
    public var priority: Int
    public var tags: [String]
    public var dueAt: Date
    public var state: NotificationState
    public var attempts: Int
    public var nextAttemptAt: Date
    public var firstAttemptAt: Date?
    public var lastError: String?
    /// Channels that already have it: a retry goes only to the others.
    public var deliveredTo: [String]
    public var sentAt: Date?
    /// When the owner saw it in the inbox.
    public var readAt: Date?
    public let createdAt: Date
    public var updatedAt: Date

    public init(id: String, ownerID: String, rule: NotificationRule, occasion: String, title: String, body: String, priority: Int = 3,
                tags: [String] = [], dueAt: Date, state: NotificationState = .pending, attempts: Int = 0, nextAttemptAt: Date? = nil,
                firstAttemptAt: Date? = nil, lastError: String? = nil, deliveredTo: [String] = [], sentAt: Date? = nil,
                readAt: Date? = nil, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.ownerID = ownerID
        self.rule = rule
        self.occasion = occasion
        self.title = title
        self.body = body
        self.priority = priority
        self.tags = tags
        self.dueAt = dueAt
        self.state = state
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt ?? dueAt
        self.firstAttemptAt = firstAttemptAt
        self.lastError = lastError
        self.deliveredTo = deliveredTo
        self.sentAt = sentAt
        self.readAt = readAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

public enum ChannelKind: String, Sendable, Codable, CaseIterable {
    case ntfy, webhook
    /// The desktop of `tend remind run` (notify-send); never stored, never on the server.
    case desktop
}

/// Where an owner's notifications go. The token (ntfy) and the secret (webhook) never leave
/// the server after the channel is created.
public struct NotificationChannel: Sendable, Equatable {
    public let id: String
    public let ownerID: String
    public let kind: ChannelKind
    public let url: String
    public let token: String?
    public let secret: String?
    public let createdAt: Date
    public var deletedAt: Date?

    public init(id: String, ownerID: String, kind: ChannelKind, url: String, token: String?, secret: String?, createdAt: Date,
                deletedAt: Date? = nil) {
        self.id = id
        self.ownerID = ownerID
        self.kind = kind
        self.url = url
        self.token = token
        self.secret = secret
        self.createdAt = createdAt
        self.deletedAt = deletedAt
    }
}

/// Hours in which notifications wait (insulin reminders excepted).
public struct QuietHours: Sendable, Equatable {
    public static let standard = QuietHours(from: LocalTime(hour: 23, minute: 30)!, to: LocalTime(hour: 7, minute: 30)!)

    public var from: LocalTime
    public var to: LocalTime

    public init(from: LocalTime, to: LocalTime) {
        self.from = from
        self.to = to
    }

    /// `instant` itself when it is outside the quiet hours, else the instant they end.
    public func deferred(_ instant: Date, in zone: TimeZone) -> Date {
        guard from != to else { return instant }
        let wall = zone.wallClock(of: instant)
        let minutes = wall.secondOfDay / 60
        let crossesMidnight = from > to
        let inside = crossesMidnight ? (minutes >= from.minutes || minutes < to.minutes) : (minutes >= from.minutes && minutes < to.minutes)
        guard inside else { return instant }
        let endDay = crossesMidnight && minutes >= from.minutes ? wall.date.adding(days: 1) : wall.date
        return max(instant, zone.instant(of: endDay, minutes: to.minutes))
    }
}

/// Delivers one notification to one channel (ntfy and webhooks over HTTP, in `Notifications`).
public protocol NotificationSender: Sendable {
    func deliver(_ notification: Notification, to channel: NotificationChannel) throws
}
