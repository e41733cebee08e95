import FoundationEssentials
import Synchronization

/// Limits per client address that an operator changed, by scope (`signup`, `invite_guess`):
/// a server's configuration sets them at start and again on SIGHUP, and every later check
/// counts against the new allowance. A scope not set keeps its declared limit.
public final class ClientLimitSettings: Sendable {
    private let overrides = Mutex<[String: (burst: Int, interval: TimeInterval)]>([:])

    public init() {}

    public func set(scope: String, burst: Int, interval: TimeInterval) {
        guard burst > 0, interval > 0, interval.isFinite else { return }
        overrides.withLock { $0[scope] = (burst, interval) }
    }

    /// `limit` with the burst and interval set for its scope, if any.
    public func applied(to limit: ClientLimit) -> ClientLimit {
        guard let override = overrides.withLock({ $0[limit.scope] }) else { return limit }
        return ClientLimit(scope: limit.scope, burst: override.burst, interval: override.interval, code: limit.code,
                           counted: limit.counted)
    }
}
