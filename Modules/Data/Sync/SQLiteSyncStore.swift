import FoundationEssentials
import Core
import Domain

/// Sync on SQLite: the triggers of `0010_sync` record every change of a synced table in
/// `sync_changes` (a device's outbox, a server's change log); this store stamps them with the
/// hybrid logical clock before each commit, folds them into the merge state, and applies the
/// changes that come from elsewhere with the echo switch off.
public final class SQLiteSyncStore: SyncRepository, @unchecked Sendable {
    public static let serverDeviceID = "server"

    let database: any SQLDatabase
    let clock: any Clock
    public let deviceID: String

    /// - Parameter deviceID: nil on a device (made once, kept in the file); `server` on a server.
    public init(database: any SQLDatabase, clock: any Clock, deviceID fixed: String? = nil) throws {
        self.database = database
        self.clock = clock
        let now = clock.now
        deviceID = try database.write {
            if let fixed { return fixed }
            if let row = try database.queryOne("SELECT value FROM sync_state WHERE key = 'device_id'") { return try row.get("value") }
            let made = "d" + String(UUIDv7.makeString(at: now).filter { $0 != "-" }.suffix(20))
            try database.execute("INSERT INTO sync_state (key, value) VALUES ('device_id', ?)", [.text(made)])
            return made
        }
        database.setBeforeCommit { [weak self] in try self?.stamp() }
        if stampsInPlace, let engine = database as? any SQLPipelining {
            engine.setWithLock { [weak self] in self?.stampingSettings() ?? [] }
            // Changes recorded before the stamping trigger was (a migration's history), once.
            try database.write { try stampRecorded() }
        }
    }

    var isServer: Bool { deviceID == Self.serverDeviceID }

    // MARK: - State

    public func startAfresh() throws {
        try database.write {
            for table in ["sync_changes", "sync_records", "sync_conflicts", "sync_dirty"] { try database.execute("DELETE FROM \(table)") }
            for key in SyncStateKey.allCases { try setState(key.rawValue, nil) }
            try database.executeScript(database.dialect == .sqlite ? SyncTriggers.everyHistory : PostgresSyncTriggers.everyHistory)
        }
    }

    public func value(of key: SyncStateKey) throws -> String? {
        try state(key.rawValue)
    }

    public func set(_ key: SyncStateKey, to value: String?) throws {
        try database.write { try setState(key.rawValue, value) }
    }

    func state(_ key: String) throws -> String? {
        try database.queryOne("SELECT value FROM sync_state WHERE key = ?", [.text(key)]).map { try $0.get("value") }
    }

    func setState(_ key: String, _ value: String?) throws {
        if let value {
            let upsert = Self.stateSaved(key, value)
            try database.execute(upsert.sql, upsert.arguments)
        } else {
            try database.execute("DELETE FROM sync_state WHERE key = ?", [.text(key)])
        }
    }

