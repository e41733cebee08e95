import FoundationEssentials
import Core
import Domain

extension SQLitePersonalDataStore {
    /// Restores a Tend export (see `ImportArchive` for what is read, matched and refused).
    public func importArchive(at path: String, ownerID: String) throws -> PersonalDataCounts {
        try ImportArchive(database: database, clock: clock).run(path: path, ownerID: ownerID)
    }
}
