import FoundationEssentials
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// `tend-server backup`: a SQLite server's database and its photos in one file, and back.
///
/// The file is itself a SQLite database: the server's, copied by SQLite's online backup (one
/// moment's state while the server keeps writing), plus two tables of its own — `tend_backup`
/// (what it is, when it was taken) and `tend_backup_photos` (the bytes of every photo the copied
/// rows name, read after the copy: photo files are content-addressed and written before the row
/// that names them commits, so the copy's photos are all on disk unless erased since).
/// `sqlite3 FILE` opens it; a restore takes the two tables out again.
public enum ServerBackup {
    static let format = "tend-server-backup 1"

    public struct Summary: Sendable, Equatable {
        public var tables = 0
        public var rows = 0
        public var photos = 0
        /// Photos a row names whose file was gone (erased after the copy, or lost before it).
        public var missingPhotos = 0
        public var bytes = 0
        public var takenAt = ""
    }

    /// Writes the backup to `file` atomically (a temporary file beside it, renamed when whole).
    public static func backup(database: String, photos: String, to file: String, now: Date,
                              digest: @escaping @Sendable (Data) -> String) throws -> Summary {
        let temporary = file + ".tmp-" + UUIDv7.makeString()
        defer { removeDatabaseFiles(temporary) }
        try SQLiteBackup.copy(from: database, to: temporary)
        var summary = Summary()
        summary.takenAt = ISO8601.format(now, in: TimeZone(secondsFromGMT: 0)!)
        let copy = try Database(path: temporary)
        do {
            (summary.tables, summary.rows) = try counts(copy)
            try copy.write {
                try copy.executeScript("""
                    CREATE TABLE tend_backup (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                    CREATE TABLE tend_backup_photos (sha256 TEXT PRIMARY KEY NOT NULL, bytes BLOB NOT NULL);
                    """)
                for (key, value) in [("format", format), ("taken_at", summary.takenAt), ("database", database)] {
                    try copy.execute("INSERT INTO tend_backup (key, value) VALUES (?, ?)", [.text(key), .text(value)])
                }
                let store = FilePhotoStore(directory: photos, digest: digest)
                for sha in try photoHashes(copy) {
                    guard let bytes = try store.data(sha256: sha) else {
                        summary.missingPhotos += 1
                        continue
                    }
                    try copy.execute("INSERT INTO tend_backup_photos (sha256, bytes) VALUES (?, ?)", [.text(sha), .blob(bytes)])
                    summary.photos += 1
                }
            }
            // One self-contained file: no -wal beside it.
            try copy.executeScript("PRAGMA journal_mode = DELETE")
            copy.close()
        } catch {
            copy.close()
            throw error
        }
        guard rename(temporary, file) == 0 else {
            throw AppError.unavailable("could not write \(file) (\(String(cString: strerror(errno))))", code: "backup_failed")
        }
        summary.bytes = fileSize(file)
        return summary
    }

    public struct Restored: Sendable, Equatable {
        public var summary = Summary()
        /// Where the database that was there before is kept (nil: there was none).
        public var previous: String?
    }

