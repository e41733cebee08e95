import FoundationEssentials
import Core
import Domain

extension SQLitePersonalDataStore {
    public func importArchive(at path: String, ownerID: String) throws -> PersonalDataCounts {
        throw AppError.unavailable("import is being built", code: "not_built")
    }
}
