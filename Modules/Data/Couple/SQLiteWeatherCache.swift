import FoundationEssentials
import Core
import Domain

/// The last weather observation per place in the `weather_cache` table: the observation as
/// JSON (dates in Unix ms), and when it was fetched (Unix ms). Not user data: it is not synced.
public struct SQLiteWeatherCache: WeatherCacheRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    /// The entry for `key`; an entry that cannot be decoded (an older payload shape, a damaged
    /// row) counts as not cached, so the next fetch replaces it.
    public func cached(key: String) throws -> (observation: WeatherObservation, fetchedAt: Date)? {
        guard let row = try database.queryOne("SELECT payload, fetched_at FROM weather_cache WHERE key = ?", [.text(key)]),
              case .text(let payload) = row["payload"],
              let fetchedAt = Date(sqlValue: row["fetched_at"]),
              let observation = try? Self.decoder.decode(WeatherObservation.self, from: Data(payload.utf8)) else {
            return nil
        }
        return (observation, fetchedAt)
    }

    public func save(key: String, observation: WeatherObservation, fetchedAt: Date) throws {
        let payload = String(decoding: try Self.encoder.encode(observation), as: UTF8.self)
        try database.execute(
            """
            INSERT INTO weather_cache (key, payload, fetched_at) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET payload = excluded.payload, fetched_at = excluded.fetched_at
            """,
            [.text(key), .text(payload), fetchedAt.sqlValue])
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }
}
