import FoundationEssentials
import Core

/// Loads the shared food tables: the USDA SR24 table and the Korean table (its foods and the
/// Korean names of USDA staples), in one transaction. `tend food import-usda` runs it.
public struct FoodTableUseCases: Sendable {
    let foods: any FoodRepository
    let tables: any FoodTableRepository
    let usda: any USDASource
    let korean: any KoreanFoodSource
    let transactor: any Transactor

    public init(foods: any FoodRepository, tables: any FoodTableRepository, usda: any USDASource, korean: any KoreanFoodSource,
                transactor: any Transactor) {
        self.foods = foods
        self.tables = tables
        self.usda = usda
        self.korean = korean
        self.transactor = transactor
    }

    /// What a load did, table by table.
    public struct Report: Sendable, Equatable {
        public enum Outcome: Sendable, Equatable {
            /// Loaded now: how many foods.
            case loaded(Int)
            /// Already in place at this version: how many foods there are.
            case upToDate(Int)
            /// Its files were not found (nothing changed).
            case missing
            /// Not asked for (no folder given).
            case notAsked
        }

        public var usda: Outcome = .notAsked
        public var usdaSkipped: [String] = []
        public var korean: Outcome = .notAsked
        public var koreanSkipped: [String] = []
        /// USDA foods that carry Korean names now (when the names were applied by this load).
        public var koreanNamed: Int?
    }

    /// The USDA table's version as stored: SR24 with this repository's search index.
    func usdaVersion() -> String { "sr24/index-" + tables.indexVersion }

    /// Loads the USDA table from `usdaPath` and the Korean table from `koreanFolder`.
    /// - Parameter onlyMissing: `--if-empty`: a table is loaded only when it is empty or was
    ///   loaded from other data (a changed Korean file) or for another search index (an update
    ///   of Tend); otherwise the call changes nothing. A missing USDA jar is then not an error
    ///   when the table is already there.
    /// - Throws: what reading the USDA table throws (a missing file, no food files), unless
    ///   `onlyMissing` and foods are already there; nothing is half-loaded.
    public func load(usdaPath: String?, koreanFolder: String?, onlyMissing: Bool) throws -> Report {
        var report = Report()
        var koreanTable: KoreanFoodTable?
        if let koreanFolder {
            do {
                koreanTable = try korean.read(folder: koreanFolder)
            } catch let error as AppError where error.kind == .notFound {
                report.korean = .missing
            }
        }
        let koreanVersion = koreanTable.map { $0.version + "/index-" + tables.indexVersion }
        let usdaCount = try foods.count(source: .usda)
        let usdaVersionInPlace = try tables.tableVersion(.usda)
        let usdaCurrent = usdaCount > 0 && usdaVersionInPlace == usdaVersion()
        let koreanVersionInPlace = try tables.tableVersion(.korean)
        let koreanCurrent = koreanVersion != nil && koreanVersionInPlace == koreanVersion
        let wantsUSDA = !onlyMissing || !usdaCurrent
        let wantsKorean = koreanTable != nil && (!onlyMissing || !koreanCurrent)

        try transactor.write {
            if wantsUSDA, let usdaPath {
                var imported = 0
                do {
                    report.usdaSkipped = try usda.read(path: usdaPath) { batch in
                        try foods.upsert(batch)
                        imported += batch.count
                    }
                    guard imported > 0 else {
                        throw AppError(.unprocessable, code: "usda_empty", "\(usdaPath) holds no USDA food files")
                    }
                    try tables.recordTable(.usda, version: usdaVersion(), foods: imported)
                    report.usda = .loaded(imported)
                } catch let error as AppError where onlyMissing && usdaCount > 0 && error.kind == .notFound {
                    report.usda = .missing // the table in place stays
                }
            } else if wantsUSDA {
                report.usda = .missing
            } else {
                report.usda = .upToDate(usdaCount)
            }
            if let koreanTable, let koreanVersion {
                report.koreanSkipped = koreanTable.skipped
                if wantsKorean {
                    try tables.upsertKorean(koreanTable.foods)
                    try tables.recordTable(.korean, version: koreanVersion, foods: koreanTable.foods.count)
                    report.korean = .loaded(koreanTable.foods.count)
                } else {
                    report.korean = .upToDate(try foods.count(source: .korean))
                }
                // The names follow both tables: applied again whenever either is loaded.
                if wantsKorean || report.usda.isLoaded {
                    report.koreanNamed = try tables.applyKoreanNames(koreanTable.usdaNames)
                }
            }
        }
        return report
    }

    /// Every nutrient of a food per 100 g, with its unit.
    public func nutrients(foodID: String) throws -> [FoodNutrient] { try tables.nutrientList(foodID: foodID) }
}

extension FoodTableUseCases.Report.Outcome {
    public var isLoaded: Bool {
        if case .loaded = self { return true }
        return false
    }
}
