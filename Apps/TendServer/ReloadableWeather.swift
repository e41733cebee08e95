import Synchronization
import Domain
import Weather

/// The OpenWeather provider behind a lock, so that SIGHUP can give a running server a new key
/// (or take it away) without a restart; a request in flight finishes with the provider it took.
final class ReloadableWeather: WeatherProvider {
    private let provider: Mutex<OpenWeatherProvider>

    init(_ provider: OpenWeatherProvider) {
        self.provider = Mutex(provider)
    }

    func replace(with provider: OpenWeatherProvider) {
        self.provider.withLock { $0 = provider }
    }

    var isConfigured: Bool { provider.withLock { $0.isConfigured } }

    func current(latitude: Double, longitude: Double) throws -> WeatherObservation {
        try provider.withLock { $0 }.current(latitude: latitude, longitude: longitude)
    }
}
