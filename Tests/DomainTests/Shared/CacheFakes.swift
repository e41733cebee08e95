import Domain
import Foundation

// MARK: - WeatherCacheRepository

/// The last observation per key. A test makes reads or writes fail with
/// `memory.fail(.weatherCached)` / `memory.fail(.weatherSave)`.
final class FakeWeatherCache: WeatherCacheRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase = FakeDatabase()) { self.memory = memory }

    func cached(key: String) throws -> (observation: WeatherObservation, fetchedAt: Date)? {
        try memory.read(.weatherCached, key) { tables in tables.weather[key].map { ($0.observation, $0.fetchedAt) } }
    }

    func save(key: String, observation: WeatherObservation, fetchedAt: Date) throws {
        try memory.write(.weatherSave, key) { $0.weather[key] = CachedWeather(observation: observation, fetchedAt: fetchedAt) }
    }

    /// The keys cached, sorted.
    var keys: [String] { memory.read { $0.weather.keys.sorted() } }
    var saves: Int { memory.count(.weatherSave) }
}

// MARK: - ClientCache

/// One payload per key, replaced on save.
final class FakeClientCache: ClientCache {
    let memory: FakeDatabase

    init(memory: FakeDatabase = FakeDatabase()) { self.memory = memory }

    func value(key: String) throws -> (payload: Data, savedAt: Date)? {
        memory.read { tables in tables.clientCache[key].map { ($0.payload, $0.savedAt) } }
    }

    func save(key: String, payload: Data, at date: Date) throws {
        try memory.write(.clientCacheSave, key) { $0.clientCache[key] = CachedPayload(payload: payload, savedAt: date) }
    }

    func remove(key: String) throws {
        try memory.write(.clientCacheRemove, key) { $0.clientCache[key] = nil }
    }
}