    static func stateSaved(_ key: String, _ value: String) -> SQLStatement {
        SQLStatement("INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                     [.text(key), .text(value)])
    }

    /// The device's clock, as the file last left it (several processes share one file).
    func loadClock() throws -> HybridLogicalClock {
        try HybridLogicalClock(deviceID: deviceID, last: try state("hlc").flatMap(HLCTimestamp.init),
                               maximumDrift: isServer ? HybridLogicalClock.defaultMaximumDrift : nil)
    }

    func saveClock(_ hlc: HybridLogicalClock) throws {
        try setState("hlc", hlc.last?.text)
    }

    func setRecording(_ on: Bool) throws {
        try database.execute("UPDATE sync_switch SET recording = ?", [.integer(on ? 1 : 0)])
    }

    // MARK: - Recording local writes

    /// Folds the changes written here into the merge state, each on top of what this side had
    /// seen (its basis). Runs inside a write.
    func fold() throws {
        try stamp()
        while true {
            let rows = try database.query(
                """
                SELECT seq, owner_id, table_name, record_id, operation, fields, clock, change_id FROM sync_changes
                WHERE folded = 0 ORDER BY seq LIMIT 1000
                """)
            guard !rows.isEmpty else { return }
            for row in rows {
                // Only the names of the fields matter here: their values are in the row already.
                let names = SyncValues.topLevelKeys(json: try row.get("fields"))
                var basis: HLCTimestamp?
                if let table = SyncSchema.table(named: try row.get("table_name")),
                   let clock = HLCTimestamp(try row.get("clock") as String),
                   let operation = SyncOperation(rawValue: try row.get("operation")) {
                    let owner: String = try row.get("owner_id"), recordID: String = try row.get("record_id")
                    let current = try loadRecord(table, recordID: recordID, ownerID: owner, values: [:])
                    basis = current?.latestClock
                    let change = Change(id: try row.get("change_id"), table: table.name, recordID: recordID, operation: operation,
                                        fields: Dictionary(uniqueKeysWithValues: names.map { ($0, SyncValue.null) }), clock: clock,
                                        basis: basis)
                    try saveRecord(SyncMerge.apply(change, to: current).record, ownerID: owner)
                }
                try database.execute("UPDATE sync_changes SET folded = 1, basis = ? WHERE seq = ?",
                                     [basis.map { .text($0.text) } ?? .null, row["seq"]])
            }
        }
    }

    // MARK: - A device

    public func pendingCount() throws -> Int {
        guard !isServer else { return 0 }
        return Int(try database.queryOne("SELECT count(*) AS n FROM sync_changes")?.get("n", as: Int64.self) ?? 0)
    }

    public func outgoing(maxChanges: Int, maxBytes: Int) throws -> [OutgoingChange] {
        try database.write { try fold() }
        let rows = try database.query(
            "SELECT change_id, table_name, record_id, operation, fields, clock, basis FROM sync_changes ORDER BY seq LIMIT ?",
            [.integer(Int64(maxChanges))])
        var out: [OutgoingChange] = []
        var bytes = 0
        for row in rows {
            let json = try Self.changeJSON(row)
            if !out.isEmpty && bytes + json.utf8.count + 1 > maxBytes { break }
            bytes += json.utf8.count + 1
            out.append(OutgoingChange(id: try row.get("change_id"), json: json))
        }
        return out
    }

    /// One change as the protocol sends it, from its stored row.
    static func changeJSON(_ row: Row) throws -> String {
        let operation: String = try row.get("operation")
        let basis: String? = try row.get("basis")
        return "{\"id\":\(SyncValues.quoted(try row.get("change_id"))),\"table\":\(SyncValues.quoted(try row.get("table_name")))"
            + ",\"record_id\":\(SyncValues.quoted(try row.get("record_id"))),\"operation\":\"\(operation)\""
            + ",\"fields\":\(operation == "delete" ? "{}" : try row.get("fields") as String)"
            + ",\"clock\":\(SyncValues.quoted(try row.get("clock"))),\"basis\":\(basis.map(SyncValues.quoted) ?? "null")}"
    }

    public func acknowledge(_ results: [SyncPushResult], ownerID: String) throws -> Int {
        let now = clock.now
        return try database.write {
            var conflicts = 0
            for result in results {
                guard let row = try database.queryOne(
                    "SELECT table_name, record_id, fields, clock FROM sync_changes WHERE change_id = ?", [.text(result.changeID)])
                else { continue }
                if result.status == .rejected {
                    let conflict = SyncConflict(
                        id: "rejected:\(result.changeID)", kind: .rejected, table: try row.get("table_name"),
                        recordID: try row.get("record_id"), field: nil, kept: nil, lost: .string(try row.get("fields")),
                        lostChangeID: result.changeID, lostClock: HLCTimestamp(try row.get("clock") as String))
                    if try record(conflict, ownerID: ownerID, reason: result.reason, at: now) { conflicts += 1 }
                }
                try database.execute("DELETE FROM sync_changes WHERE change_id = ?", [.text(result.changeID)])
            }
            return conflicts
        }
    }

    public func applyPulled(_ page: SyncPage, ownerID: String) throws -> SyncApplyReport {
        let now = clock.now
        return try database.write {
            try fold()
            var hlc = try loadClock()
            var report = SyncApplyReport()
            var ruleChecks: [(table: String, recordID: String)] = []
            var openFieldConflicts = try database.queryOne(
                "SELECT 1 FROM sync_conflicts WHERE owner_id = ? AND acknowledged_at IS NULL AND kind = 'field_overwritten' LIMIT 1",
                [.text(ownerID)]) != nil
            try setRecording(false)
            for change in page.changes where change.deviceID != deviceID {
                guard let table = SyncSchema.table(named: change.table) else { continue }
                try hlc.receive(remote: change.clock, wall: now)
                do {
                    let outcome = try merge(change, table: table, ownerID: ownerID)
                    report.applied += 1
                    if openFieldConflicts { try settle(outcome.record, ownerID: ownerID, at: now) }
                    for conflict in outcome.conflicts where !Self.bookkeeping.contains(conflict.field ?? "") {
                        if try record(conflict, ownerID: ownerID, reason: nil, at: now) { report.conflicts += 1 }
                        openFieldConflicts = openFieldConflicts || conflict.kind == .fieldOverwritten
                    }
                    if change.operation != .delete { ruleChecks.append((table.name, change.recordID)) }
                    SyncUseCases.event(for: table.name, ownerID: ownerID).map { report.events.append($0) }
                } catch let error as AppError where Self.refuses(error) {
                    // The server took it but this device cannot (a newer rule, a missing parent): keep it visible.
                    let conflict = SyncConflict(id: "rejected:\(change.id)", kind: .rejected, table: change.table, recordID: change.recordID,
                                                field: nil, kept: nil, lost: .string(try SyncValues.json(change.fields)),
                                                lostChangeID: change.id, lostClock: change.clock)
                    if try record(conflict, ownerID: ownerID, reason: error.code, at: now) { report.conflicts += 1 }
                }
            }
            try setRecording(true)
            try saveClock(hlc)
            try settleReadings(ruleChecks.filter { $0.table == Self.readingsTable }.map(\.recordID), ownerID: ownerID, at: now)
            for conflict in try rulesAfterMerge(ruleChecks, ownerID: ownerID) where try record(conflict, ownerID: ownerID, reason: nil, at: now) {
                report.conflicts += 1
            }
            try setState(SyncStateKey.cursor.rawValue, page.cursor)
            report.events = Self.unique(report.events)
            return report
        }
    }

    /// Merges one change from elsewhere into its record and row, in a savepoint (undone alone when it fails).
    func merge(_ incoming: Change, table: SyncTable, ownerID: String,
               validate: ((String, [String: SyncValue]) throws -> Void)? = nil) throws -> SyncMerge.Outcome {
        try database.write {
            let change = try SyncValues.normalized(incoming, table: table)
            guard table.isSingleton ? change.recordID == SyncTable.singletonRecordID : Self.isValid(recordID: change.recordID) else {
                throw AppError.invalidInput("'\(change.recordID)' is not a record id of \(table.name)", code: "invalid_record_id")
            }
            let existing = try localRow(table, recordID: change.recordID, ownerID: ownerID)
            let values = try existing.map { try rowValues(table, localID: $0.id) } ?? [:]
            let current = try loadRecord(table, recordID: change.recordID, ownerID: ownerID, values: values)
            let outcome = SyncMerge.apply(change, to: current)
            if let validate, !outcome.record.isDeleted {
                try validate(table.name, values.merging(outcome.record.values) { _, merged in merged })
            }
            try writeRow(outcome.record, table: table, ownerID: ownerID, existing: existing)
            try saveRecord(outcome.record, ownerID: ownerID)
            return outcome
        }
    }

    /// Whether an error refuses the one change (its content) rather than the whole sync: a busy,
    /// full or failing disk aborts the transaction, to be tried again, and never drops a change.
    static func refuses(_ error: AppError) -> Bool {
        [.invalidInput, .unprocessable, .notFound, .conflict, .gone, .forbidden, .tooLarge].contains(error.kind)
    }

    /// When a record was made or last touched: an older value lost there is no one's writing.
    static let bookkeeping: Set<String> = ["created_at", "updated_at"]

    /// A value that lost here and has since come back (restored on another device) is no longer
    /// lost: its conflict is acknowledged.
    func settle(_ record: SyncRecord, ownerID: String, at date: Date) throws {
        for (name, field) in record.fields {
            try database.execute(
                """
                UPDATE sync_conflicts SET acknowledged_at = ? WHERE owner_id = ? AND table_name = ? AND record_id = ? AND field = ?
                    AND kind = 'field_overwritten' AND acknowledged_at IS NULL AND lost = ?
                """, [date.sqlValue, .text(ownerID), .text(record.table), .text(record.recordID), .text(name), try SyncValues.json(field.value)])
        }
    }

    static func isValid(recordID: String) -> Bool {
        (1...64).contains(recordID.utf8.count) && recordID.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                // Own foods are `custom:<uuid>`.
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
        }
    }

