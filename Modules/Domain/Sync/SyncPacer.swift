import FoundationEssentials

/// When the background agent (`tend remind run`) syncs: soon after local writes, every few
/// minutes otherwise, and backing off while the server cannot be reached. Pure: the agent asks
/// it with the time and what it knows.
public struct SyncPacer: Sendable, Equatable {
    /// Local writes wait this long, so a burst of them goes in one push.
    public static let afterWrite: TimeInterval = 5
    /// The longest gap between syncs while nothing is written here (to bring in others' changes).
    public static let idle: TimeInterval = 5 * 60
    /// The first wait after a failure; it doubles per failure up to `longestBackoff`.
    public static let firstBackoff: TimeInterval = 30
    public static let longestBackoff: TimeInterval = 15 * 60

    public private(set) var lastAttempt: Date?
    public private(set) var failures = 0

    public init() {}

    /// Whether to sync now, given what is pending here.
    public func isDue(now: Date, pending: Int) -> Bool {
        guard let lastAttempt else { return true }
        let since = now.timeIntervalSince(lastAttempt)
        if since < 0 { return true } // the wall clock went back: do not wait for it to catch up
        if failures > 0 { return since >= backoff }
        return since >= (pending > 0 ? Self.afterWrite : Self.idle)
    }

    /// The wait after the current run of failures.
    public var backoff: TimeInterval {
        guard failures > 0 else { return 0 }
        return min(Self.longestBackoff, Self.firstBackoff * Double(1 << min(failures - 1, 20)))
    }

    public mutating func record(success: Bool, at now: Date) {
        lastAttempt = now
        failures = success ? 0 : failures + 1
    }
}
