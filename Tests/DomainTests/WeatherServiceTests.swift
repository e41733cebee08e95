import Core
import Domain
import Foundation
import Synchronization
import Testing

// MARK: - Fakes for the weather service

struct WeatherFakeFailure: Error {}

/// A provider that counts its calls and answers with a set observation or fails.
final class FakeWeatherProvider: WeatherProvider {
    struct State {
        var isConfigured = true
        var observation: WeatherObservation?
        var fails = false
        var calls: [(latitude: Double, longitude: Double)] = []
    }

    let state: Mutex<State>

    init(isConfigured: Bool = true, observation: WeatherObservation? = nil) {
        state = Mutex(State(isConfigured: isConfigured, observation: observation))
    }

    var isConfigured: Bool { state.withLock { $0.isConfigured } }
    var callCount: Int { state.withLock { $0.calls.count } }
    func set(_ change: (inout State) -> Void) { state.withLock { change(&$0) } }

    func current(latitude: Double, longitude: Double) throws -> WeatherObservation {
        try state.withLock { state in
            state.calls.append((latitude, longitude))
            if state.fails { throw WeatherFakeFailure() }
            guard let observation = state.observation else {
                Issue.record("the fake provider was asked without an observation set up")
                throw WeatherFakeFailure()
            }
            return observation
        }
    }
}

/// A clock the test moves forward.
final class MovableClock: Clock {
    let current: Mutex<Date>
    init(_ date: Date) { current = Mutex(date) }
    var now: Date { current.withLock { $0 } }
    func advance(by interval: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(interval) } }
}

// MARK: - Tests

@Suite("Weather service")
struct WeatherServiceTests {
    let t0 = Date(timeIntervalSince1970: 1_764_500_000)
    let seoul = (latitude: 37.5665, longitude: 126.978)

    func observation(_ temperature: Double, _ description: String = "clear sky") -> WeatherObservation {
        WeatherObservation(temperatureC: temperature, description: description, icon: "01d", city: "Seoul",
                           observedAt: t0, sunrise: t0.addingTimeInterval(-3600), sunset: t0.addingTimeInterval(30_000))
    }

