import Core

/// Tend's migrations for PostgreSQL: the same names in the same order as `TendMigrations`, so
/// one `schema_migrations` list means one schema on either engine (but for what PostgreSQL does
/// its own way, such as three CHECK constraints kept by triggers, `pg_0005`).
///
/// Each is the landed SQLite text read by `PostgresDDL`'s fixed rules (column types, rowid),
/// with what SQLite alone has — FTS5 tables, its triggers, the sync recording — replaced by
/// PostgreSQL's own (`PostgresMigrations+Engine.swift`). Like the SQLite text, these rules never
/// change once landed: a new construct gets a new rule, an old one keeps its reading.
///
/// They run under the write lock every PostgreSQL write transaction takes, in one transaction
/// (PostgreSQL's DDL is transactional): two servers starting at once migrate once, and the
/// second finds everything applied.
public enum PostgresMigrations {
    public static var all: [Migration] {
        TendMigrations.all.map { migration in
            Migration(migration.name, PostgresDDL.translate(migration.sql) + (engineParts[migration.name] ?? ""))
        } + own
    }

    /// PostgreSQL's own tables, after the shared ones (named `pg_…`, so never confused with them).
    static let own: [Migration] = [
        // The couple space's photos, where every server reads them (SQLite keeps a folder beside its file).
        Migration("pg_0001_photo_blobs", "CREATE TABLE photo_blobs (sha256 TEXT PRIMARY KEY NOT NULL, bytes BYTEA NOT NULL);"),
        // A row a backend wrote to have the log flushed after a write's asynchronous commit, until
        // a logical message took its place (`PostgresDatabase.flushMark`). Kept: a server of an
        // earlier release still writes it during a rolling upgrade.
        Migration("pg_0002_commit_marks", "CREATE TABLE commit_marks (backend INTEGER PRIMARY KEY NOT NULL, marks BIGINT NOT NULL);"),
        // Sync's changes stamped by the database as they are recorded, so a write's COMMIT goes
        // with its statements (`PostgresSyncTriggers.stamping`).
        Migration("pg_0003_sync_stamps", PostgresSyncTriggers.stamping),
        // The dirty parents' changes recorded at COMMIT by the database, only by a write that
        // marked some (`PostgresSyncTriggers.dirtyParentsAtCommit`).
        Migration("pg_0004_sync_dirty_at_commit", PostgresSyncTriggers.dirtyParentsAtCommit),
        // Three CHECK constraints checked by the trigger functions their rows run anyway
        // (`PostgresMigrations.checksInTriggers`): PostgreSQL re-read them for every write.
        Migration("pg_0005_checks_in_triggers", checksInTriggers),
    ]

    public static var migrator: Migrator { Migrator(all) }
}

/// Reads SQLite DDL as PostgreSQL DDL.
enum PostgresDDL {
    static func translate(_ script: String) -> String {
        statements(script).compactMap(translateStatement).map { $0 + ";\n" }.joined()
    }

    /// One statement at a time: `;` ends one, except inside a quote, a `--` comment or a
    /// trigger's BEGIN … END.
    static func statements(_ script: String) -> [String] {
        var result: [String] = [], current = ""
        var quoted = false, comment = false
        for character in script {
            if comment {
                if character == "\n" { comment = false }
                continue
            }
            if !quoted, character == "-", current.hasSuffix("-") {
                current.removeLast()
                comment = true
                continue
            }
            if character == "'" { quoted.toggle() }
            guard character == ";", !quoted else {
                current.append(character)
                continue
            }
            let statement = current.trimmed
            let upper = statement.uppercased()
            if upper.hasPrefix("CREATE TRIGGER"), !upper.hasSuffix("END") {
                current.append(character) // a statement inside the trigger's body
                continue
            }
            if !statement.isEmpty { result.append(statement) }
            current = ""
        }
        if !current.trimmed.isEmpty { result.append(current.trimmed) }
        return result
    }

    static func translateStatement(_ statement: String) -> String? {
        let upper = statement.uppercased()
        // SQLite's own: FTS5 tables, triggers (each migration's engine part has PostgreSQL's), and
        // the rows that fed them.
        if upper.hasPrefix("CREATE VIRTUAL TABLE") || upper.hasPrefix("CREATE TRIGGER") || upper.hasPrefix("DROP TRIGGER")
            || upper.hasPrefix("INSERT") {
            return nil
        }
        guard upper.hasPrefix("CREATE TABLE") || upper.hasPrefix("ALTER TABLE") else { return statement }
        var text = statement
        let withoutRowID = upper.contains("WITHOUT ROWID")
        let autoincrement = upper.contains("AUTOINCREMENT")
        text = text.replacing("INTEGER PRIMARY KEY AUTOINCREMENT", with: "BIGSERIAL PRIMARY KEY")
        text = text.replacing(") WITHOUT ROWID", with: ")")
        text = replacingWord("INTEGER", with: "BIGINT", in: text) // Unix ms do not fit PostgreSQL's 32-bit integer
        text = replacingWord("REAL", with: "DOUBLE PRECISION", in: text)
        text = replacingWord("BLOB", with: "BYTEA", in: text)
        // SQLite's implicit rowid orders rows as they were added; repositories rely on it.
        if upper.hasPrefix("CREATE TABLE"), !withoutRowID, !autoincrement, let open = text.firstIndex(of: "(") {
            text.insert(contentsOf: "\n    rowid BIGSERIAL NOT NULL,", at: text.index(after: open))
        }
        return text
    }

    /// Replaces a type name where it stands as a word outside quotes.
    static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
        var output = "", token = ""
        var quoted = false
        func flush() {
            output += (!quoted && token == word) ? replacement : token
            token = ""
        }
        for character in text {
            if character == "'" { flush(); quoted.toggle(); output.append(character); continue }
            if character.isLetter || character.isNumber || character == "_" {
                token.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }
}
