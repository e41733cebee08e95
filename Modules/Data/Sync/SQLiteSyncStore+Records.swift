import FoundationEssentials
import Core
import Domain

/// The merge state of a record (its field clocks, in `sync_records`) joined with its values (in
/// the record's own row), and the writing of a merged record back into its row.
extension SQLiteSyncStore {
    /// The local row of a record: its id, or nil when there is none yet. A record of another
    /// owner is `not_found`, as the REST routes answer it.
    func localRow(_ table: SyncTable, recordID: String, ownerID: String) throws -> (id: String, deletedAt: SQLValue)? {
        if table.isSingleton {
            return try database.queryOne(
                "SELECT id, deleted_at FROM \(table.name) WHERE owner_id = ? ORDER BY deleted_at IS NOT NULL, updated_at DESC LIMIT 1",
                [.text(ownerID)]).map { (try $0.get("id"), $0["deleted_at"]) }
        }
        guard let row = try database.queryOne("SELECT owner_id, deleted_at FROM \(table.name) WHERE id = ?", [.text(recordID)]) else {
            return nil
        }
        guard case .text(let owner) = row["owner_id"], owner == ownerID else {
            throw AppError.notFound("no \(table.name) record \(recordID)", code: "not_found").with(["id": recordID])
        }
        return (recordID, row["deleted_at"])
    }

    /// The record's field values as they stand in its row (children included).
    func rowValues(_ table: SyncTable, localID: String) throws -> [String: SyncValue] {
        let children = table.children.map { child in
            let array = database.dialect == .sqlite ? SyncTriggers.childArray(child, parentID: "p.id")
                : PostgresSyncTriggers.childArray(child, parentID: "p.id")
            return ", \(array) AS \(child.field)"
        }.joined()
        guard let row = try database.queryOne(
            "SELECT " + table.columns.map { "p.\($0.name)" }.joined(separator: ", ") + children + " FROM \(table.name) p WHERE p.id = ?",
            [.text(localID)]) else { return [:] }
        var values: [String: SyncValue] = [:]
        for column in table.columns { values[column.name] = SyncValues.syncValue(row[column.name], type: column.type) }
        for child in table.children { values[child.field] = SyncValues.syncValue(row[child.field], type: .text) }
        return values
    }

