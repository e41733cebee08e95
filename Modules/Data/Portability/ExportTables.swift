import FoundationEssentials
import Core
import Domain

/// Every table of a person's records that the archive carries as `data/<table>.json` and
/// `tend import` reads back: the synced tables (`SyncSchema.all`, glucose readings included) and
/// the per-person tables that do not sync, described here in `SyncTable`'s terms so that one
/// exporter and one importer serve them all.
///
/// Left out on purpose: `nightscout_credentials` (verifiers of a server's secrets, useless and
/// risky elsewhere) and `nightscout_pull_cursors` (a device's bookkeeping of where its last pull
/// from a site ended, like `sync_state`: a new device simply pulls again, and what it already
/// has is skipped). Both are erased with the person.
enum ExportTables {
    /// `glucose_settings`: the unit glucose is shown in, one row per person.
    static let glucoseSettings = SyncTable(
        name: "glucose_settings",
        columns: [column("unit", .text), column("created_at", .integer), column("updated_at", .integer)],
        isSingleton: true, ownerOptional: false, children: [])

    /// `nightscout_documents`: treatments and device statuses as Nightscout clients sent them,
    /// with the ids of the doses a treatment made (`dose_ids`, a JSON list).
    static let nightscoutDocuments = SyncTable(
        name: "nightscout_documents",
        columns: [column("collection", .text), column("ns_id", .text), column("occurred_at", .integer),
                  column("type", .text, required: false), column("identifier", .text, required: false), column("source", .text),
                  column("document", .text), column("dose_ids", .text), column("created_at", .integer), column("updated_at", .integer)],
        isSingleton: false, ownerOptional: false, children: [])

    static let unsynced = [glucoseSettings, nightscoutDocuments]

    /// In the order an import writes them: doses before the treatments that name them.
    static let all: [SyncTable] = SyncSchema.all + unsynced

    static func table(named name: String) -> SyncTable? {
        SyncSchema.table(named: name) ?? unsynced.first { $0.name == name }
    }

    /// A live row of the owner that is the same record under another id (`column = ?` for each):
    /// a reading of the same time and type (as sync keeps one), a document of the same
    /// collection and Nightscout `_id` (as an upload keeps one).
    static let sameRecord: [String: [String]] = [
        "glucose_readings": ["date", "type"],
        "nightscout_documents": ["collection", "ns_id"],
    ]

    private static func column(_ name: String, _ type: SyncTable.ColumnType, required: Bool = true) -> SyncTable.Column {
        SyncTable.Column(name: name, type: type, required: required)
    }

    /// What the database's checks would refuse with an engine error, refused by field instead:
    /// the tables that sync are checked as a record arriving by sync is (`SyncValidation`).
    static func validate(table: SyncTable, values: [String: SyncValue], now: Date) throws {
        func text(_ name: String) -> String? {
            if case .string(let text)? = values[name] { return text }
            return nil
        }
        switch table.name {
        case glucoseSettings.name:
            guard let unit = text("unit"), GlucoseUnit(rawValue: unit) != nil else {
                throw AppError.invalidInput("unit is mg/dL or mmol/L", code: "invalid_unit").with(["field": "unit"])
            }
        case nightscoutDocuments.name:
            guard let collection = text("collection"), collection == NightscoutCollection.treatments.rawValue
                    || collection == NightscoutCollection.devicestatus.rawValue else {
                throw AppError.invalidInput("collection is treatments or devicestatus", code: "invalid_collection")
                    .with(["field": "collection"])
            }
            guard case .object = try? DocumentValue.parse(text("document") ?? "") else {
                throw AppError.invalidInput("document is not a JSON object", code: "invalid_document").with(["field": "document"])
            }
            guard case .array(let ids)? = try? DocumentValue.parse(text("dose_ids") ?? ""), ids.allSatisfy({ $0.string != nil }) else {
                throw AppError.invalidInput("dose_ids is not a JSON list of ids", code: "invalid_document").with(["field": "dose_ids"])
            }
        default:
            try SyncValidation.validate(table: table.name, values: values, now: now)
        }
    }
}
