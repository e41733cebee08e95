import FoundationEssentials
import Core
import Domain

/// Erasure for good: hard deletes, not the soft deletes that sync keeps as tombstones.
///
/// In one transaction, with the sync echo switch off (the deletes must not fill the outbox with
/// deletes to send): every row of `ownerID` in every synced table and its child tables (own foods
/// only: the shared food tables, `owner_id` NULL, stay), every other table with an `owner_id`
/// (notifications, their channels and settings, the insulin tallies, the sync change log, merge
/// state and conflicts), the client cache, and on a device the sync binding (account, server,
/// cursor, last sync; the device id and its clock stay). Then, outside any transaction, the WAL
/// is checkpointed and the file vacuumed, so that the bytes are gone from the file and not only
/// unlinked; inside a caller's transaction that step is left to the caller (`compact`).
extension SQLitePersonalDataStore {
    public func erase(ownerID: String) throws -> PersonalDataCounts {
        let counts = try database.write { try eraseRows(ownerID: ownerID) }
        compact()
        return PersonalDataCounts(counts.filter { $0.value > 0 })
    }

    /// Checkpoints the WAL into the main file, rebuilds the file without the freed pages, and
    /// empties the WAL again. Best effort: inside a transaction, or with another process reading,
    /// SQLite refuses (it is then done by a later erasure or the last connection to close).
    public func compact() {
        // PostgreSQL: VACUUM cannot run in the caller's transaction (a failed statement would abort
        // it); its autovacuum reclaims the erased rows' space.
        guard database.dialect == .sqlite else { return }
        try? database.checkpoint()
        try? database.executeScript("VACUUM")
        try? database.checkpoint()
    }

    /// The deletes, inside the caller's transaction. Returns rows per table, zeros included.
    func eraseRows(ownerID: String) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        let owner: [SQLValue] = [.text(ownerID)]
        func delete(_ table: String, _ sql: String, _ arguments: [SQLValue]) throws {
            try database.execute(sql, arguments)
            counts[table, default: 0] += database.changes
        }

        try database.execute("UPDATE sync_switch SET recording = 0")
        // Children first (counted, and the cascade would hide them), then their parents, the
        // later tables of the schema first (an intake before its supplement).
        var ownFoods = 0
        for table in SyncSchema.tables.reversed() {
            for child in table.children {
                try delete(child.table, "DELETE FROM \(child.table) WHERE \(child.parentColumn) IN "
                           + "(SELECT id FROM \(table.name) WHERE owner_id = ?)", owner)
            }
            try delete(table.name, "DELETE FROM \(table.name) WHERE owner_id = ?", owner)
            if table.name == "foods" { ownFoods = counts["foods"] ?? 0 }
        }
        // Every other table that names an owner: notifications, channels, settings, tallies, the
        // sync history. Found in the schema, so that a table added later is not forgotten.
        let synced = Set(SyncSchema.tables.map(\.name))
        for table in try ownedTables() where !synced.contains(table) {
            try delete(table, "DELETE FROM \(table) WHERE owner_id = ?", owner)
        }
        // What this machine last received from a server: a device's, so the person's.
        try delete("client_cache", "DELETE FROM client_cache", [])
        // A device's binding to an account. A server keeps no such keys (only its clock).
        let bound = try database.queryOne("SELECT value FROM sync_state WHERE key = ?", [.text(SyncStateKey.accountID.rawValue)])
            .map { try $0.get("value", as: String.self) }
        if ownerID == Owner.local || bound == ownerID {
            let keys = SyncStateKey.allCases.map { SQLValue.text($0.rawValue) }
            try delete("sync_state", "DELETE FROM sync_state WHERE key IN (\(keys.map { _ in "?" }.joined(separator: ", ")))", keys)
        }
        // A full-text index keeps deleted names in its segments until they are merged.
        if ownFoods > 0, database.dialect == .sqlite { // PostgreSQL's GIN index drops dead entries at VACUUM
            for row in try database.query("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE % USING fts5%'") {
                let index: String = try row.get("name")
                try database.execute("INSERT INTO \(index) (\(index)) VALUES ('optimize')")
            }
        }
        try database.execute("UPDATE sync_switch SET recording = 1")
        return counts
    }

    /// Tables with an `owner_id` column, by name.
    func ownedTables() throws -> [String] {
        try database.query(database.sql(
            sqlite: """
                SELECT m.name AS name FROM sqlite_master m, pragma_table_info(m.name) c
                WHERE m.type = 'table' AND c.name = 'owner_id' ORDER BY m.name
                """,
            postgres: """
                SELECT table_name AS name FROM information_schema.columns
                WHERE table_schema = current_schema() AND column_name = 'owner_id' ORDER BY table_name COLLATE "C"
                """)).map { try $0.get("name", as: String.self) }
    }
}
