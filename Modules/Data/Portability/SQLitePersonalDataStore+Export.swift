import FoundationEssentials
import Core
import Domain

extension SQLitePersonalDataStore {
    public func export(ownerID: String, to path: String, appVersion: String, progress: (Int, Int) -> Void) throws -> PersonalDataCounts {
        throw AppError.unavailable("export is being built", code: "not_built")
    }
}
