import FoundationEssentials
import Core
import Domain

/// Sync's stamping, which runs before every write's commit. On SQLite the store stamps what the
/// triggers recorded; on PostgreSQL the database stamps each change as it is recorded
/// (`PostgresSyncTriggers.stamping`), so nothing is read under the write lock and the COMMIT goes
/// with the write's own statements.
extension SQLiteSyncStore {
    /// In pages, so that a large first outbox (a history, a bulk import) never sits in memory whole.
    static let stampPage = 1000
    static let unstampedChanges = "SELECT seq FROM sync_changes WHERE clock IS NULL AND seq > ? ORDER BY seq LIMIT 1000"
    static let dirtyParents = "SELECT table_name, record_id FROM sync_dirty"

    /// Whether the database stamps changes itself (PostgreSQL, from `pg_0003_sync_stamps` on).
    var stampsInPlace: Bool { database.dialect == .postgres }

    /// Before a commit. On PostgreSQL: the clock saved, sent with the COMMIT (nothing waits for
    /// it); the dirty parents' changes are the database's, at the COMMIT
    /// (`PostgresSyncTriggers.dirtyParentsAtCommit`).
    func stamp() throws {
        guard !stampsInPlace else { return try database.executeLater([SQLStatement(PostgresSyncTriggers.clockSaved)]) }
        try stampRecorded()
    }

    /// What each write on PostgreSQL sets as it takes its lock: the clock and device the
    /// stamping trigger uses.
    func stampingSettings() -> [(name: String, value: String)] {
        [("tend.wall", String(HybridLogicalClock.milliseconds(clock.now))), ("tend.node", deviceID)]
    }

    /// One change per parent whose children changed, then a clock and an id for every change the
    /// triggers recorded without one (on PostgreSQL, only those recorded before its trigger was:
    /// once, as a server starts).
    func stampRecorded() throws {
        let parents = try database.query(Self.dirtyParents)
        if !parents.isEmpty {
            for statement in try parents.compactMap(parentChange) { try database.execute(statement.sql, statement.arguments) }
            try database.execute("DELETE FROM sync_dirty")
        }
        var after: Int64 = 0
        var pending = try database.query(Self.unstampedChanges, [.integer(after)])
        guard !pending.isEmpty else { return }
        var hlc = try loadClock()
        let wall = clock.now
        while true {
            for row in pending {
                let stamp = try hlc.now(wall: wall)
                try database.execute("UPDATE sync_changes SET change_id = ?, clock = ? WHERE seq = ?",
                                     [.text(UUIDv7.makeString(at: wall)), .text(stamp.text), row["seq"]])
            }
            try saveClock(hlc)
            // A page short of full was the last: this transaction is the only writer, nothing else is left.
            guard pending.count == Self.stampPage else { return }
            after = try pending.last?.get("seq") ?? after
            pending = try database.query(Self.unstampedChanges, [.integer(after)])
            guard !pending.isEmpty else { return }
        }
    }

    /// The change that records a parent's children as they are now (`sync_dirty` names it).
    private func parentChange(_ row: Row) throws -> SQLStatement? {
        guard let table = SyncSchema.table(named: try row.get("table_name")) else { return nil }
        let fields = database.dialect == .sqlite
            ? "json_object(" + table.children.map { "'\($0.field)', \(SyncTriggers.childArray($0, parentID: "p.id"))" }
                .joined(separator: ", ") + ")"
            : PostgresSyncTriggers.childrenObject(table, row: "p")
        return SQLStatement(
            "INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields) SELECT p.owner_id, ?, p.id, 'update', "
                + "\(fields) FROM \(table.name) p WHERE p.id = ? AND p.owner_id IS NOT NULL",
            [.text(table.name), row["record_id"]])
    }
}
