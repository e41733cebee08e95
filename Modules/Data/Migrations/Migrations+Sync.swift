/// The outbox and change log, the merge state and the triggers that record every change of a
/// synced table (`SyncSchema`). Append only: a landed migration never changes.
extension TendMigrations {
    static let sync = Migration("0010_sync", """
            -- A device's outbox and the server's change log: one row per change, in the order written.
            -- A trigger leaves change_id and clock NULL; they are stamped before the transaction commits.
            CREATE TABLE sync_changes (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                change_id TEXT,
                owner_id TEXT NOT NULL,
                table_name TEXT NOT NULL,
                record_id TEXT NOT NULL,
                operation TEXT NOT NULL CHECK (operation IN ('insert', 'update', 'delete')),
                fields TEXT NOT NULL,
                clock TEXT,
                basis TEXT,
                folded INTEGER NOT NULL DEFAULT 0
            );
            CREATE UNIQUE INDEX sync_changes_id ON sync_changes (change_id);
            CREATE INDEX sync_changes_owner ON sync_changes (owner_id, seq);
            CREATE INDEX sync_changes_unstamped ON sync_changes (seq) WHERE clock IS NULL;
            CREATE INDEX sync_changes_unfolded ON sync_changes (seq) WHERE folded = 0;
            -- Per record: the clock of each field, the tombstone (the values live in the record's row).
            CREATE TABLE sync_records (
                owner_id TEXT NOT NULL,
                table_name TEXT NOT NULL,
                record_id TEXT NOT NULL,
                inserted TEXT,
                deleted TEXT,
                delete_basis TEXT,
                fields TEXT NOT NULL,
                PRIMARY KEY (owner_id, table_name, record_id)
            ) WITHOUT ROWID;
            -- Parents whose child rows (sets, measures) changed in the open transaction.
            CREATE TABLE sync_dirty (
                table_name TEXT NOT NULL,
                record_id TEXT NOT NULL,
                PRIMARY KEY (table_name, record_id)
            ) WITHOUT ROWID;
            -- The echo switch: 0 while changes from elsewhere are applied (inside that transaction only).
            CREATE TABLE sync_switch (recording INTEGER NOT NULL);
            INSERT INTO sync_switch (recording) VALUES (1);
            CREATE TABLE sync_state (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
            CREATE TABLE sync_conflicts (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                kind TEXT NOT NULL,
                table_name TEXT NOT NULL,
                record_id TEXT NOT NULL,
                field TEXT,
                kept TEXT,
                lost TEXT,
                lost_change_id TEXT,
                lost_clock TEXT,
                other_record_id TEXT,
                reason TEXT,
                detected_at INTEGER NOT NULL,
                acknowledged_at INTEGER
            );
            CREATE INDEX sync_conflicts_owner ON sync_conflicts (owner_id, acknowledged_at, detected_at);
            """ + SyncTriggers.all + SyncTriggers.existingHistory)
}

/// The SQL of the sync triggers, generated from `SyncSchema`.
enum SyncTriggers {
    static let recording = "(SELECT recording FROM sync_switch)"

    /// 0010's triggers, from the tables as they were then (`SyncSchema.asOf0010`).
    static var all: String {
        SyncSchema.asOf0010.map(triggers(for:)).joined() + SyncSchema.childParents.map { childTriggers($0.child, parent: $0.parent) }.joined()
    }

    /// Every live row written before sync existed enters the outbox once, as an insert: on the
    /// first sync the local history becomes the account's (and a server's history its devices').
    static var existingHistory: String {
        SyncSchema.asOf0010.map { table in
            """
            INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields)
            SELECT owner_id, '\(table.name)', \(recordID(table, "\(table.name).id")), 'insert', \(fieldsObject(table, row: table.name))
            FROM \(table.name) WHERE deleted_at IS NULL\(table.ownerOptional ? " AND owner_id IS NOT NULL" : "") ORDER BY created_at;

            """
        }.joined()
    }

    static func recordID(_ table: SyncTable, _ id: String) -> String {
        table.isSingleton ? "'\(SyncTable.singletonRecordID)'" : id
    }

