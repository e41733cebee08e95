import FoundationEssentials
import Core
import Domain

/// `tend import`: a Tend export read back into a database, new or in use.
///
/// - What is read: `manifest.json` (`format` must be `tend-export`, a newer `format_version` is
///   refused with `export_too_new`) and `data/<table>.json` for each table of `ExportTables`; the
///   other entries (CSV, GPX, Nightscout, Markdown) are for people and are not read.
/// - Matched by id: a record whose id this owner holds already is left as it is (counted as
///   skipped), whatever the archive says of it, so importing twice changes nothing and an import
///   never overwrites what was written since the export. Settings (one row per owner) are
///   written onto the owner's own row instead, when they differ: the archive's live row with the
///   latest `updated_at`; into a database without the owner's settings, as they are. An id
///   that another owner holds refuses the whole archive.
/// - Checked before anything is written: every entry is valid JSON, every row has an id, each
///   field is one of its table's columns with a value of the column's type, required fields are
///   present, and each record passes `SyncValidation` as a record arriving by sync must.
/// - One transaction: any error leaves the database as it was. Rows are ordinary writes, so the
///   sync triggers record them in the outbox.
struct ImportArchive {
    static let manifestEntry = "manifest.json"
    static let dataFolder = "data/"

    /// References between tables that a foreign key alone would let point at another owner's row.
    static let references: [String: [(column: String, table: String)]] = [
        "quest_entries": [("journey_id", "quest_journeys")],
        "supplement_intakes": [("supplement_id", "supplements")],
    ]

    let database: any SQLDatabase
    let clock: any Clock
    var limits = ZipReader.Limits.standard

    struct Record {
        /// 1-based, in the entry's order.
        let number: Int
        let id: String
        /// In the order of the table's columns.
        let values: [SQLValue]
        /// Optional fields the record leaves out (an archive from before its column): empty
        /// when inserted, and a settings row they are written onto keeps its own.
        var missing: Set<String> = []
        let deletedAt: SQLValue
        /// Per child of the table, in its order: the child rows' values in the child's column order.
        let children: [[[SQLValue]]]
    }

    struct Table {
        let table: SyncTable
        let entry: String
        let rows: [Record]
    }

    func run(path: String, ownerID: String) throws -> PersonalDataCounts {
        let tables = try read(path: path)
        return try write(tables, ownerID: ownerID)
    }

    // MARK: - Reading and checking

    func read(path: String) throws -> [Table] {
        let zip = try ZipReader(path: path, limits: limits)
        guard let manifest = zip.entry(named: Self.manifestEntry) else {
            throw AppError(.unprocessable, code: "not_tend_export", "\(path) is not a Tend export: it has no \(Self.manifestEntry)")
                .with(["path": path])
        }
        try checkManifest(ImportJSON.decode(try zip.read(manifest), entry: Self.manifestEntry), path: path)
        var entries: [String: ZipReader.Entry] = [:]
        for entry in zip.entries where entry.name.hasPrefix(Self.dataFolder) && entry.name != Self.dataFolder {
            let file = entry.name.dropFirst(Self.dataFolder.count)
            guard file.hasSuffix(".json"), !file.contains("/"), let table = ExportTables.table(named: String(file.dropLast(5))) else {
                throw AppError(.unprocessable, code: "unknown_table", "\(entry.name): this Tend knows no such kind of record")
                    .with(["entry": entry.name])
            }
            entries[table.name] = entry
        }
        let now = clock.now
        return try ExportTables.all.compactMap { table in
            guard let entry = entries[table.name] else { return nil }
            let json = try ImportJSON.decode(try zip.read(entry), entry: entry.name)
            return Table(table: table, entry: entry.name, rows: try rows(json, table: table, entry: entry.name, now: now))
        }
    }

