import FoundationEssentials
import Dispatch
import Synchronization
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// How the scheduler waits between rounds. The live one waits on the system's monotonic time;
/// a test steps the loop by hand, so that no test waits for real seconds to pass.
public protocol SchedulerSleeper: Sendable {
    /// Returns once `seconds` have passed or `wake` was signalled (a write queued something,
    /// or `stop()`), whichever comes first; a signal it returns on is consumed.
    func sleep(_ seconds: TimeInterval, orUntil wake: DispatchSemaphore)
    /// Returns once `seconds` have passed: the pause that lets a burst of writes gather.
    func pause(_ seconds: TimeInterval)
}

/// The scheduler's sleeper on the system's monotonic time.
public struct SystemSleeper: SchedulerSleeper {
    public init() {}

    public func sleep(_ seconds: TimeInterval, orUntil wake: DispatchSemaphore) {
        _ = wake.wait(timeout: .now() + seconds)
    }

    public func pause(_ seconds: TimeInterval) {
        usleep(useconds_t(max(0, seconds) * 1_000_000))
    }
}

/// Runs the outbox: sleeps until the next due time (or until something is queued), delivers
/// what is due, and again. Starts and stops with the server; `stop()` lets a delivery in
/// flight finish, so nothing is left half-sent (a row leaves `pending` only once its outcome
/// is recorded, and a crash mid-send means one more delivery, never none).
public final class NotificationScheduler: Sendable {
    /// The longest sleep without a configuration (`notifications.timing` holds the one in
    /// effect), so that a clock moved by hand or a missed wake-up costs at most this.
    public static let longestSleep: TimeInterval = NotificationTiming.standard.pollInterval

    /// The shortest pause between rounds: a flood of writes is re-planned in a few batches a
    /// second, not once per write.
    public static let shortestPause: TimeInterval = 0.25

    let notifications: NotificationUseCases
    let clock: any Clock
    let logger: Logger?
    let sleeper: any SchedulerSleeper
    /// Work to do on every round besides the outbox (the local runner re-plans its rules).
    let everyRound: (@Sendable () -> Void)?
    /// False on a server whose `notification_delivery` is off: its rounds still do the re-plans
    /// its own writes asked for, and leave every delivery to the servers that deliver.
    let delivers: Bool
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    private let running = Atomic<Bool>(false)
    /// Set by `stop()`: a round starts no more deliveries (those in flight finish).
    private let stopRequested = Atomic<Bool>(false)
    /// Reminders due before this fell due while the server was down (the one-hour rule).
    let startedAt: Date

    public init(notifications: NotificationUseCases, clock: any Clock, logger: Logger?,
                sleeper: any SchedulerSleeper = SystemSleeper(), delivers: Bool = true, everyRound: (@Sendable () -> Void)? = nil) {
        self.notifications = notifications
        self.delivers = delivers
        self.clock = clock
        self.logger = logger
        self.sleeper = sleeper
        self.everyRound = everyRound
        startedAt = clock.now
    }

    public func start() {
        guard !running.exchange(true, ordering: .sequentiallyConsistent) else { return }
        notifications.wake.connect { [weak self] in self?.wake.signal() }
        DispatchQueue(label: "tend.notifications").async { self.loop() }
    }

    /// Stops after the delivery in flight, if any; returns when the loop has ended.
    public func stop() {
        stopRequested.store(true, ordering: .sequentiallyConsistent)
        guard running.exchange(false, ordering: .sequentiallyConsistent) else { return }
        wake.signal()
        stopped.wait()
    }

    /// One round: deliver what is due. Returns the next due time.
    @discardableResult
    public func runOnce() -> Date? {
        everyRound?()
        notifications.refreshRequested()
        guard delivers else { return nil }
        do {
            let due = try notifications.due()
            let slots = DispatchSemaphore(value: notifications.timing.current.parallelDeliveries)
            let group = DispatchGroup()
            for notification in due {
                slots.wait()
                if stopRequested.load(ordering: .sequentiallyConsistent) {
                    slots.signal()
                    break
                }
                group.enter()
                DispatchQueue.global().async { [notifications, startedAt] in
                    notifications.deliverOne(notification, lateBefore: startedAt)
                    slots.signal()
                    group.leave()
                }
            }
            group.wait()
            return try notifications.nextAttempt()
        } catch {
            logger?.error("notifications: \(error)")
            return nil
        }
    }

    /// How long to sleep before the round for `next` (on the scheduler's clock): at least 50 ms,
    /// at most `longest` (the poll interval), which is also the sleep when nothing is pending.
    static func sleep(until next: Date?, now: Date, longest: TimeInterval = longestSleep) -> TimeInterval {
        next.map { max(0.05, min($0.timeIntervalSince(now), longest)) } ?? longest
    }

    private func loop() {
        while running.load(ordering: .sequentiallyConsistent) {
            let next = runOnce()
            guard running.load(ordering: .sequentiallyConsistent) else { break }
            sleeper.sleep(Self.sleep(until: next, now: clock.now, longest: notifications.timing.current.pollInterval), orUntil: wake)
            // Let the writes of a burst gather before the next round.
            if running.load(ordering: .sequentiallyConsistent) { sleeper.pause(Self.shortestPause) }
            // The wake-ups of a burst count as one: the next round handles them all.
            while wake.wait(timeout: .now()) == .success {}
        }
        stopped.signal()
    }
}
