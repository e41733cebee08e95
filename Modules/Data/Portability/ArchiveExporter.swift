import FoundationEssentials
import Core
import Domain

/// One export in progress (docs/export.md is the archive's reference). Every table is read in
/// pages of a few hundred rows (keyset paging, inside the caller's one read transaction, so every
/// page sees the same state) and written to the zip as it is read: memory stays bounded by a page
/// and a zip block, whatever the history holds. The order of every file is fixed by its query, so
/// the same data gives the same bytes apart from `exported_at`.
final class ArchiveExporter {
    let database: any SQLDatabase
    let ownerID: String
    let zip: ZipWriter
    let progress: (Int, Int) -> Void
    /// The quests' titles, in the person's language; nil when the quest content is not at hand
    /// (the Markdown then names quests by number only).
    let quests: ExportQuestTitles?
    private var done = 0
    private var total = 0
    /// Rows per page: small enough that a page of the widest table is cheap.
    static let pageSize = 500
    /// Rows per page of a table with a BLOB column (a run's track can be megabytes).
    static let blobPageSize = 16

    init(database: any SQLDatabase, ownerID: String, zip: ZipWriter, quests: ExportQuestTitles?, progress: @escaping (Int, Int) -> Void) {
        self.database = database
        self.ownerID = ownerID
        self.zip = zip
        self.quests = quests
        self.progress = progress
    }

    func run(appVersion: String, now: Date, couplePhoto: ((String) throws -> Data?)?) throws -> PersonalDataCounts {
        var counts: [String: Int] = [:]
        for table in ExportTables.all {
            counts[table.name] = try database.queryOne("SELECT COUNT(*) AS n FROM \(table.name) WHERE owner_id = ?",
                                                       [.text(ownerID)])?.get("n") ?? 0
        }
        var coupleCounts: [String: Int] = [:]
        if couplePhoto != nil {
            for name in Self.coupleTables {
                coupleCounts[name] = try database.queryOne("SELECT COUNT(*) AS n FROM \(name) WHERE author_id = ?",
                                                           [.text(ownerID)])?.get("n") ?? 0
            }
        }
        total = counts.values.reduce(0, +) + coupleCounts.values.reduce(0, +)
        progress(0, total)

        let zone = try personZone()
        try add("manifest.json", Self.manifest(counts: counts, coupleCounts: couplePhoto == nil ? nil : coupleCounts,
                                               exportedAt: ISO8601.format(now, in: zone), appVersion: appVersion))
        for table in ExportTables.all { try exportTable(table) }
        try writeCSV(zone: zone)
        try writeGlucoseCSV(zone: zone)
        try writeGPX()
        try writeNightscout(zone: zone)
        try writeNightscoutDocuments()
        try writeQuests()
        if let couplePhoto { try writeCouple(photo: couplePhoto) }
        try zip.finish()
        progress(total, total)
        return PersonalDataCounts(counts)
    }

    func add(_ name: String, _ text: String) throws {
        try zip.add(name, Data(text.utf8))
    }

    func advance(_ rows: Int) {
        let before = done / 1000
        done += rows
        if done / 1000 != before { progress(min(done, total), total) }
    }

    // MARK: - Reading in pages

    /// Calls `body` with the rows of `SELECT select FROM source WHERE condition`, a page at a time,
    /// ordered by `keys` (unique together, each selected as `column`). A page starts after the
    /// last row of the one before (keyset paging), so reading stays linear however long the
    /// history, and nothing is read twice.
    func pages(_ select: String, from source: String, where condition: String, _ arguments: [SQLValue],
               keys: [(expression: String, column: String)], pageSize: Int = ArchiveExporter.pageSize,
               _ body: ([Row]) throws -> Void) throws {
        let order = keys.map(\.expression).joined(separator: ", ")
        let first = "SELECT \(select) FROM \(source) WHERE \(condition) ORDER BY \(order) LIMIT \(pageSize)"
        let after = keys.count == 1 ? "\(order) > ?" : "(\(order)) > (\(keys.map { _ in "?" }.joined(separator: ", ")))"
        let next = "SELECT \(select) FROM \(source) WHERE (\(condition)) AND \(after) ORDER BY \(order) LIMIT \(pageSize)"
        var rows = try database.query(first, arguments)
        while !rows.isEmpty {
            try body(rows)
            guard rows.count == pageSize, let last = rows.last else { return }
            rows = try database.query(next, arguments + keys.map { last[$0.column] })
        }
    }

    /// A JSON array of texts, for `IN (SELECT value FROM json_each(?))`: one bound value however
    /// many ids a page holds.
    static func jsonList(_ values: [String]) -> SQLValue {
        .text("[" + values.map(\.jsonQuoted).joined(separator: ",") + "]")
    }

    // MARK: - manifest.json and data/

