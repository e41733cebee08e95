import FoundationEssentials
import Core
import Domain

/// `ClientCache` in the `client_cache` table: one payload per key, replaced on save.
public struct SQLiteClientCache: ClientCache {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func value(key: String) throws -> (payload: Data, savedAt: Date)? {
        guard let row = try database.queryOne("SELECT payload, saved_at FROM client_cache WHERE key = ?", [.text(key)]) else { return nil }
        return (Data(try row.get("payload", as: String.self).utf8), try row.get("saved_at"))
    }

    public func save(key: String, payload: Data, at date: Date) throws {
        try database.write {
            try database.execute(
                """
                INSERT INTO client_cache (key, payload, saved_at) VALUES (?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET payload = excluded.payload, saved_at = excluded.saved_at
                """, [.text(key), .text(String(decoding: payload, as: UTF8.self)), date.sqlValue])
        }
    }

    public func remove(key: String) throws {
        try database.execute("DELETE FROM client_cache WHERE key = ?", [.text(key)])
    }
}
