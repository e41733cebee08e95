import FoundationEssentials
import Core
import Domain

/// `tend-server migrate-data`: a SQLite server's rows and photos into a PostgreSQL database, in
/// one transaction on the PostgreSQL side (under the write lock every server takes), so a
/// failure leaves nothing half-moved and a second run finds every row there and adds nothing.
///
/// Every table both engines have is copied with its columns as they are, SQLite's `rowid`
/// included (PostgreSQL's tables carry it as a column: repositories order by it), ids
/// explicit, and the sequences set past them afterwards. The sync log (`sync_changes` with its
/// `seq`, the records, the conflicts) moves as it is, so a device's pull cursor goes on where it
/// was. Left out: SQLite's own tables and FTS5's (PostgreSQL's food search is a generated
/// column), `schema_migrations` and `sync_switch` (each engine's own), and the insulin tallies,
/// which PostgreSQL's trigger rebuilds as the doses arrive. The sync triggers are switched off
/// meanwhile: these rows are not new changes.
public enum SQLiteToPostgres {
    public struct TableCount: Sendable, Equatable {
        public let name: String
        public let sqlite: Int
        public let copied: Int
        public let postgres: Int
    }

    public struct Report: Sendable, Equatable {
        public var tables: [TableCount] = []
        public var missingPhotos = 0
        public var copied: Int { tables.reduce(0) { $0 + $1.copied } }
    }

    /// `couple_bridges` is a cache: its versions are PostgreSQL's own once the marks are copied.
    static let skipped: Set<String> = ["schema_migrations", "sync_switch", "photo_blobs", "insulin_dose_tallies", "couple_bridges"]
    /// Rebuilt on PostgreSQL, not copied: counted to check they agree.
    static let derived = ["insulin_dose_tallies"]

    /// - Parameters:
    ///   - photos: the SQLite server's photo folder, as a store (`FilePhotoStore`).
    ///   - target: a PostgreSQL database; migrated here first.
    public static func move(from source: Database, photos: any PhotoStore, to target: any SQLDatabase, now: Date) throws -> Report {
        guard target.dialect == .postgres else {
            throw AppError.invalidInput("migrate-data moves into PostgreSQL", code: "invalid_database_url")
        }
        // The file brought up to date as starting its server would, so both schemas are this version's.
        try TendMigrations.migrator.migrate(source, now: now)
        try PostgresMigrations.migrator.migrate(target, now: now)
        let plan = try TablePlan.make(source: source, target: target)
        // One snapshot of the file, even if its server still writes.
        try source.executeScript("BEGIN")
        defer { try? source.executeScript("COMMIT") }
        try refuseForeignData(source: source, target: target)
        let report = try target.write {
            let recording = try target.queryOne("SELECT recording FROM sync_switch")?.get("recording", as: Int.self) ?? 1
            try target.execute("UPDATE sync_switch SET recording = 0")
            var report = Report()
            for table in plan.tables {
                let before = try count(table.name, in: target)
                let copied = try copy(table, from: source, to: target)
                try resetSequences(of: table.name, plan: plan, in: target)
                report.tables.append(TableCount(name: table.name, sqlite: try count(table.name, in: source), copied: copied,
                                                postgres: before + copied))
            }
            report.tables.append(try copyPhotos(from: source, photos: photos, to: target, missing: &report.missingPhotos))
            for name in derived where plan.sqliteTables.contains(name) {
                report.tables.append(TableCount(name: name, sqlite: try count(name, in: source), copied: 0,
                                                postgres: try count(name, in: target)))
            }
            try target.execute("UPDATE sync_switch SET recording = ?", [.integer(Int64(recording))])
            // The check: every table holds at least the file's rows (exactly them on a new database).
            if let short = report.tables.first(where: { $0.postgres < $0.sqlite }) {
                throw AppError.unavailable("\(short.name): \(short.sqlite) rows in the file but \(short.postgres) in PostgreSQL; "
                                           + "nothing was moved", code: "migration_incomplete")
            }
            return report
        }
        // Statistics for the rows just copied, before a server plans a statement on them: until
        // autovacuum's next round PostgreSQL would plan on the empty tables it was told of, and
        // keep those plans (the status then read a day's newest long dose past every rapid one).
        try target.executeScript("ANALYZE")
        return report
    }