    func checkManifest(_ json: ImportJSON, path: String) throws {
        let entry = Self.manifestEntry
        guard case .object(let fields) = json else {
            throw AppError(.unprocessable, code: "invalid_archive", "\(entry) is not a JSON object").with(["entry": entry])
        }
        guard case .string(ExportFormat.name) = fields["format"] ?? .null else {
            let named = if case .string(let format) = fields["format"] ?? .null { " (its format is '\(format)')" } else { "" }
            throw AppError(.unprocessable, code: "not_tend_export", "\(path) is not a Tend export\(named)").with(["path": path])
        }
        guard case .int(let version) = fields["format_version"] ?? .null, version >= 1 else {
            throw AppError(.unprocessable, code: "invalid_archive", "\(entry) has no format_version").with(["entry": entry])
        }
        guard version <= ExportFormat.version else {
            throw AppError(.unprocessable, code: "export_too_new",
                           "\(path) was written by a newer Tend (export format \(version); this one reads up to \(ExportFormat.version)): "
                               + "update tend to import it")
                .with(["path": path, "version": String(version)])
        }
    }

    func rows(_ json: ImportJSON, table: SyncTable, entry: String, now: Date) throws -> [Record] {
        guard case .array(let items) = json else {
            throw AppError(.unprocessable, code: "invalid_archive", "\(entry) is not a JSON array of records").with(["entry": entry])
        }
        var ids = Set<String>()
        var rows: [Record] = []
        rows.reserveCapacity(items.count)
        for (offset, item) in items.enumerated() {
            var id: String?
            do {
                guard case .object(let fields) = item else {
                    throw AppError.invalidInput("is \(item.kindName), not a record", code: "invalid_record")
                }
                if case .string(let text) = fields["id"] ?? .null { id = text }
                let row = try self.row(fields, number: offset + 1, table: table, now: now)
                guard ids.insert(row.id).inserted else {
                    throw AppError.invalidInput("the id appears twice in this entry", code: "duplicate_id")
                }
                rows.append(row)
            } catch {
                throw Self.context(error, entry: entry, number: offset + 1, id: id)
            }
        }
        return rows
    }

    func row(_ fields: [String: ImportJSON], number: Int, table: SyncTable, now: Date) throws -> Record {
        guard case .string(let id) = fields["id"] ?? .null else {
            throw SyncValues.invalid("id", fields["id"] == nil ? "is missing" : "is not text")
        }
        guard Self.isValid(id: id) else { throw SyncValues.invalid("id", "is not a record id") }
        for name in fields.keys.sorted() where name != "id" && name != "deleted_at" && table.column(name) == nil && table.child(name) == nil {
            throw AppError.invalidInput("\(table.name) has no field '\(name)'", code: "unknown_field").with(["field": name])
        }
        let values = try Self.values(fields, columns: table.columns, prefix: "")
        let deletedAt = try SyncValues.sqlValue(try Self.scalar(fields["deleted_at"] ?? .null, field: "deleted_at"),
                                                column: SyncTable.Column(name: "deleted_at", type: .integer, required: false))
        var children: [[[SQLValue]]] = []
        var checked: [String: SyncValue] = [:]
        for (column, value) in zip(table.columns, values) { checked[column.name] = SyncValues.syncValue(value, type: column.type) }
        for child in table.children {
            let items: [ImportJSON]
            switch fields[child.field] ?? .array([]) {
            case .array(let array): items = array
            case .null: items = []
            default: throw SyncValues.invalid(child.field, "is not an array of rows")
            }
            guard items.count <= 10_000 else { throw SyncValues.invalid(child.field, "has too many rows") }
            var rows: [[SQLValue]] = []
            for (offset, item) in items.enumerated() {
                let prefix = "\(child.field)[\(offset)]."
                guard case .object(let childFields) = item else { throw SyncValues.invalid("\(child.field)[\(offset)]", "is not a row") }
                for name in childFields.keys.sorted() where child.columns.first(where: { $0.name == name }) == nil {
                    throw SyncValues.invalid(prefix + name, "is not a field")
                }
                rows.append(try Self.values(childFields, columns: child.columns, prefix: prefix))
            }
            children.append(rows)
            checked[child.field] = .string(try SyncValues.childJSON(rows, columns: child.columns))
        }
        try ExportTables.validate(table: table, values: checked, now: now)
        var record = Record(number: number, id: id, values: values, deletedAt: deletedAt, children: children)
        record.missing = Set(table.columns.lazy.filter { !$0.required && fields[$0.name] == nil }.map(\.name))
        return record
    }

