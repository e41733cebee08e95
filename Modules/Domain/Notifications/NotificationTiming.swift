import FoundationEssentials
import Synchronization

/// The outbox's timing that an operator may change (`server.conf`'s `notification_*` keys):
/// how long a claim holds, how long and how far apart failures are retried, how often a
/// scheduler looks for work that no write of its own announced, and how many sends run at once.
public struct NotificationTiming: Sendable, Equatable {
    /// How long a claimed row stays out of `due()`: a runner that dies mid-send leaves it to be
    /// tried again after this (at-least-once), and another runner on the same database cannot
    /// take it meanwhile. Keep it above a send's longest time (10 s a channel), or a slow send
    /// may be taken over and sent twice.
    public var claimLease: TimeInterval
    /// Failed deliveries are retried for this long, then the notification is failed.
    public var retryWindow: TimeInterval
    /// The longest wait between two tries of a failing delivery (it starts at 2 s, doubling).
    public var longestRetryDelay: TimeInterval
    /// The longest sleep between rounds: what a clock moved by hand, a write served by another
    /// server or a claim left by a dead one costs at most before this scheduler looks.
    public var pollInterval: TimeInterval
    /// Deliveries in flight at once: a slow or unreachable channel of one account holds one of
    /// them for its timeout, not everyone's reminders.
    public var parallelDeliveries: Int

    public init(claimLease: TimeInterval, retryWindow: TimeInterval, longestRetryDelay: TimeInterval, pollInterval: TimeInterval,
                parallelDeliveries: Int) {
        self.claimLease = claimLease
        self.retryWindow = retryWindow
        self.longestRetryDelay = longestRetryDelay
        self.pollInterval = pollInterval
        self.parallelDeliveries = parallelDeliveries
    }

    /// The timing without a configuration: five-minute claims, a day of retries at most an hour
    /// apart, a look every minute, eight sends at once.
    public static let standard = NotificationTiming(claimLease: 5 * 60, retryWindow: 24 * 3600, longestRetryDelay: 3600,
                                                    pollInterval: 60, parallelDeliveries: 8)
}

/// The timing in effect, shared by the use cases and the scheduler: set at start and again on
/// SIGHUP, read at every claim, retry and round.
public final class NotificationTimingSettings: Sendable {
    private let value = Mutex(NotificationTiming.standard)

    public init() {}

    public var current: NotificationTiming { value.withLock { $0 } }

    /// Replaces the timing; values that make no sense (not positive) keep the current ones.
    public func set(_ timing: NotificationTiming) {
        value.withLock { current in
            if timing.claimLease > 0 { current.claimLease = timing.claimLease }
            if timing.retryWindow > 0 { current.retryWindow = timing.retryWindow }
            if timing.longestRetryDelay >= 2 { current.longestRetryDelay = timing.longestRetryDelay }
            if timing.pollInterval > 0 { current.pollInterval = timing.pollInterval }
            if timing.parallelDeliveries > 0 { current.parallelDeliveries = timing.parallelDeliveries }
        }
    }
}
