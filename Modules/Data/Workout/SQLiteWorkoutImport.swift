import FoundationEssentials
import Core
import Domain

extension SQLiteWorkoutRepository {
    /// Deleted sessions count: an import never brings back a session deleted after it.
    public func containsSession(id: String, ownerID: String) throws -> Bool {
        try database.queryOne("SELECT 1 FROM workouts WHERE id = ? AND owner_id = ?", [.text(id), .text(ownerID)]) != nil
    }
}
