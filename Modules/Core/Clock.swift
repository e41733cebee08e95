import FoundationEssentials

/// Where "now" comes from. Use cases take a clock in `init` so that tests fix the time.
public protocol Clock: Sendable {
    var now: Date { get }
}

public struct SystemClock: Clock {
    public init() {}
    public var now: Date { Date() }
}

public struct FixedClock: Clock {
    public let now: Date
    public init(_ now: Date) { self.now = now }
}

extension Clock where Self == SystemClock {
    public static var system: SystemClock { SystemClock() }
}

/// A clock that starts at a given instant and then runs forward in real time: `tend-server`
/// under `TEND_NOW`, so that schedules and retries progress in tests.
public struct RunningClock: Clock {
    let start: Date
    let started: ContinuousClock.Instant

    public init(startingAt start: Date) {
        self.start = start
        started = ContinuousClock.now
    }

    public var now: Date {
        let elapsed = ContinuousClock.now - started
        return start.addingTimeInterval(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}

/// The clock for a run of `tend` or `tend-server`: `TEND_NOW` (ISO 8601) when set, fixed for
/// `tend`, running forward from there for the server.
public func makeClock(environment: [String: String], runsForward: Bool = false) throws -> any Clock {
    guard let text = environment["TEND_NOW"], !text.isEmpty else { return SystemClock() }
    guard let date = ISO8601.parseInstant(text) else {
        throw AppError.invalidInput("TEND_NOW is not an ISO 8601 instant with an offset: \(text)")
    }
    return runsForward ? RunningClock(startingAt: date) : FixedClock(date)
}
