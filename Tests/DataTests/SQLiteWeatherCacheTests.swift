import Foundation
import Testing
import Core
import Domain
@testable import Data

@Suite("Weather cache on SQLite")
struct SQLiteWeatherCacheTests {
    let cache: SQLiteWeatherCache
    /// The stored form of a row, and damaged rows written on purpose.
    let storage: StorageChecks
    let t0 = Date(timeIntervalSince1970: 1_764_500_000)

    init() throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database)
        cache = SQLiteWeatherCache(database: database)
        storage = StorageChecks(database: database)
    }

    func observation(_ temperature: Double, sun: Bool = true) -> WeatherObservation {
        WeatherObservation(temperatureC: temperature, description: "흐림, overcast clouds", icon: "04n", city: "Seoul",
                           observedAt: t0.addingTimeInterval(-120),
                           sunrise: sun ? t0.addingTimeInterval(-30_000) : nil,
                           sunset: sun ? t0.addingTimeInterval(10_000.5) : nil)
    }

    @Test func anUnknownKeyIsNotCached() throws {
        #expect(try cache.cached(key: "37.57,126.98") == nil)
    }

    @Test func roundTrip() throws {
        try cache.save(key: "37.57,126.98", observation: observation(-3.25), fetchedAt: t0)
        let stored = try #require(try cache.cached(key: "37.57,126.98"))
        #expect(stored.observation == observation(-3.25))
        #expect(stored.fetchedAt == t0)
        #expect(try cache.cached(key: "37.57,126.99") == nil)
    }

    @Test func anObservationWithoutSunTimesRoundTrips() throws {
        try cache.save(key: "78.22,15.65", observation: observation(-12, sun: false), fetchedAt: t0)
        let stored = try #require(try cache.cached(key: "78.22,15.65"))
        #expect(stored.observation == observation(-12, sun: false))
    }

    @Test func savingAgainReplacesTheEntry() throws {
        try cache.save(key: "37.57,126.98", observation: observation(1), fetchedAt: t0)
        try cache.save(key: "37.57,126.98", observation: observation(2), fetchedAt: t0.addingTimeInterval(900))
        let stored = try #require(try cache.cached(key: "37.57,126.98"))
        #expect(stored.observation.temperatureC == 2)
        #expect(stored.fetchedAt == t0.addingTimeInterval(900))
    }

    @Test func theRowHoldsJSONAndUnixMilliseconds() throws {
        try cache.save(key: "37.57,126.98", observation: observation(5), fetchedAt: t0)
        let row = try #require(try storage.row(in: "weather_cache", where: "key = ?", [.text("37.57,126.98")]))
        #expect(try row.get("fetched_at", as: Int64.self) == 1_764_500_000_000)
        let payload = try row.get("payload", as: String.self)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any])
        #expect(object["city"] as? String == "Seoul")
        #expect((object["observedAt"] as? NSNumber)?.int64Value == 1_764_499_880_000)
    }

    @Test func anUnreadablePayloadCountsAsNotCached() throws {
        try storage.insertRaw(into: "weather_cache", columns: ["key", "payload", "fetched_at"], [.text("1.00,2.00"), .text("{not json"), t0.sqlValue])
        try storage.insertRaw(into: "weather_cache", columns: ["key", "payload", "fetched_at"],
                              [.text("3.00,4.00"), .text(#"{"city":"Old shape"}"#), t0.sqlValue])
        #expect(try cache.cached(key: "1.00,2.00") == nil)
        #expect(try cache.cached(key: "3.00,4.00") == nil)

        // The next fetch replaces the broken entry.
        try cache.save(key: "1.00,2.00", observation: observation(7), fetchedAt: t0)
        #expect(try cache.cached(key: "1.00,2.00")?.observation == observation(7))
    }
}