    /// Puts the backup in `file` in place of the database at `database`, and its photos under
    /// `photos`. Refused while another process (a running server) has the database open. The
    /// database is built whole and checked beside the old one, then renamed over it; the old one
    /// stays as `<database>.before-restore`.
    public static func restore(from file: String, database: String, photos: String,
                               digest: @escaping @Sendable (Data) -> String) throws -> Restored {
        guard FileManager.default.fileExists(atPath: file) else {
            throw AppError.notFound("no backup at \(file)", code: "backup_not_found")
        }
        // Not SQLite at all (a text file, a zip): said of the file given, before any copy of it.
        var header = [UInt8](repeating: 0, count: 16)
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        let count = descriptor >= 0 ? read(descriptor, &header, header.count) : -1
        if descriptor >= 0 { close(descriptor) }
        guard count == header.count, header == Array("SQLite format 3\0".utf8) else {
            throw AppError.invalidInput("\(file) is not a tend-server backup", code: "not_a_backup")
        }
        if SQLiteBackup.isOpenElsewhere(database) {
            throw AppError.conflict("\(database) is open in another process (a running tend-server?): stop it, then restore",
                                    code: "database_in_use")
        }
        let temporary = database + ".restore-" + UUIDv7.makeString()
        defer { removeDatabaseFiles(temporary) }
        try SQLiteBackup.copy(from: file, to: temporary)
        var restored = Restored()
        let copy = try Database(path: temporary)
        do {
            let format = try? copy.queryOne("SELECT value FROM tend_backup WHERE key = 'format'")?.get("value", as: String.self)
            guard format == Self.format else {
                throw AppError.invalidInput("\(file) is not a tend-server backup", code: "not_a_backup")
            }
            restored.summary.takenAt = try copy.queryOne("SELECT value FROM tend_backup WHERE key = 'taken_at'")?.get("value") ?? ""
            let check = try copy.queryOne("PRAGMA integrity_check")?.values.first
            guard check == .text("ok") else {
                throw AppError.unavailable("\(file) is damaged (integrity_check: \(check.map { "\($0)" } ?? "no answer"))",
                                           code: "backup_damaged")
            }
            let store = FilePhotoStore(directory: photos, digest: digest)
            for row in try copy.query("SELECT sha256, bytes FROM tend_backup_photos ORDER BY sha256") {
                let sha: String = try row.get("sha256")
                guard try store.store(try row.get("bytes", as: Data.self)) == sha else {
                    throw AppError.unavailable("\(file) is damaged: photo \(sha) does not match its bytes", code: "backup_damaged")
                }
                restored.summary.photos += 1
            }
            try copy.executeScript("DROP TABLE tend_backup_photos; DROP TABLE tend_backup; VACUUM")
            (restored.summary.tables, restored.summary.rows) = try counts(copy)
            copy.close() // the last connection: its WAL is copied into the file and removed
        } catch {
            copy.close()
            throw error
        }
        restored.previous = try swapIn(temporary, at: database)
        restored.summary.bytes = fileSize(database)
        return restored
    }

    /// Renames `temporary` over `database`, keeping the old file (and its WAL, which holds its
    /// latest commits) under `.before-restore`; a WAL left beside the new file would be replayed
    /// into it.
    private static func swapIn(_ temporary: String, at database: String) throws -> String? {
        let kept = database + ".before-restore"
        var previous: String?
        removeDatabaseFiles(kept)
        if FileManager.default.fileExists(atPath: database) {
            guard link(database, kept) == 0 else {
                throw AppError.unavailable("could not keep the old database as \(kept) (\(String(cString: strerror(errno))))",
                                           code: "restore_failed")
            }
            previous = kept
            if FileManager.default.fileExists(atPath: database + "-wal") { rename(database + "-wal", kept + "-wal") }
            unlink(database + "-shm")
        }
        guard rename(temporary, database) == 0 else {
            throw AppError.unavailable("could not put the restored database at \(database) (\(String(cString: strerror(errno))))",
                                       code: "restore_failed")
        }
        return previous
    }

    /// Tables (SQLite's own and the backup's left out) and the rows in them.
    static func counts(_ database: Database) throws -> (tables: Int, rows: Int) {
        let names: [String] = try database.query("""
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'tend_backup%'
            AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name
            """).map { try $0.get("name") }
        var rows = 0
        for name in names {
            rows += try database.queryOne("SELECT count(*) AS n FROM \"\(name)\"")?.get("n", as: Int.self) ?? 0
        }
        return (names.count, rows)
    }

    /// The photos the copied rows name (an old schema without the couple space names none).
    static func photoHashes(_ database: Database) throws -> [String] {
        guard try database.queryOne("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'couple_photos'") != nil else { return [] }
        return try database.query("SELECT DISTINCT sha256 FROM couple_photos ORDER BY sha256").map { try $0.get("sha256") }
    }

    static func removeDatabaseFiles(_ path: String) {
        for name in [path, path + "-wal", path + "-shm", path + "-journal"] { unlink(name) }
    }

    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
