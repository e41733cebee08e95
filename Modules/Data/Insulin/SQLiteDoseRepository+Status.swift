import FoundationEssentials
import Core
import Domain

extension SQLiteDoseRepository {
    /// The status's reads as one statement (`statusRead`): one snapshot on either engine without
    /// a transaction, and on PostgreSQL one statement to run instead of six within BEGIN and
    /// COMMIT — each statement a backend runs, and each result libpq hands back, costs more than
    /// the index reads it does.
    public func statusReads(ownerID: String, day: Range<Date>, horizon: Date) throws -> DoseStatusReads {
        try statusReads(ownerID: ownerID, day: day, horizon: horizon, withSettings: false).reads
    }

    /// The settings are one more part of the same statement.
    public func statusReadsWithSettings(ownerID: String, day: Range<Date>, horizon: Date) throws
        -> (settings: InsulinSettings?, reads: DoseStatusReads) {
        try statusReads(ownerID: ownerID, day: day, horizon: horizon, withSettings: true)
    }

    private func statusReads(ownerID: String, day: Range<Date>, horizon: Date, withSettings: Bool) throws
        -> (settings: InsulinSettings?, reads: DoseStatusReads) {
        let bounds = Self.tallyBounds(day)
        let edges = bounds.hasEdges
        let sql = switch (withSettings, edges) {
        case (false, false): Self.statusRead
        case (true, false): Self.statusReadWithSettings
        case (false, true): Self.statusReadWithEdges
        case (true, true): Self.statusReadWithSettingsAndEdges
        }
        let rows = try database.query(sql, [.text(ownerID), .text(InsulinKind.long.rawValue), .text(InsulinKind.rapid.rawValue),
                                            day.lowerBound.sqlValue, day.upperBound.sqlValue, horizon.sqlValue]
                                          + bounds.arguments.prefix(edges ? 4 : 2))
        var doses: [StatusPart: Dose] = [:], tallies: [StatusPart: Row] = [:]
        var settings: InsulinSettings?
        for row in rows {
            guard let part = StatusPart(rawValue: try row.get("part")) else {
                throw AppError(.internalFailure, code: "database_error", "the insulin status read an unknown part")
            }
            switch part {
            case .longToday, .lastLong: doses[part] = try Self.decode(Self.doseRow(row, ownerID: ownerID, kind: .long))
            case .lastRapid: doses[part] = try Self.decode(Self.doseRow(row, ownerID: ownerID, kind: .rapid))
            case .quarters, .head, .tail: tallies[part] = row
            case .settings: settings = try SQLiteInsulinSettingsRepository.decode(Self.settingsRow(row, ownerID: ownerID))
            }
        }
        // Added up as `tally(ownerID:kind:in:)` adds its statements' answers.
        let counted: [StatusPart] = bounds.hasQuarters ? [.quarters, .head, .tail] : bounds.lower < bounds.upper ? [.head] : []
        let reads = DoseStatusReads(longToday: doses[.longToday], lastLong: doses[.lastLong], lastRapid: doses[.lastRapid],
                                    rapidToday: try Self.tally(of: counted.map { part in tallies[part].map { [$0] } ?? [] }))
        return (settings, reads)
    }

    /// What a row of `statusRead` answers.
    enum StatusPart: Int {
        case longToday, lastLong, lastRapid, quarters, head, tail, settings
    }

    // A day that starts on a quarter hour (every zone's offset is whole quarters; a day start
    // such as 04:10 is not) has no part-quarters at its ends: its statement leaves their two
    // counts out. Besides the reads saved, PostgreSQL then plans the statement once: with the
    // counts' ranges in it, a plan made without the values looked dearer than one made for
    // them, so it planned every execution again (585 µs each, plans = calls in
    // pg_stat_statements, once an account held thousands of doses).
    static let statusRead = statusStatement(withSettings: false, edges: false)
    static let statusReadWithSettings = statusStatement(withSettings: true, edges: false)
    static let statusReadWithEdges = statusStatement(withSettings: false, edges: true)
    static let statusReadWithSettingsAndEdges = statusStatement(withSettings: true, edges: true)