    @Test func keyRoundsToTwoDecimals() {
        #expect(WeatherService.cacheKey(latitude: 37.5665, longitude: 126.978) == "37.57,126.98")
        #expect(WeatherService.cacheKey(latitude: -33.8688, longitude: 151.2093) == "-33.87,151.21")
        #expect(WeatherService.cacheKey(latitude: 0.00001, longitude: -0.004) == "0.00,0.00")
        #expect(WeatherService.cacheKey(latitude: 51.5, longitude: -0.1278) == "51.50,-0.13")
        #expect(WeatherService.cacheKey(latitude: 1.005, longitude: 10) == "1.00,10.00" ||
                WeatherService.cacheKey(latitude: 1.005, longitude: 10) == "1.01,10.00")
    }

    @Test func firstReportAsksTheProviderAndCachesTheObservation() {
        let provider = FakeWeatherProvider(observation: observation(21.5))
        let cache = FakeWeatherCache()
        let service = WeatherService(provider: provider, cache: cache, clock: FixedClock(t0))

        let report = service.report(latitude: seoul.latitude, longitude: seoul.longitude)

        #expect(report == WeatherReport(observation: observation(21.5), isStale: false, isConfigured: true))
        #expect(provider.callCount == 1)
        #expect(provider.state.withLock { $0.calls.first?.latitude } == seoul.latitude)
        #expect(cache.keys == ["37.57,126.98"])
    }

    @Test func aFreshCachedObservationIsUsedWithoutAskingTheProvider() {
        let provider = FakeWeatherProvider(observation: observation(30))
        let cache = FakeWeatherCache()
        cache.memory.seed { $0.weather["37.57,126.98"] = CachedWeather(observation: observation(21.5), fetchedAt: t0.addingTimeInterval(-14 * 60)) }
        let service = WeatherService(provider: provider, cache: cache, clock: FixedClock(t0))

        let report = service.report(latitude: seoul.latitude, longitude: seoul.longitude)

        #expect(report == WeatherReport(observation: observation(21.5), isStale: false, isConfigured: true))
        #expect(provider.callCount == 0)
    }

    @Test func nearbyPlacesShareOneCacheEntry() {
        let provider = FakeWeatherProvider(observation: observation(21.5))
        let cache = FakeWeatherCache()
        let service = WeatherService(provider: provider, cache: cache, clock: FixedClock(t0))

        _ = service.report(latitude: 37.5665, longitude: 126.978)
        _ = service.report(latitude: 37.5701, longitude: 126.9812)

        #expect(provider.callCount == 1)
    }

    @Test func afterFifteenMinutesItAsksAgain() {
        let provider = FakeWeatherProvider(observation: observation(21.5))
        let cache = FakeWeatherCache()
        let clock = MovableClock(t0)
        let service = WeatherService(provider: provider, cache: cache, clock: clock)

        _ = service.report(latitude: seoul.latitude, longitude: seoul.longitude)
        clock.advance(by: WeatherService.lifetime - 1)
        _ = service.report(latitude: seoul.latitude, longitude: seoul.longitude)
        #expect(provider.callCount == 1)

        provider.set { $0.observation = observation(18, "light rain") }
        clock.advance(by: 1)
        let report = service.report(latitude: seoul.latitude, longitude: seoul.longitude)

        #expect(provider.callCount == 2)
        #expect(report == WeatherReport(observation: observation(18, "light rain"), isStale: false, isConfigured: true))
        let stored = try? cache.cached(key: "37.57,126.98")
        #expect(stored?.observation == observation(18, "light rain"))
        #expect(stored?.fetchedAt == t0.addingTimeInterval(WeatherService.lifetime))
    }

    @Test func aProviderFailureReturnsTheLastObservationMarkedStale() {
        let provider = FakeWeatherProvider(observation: observation(21.5))
        let cache = FakeWeatherCache()
        let clock = MovableClock(t0)
        let service = WeatherService(provider: provider, cache: cache, clock: clock)
        _ = service.report(latitude: seoul.latitude, longitude: seoul.longitude)

        provider.set { $0.fails = true }
        clock.advance(by: 3 * 3600)
        let report = service.report(latitude: seoul.latitude, longitude: seoul.longitude)

        #expect(report == WeatherReport(observation: observation(21.5), isStale: true, isConfigured: true))
        #expect(provider.callCount == 2)
        // The stale entry stays as it was; a failing provider is asked again only after a minute.
        #expect(cache.saves == 1)
        _ = service.report(latitude: seoul.latitude, longitude: seoul.longitude)
        #expect(provider.callCount == 2)
        clock.advance(by: WeatherService.retryDelay)
        provider.set { $0.fails = false }
        let renewed = service.report(latitude: seoul.latitude, longitude: seoul.longitude)
        #expect(provider.callCount == 3 && renewed.isStale == false)
    }

    @Test func aProviderFailureWithNothingCachedReturnsNoObservation() {
        let provider = FakeWeatherProvider()
        provider.set { $0.fails = true }
        let service = WeatherService(provider: provider, cache: FakeWeatherCache(), clock: FixedClock(t0))

        let report = service.report(latitude: seoul.latitude, longitude: seoul.longitude)

        #expect(report == WeatherReport(observation: nil, isStale: false, isConfigured: true))
        #expect(provider.callCount == 1)
    }

    @Test func unconfiguredWithNothingCachedReturnsNoObservation() {
        let provider = FakeWeatherProvider(isConfigured: false)
        let service = WeatherService(provider: provider, cache: FakeWeatherCache(), clock: FixedClock(t0))

        let report = service.report(latitude: seoul.latitude, longitude: seoul.longitude)

        #expect(report.observation == nil)
        #expect(report.isConfigured == false)
        #expect(provider.callCount == 0)
    }

    @Test func unconfiguredWithAnOldObservationShowsItStale() {
        let provider = FakeWeatherProvider(isConfigured: false)
        let cache = FakeWeatherCache()
        cache.memory.seed { $0.weather["37.57,126.98"] = CachedWeather(observation: observation(21.5), fetchedAt: t0.addingTimeInterval(-86_400)) }
        let service = WeatherService(provider: provider, cache: cache, clock: FixedClock(t0))

        let report = service.report(latitude: seoul.latitude, longitude: seoul.longitude)

        #expect(report == WeatherReport(observation: observation(21.5), isStale: true, isConfigured: false))
        #expect(provider.callCount == 0)
    }

    @Test func theUnconfiguredProviderSaysSo() {
        let provider = UnconfiguredWeatherProvider()
        #expect(!provider.isConfigured)
        #expect {
            try provider.current(latitude: 1, longitude: 2)
        } throws: { error in
            (error as? AppError)?.kind == .unavailable && (error as? AppError)?.code == "weather_not_configured"
        }
        let service = WeatherService(provider: provider, cache: FakeWeatherCache(), clock: FixedClock(t0))
        #expect(service.report(latitude: 1, longitude: 2) == WeatherReport(observation: nil, isStale: false, isConfigured: false))
    }

    @Test func aCacheThatCannotBeReadStillGivesTheProvidersObservation() {
        let provider = FakeWeatherProvider(observation: observation(21.5))
        let cache = FakeWeatherCache()
        cache.memory.fail(.weatherCached)
        let service = WeatherService(provider: provider, cache: cache, clock: FixedClock(t0))

        let report = service.report(latitude: seoul.latitude, longitude: seoul.longitude)

        #expect(report == WeatherReport(observation: observation(21.5), isStale: false, isConfigured: true))
    }

    @Test func aCacheThatCannotBeWrittenStillGivesTheProvidersObservation() {
        let provider = FakeWeatherProvider(observation: observation(21.5))
        let cache = FakeWeatherCache()
        cache.memory.fail(.weatherSave)
        let service = WeatherService(provider: provider, cache: cache, clock: FixedClock(t0))

        let report = service.report(latitude: seoul.latitude, longitude: seoul.longitude)

        #expect(report == WeatherReport(observation: observation(21.5), isStale: false, isConfigured: true))
        #expect(cache.keys.isEmpty)
    }

    @Test func aBrokenCacheAndAFailingProviderGiveNoObservation() {
        let provider = FakeWeatherProvider()
        provider.set { $0.fails = true }
        let cache = FakeWeatherCache()
        cache.memory.fail(.weatherCached)
        cache.memory.fail(.weatherSave)
        let service = WeatherService(provider: provider, cache: cache, clock: FixedClock(t0))

        #expect(service.report(latitude: seoul.latitude, longitude: seoul.longitude)
                == WeatherReport(observation: nil, isStale: false, isConfigured: true))
    }

    @Test func anEntryFromTheFutureIsNotTrustedAsFresh() {
        let provider = FakeWeatherProvider(observation: observation(18))
        let cache = FakeWeatherCache()
        cache.memory.seed { $0.weather["37.57,126.98"] = CachedWeather(observation: observation(21.5), fetchedAt: t0.addingTimeInterval(3600)) }
        let service = WeatherService(provider: provider, cache: cache, clock: FixedClock(t0))

        #expect(service.report(latitude: seoul.latitude, longitude: seoul.longitude).observation == observation(18))
        #expect(provider.callCount == 1)
    }

    @Test func nonFiniteCoordinatesAskNobody() {
        let provider = FakeWeatherProvider(observation: observation(18))
        let service = WeatherService(provider: provider, cache: FakeWeatherCache(), clock: FixedClock(t0))

        #expect(service.report(latitude: .nan, longitude: 10) == WeatherReport(observation: nil, isStale: false, isConfigured: true))
        #expect(service.report(latitude: 10, longitude: .infinity).observation == nil)
        #expect(provider.callCount == 0)
    }
}
