/// Glucose readings join sync. Append only: a landed migration never changes.
extension TendMigrations {
    /// The sync triggers of `glucose_readings`, generated from `SyncSchema.glucoseReadings` as
    /// 0010's are from its tables; and every live reading written before enters the outbox once,
    /// as an insert, as 0010 did for the history then: on the next sync a device's readings become
    /// the account's (on a server, the accounts' readings enter the change log for their devices).
    /// Two devices that imported one file meet on the server, and the apply side keeps one reading
    /// of each time and type (`SQLiteSyncStore.settleReadings`).
    static let glucoseSync = Migration("0015_glucose_sync",
                                       SyncTriggers.triggers(for: SyncSchema.glucoseReadings) + SyncTriggers.history(of: SyncSchema.glucoseReadings))
}

extension SyncTriggers {
    /// One table's live rows into the outbox, once, as inserts (0010's `existingHistory` for one table).
    static func history(of table: SyncTable) -> String {
        """
        INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields)
        SELECT owner_id, '\(table.name)', \(recordID(table, "\(table.name).id")), 'insert', \(fieldsObject(table, row: table.name))
        FROM \(table.name) WHERE deleted_at IS NULL\(table.ownerOptional ? " AND owner_id IS NOT NULL" : "") ORDER BY created_at;

        """
    }

    /// Every synced table's history as the tables are now: 0010's and those that joined later (a fresh start's outbox).
    static var everyHistory: String { SyncSchema.all.map(history(of:)).joined() }
}

extension PostgresSyncTriggers {
    static func history(of table: SyncTable) -> String {
        """
        INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields)
        SELECT owner_id, '\(table.name)', \(SyncTriggers.recordID(table, "\(table.name).id")), 'insert', \(fieldsObject(table, row: table.name))
        FROM \(table.name) WHERE deleted_at IS NULL\(table.ownerOptional ? " AND owner_id IS NOT NULL" : "") ORDER BY created_at;

        """
    }

    static var everyHistory: String { SyncSchema.all.map(history(of:)).joined() }
}