    // MARK: - A server

    public func applyPushed(_ changes: [Change], ownerID: String, now: Date,
                            validate: (String, [String: SyncValue]) throws -> Void) throws
        -> (results: [SyncPushResult], report: SyncApplyReport) {
        try database.write {
            try fold()
            var hlc = try loadClock()
            var results: [SyncPushResult] = []
            var report = SyncApplyReport()
            var readings: [String] = []
            try setRecording(false)
            for change in changes {
                if let row = try database.queryOne("SELECT owner_id FROM sync_changes WHERE change_id = ?", [.text(change.id)]) {
                    // A change id is made once on one device: another account's is a forged one.
                    results.append(try row.get("owner_id") as String == ownerID
                        ? SyncPushResult(changeID: change.id, status: .duplicate)
                        : SyncPushResult(changeID: change.id, status: .rejected, reason: "invalid_change_id",
                                         message: "this change id is taken; make a new one"))
                    continue
                }
                do {
                    guard let table = SyncSchema.table(named: change.table) else {
                        throw AppError.invalidInput("'\(change.table)' is not a kind of record that syncs", code: "unknown_table")
                    }
                    try database.write {
                        try hlc.receive(remote: change.clock, wall: now)
                        _ = try withoutActuallyEscaping(validate) { try merge(change, table: table, ownerID: ownerID, validate: $0) }
                        let stored = try SyncValues.normalized(change, table: table)
                        try database.execute(
                            """
                            INSERT INTO sync_changes (change_id, owner_id, table_name, record_id, operation, fields, clock, basis, folded)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)
                            """,
                            [.text(change.id), .text(ownerID), .text(change.table), .text(change.recordID), .text(change.operation.rawValue),
                             .text(try SyncValues.json(stored.fields)), .text(change.clock.text), change.basis.map { .text($0.text) } ?? .null])
                    }
                    results.append(SyncPushResult(changeID: change.id, status: .applied))
                    if table.name == Self.readingsTable, change.operation != .delete { readings.append(change.recordID) }
                    report.applied += 1
                    SyncUseCases.event(for: table.name, ownerID: ownerID).map { report.events.append($0) }
                } catch let error as AppError where Self.refuses(error) {
                    results.append(SyncPushResult(changeID: change.id, status: .rejected, reason: error.code, message: error.message))
                }
            }
            try setRecording(true)
            try saveClock(hlc)
            try settleReadings(readings, ownerID: ownerID, at: now)
            report.events = Self.unique(report.events)
            return (results, report)
        }
    }

