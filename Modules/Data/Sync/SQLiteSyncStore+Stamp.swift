import FoundationEssentials
import Core
import Domain

/// Sync's stamping, which runs before every write's commit. On PostgreSQL it runs while the write
/// lock is held, so each of its round trips is a wait for every server's writes: it reads what it
/// needs in one pipeline and sends what it writes with the COMMIT.
extension SQLiteSyncStore {
    /// In pages, so that a large first outbox (a history, a bulk import) never sits in memory whole.
    static let stampPage = 1000
    /// After a seq (`stampedThrough`): on PostgreSQL a stamped change leaves a dead entry in the
    /// partial index until a vacuum, and a read from its start walked every one of them (87 µs a
    /// write under dose POSTs, growing until the vacuum); from the last seq stamped it starts
    /// past them.
    static let unstampedChanges = "SELECT seq FROM sync_changes WHERE clock IS NULL AND seq > ? ORDER BY seq LIMIT 1000"
    static let dirtyParents = "SELECT table_name, record_id FROM sync_dirty"
    static let storedClock = "SELECT value FROM sync_state WHERE key = 'hlc'"

    /// Before a commit: one change per parent whose children changed, then a clock and an id for
    /// every change the triggers recorded. Where the engine pipelines, one round trip reads the
    /// dirty parents, the first page of unstamped changes and the clock, and the stamps and the
    /// clock saved wait for the next round trip (`executeLater`: the COMMIT's); SQLite, in
    /// process, reads the clock only when there is something to stamp.
    func stamp() throws {
        let together = database.pipelines
        // Every change below the last one stamped is stamped: seqs are drawn under the write lock,
        // so in commit order. Only where a seq is never drawn twice: SQLite hands the seq of a
        // rolled-back change out again, so there the read starts at the beginning.
        let bounded = database.dialect != .sqlite
        var after = bounded ? stampedThrough.withLock { $0 } : 0
        let reads = [SQLStatement(Self.dirtyParents)]
            + (together ? [SQLStatement(Self.unstampedChanges, [.integer(after)]), SQLStatement(Self.storedClock)] : [])
        let answers = try database.queries(reads)
        var pending: [Row]
        if !answers[0].isEmpty {
            // The parents' changes are unstamped changes too: read the page after them.
            try database.executeLater(try answers[0].compactMap(parentChange) + [SQLStatement("DELETE FROM sync_dirty")])
            pending = try database.query(Self.unstampedChanges, [.integer(after)])
        } else {
            pending = together ? answers[1] : try database.query(Self.unstampedChanges, [.integer(after)])
        }
        guard !pending.isEmpty else { return }
        var hlc = try together ? hybridClock(last: try answers[2].first?.get("value")) : loadClock()
        let wall = clock.now
        while true {
            var writes: [SQLStatement] = []
            writes.reserveCapacity(pending.count + 1)
            for row in pending {
                let stamp = try hlc.now(wall: wall)
                writes.append(SQLStatement("UPDATE sync_changes SET change_id = ?, clock = ? WHERE seq = ?",
                                           [.text(UUIDv7.makeString(at: wall)), .text(stamp.text), row["seq"]]))
            }
            if let last = hlc.last { writes.append(Self.stateSaved("hlc", last.text)) }
            try database.executeLater(writes)
            after = try pending.last?.get("seq") ?? after
            if bounded { stampedThrough.withLock { $0 = max($0, after) } }
            // A page short of full was the last: this transaction is the only writer, nothing else is left.
            guard pending.count == Self.stampPage else { return }
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
