import Core

extension SQLiteToPostgres {
    /// What to copy, read from both catalogues: the tables both have, each one's columns that
    /// both have (PostgreSQL's generated ones left out), parents before children.
    struct TablePlan {
        struct Column {
            let name: String
            /// A PostgreSQL integer column: a whole REAL that SQLite's affinity kept goes as an integer.
            let isInteger: Bool

            func converted(_ value: SQLValue) -> SQLValue {
                if isInteger, case .real(let number) = value, number.rounded() == number, abs(number) < 9e18 {
                    return .integer(Int64(number))
                }
                return value
            }
        }

        struct Table {
            let name: String
            let columns: [Column]
            /// False for a WITHOUT ROWID table, read whole.
            let hasRowID: Bool
        }

        var tables: [Table] = []
        /// Per table, its columns that draw from a sequence (`rowid`, `seq`).
        var serialColumns: [String: [String]] = [:]
        var sqliteTables: Set<String> = []

        static func make(source: Database, target: any SQLDatabase) throws -> TablePlan {
            var plan = TablePlan()
            var sqlite: [String: (columns: Set<String>, hasRowID: Bool)] = [:]
            for row in try source.query("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
                let name: String = try row.get("name")
                let sql = (try? row.get("sql", as: String.self))?.uppercased() ?? ""
                guard !sql.hasPrefix("CREATE VIRTUAL TABLE") else { continue }
                let columns = try source.query("SELECT name FROM pragma_table_info(?)", [.text(name)]).map { try $0.get("name", as: String.self) }
                sqlite[name] = (Set(columns), !sql.contains("WITHOUT ROWID"))
            }
            plan.sqliteTables = Set(sqlite.keys)
            var postgres: [String: [Column]] = [:]
            var order: [String] = []
            for row in try target.query("""
                SELECT c.table_name, c.column_name, c.data_type, c.is_generated, c.column_default
                FROM information_schema.columns c JOIN information_schema.tables t
                  ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
                WHERE c.table_schema = current_schema() ORDER BY c.table_name, c.ordinal_position
                """) {
                let table: String = try row.get("table_name"), column: String = try row.get("column_name")
                guard let file = sqlite[table], !skipped.contains(table) else { continue }
                if order.last != table { order.append(table) }
                if (try? row.get("column_default", as: String.self))?.hasPrefix("nextval(") == true {
                    plan.serialColumns[table, default: []].append(column)
                }
                let copied = column == "rowid" ? file.hasRowID : file.columns.contains(column)
                guard copied, (try? row.get("is_generated", as: String.self)) != "ALWAYS" else { continue }
                let type = (try? row.get("data_type", as: String.self)) ?? ""
                postgres[table, default: []].append(Column(name: column, isInteger: ["bigint", "integer", "smallint"].contains(type)))
            }
            let parents = try foreignKeys(target)
            plan.tables = topological(order, parents: parents).compactMap { name in
                guard let columns = postgres[name], !columns.isEmpty else { return nil }
                return Table(name: name, columns: columns, hasRowID: sqlite[name]?.hasRowID ?? false)
            }
            return plan
        }

        /// Each table's parents by its foreign keys (a table's own rows in rowid order handle a self-reference).
        static func foreignKeys(_ target: any SQLDatabase) throws -> [String: Set<String>] {
            var parents: [String: Set<String>] = [:]
            for row in try target.query("""
                SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent FROM pg_constraint c
                WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
                """) {
                let child: String = try row.get("child"), parent: String = try row.get("parent")
                if child != parent { parents[child, default: []].insert(parent) }
            }
            return parents
        }

        /// Parents first, in the catalogue's order otherwise; a cycle (none today) keeps the rest in that order.
        static func topological(_ names: [String], parents: [String: Set<String>]) -> [String] {
            var done: [String] = [], placed = Set<String>()
            var remaining = names
            while !remaining.isEmpty {
                let ready = remaining.filter { name in (parents[name] ?? []).allSatisfy { placed.contains($0) || !names.contains($0) } }
                let next = ready.isEmpty ? remaining : ready
                done += next
                placed.formUnion(next)
                remaining.removeAll { placed.contains($0) }
            }
            return done
        }
    }
}