    /// One UNION ALL, a part a read, each part's own index read as before (`statusQueryPlans`).
    /// Parameters: ?1 the owner, ?2 and ?3 the kinds (long, rapid), ?4 and ?5 the day, ?6 the
    /// horizon, ?7–?10 `tallyBounds` (?9 and ?10 only with the edges). Every part gives every
    /// column, by name; a column a part has not is a typed NULL, so that PostgreSQL resolves each
    /// column's type whatever the order.
    ///
    /// A part that reads one row is `SELECT * FROM (its read) AS p`: SQLite takes no LIMIT in a
    /// part of a UNION, and PostgreSQL's planner drops a bare `SELECT *` around a read, so the
    /// part is its index read alone (today's long dose keeps its scan, which filters).
    /// PostgreSQL builds every node's row type column by column on each execution (most of a
    /// status's CPU there), so the statement gives only what it cannot know: no owner, kind or
    /// deletion (the read asks for them), and the settings' values in the doses' columns where
    /// the types allow (`settingsColumns`) — 13 columns, not 20.
    static func statusStatement(withSettings: Bool, edges: Bool) -> String {
        func latest(_ part: StatusPart, _ condition: String, keptIf kept: String? = nil) -> String {
            "SELECT * FROM (" + select(part, Dictionary(uniqueKeysWithValues: doseColumns.map { ($0, $0) }), withSettings: withSettings)
                + " FROM insulin_doses WHERE owner_id = ?1 AND \(condition)"
                + " AND deleted_at IS NULL ORDER BY taken_at DESC, id DESC LIMIT 1) AS p\(part.rawValue)"
                + (kept.map { " WHERE \($0)" } ?? "")
        }
        func tally(_ part: StatusPart, count: String, from source: String) -> String {
            select(part, ["units": "TOTAL(units)", "count": count], withSettings: withSettings) + " FROM " + source
        }
        var parts = [
            // Today's long dose is the last one before the day's end, kept when it falls in the
            // day: a range closed on both sides let PostgreSQL, on statistics not yet analysed
            // after a burst of inserts, read it through the owner's index past every rapid dose
            // of the day (5 ms); a bound on one side it reads on the status index whatever it knows.
            latest(.longToday, "kind = ?2 AND taken_at < ?5", keptIf: "taken_at >= ?4"),
            latest(.lastLong, "kind = ?2 AND taken_at <= ?6"),
            latest(.lastRapid, "kind = ?3 AND taken_at <= ?6"),
            tally(.quarters, count: "TOTAL(count)",
                  from: "insulin_dose_tallies WHERE owner_id = ?1 AND kind = ?3 AND quarter >= ?7 AND quarter < ?8"),
        ]
        if edges {
            parts.append(tally(.head, count: "COUNT(*)", from: "insulin_doses WHERE owner_id = ?1 AND kind = ?3"
                                   + " AND deleted_at IS NULL AND taken_at >= ?4 AND taken_at < ?9"))
            parts.append(tally(.tail, count: "COUNT(*)", from: "insulin_doses WHERE owner_id = ?1 AND kind = ?3"
                                   + " AND deleted_at IS NULL AND taken_at >= ?10 AND taken_at < ?5"))
        }
        if withSettings {
            let given = Dictionary(uniqueKeysWithValues: settingsColumns.map { ($0.given, $0.stored) })
            parts.append("SELECT * FROM ("
                + SQLiteInsulinSettingsRepository.current(owner: "?1", select: select(.settings, given, withSettings: true))
                + ") AS s")
        }
        return parts.joined(separator: "\nUNION ALL\n")
    }

    /// A dose's columns that its read does not already know.
    private static let doseColumns = ["id", "units", "taken_at", "note", "created_at", "updated_at"]

    /// Every column of `statusRead` after `part`, with its type: a dose's, the tallies' count,
    /// then what only the settings have.
    private static let statusColumns: [(name: String, type: String)] = [
        ("id", "TEXT"), ("units", "DOUBLE PRECISION"), ("taken_at", "BIGINT"), ("note", "TEXT"), ("created_at", "BIGINT"),
        ("updated_at", "BIGINT"), ("count", "DOUBLE PRECISION"), ("rapid_name", "TEXT"), ("time_zone", "TEXT"),
        ("long_guard_minutes", "BIGINT"), ("rapid_window_minutes", "BIGINT"), ("reminder_minutes", "BIGINT"),
    ]

    /// The settings' stored columns (but the owner) and the status's columns that give them.
    private static let settingsColumns: [(stored: String, given: String)] = [
        ("id", "id"), ("long_name", "note"), ("long_units", "units"), ("rapid_name", "rapid_name"), ("rapid_units", "count"),
        ("day_start_minutes", "taken_at"), ("time_zone", "time_zone"), ("long_guard_minutes", "long_guard_minutes"),
        ("rapid_window_minutes", "rapid_window_minutes"), ("reminder_minutes", "reminder_minutes"),
        ("created_at", "created_at"), ("updated_at", "updated_at"),
    ]

    private static func select(_ part: StatusPart, _ given: [String: String], withSettings: Bool) -> String {
        let columns = withSettings ? statusColumns : Array(statusColumns.prefix(7))
        return "SELECT \(part.rawValue) AS part, " + columns.map { column in
            "\(given[column.name] ?? "CAST(NULL AS \(column.type))") AS \(column.name)"
        }.joined(separator: ", ")
    }

    /// A dose part's row as the dose repository stores it: the owner and kind it was read for,
    /// live (the read asks for live doses only).
    private static func doseRow(_ row: Row, ownerID: String, kind: InsulinKind) -> Row {
        Row(columns: ["owner_id", "kind", "deleted_at"] + doseColumns,
            values: [.text(ownerID), .text(kind.rawValue), .null] + doseColumns.map { row[$0] })
    }

    /// The settings part's row as the settings repository stores it.
    private static func settingsRow(_ row: Row, ownerID: String) -> Row {
        Row(columns: ["owner_id"] + settingsColumns.map(\.stored), values: [.text(ownerID)] + settingsColumns.map { row[$0.given] })
    }
}
