import Core
import Domain

extension SQLiteRecordLookup {
    /// The most recently created live entries of `kind`, newest first: what shell completion
    /// offers for an id argument.
    public func recentIDs(of kind: RecordKind, ownerID: String, limit: Int) throws -> [String] {
        let (table, filter) = Self.source(kind)
        return try database.query(
            "SELECT id FROM \(table) WHERE owner_id = ? AND deleted_at IS NULL\(filter) ORDER BY created_at DESC, rowid DESC LIMIT ?",
            [.text(ownerID), .integer(Int64(max(0, limit)))]
        ).map { try $0.get("id") }
    }
}
