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

/// The clock for a run of `tend` or `tend-server`: fixed by `TEND_NOW` (ISO 8601) when set.
public func makeClock(environment: [String: String]) throws -> any Clock {
    guard let text = environment["TEND_NOW"], !text.isEmpty else { return SystemClock() }
    guard let date = ISO8601.parseInstant(text) else {
        throw AppError.invalidInput("TEND_NOW is not an ISO 8601 instant with an offset: \(text)")
    }
    return FixedClock(date)
}
