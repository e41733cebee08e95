import FoundationEssentials
import Core

/// The outbox, the channels and the quiet hours.
public protocol NotificationRepository: Sendable {
    func insert(_ notification: Notification) throws
    func update(_ notification: Notification) throws
    func notification(ownerID: String, id: String) throws -> Notification?
    func notification(ownerID: String, rule: NotificationRule, occasion: String) throws -> Notification?
    /// Pending ones of an owner and rule (to cancel or re-time).
    func pending(ownerID: String, rule: NotificationRule) throws -> [Notification]
    /// Pending ones whose next attempt is due at `date`, oldest first.
    func due(at date: Date, limit: Int) throws -> [Notification]
    /// The earliest next attempt of any pending notification.
    func nextAttempt() throws -> Date?
    /// An owner's notifications, newest due first.
    func notifications(ownerID: String, state: NotificationState?, limit: Int) throws -> [Notification]
    /// Owners who have something notifications could be about (insulin, quests, supplements).
    func ownersWithReminders() throws -> [String]

    func insert(_ channel: NotificationChannel) throws
    func update(_ channel: NotificationChannel) throws
    func channels(ownerID: String) throws -> [NotificationChannel]

    func quietHours(ownerID: String) throws -> QuietHours?
    func save(_ quietHours: QuietHours, ownerID: String, at date: Date) throws
}
