import FoundationEssentials
import Core

/// The export archive's format: `manifest.json` names it, and an import refuses a newer version.
public enum ExportFormat {
    public static let name = "tend-export"
    /// 2: glucose readings, glucose settings and Nightscout documents joined `data/` (a Tend that
    /// reads only 1 would refuse their entries as unknown; it says to update instead).
    public static let version = 2
}

/// What an export, an import or an erasure did, per kind of record (table name → rows).
public struct PersonalDataCounts: Sendable, Equatable, Codable {
    public var counts: [String: Int]
    /// Records an import left as they were because this database holds them already.
    public var skipped: Int = 0
    public init(_ counts: [String: Int] = [:], skipped: Int = 0) {
        self.counts = counts
        self.skipped = skipped
    }
    private enum CodingKeys: String, CodingKey { case counts }
    public var total: Int { counts.values.reduce(0, +) }
}

/// A person's data as a whole: taken away in open formats, brought back, erased for good.
/// The SQLite implementation lives in `Data/Portability`; the commands and the route in
/// `PortabilityFeature`.
public protocol PersonalDataStore: Sendable {
    /// Writes the export zip of everything `ownerID` owns to `path` (deterministic apart from
    /// `exported_at`), read in pages and written as it is read, so memory stays bounded;
    /// `progress(done, total)` in records. The quests' titles are written in `language`.
    func export(ownerID: String, to path: String, appVersion: String, language: Language,
                progress: (Int, Int) -> Void) throws -> PersonalDataCounts
    /// Restores a Tend export into `ownerID`'s data in one transaction, matching records by id.
    func importArchive(at path: String, ownerID: String) throws -> PersonalDataCounts
    /// Removes everything `ownerID` owns (the shared food tables stay) and its sync history.
    func erase(ownerID: String) throws -> PersonalDataCounts
}

extension PersonalDataStore {
    /// In English.
    public func export(ownerID: String, to path: String, appVersion: String, progress: (Int, Int) -> Void) throws -> PersonalDataCounts {
        try export(ownerID: ownerID, to: path, appVersion: appVersion, language: .en, progress: progress)
    }
}
