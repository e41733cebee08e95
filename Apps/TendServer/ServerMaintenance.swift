import FoundationEssentials
import Console
import Core
import Composition
import Crypto
import Data
import PostgreSQL

/// `tend-server backup` and `tend-server migrate-data`: the data of a SQLite server, copied
/// while it runs, put back, or moved to PostgreSQL. Both read the settings the server reads
/// (`--config`, `--db`, `--photos`, `--database`), so they find what it serves.
extension ServerRunner {
    static let backupTo = Option.value("to", valueName: "FILE", help: "Write a backup of the running server's database and photos to FILE.")
    static let restoreFrom = Option.value("restore", valueName: "FILE",
                                          help: "Put the backup in FILE back in place of the database (the server stopped) and its photos.")
    static let moveFrom = Option.value("from", valueName: "PATH", help: "The SQLite server's file (default: --db, as the server finds it).")
    static let moveTo = Option.value("to", valueName: "URL", help: "The PostgreSQL database (default: --database / TEND_DATABASE_URL).")

    func backupCommand() -> Command {
        Command(name: "backup",
                abstract: "Back up a SQLite server's database and photos while it runs (--to FILE), or restore them (--restore FILE).",
                discussion: """
                    The backup is one SQLite file: SQLite's online backup of the database (every write
                    committed before it, none after, while the server goes on), plus the photos its rows
                    name. A restore refuses a database a running server holds, builds the new file beside
                    it, checks it, renames it into place and keeps the old one as <db>.before-restore.
                    On PostgreSQL use pg_dump (docs/postgresql.md).
                    """,
                options: [Self.backupTo, Self.restoreFrom]) { invocation in try backup(invocation) }
    }

    func migrateDataCommand() -> Command {
        Command(name: "migrate-data",
                abstract: "Move a SQLite server's rows and photos into PostgreSQL, in one transaction; a second run adds nothing.",
                discussion: """
                    The PostgreSQL database is migrated first, then every table and every photo is copied
                    in one transaction (ids, sync log and cursors as they are), and the counts per table
                    are printed and checked. Stop the SQLite server first, so no write lands after the copy.
                    """,
                options: [Self.moveFrom, Self.moveTo]) { invocation in try migrateData(invocation) }
    }

    private func backup(_ invocation: Invocation) throws {
        let configuration = try configuration(invocation)
        if configuration.text("database_url") != nil {
            throw UsageError("backup copies the SQLite file; on PostgreSQL use pg_dump: pg_dump --format=custom --file FILE URL "
                             + "(docs/postgresql.md, \"Backups\")")
        }
        let to = invocation.option(Self.backupTo), from = invocation.option(Self.restoreFrom)
        guard (to == nil) != (from == nil) else {
            throw to == nil ? UsageError.missing("--to FILE (or --restore FILE)") : UsageError("--to and --restore: one at a time")
        }
        let (database, photos) = try ServerStorage.sqlite(configuration, environment: environment)
        let output = invocation.output
        if let to {
            let clock = try makeClock(environment: environment)
            let summary = try ServerBackup.backup(database: database, photos: photos, to: to, now: clock.now, digest: SodiumDigest.sha256Hex)
            output.print("backed up \(database) to \(to) (\(summary.takenAt)): \(summary.tables) tables, \(summary.rows) rows, "
                         + "\(summary.photos) photos, \(summary.bytes) bytes")
            if summary.missingPhotos > 0 { output.printError("warning: \(summary.missingPhotos) photos named by rows were not in \(photos)") }
        } else if let from {
            let restored = try ServerBackup.restore(from: from, database: database, photos: photos, digest: SodiumDigest.sha256Hex)
            let summary = restored.summary
            output.print("restored \(database) from \(from) (taken \(summary.takenAt)): \(summary.tables) tables, \(summary.rows) rows; "
                         + "\(summary.photos) photos into \(photos)")
            output.print(restored.previous.map { "the database that was there is kept as \($0)" } ?? "there was no database there before")
        }
    }

    private func migrateData(_ invocation: Invocation) throws {
        let configuration = try configuration(invocation)
        guard let url = invocation.option(Self.moveTo) ?? configuration.text("database_url") else {
            throw UsageError.missing("--to URL")
        }
        guard ConnectionString.isPostgres(url) else {
            throw UsageError("--to takes a PostgreSQL connection string (postgres://user@host:port/dbname), not \(url)")
        }
        let (path, photos) = try ServerStorage.sqlite(configuration, environment: environment, database: invocation.option(Self.moveFrom))
        guard FileManager.default.fileExists(atPath: path) else {
            throw AppError.notFound("no SQLite database at \(path)", code: "database_not_found")
        }
        let clock = try makeClock(environment: environment)
        let source = try Database(path: path)
        defer { source.close() }
        let connection = try ConnectionString(url)
        let target = try PostgresDatabase(connection, poolSize: 1)
        defer { target.close() }
        let report = try SQLiteToPostgres.move(from: source, photos: FilePhotoStore(directory: photos, digest: SodiumDigest.sha256Hex),
                                               to: target, now: clock.now)
        let output = invocation.output
        let width = report.tables.map(\.name.count).max() ?? 5
        output.print("table".rightPadded(width) + "   sqlite   copied postgres")
        for table in report.tables {
            output.print(table.name.rightPadded(width)
                         + [table.sqlite, table.copied, table.postgres].map { String($0).leftPadded(8) }.joined(separator: " "))
        }
        output.print("moved \(path) to \(connection.place): \(report.copied) rows and photos copied now, "
                     + "every table checked (postgres ≥ sqlite)")
        if report.missingPhotos > 0 { output.printError("warning: \(report.missingPhotos) photos named by rows were not in \(photos)") }
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    func rightPadded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
