import FoundationEssentials
import Core
import Domain

extension SQLitePersonalDataStore {
    public func erase(ownerID: String) throws -> PersonalDataCounts {
        throw AppError.unavailable("erase is being built", code: "not_built")
    }
}
