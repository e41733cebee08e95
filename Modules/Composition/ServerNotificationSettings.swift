import FoundationEssentials
import Domain

/// The notification outbox's settings in `server.conf`: whether this server delivers, and the
/// timing of claims, retries and rounds (`NotificationTiming`). Several servers on one
/// PostgreSQL database share the outbox; each claims a row for `notification_claim_lease`
/// before sending it, so a server killed mid-send leaves its claims to the others after that.
extension ServerSetting {
    static let notificationSettings: [ServerSetting] = [
        ServerSetting("notification_delivery", option: "notification-delivery", valueName: "on|off", kind: .boolean, default: "on",
                      help: "Deliver notifications from this server. Off: it still plans the reminders its own writes change and "
                        + "leaves sending to the servers on the same database that deliver."),
        ServerSetting("notification_claim_lease", option: "notification-claim-lease", valueName: "SECONDS",
                      kind: .integer(1...86_400), default: seconds(\.claimLease), reloadable: true,
                      help: "How long a notification being sent is held by its server: one that dies mid-send leaves it to "
                        + "another after this. Keep it above the 10 s a channel may take, or a slow send may go out twice."),
        ServerSetting("notification_poll_interval", option: "notification-poll-interval", valueName: "SECONDS",
                      kind: .integer(1...3600), default: seconds(\.pollInterval), reloadable: true,
                      help: "The longest wait between the scheduler's looks at the outbox (its own writes wake it at once; "
                        + "another server's writes and claims left by a dead server wait for this)."),
        ServerSetting("notification_retry_window", option: "notification-retry-window", valueName: "SECONDS",
                      kind: .integer(60...2_592_000), default: seconds(\.retryWindow), reloadable: true,
                      help: "How long a failing delivery is retried before the notification is marked failed."),
        ServerSetting("notification_retry_max_delay", option: "notification-retry-max-delay", valueName: "SECONDS",
                      kind: .integer(2...86_400), default: seconds(\.longestRetryDelay), reloadable: true,
                      help: "The longest wait between two tries of a failing delivery (2 s after the first failure, doubling)."),
        ServerSetting("notification_parallel_deliveries", option: "notification-parallel-deliveries", valueName: "N",
                      kind: .integer(1...64), default: String(NotificationTiming.standard.parallelDeliveries), reloadable: true,
                      help: "Deliveries in flight at once on this server."),
    ]

    private static func seconds(_ value: KeyPath<NotificationTiming, TimeInterval>) -> String {
        String(Int(NotificationTiming.standard[keyPath: value]))
    }
}

extension ServerConfiguration {
    /// The outbox timing these settings give (each value was checked when loaded).
    public var notificationTiming: NotificationTiming {
        NotificationTiming(claimLease: TimeInterval(integer("notification_claim_lease")),
                           retryWindow: TimeInterval(integer("notification_retry_window")),
                           longestRetryDelay: TimeInterval(integer("notification_retry_max_delay")),
                           pollInterval: TimeInterval(integer("notification_poll_interval")),
                           parallelDeliveries: integer("notification_parallel_deliveries"))
    }

    /// Whether this server's scheduler delivers (`notification_delivery`).
    public var deliversNotifications: Bool { boolean("notification_delivery") }
}
