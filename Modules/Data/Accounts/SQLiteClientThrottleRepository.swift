import FoundationEssentials
import Core
import Domain

/// Allowances per client in the `client_throttles` table (clients as digests, rows deleted
/// once whole again).
public struct SQLiteClientThrottleRepository: ClientThrottleRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func throttle(scope: String, client: String) throws -> ClientThrottle? {
        try database.queryOne("SELECT full_at FROM client_throttles WHERE scope = ? AND client = ?", [.text(scope), .text(client)])
            .map { row in ClientThrottle(scope: scope, client: client, fullAt: try row.get("full_at")) }
    }

    public func save(_ throttle: ClientThrottle) throws {
        try database.execute(
            """
            INSERT INTO client_throttles (scope, client, full_at) VALUES (?, ?, ?)
            ON CONFLICT (scope, client) DO UPDATE SET full_at = excluded.full_at
            """,
            [.text(throttle.scope), .text(throttle.client), throttle.fullAt.sqlValue])
    }

    public func removeThrottles(fullBy date: Date) throws {
        try database.execute("DELETE FROM client_throttles WHERE full_at <= ?", [date.sqlValue])
    }
}