    /// The columns' values of one row; a missing optional field is empty.
    static func values(_ fields: [String: ImportJSON], columns: [SyncTable.Column], prefix: String) throws -> [SQLValue] {
        try columns.map { column in
            guard let value = fields[column.name] else {
                if column.required { throw SyncValues.invalid(prefix + column.name, "is missing") }
                return .null
            }
            let named = SyncTable.Column(name: prefix + column.name, type: column.type, required: column.required)
            return try SyncValues.importedValue(try scalar(value, field: named.name), column: named)
        }
    }

    /// A record id as Tend makes them: a UUIDv7, with a prefix for some kinds (`custom:` foods).
    static func isValid(id: String) -> Bool {
        (1...100).contains(id.utf8.count) && id.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
        }
    }

    static func scalar(_ value: ImportJSON, field: String) throws -> SyncValue {
        guard let scalar = value.scalar else { throw SyncValues.invalid(field, "is \(value.kindName), not a single value") }
        return scalar
    }

    /// The error with where it happened: the entry, the row's number and its id.
    static func context(_ error: any Error, entry: String, number: Int, id: String?) -> AppError {
        let place = "\(entry), record \(number)" + (id.map { " (id \($0))" } ?? "")
        var arguments = ["entry": entry, "row": String(number)]
        if let id { arguments["id"] = id }
        if let error = error as? AppError {
            // A bad record is a bad file, not a bad command line (exit 1, 422): the kind follows.
            let kind: AppError.Kind = error.kind == .invalidInput || error.kind == .conflict ? .unprocessable : error.kind
            return AppError(kind, code: error.code, "\(place): \(error.message)", details: error.details)
                .with(key: error.key, error.arguments.merging(arguments) { old, _ in old })
        }
        return AppError(.unprocessable, code: "invalid_archive", "\(place): \(error)").with(arguments)
    }

    // MARK: - Writing

    func write(_ tables: [Table], ownerID: String) throws -> PersonalDataCounts {
        try database.write {
            var result = PersonalDataCounts()
            for imported in tables {
                let table = imported.table
                result.counts[table.name] = 0
                // A settings row onto the owner's own, when there is one: the archive's current row.
                let current = table.isSingleton ? try currentRow(table, ownerID: ownerID) : nil
                let chosen = current == nil ? nil : imported.rows.min { $0.precedes($1, table: table) }
                for row in imported.rows {
                    do {
                        try checkOwner(of: row, table: table, ownerID: ownerID)
                        let wrote = if let current {
                            row.number == chosen?.number ? try update(current, with: row, table: table) : false
                        } else {
                            try insertIfMissing(row, table: table, ownerID: ownerID)
                        }
                        if wrote {
                            result.counts[table.name, default: 0] += 1
                        } else {
                            result.skipped += 1
                        }
                    } catch {
                        throw Self.context(error, entry: imported.entry, number: row.number, id: row.id)
                    }
                }
            }
            return result
        }
    }

    /// An id another owner holds refuses the archive.
    func checkOwner(of row: Record, table: SyncTable, ownerID: String) throws {
        guard let holder = try database.queryOne("SELECT owner_id FROM \(table.name) WHERE id = ?", [.text(row.id)]) else { return }
        guard case .text(let owner) = holder["owner_id"], owner == ownerID else {
            throw AppError.conflict("this id belongs to another owner in this database", code: "id_taken").with(["id": row.id])
        }
    }

    /// The owner's settings row that counts (as sync picks it), with its values.
    func currentRow(_ table: SyncTable, ownerID: String) throws -> Row? {
        try database.queryOne(
            "SELECT id, deleted_at, \(table.columns.map(\.name).joined(separator: ", ")) FROM \(table.name) WHERE owner_id = ? "
                + "ORDER BY deleted_at IS NOT NULL, updated_at DESC LIMIT 1", [.text(ownerID)])
    }

    /// Writes a settings row's values onto the owner's row; false when they are the same. A
    /// field the record leaves out keeps the row's value (an old archive knows no quest
    /// reminder switch: importing it must not switch the reminder back on).
    func update(_ current: Row, with row: Record, table: SyncTable) throws -> Bool {
        let written = zip(table.columns, row.values).filter { !row.missing.contains($0.0.name) }
        let same = written.allSatisfy { SyncValues.same(current[$0.name], $1, type: $0.type) }
            && SyncValues.same(current["deleted_at"], row.deletedAt, type: .integer)
        if same { return false }
        let sets = written.map { "\($0.0.name) = ?" } + ["deleted_at = ?"]
        try database.execute("UPDATE \(table.name) SET \(sets.joined(separator: ", ")) WHERE id = ?",
                             written.map(\.1) + [row.deletedAt, current["id"]])
        return true
    }

    /// Inserts a record with its children; false when this owner holds its id already.
    func insertIfMissing(_ row: Record, table: SyncTable, ownerID: String) throws -> Bool {
        if try database.queryOne("SELECT 1 AS here FROM \(table.name) WHERE id = ?", [.text(row.id)]) != nil { return false }
        if try hasSameRecord(row, table: table, ownerID: ownerID) { return false }
        for reference in Self.references[table.name] ?? [] {
            guard let index = table.columns.firstIndex(where: { $0.name == reference.column }), case .text(let target) = row.values[index] else {
                continue
            }
            let holder = try database.queryOne("SELECT owner_id FROM \(reference.table) WHERE id = ?", [.text(target)])
            guard case .text(let owner) = holder?["owner_id"] ?? .null, owner == ownerID else {
                throw AppError.invalidInput("\(reference.column) '\(target)' is not a record of \(reference.table) in this archive or this database",
                                            code: "invalid_reference").with(["field": reference.column, "value": target])
            }
        }
        let names = ["id", "owner_id"] + table.columns.map(\.name) + ["deleted_at"]
        try database.execute(
            "INSERT INTO \(table.name) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))",
            [.text(row.id), .text(ownerID)] + row.values + [row.deletedAt])
        for (child, rows) in zip(table.children, row.children) where !rows.isEmpty {
            let names = [child.parentColumn] + child.columns.map(\.name)
            let sql = "INSERT INTO \(child.table) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))"
            for values in rows { try database.execute(sql, [.text(row.id)] + values) }
        }
        // A food's folded names are derived, not exported: the search on PostgreSQL reads them.
        if table.name == "foods" { try FoodSearchText.store(foodID: row.id, in: database) }
        return true
    }
}