    /// The record's merge state with the values of its row; nil when it was never merged.
    func loadRecord(_ table: SyncTable, recordID: String, ownerID: String, values: [String: SyncValue]) throws -> SyncRecord? {
        guard let row = try database.queryOne(
            "SELECT inserted, deleted, delete_basis, fields FROM sync_records WHERE owner_id = ? AND table_name = ? AND record_id = ?",
            [.text(ownerID), .text(table.name), .text(recordID)]) else { return nil }
        var fields: [String: SyncRecord.Field] = [:]
        let text: String = try row.get("fields")
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 4, let clock = HLCTimestamp(String(parts[0])) else { continue }
            let basis = HLCTimestamp(String(parts[2]))
            for name in parts[3].split(separator: ",") {
                let name = String(name)
                fields[name] = SyncRecord.Field(value: values[name] ?? .null, clock: clock, changeID: String(parts[1]), basis: basis)
            }
        }
        func clock(_ column: String) -> HLCTimestamp? {
            if case .text(let text) = row[column] { return HLCTimestamp(text) }
            return nil
        }
        return SyncRecord(table: table.name, recordID: recordID, fields: fields, deletedClock: clock("deleted"),
                          deleteBasis: clock("delete_basis"), insertedClock: clock("inserted"))
    }

    /// Saves the field clocks, one line per change that still owns fields.
    func saveRecord(_ record: SyncRecord, ownerID: String) throws {
        var groups: [String: [String]] = [:]
        for (name, field) in record.fields {
            groups["\(field.clock.text)\t\(field.changeID)\t\(field.basis?.text ?? "")", default: []].append(name)
        }
        let text = groups.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value.sorted().joined(separator: ","))" }
            .joined(separator: "\n")
        try database.execute(
            """
            INSERT INTO sync_records (owner_id, table_name, record_id, inserted, deleted, delete_basis, fields) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (owner_id, table_name, record_id) DO UPDATE SET inserted = excluded.inserted, deleted = excluded.deleted,
                delete_basis = excluded.delete_basis, fields = excluded.fields
            """,
            [.text(ownerID), .text(record.table), .text(record.recordID), record.insertedClock.map { .text($0.text) } ?? .null,
             record.deletedClock.map { .text($0.text) } ?? .null, record.deleteBasis.map { .text($0.text) } ?? .null, .text(text)])
    }

    /// Writes a merged record into its row (inserting it when new), with the echo switch off.
    func writeRow(_ record: SyncRecord, table: SyncTable, ownerID: String, existing: (id: String, deletedAt: SQLValue)?) throws {
        let values = record.values
        let columns = table.columns.filter { values[$0.name] != nil }
        var arguments = try columns.map { try SyncValues.sqlValue(values[$0.name]!, column: $0) }
        let deletedAt: SQLValue
        if record.isDeleted {
            if case .integer = existing?.deletedAt ?? .null {
                deletedAt = existing!.deletedAt
            } else if case .int(let updated) = values["updated_at"] ?? .null {
                deletedAt = .integer(updated)
            } else {
                deletedAt = .integer(record.deletedClock?.physical ?? 0)
            }
        } else {
            deletedAt = .null
        }
        let id: String
        if let existing {
            id = existing.id
            let sets = columns.map { "\($0.name) = ?" } + ["deleted_at = ?"]
            try database.execute("UPDATE \(table.name) SET \(sets.joined(separator: ", ")) WHERE id = ?",
                                 arguments + [deletedAt, .text(id)])
        } else {
            for column in table.columns where column.required && values[column.name] == nil {
                throw SyncValues.invalid(column.name, "is missing from a new record")
            }
            id = table.isSingleton ? UUIDv7.makeString(at: clock.now) : record.recordID
            arguments = [.text(id), .text(ownerID)] + arguments + [deletedAt]
            let names = ["id", "owner_id"] + columns.map(\.name) + ["deleted_at"]
            try database.execute(
                "INSERT INTO \(table.name) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))",
                arguments)
        }
        for child in table.children {
            guard case .string(let text) = values[child.field] ?? .null else { continue }
            try writeChildren(child, parentID: id, json: text)
        }
        // A food's folded names are derived here, not synced: the search on PostgreSQL reads them.
        if table.name == "foods", values["name"] != nil || values["name_en"] != nil {
            try FoodSearchText.store(foodID: id, in: database)
        }
    }

    /// Replaces a parent's child rows with the ones in a JSON array.
    func writeChildren(_ child: SyncTable.Child, parentID: String, json: String) throws {
        let rows: [[String: SyncValue]]
        do {
            rows = try JSONDecoder().decode([[String: SyncValue]].self, from: Data(json.utf8))
        } catch {
            throw SyncValues.invalid(child.field, "is not an array of rows")
        }
        guard rows.count <= 10_000 else { throw SyncValues.invalid(child.field, "has too many rows") }
        try database.execute("DELETE FROM \(child.table) WHERE \(child.parentColumn) = ?", [.text(parentID)])
        let names = [child.parentColumn] + child.columns.map(\.name)
        let sql = "INSERT INTO \(child.table) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))"
        for row in rows {
            for key in row.keys where child.columns.first(where: { $0.name == key }) == nil {
                throw SyncValues.invalid("\(child.field).\(key)", "is not a field")
            }
            let arguments = try child.columns.map { column in try SyncValues.sqlValue(row[column.name] ?? .null, column: column) }
            try database.execute(sql, [.text(parentID)] + arguments)
        }
    }
}
