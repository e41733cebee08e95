import Core
import Domain

/// Finds entries by the tail of their id (a handle) or as the latest one, in the table of each kind.
public struct SQLiteRecordLookup: RecordLookup {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    /// The table of each kind, and the filter that picks the kind out of a shared table.
    static func source(_ kind: RecordKind) -> (table: String, filter: String) {
        switch kind {
        case .dose: ("insulin_doses", "")
        case .workout: ("workouts", "")
        case .run: ("activities", " AND kind = 'run'")
        case .hike: ("activities", " AND kind = 'hike'")
        case .meal: ("diet_entries", "")
        case .weight: ("weights", "")
        }
    }

    public func ids(of kind: RecordKind, ownerID: String, endingWith suffix: String) throws -> [String] {
        let (table, filter) = Self.source(kind)
        // A person's entries of one kind are few enough to scan; `substr` keeps the match exact
        // (LIKE would treat _ and % in the input as wildcards).
        return try database.query(
            "SELECT id FROM \(table) WHERE owner_id = ? AND deleted_at IS NULL\(filter) AND "
                + database.sql(sqlite: "substr(lower(id), -?)", postgres: "right(lower(id), ?)") + " = ? ORDER BY id",
            [.text(ownerID), .integer(Int64(suffix.count)), .text(suffix)]
        ).map { try $0.get("id") }
    }

    public func latestID(of kind: RecordKind, ownerID: String) throws -> String? {
        let (table, filter) = Self.source(kind)
        return try database.queryOne(
            "SELECT id FROM \(table) WHERE owner_id = ? AND deleted_at IS NULL\(filter) ORDER BY created_at DESC, rowid DESC LIMIT 1",
            [.text(ownerID)]
        )?.get("id")
    }
}