    public func changeLog(ownerID: String, after cursor: Int64, limit: Int, excludingDevice: String?) throws
        -> (changes: [String], next: Int64, hasMore: Bool) {
        // A change recorded outside a write (a migration's history) gets its clock before anyone reads
        // past it (fold stamps first); every other change is stamped in the transaction that wrote
        // it, so the log's order is the order of commits and a reader never skips a late commit.
        // REST writes are folded first, so that each carries the basis it was written on.
        if try database.queryOne("SELECT 1 FROM sync_changes WHERE folded = 0 LIMIT 1") != nil {
            try database.write { try fold() }
        }
        let page: (changes: [String], next: Int64, hasMore: Bool) = try database.read {
            let rows = try database.query(
                """
                SELECT seq, change_id, table_name, record_id, operation, fields, clock, basis FROM sync_changes
                WHERE owner_id = ? AND seq > ? AND clock IS NOT NULL AND (CAST(?4 AS TEXT) IS NULL OR substr(clock, 20) <> ?4) ORDER BY seq LIMIT ?3
                """, [.text(ownerID), .integer(cursor), .integer(Int64(limit + 1)), excludingDevice.map { .text($0) } ?? .null])
            let page = rows.prefix(limit)
            var next = try page.last.map { try $0.get("seq", as: Int64.self) } ?? cursor
            if rows.count <= limit, excludingDevice != nil {
                // The last page: the cursor moves past the asker's own changes after it too.
                next = max(next, try database.queryOne("SELECT max(seq) AS s FROM sync_changes WHERE owner_id = ? AND seq > ?",
                                                       [.text(ownerID), .integer(next)])?.get("s", as: Int64?.self) ?? next)
            }
            return (try page.map(Self.changeJSON), next, rows.count > limit)
        }
        // The cursor goes past what was read: none of it may be lost by a crash after this.
        if page.next > cursor { try database.awaitDurability() }
        return page
    }

    // MARK: - Effects

    static func unique(_ events: [DomainEvent]) -> [DomainEvent] {
        var seen: [DomainEvent] = []
        for event in events where !seen.contains(event) { seen.append(event) }
        return seen
    }
}
