import Foundation
import Dispatch
import Synchronization
import Testing
import Core
import Domain
import HTTP
import Server
@testable import Weather

// MARK: - A fake OpenWeather on loopback

/// The requests the fake server saw.
final class RequestLog: Sendable {
    let requests = Mutex<[HTTPRequest]>([])
    var all: [HTTPRequest] { requests.withLock { $0 } }
}

/// A local OpenWeather: `GET /data/2.5/weather` answered by `respond`, on a free port.
struct FakeOpenWeather {
    let server: HTTPServer
    let log = RequestLog()

    var baseURL: String { "http://127.0.0.1:\(server.port)" }

    init(_ respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        let log = self.log
        let operation = OpenAPIOperation(summary: "fake OpenWeather", tag: "test",
                                         responses: [("200", OpenAPISchema.emptyResponse("OK"))])
        var router = Router()
        router.add(Route("GET", "/data/2.5/weather", requiresAuth: false, operation: operation) { request in
            log.requests.withLock { $0.append(request) }
            return respond(request)
        })
        let application = HTTPApplication(router: router, logger: nil, authenticate: { _ in nil })
        server = HTTPServer(application: application, configuration: .init(host: "127.0.0.1", port: 0, threads: 2))
        try server.start()
    }

    static func json(_ body: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: Data(body.utf8))
    }
}

