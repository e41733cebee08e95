import FoundationEssentials
import Core
import Domain

/// Where each pull from a Nightscout site ended, in `nightscout_pull_cursors` (one row per
/// person and site).
public struct SQLiteNightscoutPullCursorRepository: NightscoutPullCursorRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func cursor(site: String, ownerID: String) throws -> NightscoutPullCursor? {
        try database.queryOne(
            "SELECT entries_through, treatments_through, pulled_at FROM nightscout_pull_cursors WHERE owner_id = ? AND site = ?",
            [.text(ownerID), .text(site)]
        ).map { row in
            NightscoutPullCursor(site: site, entriesThrough: try row.get("entries_through", as: Date?.self),
                                 treatmentsThrough: try row.get("treatments_through", as: Date?.self),
                                 pulledAt: try row.get("pulled_at", as: Date.self))
        }
    }

    public func save(_ cursor: NightscoutPullCursor, ownerID: String, at date: Date) throws {
        try database.execute(
            """
            UPDATE nightscout_pull_cursors SET entries_through = ?, treatments_through = ?, pulled_at = ?, updated_at = ?
            WHERE owner_id = ? AND site = ?
            """,
            [cursor.entriesThrough.sqlValue, cursor.treatmentsThrough.sqlValue, cursor.pulledAt.sqlValue, date.sqlValue,
             .text(ownerID), .text(cursor.site)])
        guard database.changes == 0 else { return }
        try database.execute(
            """
            INSERT INTO nightscout_pull_cursors (id, owner_id, site, entries_through, treatments_through, pulled_at, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [.text(UUIDv7.makeString(at: date)), .text(ownerID), .text(cursor.site), cursor.entriesThrough.sqlValue,
             cursor.treatmentsThrough.sqlValue, cursor.pulledAt.sqlValue, date.sqlValue, date.sqlValue])
    }
}
