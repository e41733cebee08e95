import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Dispatch
import Synchronization
import Core
import Domain

/// How the provider bounds its wait for OpenWeather's answer. The live one waits on the
/// system's monotonic time; a test decides by an event (its fake server holding the request),
/// so that the timeout is tested without measuring how long anything took.
public protocol AnswerTimer: Sendable {
    /// Waits until `answered` is signalled or `timeout` seconds have passed; false when the
    /// time ran out first.
    func wait(for answered: DispatchSemaphore, upTo timeout: TimeInterval) -> Bool
}

/// The provider's timer on the system's monotonic time.
public struct SystemAnswerTimer: AnswerTimer {
    public init() {}

    public func wait(for answered: DispatchSemaphore, upTo timeout: TimeInterval) -> Bool {
        answered.wait(timeout: .now() + timeout) == .success
    }
}

/// Current weather from OpenWeather's `/data/2.5/weather` (metric units), asked synchronously
/// with a bounded wait. Every failure is an `AppError.unavailable` with the code
/// `weather_unavailable`; the API key never appears in an error message.
public struct OpenWeatherProvider: WeatherProvider {
    /// The key, nil when unset (an empty key counts as unset).
    let apiKey: String?
    let baseURL: String
    let timeout: TimeInterval
    let timer: any AnswerTimer
    let session: URLSession