/// The `AppError` that `body` throws (fails the test when it throws something else or nothing).
func appError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> AppError? {
    do {
        try body()
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch let error as AppError {
        return error
    } catch {
        Issue.record("expected an AppError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

// MARK: - Tests

@Suite("OpenWeather provider")
struct OpenWeatherProviderTests {
    let key = "0123456789abcdef0123456789abcdef"
    /// A bound that only a stuck run reaches: the fake answers on loopback at once.
    static let patience: TimeInterval = 60

    @Test func asksForTheCurrentWeatherInMetricUnits() throws {
        let fake = try FakeOpenWeather { _ in FakeOpenWeather.json(OpenWeatherResponses.seoulClear) }
        defer { fake.server.stop() }
        let provider = OpenWeatherProvider(apiKey: key, baseURL: fake.baseURL, timeout: Self.patience)

        _ = try provider.current(latitude: 37.5665, longitude: 126.978)

        let request = try #require(fake.log.all.first)
        #expect(fake.log.all.count == 1)
        #expect(request.method == "GET")
        #expect(request.path == "/data/2.5/weather")
        #expect(request.query == ["lat": "37.5665", "lon": "126.9780", "appid": key, "units": "metric"])
    }

    @Test func parsesAClearDay() throws {
        let fake = try FakeOpenWeather { _ in FakeOpenWeather.json(OpenWeatherResponses.seoulClear) }
        defer { fake.server.stop() }
        let provider = OpenWeatherProvider(apiKey: key, baseURL: fake.baseURL, timeout: Self.patience)

        let observation = try provider.current(latitude: 37.5665, longitude: 126.978)

        #expect(observation == WeatherObservation(
            temperatureC: 21.34, description: "clear sky", icon: "01d", city: "Seoul",
            observedAt: Date(timeIntervalSince1970: 1_715_058_000),
            sunrise: Date(timeIntervalSince1970: 1_715_026_853), sunset: Date(timeIntervalSince1970: 1_715_077_204)))
    }

    @Test func parsesARainyNightWithSeveralConditions() throws {
        let fake = try FakeOpenWeather { _ in FakeOpenWeather.json(OpenWeatherResponses.lisbonRainNight) }
        defer { fake.server.stop() }
        let provider = OpenWeatherProvider(apiKey: key, baseURL: fake.baseURL + "/", timeout: Self.patience)

        let observation = try provider.current(latitude: 38.7223, longitude: -9.1393)

        #expect(observation.temperatureC == 9)
        #expect(observation.description == "moderate rain")
        #expect(observation.icon == "10n")
        #expect(observation.city == "Lisbon")
        #expect(observation.observedAt == Date(timeIntervalSince1970: 1_736_890_800))
        #expect(observation.sunset == Date(timeIntervalSince1970: 1_736_876_521))
        #expect(fake.log.all.first?.query["lon"] == "-9.1393")
        #expect(fake.log.all.first?.path == "/data/2.5/weather")
    }

    @Test func percentEncodesTheQuery() throws {
        let fake = try FakeOpenWeather { _ in FakeOpenWeather.json(OpenWeatherResponses.seoulClear) }
        defer { fake.server.stop() }
        let oddKey = "a+b/c&d=e f%g?é"
        let provider = OpenWeatherProvider(apiKey: oddKey, baseURL: fake.baseURL, timeout: Self.patience)

        _ = try provider.current(latitude: 0.00001, longitude: -0.5)

        let request = try #require(fake.log.all.first)
        #expect(request.query == ["lat": "0.0000", "lon": "-0.5000", "appid": oddKey, "units": "metric"])
        #expect(PercentEncoding.encode(oddKey) == "a%2Bb%2Fc%26d%3De%20f%25g%3F%C3%A9")
    }

    @Test func aRefusedKeyIsUnavailableWithoutTheKeyInTheMessage() throws {
        let fake = try FakeOpenWeather { _ in FakeOpenWeather.json(OpenWeatherResponses.invalidKey, status: 401) }
        defer { fake.server.stop() }
        let provider = OpenWeatherProvider(apiKey: key, baseURL: fake.baseURL, timeout: Self.patience)

        let error = try #require(appError { _ = try provider.current(latitude: 37.5665, longitude: 126.978) })

        #expect(error.kind == .unavailable)
        #expect(error.code == "weather_unavailable")
        #expect(error.message.contains("401"))
        #expect(!error.message.contains(key))
        #expect(!error.description.contains(key))
        #expect(!String(describing: error).contains(key))
    }

    @Test(arguments: [(429, OpenWeatherResponses.rateLimited), (500, "{}"), (503, "<html>busy</html>"), (404, #"{"cod":"404","message":"city not found"}"#)])
    func anErrorStatusIsUnavailableWithTheStatus(status: Int, body: String) throws {
        let fake = try FakeOpenWeather { _ in FakeOpenWeather.json(body, status: status) }
        defer { fake.server.stop() }
        let provider = OpenWeatherProvider(apiKey: key, baseURL: fake.baseURL, timeout: Self.patience)

        let error = try #require(appError { _ = try provider.current(latitude: 1, longitude: 2) })

        #expect(error.kind == .unavailable)
        #expect(error.code == "weather_unavailable")
        #expect(error.message.contains("\(status)"))
        #expect(!error.message.contains(key))
    }

    @Test(arguments: [
        "{not json",
        "",
        #"{"cod":200,"name":"Nowhere","dt":1715058000,"weather":[{"description":"clear sky","icon":"01d"}]}"#,
        #"{"cod":200,"name":"Nowhere","dt":1715058000,"main":{"temp":20},"weather":[]}"#,
        #"{"cod":200,"name":"Nowhere","dt":"yesterday","main":{"temp":20},"weather":[{"description":"clear sky","icon":"01d"}]}"#,
        #"[1, 2, 3]"#,
    ])
    func malformedOrIncompleteJSONIsUnavailable(body: String) throws {
        let fake = try FakeOpenWeather { _ in FakeOpenWeather.json(body) }
        defer { fake.server.stop() }
        let provider = OpenWeatherProvider(apiKey: key, baseURL: fake.baseURL, timeout: Self.patience)

        let error = try #require(appError { _ = try provider.current(latitude: 1, longitude: 2) })

        #expect(error.kind == .unavailable)
        #expect(error.code == "weather_unavailable")
        #expect(!error.message.contains(key))
    }

    @Test func aSlowServerTimesOut() throws {
        // The fake holds the request until the test lets it go; the provider's timer runs out as
        // soon as the request is held, so nothing here depends on how fast the machine is.
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let fake = try FakeOpenWeather { _ in
            held.signal()
            _ = release.wait(timeout: .now() + Self.patience)
            return FakeOpenWeather.json(OpenWeatherResponses.seoulClear)
        }
        defer { fake.server.stop() }
        defer { release.signal() }
        let timer = ExpiresWhenHeld(held: held)
        let provider = OpenWeatherProvider(apiKey: key, baseURL: fake.baseURL, timeout: 0.5, timer: timer)

        let error = try #require(appError { _ = try provider.current(latitude: 1, longitude: 2) })

        #expect(timer.expired.isOn, "the request never reached the fake server")
        #expect(error.kind == .unavailable)
        #expect(error.code == "weather_unavailable")
        #expect(error.message == "the weather service did not answer within 0.5 s", "\(error.message)")
        #expect(!error.message.contains(key))
    }

    @Test func aRefusedConnectionIsUnavailableAtOnce() throws {
        // A port that was just free: bind it with a server, then stop the server.
        let closed = try FakeOpenWeather { _ in FakeOpenWeather.json("{}") }
        let port = closed.server.port
        closed.server.stop()
        // A timer that never runs out by itself: the call must end on the refusal, not on a timeout.
        let provider = OpenWeatherProvider(apiKey: key, baseURL: "http://127.0.0.1:\(port)", timeout: Self.patience,
                                           timer: Patient())

        let error = try #require(appError { _ = try provider.current(latitude: 1, longitude: 2) })

        #expect(error.kind == .unavailable)
        #expect(error.code == "weather_unavailable")
        #expect(error.message == "the weather service cannot be reached (connection failed)", "\(error.message)")
        #expect(!error.message.contains(key))
    }

    @Test func theSystemTimerReportsAnAnswerOrTheTimeRunningOut() {
        let answered = DispatchSemaphore(value: 0)
        answered.signal()
        #expect(SystemAnswerTimer().wait(for: answered, upTo: Self.patience))
        #expect(!SystemAnswerTimer().wait(for: DispatchSemaphore(value: 0), upTo: 0.001))
    }

    @Test func anInvalidBaseURLIsUnavailable() {
        let provider = OpenWeatherProvider(apiKey: key, baseURL: "not a url", timeout: 1)
        let error = appError { _ = try provider.current(latitude: 1, longitude: 2) }
        #expect(error?.code == "weather_unavailable")
        #expect(error?.message.contains(key) == false)
    }

    @Test func coordinatesOutOfRangeAreInvalidInput() {
        let provider = OpenWeatherProvider(apiKey: key, baseURL: "http://127.0.0.1:9", timeout: 1)
        #expect(appError { _ = try provider.current(latitude: 91, longitude: 0) }?.kind == .invalidInput)
        #expect(appError { _ = try provider.current(latitude: 0, longitude: .nan) }?.kind == .invalidInput)
    }

    @Test func theEnvironmentSetsTheKeyAndTheBaseURL() throws {
        let fake = try FakeOpenWeather { _ in FakeOpenWeather.json(OpenWeatherResponses.seoulClear) }
        defer { fake.server.stop() }
        let provider = OpenWeatherProvider.fromEnvironment(["OPENWEATHER_API_KEY": key, "TEND_OPENWEATHER_URL": fake.baseURL])

        #expect(provider.isConfigured)
        #expect(try provider.current(latitude: 37.5665, longitude: 126.978).city == "Seoul")
        #expect(fake.log.all.first?.query["appid"] == key)
    }

    @Test func withoutAKeyItIsNotConfiguredAndAsksNobody() throws {
        let fake = try FakeOpenWeather { _ in FakeOpenWeather.json(OpenWeatherResponses.seoulClear) }
        defer { fake.server.stop() }
        for environment in [["TEND_OPENWEATHER_URL": fake.baseURL],
                            ["OPENWEATHER_API_KEY": "", "TEND_OPENWEATHER_URL": fake.baseURL]] {
            let provider = OpenWeatherProvider.fromEnvironment(environment)
            #expect(!provider.isConfigured)
            let error = appError { _ = try provider.current(latitude: 1, longitude: 2) }
            #expect(error?.kind == .unavailable)
            #expect(error?.code == "weather_not_configured")
        }
        #expect(OpenWeatherProvider(apiKey: nil).isConfigured == false)
        #expect(OpenWeatherProvider.fromEnvironment([:]).baseURL == "https://api.openweathermap.org")
        #expect(fake.log.all.isEmpty)
    }

    @Test func theServiceKeepsTheLastObservationWhenOpenWeatherFails() throws {
        let failing = Flag()
        let fake = try FakeOpenWeather { _ in
            failing.isOn ? FakeOpenWeather.json("{}", status: 502) : FakeOpenWeather.json(OpenWeatherResponses.seoulClear)
        }
        defer { fake.server.stop() }
        let cache = DictionaryWeatherCache()
        let t0 = Date(timeIntervalSince1970: 1_715_058_000)
        let provider = OpenWeatherProvider(apiKey: key, baseURL: fake.baseURL, timeout: Self.patience)

        let first = WeatherService(provider: provider, cache: cache, clock: FixedClock(t0)).report(latitude: 37.5665, longitude: 126.978)
        failing.isOn = true
        let later = WeatherService(provider: provider, cache: cache, clock: FixedClock(t0.addingTimeInterval(3600)))
            .report(latitude: 37.5665, longitude: 126.978)

        #expect(first.observation?.city == "Seoul" && !first.isStale && first.isConfigured)
        #expect(later.observation == first.observation && later.isStale)
        #expect(fake.log.all.count == 2)
    }
}

/// The provider's timer in a test: the time runs out as soon as the fake server holds the
/// request (or, failing that, after a bound only a stuck run reaches).
final class ExpiresWhenHeld: AnswerTimer {
    let held: DispatchSemaphore
    let expired = Flag()

    init(held: DispatchSemaphore) { self.held = held }

    func wait(for answered: DispatchSemaphore, upTo timeout: TimeInterval) -> Bool {
        expired.isOn = held.wait(timeout: .now() + OpenWeatherProviderTests.patience) == .success
        return false
    }
}

/// A timer that waits for the answer (up to a bound only a stuck run reaches).
struct Patient: AnswerTimer {
    func wait(for answered: DispatchSemaphore, upTo timeout: TimeInterval) -> Bool {
        answered.wait(timeout: .now() + OpenWeatherProviderTests.patience) == .success
    }
}

/// A switch the test flips while the fake server runs.
final class Flag: Sendable {
    private let value = Mutex(false)
    var isOn: Bool {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

/// A dictionary cache for the end-to-end check with `WeatherService`.
final class DictionaryWeatherCache: WeatherCacheRepository {
    let entries = Mutex<[String: (observation: WeatherObservation, fetchedAt: Date)]>([:])

    func cached(key: String) throws -> (observation: WeatherObservation, fetchedAt: Date)? {
        entries.withLock { $0[key] }
    }

    func save(key: String, observation: WeatherObservation, fetchedAt: Date) throws {
        entries.withLock { $0[key] = (observation, fetchedAt) }
    }
}
