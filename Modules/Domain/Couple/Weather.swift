import FoundationEssentials

/// The current weather at a place, as a provider reported it.
public struct WeatherObservation: Sendable, Equatable, Codable {
    public var temperatureC: Double
    public var description: String
    /// The provider's icon code (OpenWeather's `01d`, `10n`, …).
    public var icon: String
    /// The place the provider named (may differ from the member's own city name).
    public var city: String
    public var observedAt: Date
    public var sunrise: Date?
    public var sunset: Date?

    public init(temperatureC: Double, description: String, icon: String, city: String, observedAt: Date,
                sunrise: Date? = nil, sunset: Date? = nil) {
        self.temperatureC = temperatureC
        self.description = description
        self.icon = icon
        self.city = city
        self.observedAt = observedAt
        self.sunrise = sunrise
        self.sunset = sunset
    }
}

/// Where current weather comes from (OpenWeather in `Services`; a fake in tests).
public protocol WeatherProvider: Sendable {
    /// false when no key is set: the home then says "weather not configured" without asking.
    var isConfigured: Bool { get }
    func current(latitude: Double, longitude: Double) throws -> WeatherObservation
}

/// The last observation per place, so that the home has weather at once and a failing
/// provider still leaves the last known one.
public protocol WeatherCacheRepository: Sendable {
    func cached(key: String) throws -> (observation: WeatherObservation, fetchedAt: Date)?
    func save(key: String, observation: WeatherObservation, fetchedAt: Date) throws
}

/// What the home shows for one member's place.
public struct WeatherReport: Sendable, Equatable {
    /// nil when there is nothing to show (not configured and nothing cached, or never fetched).
    public var observation: WeatherObservation?
    /// true when the observation is older than the cache's lifetime (the provider failed).
    public var isStale: Bool
    public var isConfigured: Bool

    public init(observation: WeatherObservation?, isStale: Bool, isConfigured: Bool) {
        self.observation = observation
        self.isStale = isStale
        self.isConfigured = isConfigured
    }
}