extension ImportArchive {
    /// A live record of the owner that is this one under another id (a reading of the same time
    /// and type imported from one LibreView file on two devices): the archive's is not added.
    func hasSameRecord(_ row: Record, table: SyncTable, ownerID: String) throws -> Bool {
        guard row.deletedAt == .null, let columns = ExportTables.sameRecord[table.name] else { return false }
        var arguments: [SQLValue] = [.text(ownerID)]
        for name in columns {
            guard let index = table.columns.firstIndex(where: { $0.name == name }) else { return false }
            arguments.append(row.values[index])
        }
        let condition = columns.map { "\($0) = ?" }.joined(separator: " AND ")
        return try database.queryOne("SELECT 1 AS here FROM \(table.name) WHERE owner_id = ? AND deleted_at IS NULL AND \(condition)",
                                     arguments) != nil
    }
}

extension ImportArchive.Record {
    /// Whether this settings row counts before the other, as sync picks one: live, then the latest.
    func precedes(_ other: Self, table: SyncTable) -> Bool {
        if (deletedAt == .null) != (other.deletedAt == .null) { return deletedAt == .null }
        return updatedAt(table) > other.updatedAt(table)
    }

    func updatedAt(_ table: SyncTable) -> Int64 {
        guard let index = table.columns.firstIndex(where: { $0.name == "updated_at" }), case .integer(let ms) = values[index] else { return 0 }
        return ms
    }
}