    /// A PostgreSQL database in use by accounts the file does not have is someone else's:
    /// copying into it would interleave two histories (sequence numbers, sync cursors).
    static func refuseForeignData(source: Database, target: any SQLDatabase) throws {
        let ours = Set(try source.query("SELECT id FROM accounts").map { try $0.get("id", as: String.self) })
        let theirs = try target.query("SELECT id FROM accounts").map { try $0.get("id", as: String.self) }
        let foreign = theirs.filter { !ours.contains($0) }
        if !foreign.isEmpty {
            throw AppError.conflict("\(target.name) already holds \(foreign.count) account(s) that are not in \(source.path): "
                                    + "move into a new database", code: "target_not_empty")
        }
    }

    /// Copies a table in pages of its rowid (its key where it has none), each page one
    /// multi-row INSERT … ON CONFLICT DO NOTHING; returns the rows inserted.
    static func copy(_ table: TablePlan.Table, from source: Database, to target: any SQLDatabase) throws -> Int {
        let columns = table.columns.map { "\"\($0.name)\"" }.joined(separator: ", ")
        // SQLite reads a double-quoted name that is no column as a string: its rowid stays bare.
        let selected = table.columns.map { $0.name == "rowid" ? "rowid" : "\"\($0.name)\"" }.joined(separator: ", ")
        let perStatement = max(1, min(500, 30_000 / max(1, table.columns.count)))
        var copied = 0, last: Int64 = .min
        while true {
            let paged = table.hasRowID
                ? try source.query("SELECT rowid AS tend_page, \(selected) FROM \"\(table.name)\" WHERE rowid > ? ORDER BY rowid LIMIT 5000",
                                   [.integer(last)])
                : try source.query("SELECT \(selected) FROM \"\(table.name)\"")
            guard !paged.isEmpty else { break }
            let rows = table.hasRowID ? paged.map { Row(columns: Array($0.columns.dropFirst()), values: Array($0.values.dropFirst())) } : paged
            for start in stride(from: 0, to: rows.count, by: perStatement) {
                let page = rows[start..<min(rows.count, start + perStatement)]
                let placeholders = "(" + Array(repeating: "?", count: table.columns.count).joined(separator: ", ") + ")"
                let sql = "INSERT INTO \"\(table.name)\" (\(columns)) VALUES "
                    + Array(repeating: placeholders, count: page.count).joined(separator: ", ") + " ON CONFLICT DO NOTHING"
                try target.execute(sql, page.flatMap { row in zip(table.columns, row.values).map { $0.converted($1) } })
                copied += target.changes
            }
            guard table.hasRowID, let next = try paged.last?.get("tend_page", as: Int64.self) else { break }
            last = next
        }
        return copied
    }

    /// Sets each serial column's sequence past the largest value now in the table.
    static func resetSequences(of table: String, plan: TablePlan, in target: any SQLDatabase) throws {
        for column in plan.serialColumns[table] ?? [] {
            _ = try target.query("SELECT setval(pg_get_serial_sequence(?, ?), (SELECT coalesce(max(\"\(column)\"), 0) + 1 FROM \"\(table)\"), false)",
                                 [.text(table), .text(column)])
        }
    }

    /// Every photo the file's couple space names, into `photo_blobs`.
    static func copyPhotos(from source: Database, photos: any PhotoStore, to target: any SQLDatabase,
                           missing: inout Int) throws -> TableCount {
        let hashes: [String] = try source.query("SELECT DISTINCT sha256 FROM couple_photos ORDER BY sha256").map { try $0.get("sha256") }
        var copied = 0, found = 0
        for sha in hashes {
            guard let bytes = try photos.data(sha256: sha) else {
                missing += 1
                continue
            }
            found += 1
            try target.execute("INSERT INTO photo_blobs (sha256, bytes) VALUES (?, ?) ON CONFLICT DO NOTHING", [.text(sha), .blob(bytes)])
            copied += target.changes
        }
        let present = try target.queryOne("SELECT count(*) AS n FROM photo_blobs WHERE sha256 = ANY(string_to_array(?, ','))",
                                           [.text(hashes.joined(separator: ","))])?.get("n", as: Int.self) ?? 0
        return TableCount(name: "photos", sqlite: found, copied: copied, postgres: present)
    }

    static func count(_ table: String, in database: any SQLDatabase) throws -> Int {
        try database.queryOne("SELECT count(*) AS n FROM \"\(table)\"")?.get("n", as: Int.self) ?? 0
    }
}