    /// A column's value as JSON takes it (a blob as hex text).
    static func jsonValue(_ column: SyncTable.Column, row: String) -> String {
        column.type == .blob ? "CASE WHEN \(row).\(column.name) IS NULL THEN NULL ELSE hex(\(row).\(column.name)) END"
            : "\(row).\(column.name)"
    }

    /// `json_object` of every field of the row, children included.
    static func fieldsObject(_ table: SyncTable, row: String) -> String {
        let columns = table.columns.map { "'\($0.name)', \(jsonValue($0, row: row))" }
        let children = table.children.map { "'\($0.field)', \(childArray($0, parentID: "\(row).id"))" }
        return "json_object(" + (columns + children).joined(separator: ", ") + ")"
    }

    /// The child rows of one parent as a JSON array text, in their order.
    static func childArray(_ child: SyncTable.Child, parentID: String) -> String {
        let object = "json_object(" + child.columns.map { "'\($0.name)', c.\($0.name)" }.joined(separator: ", ") + ")"
        // `|| ''` makes it plain text: the field travels as a string that holds the array.
        return "((SELECT json_group_array(json(x)) FROM (SELECT \(object) AS x FROM \(child.table) c "
            + "WHERE c.\(child.parentColumn) = \(parentID) ORDER BY c.\(child.orderBy))) || '')"
    }

    static func triggers(for table: SyncTable) -> String {
        let owner = table.ownerOptional ? " AND NEW.owner_id IS NOT NULL" : ""
        let oldOwner = table.ownerOptional ? " AND OLD.owner_id IS NOT NULL" : ""
        let changed = table.columns.map { column in
            "SELECT '\(column.name)' AS k, \(jsonValue(column, row: "NEW")) AS v WHERE NEW.\(column.name) IS NOT OLD.\(column.name)"
        }.joined(separator: " UNION ALL ")
        return """
            CREATE TRIGGER sync_\(table.name)_insert AFTER INSERT ON \(table.name) WHEN \(recording)\(owner) BEGIN
                INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields)
                VALUES (NEW.owner_id, '\(table.name)', \(recordID(table, "NEW.id")), 'insert', \(fieldsObject(table, row: "NEW")));
                INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields)
                SELECT NEW.owner_id, '\(table.name)', \(recordID(table, "NEW.id")), 'delete', '{}' WHERE NEW.deleted_at IS NOT NULL;
            END;
            CREATE TRIGGER sync_\(table.name)_update AFTER UPDATE ON \(table.name) WHEN \(recording)\(owner) BEGIN
                INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields)
                SELECT NEW.owner_id, '\(table.name)', \(recordID(table, "NEW.id")), op, f FROM (
                    SELECT CASE WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN 'delete'
                                WHEN OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL THEN 'insert'
                                ELSE 'update' END AS op,
                           (SELECT json_group_object(k, v) FROM (\(changed))) AS f)
                WHERE op <> 'update' OR f <> '{}';
            END;
            CREATE TRIGGER sync_\(table.name)_delete AFTER DELETE ON \(table.name)
            WHEN \(recording) AND OLD.deleted_at IS NULL\(oldOwner) BEGIN
                INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields)
                VALUES (OLD.owner_id, '\(table.name)', \(recordID(table, "OLD.id")), 'delete', '{}');
            END;

            """
    }

    /// A child row's write marks its parent; the parent's field is recorded once, before commit.
    static func childTriggers(_ child: SyncTable.Child, parent: SyncTable) -> String {
        ["INSERT": "NEW", "UPDATE": "NEW", "DELETE": "OLD"].sorted { $0.key < $1.key }.map { event, row in
            let owned = parent.ownerOptional
                ? " AND (SELECT owner_id FROM \(parent.name) WHERE id = \(row).\(child.parentColumn)) IS NOT NULL" : ""
            return """
                CREATE TRIGGER sync_\(child.table)_\(event.lowercased()) AFTER \(event) ON \(child.table) WHEN \(recording)\(owned) BEGIN
                    INSERT OR IGNORE INTO sync_dirty (table_name, record_id) VALUES ('\(parent.name)', \(row).\(child.parentColumn));
                END;

                """
        }.joined()
    }
}