    static func manifest(counts: [String: Int], coupleCounts: [String: Int]?, exportedAt: String, appVersion: String) -> String {
        func numbers(_ counts: [String: Int]) -> String {
            ExportJSON.object(counts.sorted { $0.key < $1.key }.map { ($0.key, String($0.value)) })
        }
        var pairs: [(key: String, json: String)] = [
            ("app_version", appVersion.jsonQuoted), ("counts", numbers(counts)),
        ]
        if let coupleCounts { pairs.append(("couple_counts", numbers(coupleCounts))) }
        pairs += [("exported_at", exportedAt.jsonQuoted), ("format", ExportFormat.name.jsonQuoted),
                  ("format_version", String(ExportFormat.version))]
        return ExportJSON.object(pairs) + "\n"
    }

    /// `data/<table>.json`: every row of the owner by id, each with `id`, every column, `deleted_at`
    /// and its children as arrays, keys sorted.
    private func exportTable(_ table: SyncTable) throws {
        let columns = ["id", "deleted_at"] + table.columns.map(\.name)
        enum Source { case column(Int), child(SyncTable.Child) }
        let keys: [(name: String, source: Source)] = (columns.enumerated().map { ($0.element, Source.column($0.offset)) }
            + table.children.map { ($0.field, Source.child($0)) }).sorted { $0.0 < $1.0 }
        let hasBlob = table.columns.contains { $0.type == .blob }
        try zip.addStreamed("data/\(table.name).json") { out in
            var array = ExportJSON.ArrayWriter(out)
            try pages(columns.joined(separator: ", "), from: table.name, where: "owner_id = ?", [.text(ownerID)],
                      keys: [("id", "id")], pageSize: hasBlob ? Self.blobPageSize : Self.pageSize) { rows in
                let children = try childRows(of: table, parents: rows.map { $0["id"].textValue })
                for row in rows {
                    let id = row["id"].textValue
                    try array.append(ExportJSON.object(keys.map { key in
                        switch key.source {
                        case .column(let index): return (key.name, ExportJSON.value(row.values[index]))
                        case .child(let child): return (key.name, Self.childArray(children[child.field]?[id] ?? [], child: child))
                        }
                    }))
                    advance(1)
                }
            }
            try array.close()
        }
    }

    /// The child rows of a page of parents, by field and then parent id, each parent's in order.
    func childRows(of table: SyncTable, parents: [String]) throws -> [String: [String: [Row]]] {
        var result: [String: [String: [Row]]] = [:]
        for child in table.children {
            let names = child.columns.map { "c.\($0.name)" }.joined(separator: ", ")
            let found = try database.query(
                "SELECT c.\(child.parentColumn) AS parent_id, \(names) FROM \(child.table) c "
                    + "WHERE c.\(child.parentColumn) IN (SELECT value FROM json_each(?)) "
                    + "ORDER BY c.\(child.parentColumn), c.\(child.orderBy), c.rowid", [Self.jsonList(parents)])
            var byParent: [String: [Row]] = [:]
            for row in found {
                guard case .text(let parent) = row.values[0] else { continue }
                byParent[parent, default: []].append(row)
            }
            result[child.field] = byParent
        }
        return result
    }

    /// A parent's child rows in their order, keys sorted (the parent column left out).
    static func childArray(_ rows: [Row], child: SyncTable.Child) -> String {
        let keys = child.columns.enumerated().map { ($0.element.name, $0.offset + 1) }.sorted { $0.0 < $1.0 }
        return "[" + rows.map { row in ExportJSON.object(keys.map { ($0.0, ExportJSON.value(row.values[$0.1])) }) }
            .joined(separator: ",") + "]"
    }

    // MARK: - The person's zone

    /// The insulin settings' zone, else the machine's.
    private func personZone() throws -> TimeZone {
        let row = try database.queryOne(
            "SELECT time_zone FROM insulin_settings WHERE owner_id = ? ORDER BY deleted_at IS NOT NULL, updated_at DESC LIMIT 1",
            [.text(ownerID)])
        if let name: String = try row?.get("time_zone"), let zone = TimeZone(identifier: name) { return zone }
        return TimeZone.current
    }

    /// The owner's live insulin settings (the first by id, as the archive has always taken them).
    func insulinSettings() throws -> Row? {
        try database.queryOne("SELECT long_name, rapid_name FROM insulin_settings WHERE owner_id = ? AND deleted_at IS NULL "
                                  + "ORDER BY id LIMIT 1", [.text(ownerID)])
    }
}

extension SQLValue {
    /// The text, or "" for any other value.
    var textValue: String {
        if case .text(let text) = self { return text }
        return ""
    }

    /// The integer (a whole real too), or 0.
    var intValue: Int64 {
        switch self {
        case .integer(let number): number
        case .real(let number) where number.isFinite && abs(number) < 9e18: Int64(number)
        default: 0
        }
    }
}
