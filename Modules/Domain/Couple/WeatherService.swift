import FoundationEssentials
import Synchronization
import Core

/// The weather shown for one member's place: a cached observation while it is fresh, else a new
/// one from the provider, else the last known one marked stale. It never fails: weather is a
/// nicety on the couple's home, and a provider or cache problem must not break the home.
public struct WeatherService: Sendable {
    /// How long an observation is shown without asking the provider again.
    public static let lifetime: TimeInterval = 15 * 60

    /// After a failure a place is not asked again for this long, so that a provider that is
    /// down costs one timeout a minute, not one per home.
    public static let retryDelay: TimeInterval = 60

    let provider: any WeatherProvider
    let cache: any WeatherCacheRepository
    let clock: any Clock
    let failures = FailureMemory()

    public init(provider: any WeatherProvider, cache: any WeatherCacheRepository, clock: any Clock) {
        self.provider = provider
        self.cache = cache
        self.clock = clock
    }

    /// The report for a place. `isStale` is true only when an observation is shown that the
    /// provider could not renew; with nothing to show, `observation` is nil and `isStale` false.
    public func report(latitude: Double, longitude: Double) -> WeatherReport {
        let isConfigured = provider.isConfigured
        guard latitude.isFinite, longitude.isFinite else {
            return WeatherReport(observation: nil, isStale: false, isConfigured: isConfigured)
        }
        let key = Self.cacheKey(latitude: latitude, longitude: longitude)
        let now = clock.now
        // A cache that cannot be read is treated as empty: the provider can still answer.
        let cached = (try? cache.cached(key: key)) ?? nil
        if let cached {
            let age = now.timeIntervalSince(cached.fetchedAt)
            // A negative age means the clock went back: do not trust the entry as fresh.
            if age >= 0 && age < Self.lifetime {
                return WeatherReport(observation: cached.observation, isStale: false, isConfigured: isConfigured)
            }
        }
        if isConfigured, !failures.isWaiting(key, at: now) {
            if let observation = try? provider.current(latitude: latitude, longitude: longitude) {
                // A cache that cannot be written only costs a request next time.
                try? cache.save(key: key, observation: observation, fetchedAt: now)
                failures.forget(key)
                return WeatherReport(observation: observation, isStale: false, isConfigured: isConfigured)
            }
            failures.remember(key, until: now.addingTimeInterval(Self.retryDelay))
        }
        return WeatherReport(observation: cached?.observation, isStale: cached != nil, isConfigured: isConfigured)
    }

    /// The cache key of a place: latitude and longitude rounded to two decimals (about 1 km),
    /// so that members of one city share an entry: `"37.57,126.98"`.
    public static func cacheKey(latitude: Double, longitude: Double) -> String {
        "\(twoDecimals(latitude)),\(twoDecimals(longitude))"
    }

    /// `value` with exactly two decimals, written from integers so that no binary fraction
    /// (`37.57000000000001`) or exponent (`1e-05`) reaches the key.
    static func twoDecimals(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        let hundredths = Int64((value * 100).rounded())
        let magnitude = hundredths.magnitude
        let fraction = magnitude % 100
        let sign = hundredths < 0 ? "-" : ""
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// The provider when no API key is set: it is configured as "not configured", not a fake.
public struct UnconfiguredWeatherProvider: WeatherProvider {
    public init() {}

    public var isConfigured: Bool { false }

    public func current(latitude: Double, longitude: Double) throws -> WeatherObservation {
        throw AppError.unavailable("weather is not configured", code: "weather_not_configured")
    }
}

/// Places whose last request failed, and until when they are not asked again.
final class FailureMemory: Sendable {
    private let until = Mutex<[String: Date]>([:])

    func isWaiting(_ key: String, at now: Date) -> Bool {
        until.withLock { entries in
            guard let date = entries[key] else { return false }
            // A clock that went back does not keep a place waiting.
            return now < date && date.timeIntervalSince(now) <= WeatherService.retryDelay
        }
    }

    func remember(_ key: String, until date: Date) {
        until.withLock { entries in
            if entries.count > 10_000 { entries.removeAll() }
            entries[key] = date
        }
    }

    func forget(_ key: String) {
        _ = until.withLock { $0.removeValue(forKey: key) }
    }
}
