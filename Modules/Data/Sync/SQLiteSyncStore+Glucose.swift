import FoundationEssentials
import Core
import Domain

/// A glucose reading is the one of its time and type (as `tend glucose import` and the
/// Nightscout API decide duplicates), but two devices that import one file each give it an id of
/// their own. Ids cannot be derived from the time and type (they are global keys, and two people
/// on one server read at the same minute), so the sides settle it after a merge instead.
extension SQLiteSyncStore {
    static let readingsTable = SyncSchema.glucoseReadings.name

    /// After changes from elsewhere were applied, with the echo switch back on: the live readings
    /// of the owner at the instant and of the type of each reading they brought in are one
    /// reading. The smallest id is kept and the others are deleted as ordinary writes here, so
    /// the delete travels to every side (from a server, in its change log; from a device, in its
    /// outbox). Every side keeps the same one, so all of them end with it alone.
    /// - Returns: how many readings were deleted.
    @discardableResult
    func settleReadings(_ recordIDs: [String], ownerID: String, at date: Date) throws -> Int {
        var deleted = 0
        for id in Set(recordIDs).sorted() {
            let same = try database.query(
                """
                SELECT r.id FROM glucose_readings g JOIN glucose_readings r ON r.owner_id = g.owner_id AND r.date = g.date AND r.type = g.type
                WHERE g.id = ? AND g.owner_id = ? AND g.deleted_at IS NULL AND r.deleted_at IS NULL ORDER BY r.id
                """, [.text(id), .text(ownerID)])
            for row in same.dropFirst() {
                try database.execute("UPDATE glucose_readings SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL",
                                     [date.sqlValue, date.sqlValue, row["id"]])
                deleted += database.changes
            }
        }
        return deleted
    }
}