    public init(apiKey: String?, baseURL: String = "https://api.openweathermap.org", timeout: TimeInterval = 3,
                timer: any AnswerTimer = SystemAnswerTimer()) {
        self.apiKey = apiKey?.nilIfBlank
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.timeout = timeout > 0 && timeout.isFinite ? timeout : 3
        self.timer = timer
        // URLSession's own timers only back ours up: swift-corelibs-foundation truncates a
        // timeout to whole seconds (0.5 s would fail at once), so they get a second more than
        // `send`'s wait, which bounds the call precisely.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Self.sessionTimeout(self.timeout)
        configuration.timeoutIntervalForResource = Self.sessionTimeout(self.timeout)
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    /// The provider the environment describes: the key from `OPENWEATHER_API_KEY` (empty means
    /// unset), the base URL from `TEND_OPENWEATHER_URL` (a local fake in tests).
    public static func fromEnvironment(_ environment: [String: String]) -> OpenWeatherProvider {
        let base = environment["TEND_OPENWEATHER_URL"]?.nilIfBlank ?? "https://api.openweathermap.org"
        return OpenWeatherProvider(apiKey: environment["OPENWEATHER_API_KEY"], baseURL: base)
    }

    public var isConfigured: Bool { apiKey != nil }

    public func current(latitude: Double, longitude: Double) throws -> WeatherObservation {
        guard let apiKey else {
            throw AppError.unavailable("weather is not configured", code: "weather_not_configured")
        }
        guard latitude.isFinite, (-90...90).contains(latitude), longitude.isFinite, (-180...180).contains(longitude) else {
            throw AppError.invalidInput("a place needs a latitude between -90 and 90 and a longitude between -180 and 180",
                                        code: "invalid_coordinates")
        }
        let request = try makeRequest(latitude: latitude, longitude: longitude, apiKey: apiKey)
        let (data, status) = try send(request)
        guard (200..<300).contains(status) else {
            throw Self.unavailable(Self.statusMessage(status))
        }
        return try Self.parse(data)
    }

    // MARK: - Request

    func makeRequest(latitude: Double, longitude: Double, apiKey: String) throws -> URLRequest {
        let query = [
            ("lat", Self.coordinate(latitude)),
            ("lon", Self.coordinate(longitude)),
            ("appid", apiKey),
            ("units", "metric"),
        ].map { "\(PercentEncoding.encode($0.0))=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
        // The base URL is configuration, not a secret: it may be named; the full URL may not.
        guard let url = URL(string: "\(baseURL)/data/2.5/weather?\(query)"), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil else {
            throw Self.unavailable("the weather service URL '\(baseURL)' is not a valid http(s) URL")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData,
                                 timeoutInterval: Self.sessionTimeout(timeout))
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    /// Degrees with four decimals (about 11 m), never in exponent form.
    static func coordinate(_ value: Double) -> String {
        String(format: "%.4f", value)
    }

    // MARK: - Transport

    /// What the data task reported, handed from URLSession's queue to the waiting caller.
    private final class Outcome: Sendable {
        let value = Mutex<(data: Data?, response: URLResponse?, error: (any Error)?)?>(nil)
    }

    /// URLSession's timeout: whole seconds, one more than the provider's own.
    static func sessionTimeout(_ timeout: TimeInterval) -> TimeInterval {
        timeout.rounded(.up) + 1
    }

    /// Sends the request and waits at most the timeout; the caller's thread blocks (the
    /// provider's API is synchronous), no task or actor is involved.
    func send(_ request: URLRequest) throws -> (Data, Int) {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            outcome.value.withLock { $0 = (data, response, error) }
            done.signal()
        }
        task.resume()
        if !timer.wait(for: done, upTo: timeout) {
            task.cancel()
            throw Self.timedOut(timeout)
        }
        guard let result = outcome.value.withLock({ $0 }) else {
            throw Self.unavailable("the weather service gave no answer")
        }
        if let error = result.error {
            // Never interpolate the error itself: its description carries the URL, key included.
            throw Self.transportError(error)
        }
        guard let http = result.response as? HTTPURLResponse else {
            throw Self.unavailable("the weather service gave no HTTP answer")
        }
        return (result.data ?? Data(), http.statusCode)
    }

    static func transportError(_ error: any Error) -> AppError {
        guard let urlError = error as? URLError else {
            return unavailable("the weather service cannot be reached")
        }
        switch urlError.code {
        case .timedOut:
            return unavailable("the weather service did not answer in time")
        case .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet:
            return unavailable("the weather service cannot be reached (connection failed)")
        case .cannotFindHost, .dnsLookupFailed:
            return unavailable("the weather service cannot be reached (unknown host)")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return unavailable("the weather service cannot be reached (TLS failure)")
        default:
            return unavailable("the weather service cannot be reached (URL error \(urlError.code.rawValue))")
        }
    }

    static func timedOut(_ timeout: TimeInterval) -> AppError {
        unavailable("the weather service did not answer within \(round2(timeout)) s")
    }

    static func statusMessage(_ status: Int) -> String {
        switch status {
        case 401: "the weather service refused the API key (HTTP 401)"
        case 404: "the weather service has no weather for this place (HTTP 404)"
        case 429: "the weather service's request limit is reached (HTTP 429)"
        case 500...599: "the weather service failed (HTTP \(status))"
        default: "the weather service answered HTTP \(status)"
        }
    }

    static func unavailable(_ message: String) -> AppError {
        AppError.unavailable(message, code: "weather_unavailable")
    }

    // MARK: - Response

    /// The fields Tend reads from OpenWeather's current-weather answer.
    struct Response: Decodable {
        struct Main: Decodable { let temp: Double }
        struct Condition: Decodable {
            let description: String
            let icon: String
        }
        struct Sys: Decodable {
            let sunrise: Double?
            let sunset: Double?
        }
        let main: Main
        let weather: [Condition]
        let name: String
        let dt: Double
        let sys: Sys?
    }

    static func parse(_ data: Data) throws -> WeatherObservation {
        let response: Response
        do {
            response = try JSONDecoder().decode(Response.self, from: data)
        } catch {
            throw unavailable("the weather service's answer is not the expected JSON")
        }
        guard let condition = response.weather.first else {
            throw unavailable("the weather service's answer names no weather condition")
        }
        guard response.main.temp.isFinite, response.dt.isFinite else {
            throw unavailable("the weather service's answer holds an invalid number")
        }
        return WeatherObservation(
            temperatureC: response.main.temp, description: condition.description, icon: condition.icon,
            city: response.name, observedAt: Date(timeIntervalSince1970: response.dt),
            sunrise: response.sys?.sunrise.map { Date(timeIntervalSince1970: $0) },
            sunset: response.sys?.sunset.map { Date(timeIntervalSince1970: $0) })
    }
}
