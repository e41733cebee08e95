/// The sync recording on PostgreSQL: the same changes in `sync_changes` as SQLite's triggers
/// record (`SyncTriggers`), from one PL/pgSQL function per synced table, generated from
/// `SyncSchema` alike. Field values are JSON text of the same shape; a blob travels as hex.
enum PostgresSyncTriggers {
    /// 0010's functions and triggers, from the tables as they were then (`SyncSchema.asOf0010`).
    static var all: String {
        SyncSchema.asOf0010.map(triggers(for:)).joined()
            + SyncSchema.childParents.map { childTriggers($0.child, parent: $0.parent) }.joined()
    }

    static var existingHistory: String {
        SyncSchema.asOf0010.map { table in
            """
            INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields)
            SELECT owner_id, '\(table.name)', \(SyncTriggers.recordID(table, "\(table.name).id")), 'insert', \(fieldsObject(table, row: table.name))
            FROM \(table.name) WHERE deleted_at IS NULL\(table.ownerOptional ? " AND owner_id IS NOT NULL" : "") ORDER BY created_at;

            """
        }.joined()
    }

    static func jsonValue(_ column: SyncTable.Column, row: String) -> String {
        column.type == .blob ? "upper(encode(\(row).\(column.name), 'hex'))" : "\(row).\(column.name)"
    }

    /// JSON text of every field of the row, children included.
    static func fieldsObject(_ table: SyncTable, row: String) -> String {
        let columns = table.columns.map { "'\($0.name)', \(jsonValue($0, row: row))" }
        let children = table.children.map { "'\($0.field)', \(childArray($0, parentID: "\(row).id"))" }
        return "json_build_object(" + (columns + children).joined(separator: ", ") + ")::text"
    }

    /// JSON text of only the children of a parent (a dirty parent's `update`).
    static func childrenObject(_ table: SyncTable, row: String) -> String {
        "json_build_object(" + table.children.map { "'\($0.field)', \(childArray($0, parentID: "\(row).id"))" }
            .joined(separator: ", ") + ")::text"
    }

    /// The child rows of one parent as the text of a JSON array, in their order (a string field).
    static func childArray(_ child: SyncTable.Child, parentID: String) -> String {
        let object = "json_build_object(" + child.columns.map { "'\($0.name)', c.\($0.name)" }.joined(separator: ", ") + ")"
        return "(SELECT coalesce(json_agg(\(object) ORDER BY c.\(child.orderBy)), '[]'::json)::text FROM \(child.table) c "
            + "WHERE c.\(child.parentColumn) = \(parentID))"
    }

    static func triggers(for table: SyncTable) -> String {
        let name = table.name
        let skipUnowned = table.ownerOptional ? "IF NEW.owner_id IS NULL THEN RETURN NULL; END IF;" : ""
        let oldOwned = table.ownerOptional ? " AND OLD.owner_id IS NOT NULL" : ""
        let insert = "INSERT INTO sync_changes (owner_id, table_name, record_id, operation, fields) VALUES"
        let newID = SyncTriggers.recordID(table, "NEW.id"), oldID = SyncTriggers.recordID(table, "OLD.id")
        let changed = table.columns.map { column in
            "IF NEW.\(column.name) IS DISTINCT FROM OLD.\(column.name) THEN "
                + "f := f || jsonb_build_object('\(column.name)', \(jsonValue(column, row: "NEW"))); END IF;"
        }.joined(separator: "\n        ")
        return """
            CREATE FUNCTION sync_\(name)_record() RETURNS trigger LANGUAGE plpgsql AS $fn$
            DECLARE f jsonb := '{}'::jsonb; op text;
            BEGIN
                IF (SELECT recording FROM sync_switch) <> 1 THEN RETURN NULL; END IF;
                IF TG_OP = 'INSERT' THEN
                    \(skipUnowned)
                    \(insert) (NEW.owner_id, '\(name)', \(newID), 'insert', \(fieldsObject(table, row: "NEW")));
                    IF NEW.deleted_at IS NOT NULL THEN \(insert) (NEW.owner_id, '\(name)', \(newID), 'delete', '{}'); END IF;
                ELSIF TG_OP = 'UPDATE' THEN
                    \(skipUnowned)
                    \(changed)
                    op := CASE WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN 'delete'
                               WHEN OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL THEN 'insert' ELSE 'update' END;
                    IF op <> 'update' OR f <> '{}'::jsonb THEN \(insert) (NEW.owner_id, '\(name)', \(newID), op, f::text); END IF;
                ELSIF OLD.deleted_at IS NULL\(oldOwned) THEN
                    \(insert) (OLD.owner_id, '\(name)', \(oldID), 'delete', '{}');
                END IF;
                RETURN NULL;
            END $fn$;
            CREATE TRIGGER sync_\(name) AFTER INSERT OR UPDATE OR DELETE ON \(name) FOR EACH ROW EXECUTE FUNCTION sync_\(name)_record();

            """
    }

    /// A child row's write marks its parent; the parent's field is recorded once, before commit.
    static func childTriggers(_ child: SyncTable.Child, parent: SyncTable) -> String {
        let owned = parent.ownerOptional
            ? "IF (SELECT owner_id FROM \(parent.name) WHERE id = parent) IS NULL THEN RETURN NULL; END IF;" : ""
        return """
            CREATE FUNCTION sync_\(child.table)_mark() RETURNS trigger LANGUAGE plpgsql AS $fn$
            DECLARE parent text;
            BEGIN
                IF (SELECT recording FROM sync_switch) <> 1 THEN RETURN NULL; END IF;
                IF TG_OP = 'DELETE' THEN parent := OLD.\(child.parentColumn); ELSE parent := NEW.\(child.parentColumn); END IF;
                \(owned)
                INSERT INTO sync_dirty (table_name, record_id) VALUES ('\(parent.name)', parent) ON CONFLICT DO NOTHING;
                RETURN NULL;
            END $fn$;
            CREATE TRIGGER sync_\(child.table) AFTER INSERT OR UPDATE OR DELETE ON \(child.table)
                FOR EACH ROW EXECUTE FUNCTION sync_\(child.table)_mark();

            """
    }
}
