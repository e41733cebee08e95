import FoundationEssentials
import Core
import Domain

/// Each person's glucose unit in `glucose_settings` (one row per owner).
public struct SQLiteGlucoseSettingsRepository: GlucoseSettingsRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func unit(ownerID: String) throws -> GlucoseUnit? {
        try database.queryOne("SELECT unit FROM glucose_settings WHERE owner_id = ? AND deleted_at IS NULL LIMIT 1", [.text(ownerID)])
            .flatMap { GlucoseUnit(rawValue: try $0.get("unit")) }
    }

    public func save(unit: GlucoseUnit, ownerID: String, at date: Date) throws {
        try database.execute("UPDATE glucose_settings SET unit = ?, updated_at = ? WHERE owner_id = ? AND deleted_at IS NULL",
                             [.text(unit.rawValue), date.sqlValue, .text(ownerID)])
        guard database.changes == 0 else { return }
        try database.execute(
            "INSERT INTO glucose_settings (id, owner_id, unit, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
            [.text(UUIDv7.makeString(at: date)), .text(ownerID), .text(unit.rawValue), date.sqlValue, date.sqlValue])
    }
}

/// The `possible_double_dose` warnings of doses that came from Nightscout or a file, kept in
/// `sync_conflicts` beside the ones a merge raises, so `tend insulin status` shows them alike.
public struct SQLiteDoseWarningRepository: DoseWarningRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func record(_ conflict: SyncConflict, ownerID: String, at date: Date) throws {
        try database.execute(
            """
            INSERT INTO sync_conflicts (id, owner_id, kind, table_name, record_id, field, kept, lost, lost_change_id,
                lost_clock, other_record_id, reason, detected_at) VALUES (?, ?, ?, ?, ?, NULL, ?, NULL, NULL, NULL, ?, ?, ?)
                ON CONFLICT DO NOTHING
            """,
            [.text(conflict.id), .text(ownerID), .text(conflict.kind.rawValue), .text(conflict.table), .text(conflict.recordID),
             try SyncValues.json(conflict.kept), conflict.otherRecordID.map { .text($0) } ?? .null,
             .text("a long-acting dose that came from Nightscout or a file, inside the double-dose guard"), date.sqlValue])
    }
}
