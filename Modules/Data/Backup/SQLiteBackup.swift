import FoundationEssentials
import CSQLite
import Core
#if canImport(Glibc)
import Glibc
#endif

/// SQLite's online backup (`sqlite3_backup_init/step/finish`) between two files, and whether
/// another process has a database open. A copy is taken in one step, so it is the database as
/// one read transaction saw it: every commit before it, none after it, while a server's writers
/// go on (in WAL mode a reader never blocks them). A file copy could catch a page mid-write.
public enum SQLiteBackup {
    /// Copies the database at `source` into `destination` (created 0600 if missing, overwritten
    /// if present). `source` must exist: a missing one is an error, never an empty copy.
    public static func copy(from source: String, to destination: String) throws {
        var info = stat()
        guard stat(source, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw AppError.notFound("no database at \(source)", code: "database_not_found")
        }
        let from = try open(source, flags: SQLITE_OPEN_READWRITE)
        defer { sqlite3_close_v2(from) }
        let descriptor = Glibc.open(destination, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600) // private before SQLite writes into it
        if descriptor >= 0 { Glibc.close(descriptor) }
        let to = try open(destination, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        defer { sqlite3_close_v2(to) }
        guard let backup = sqlite3_backup_init(to, "main", from, "main") else {
            throw SQLiteError.make(status: sqlite3_errcode(to), message: String(cString: sqlite3_errmsg(to)), path: destination)
        }
        // -1: every page in one step, under one read lock of the source (a step at a time would
        // restart whenever a writer commits in between, and never finish under steady writes).
        var status = sqlite3_backup_step(backup, -1)
        var tries = 0
        while status == SQLITE_BUSY || status == SQLITE_LOCKED, tries < 250 {
            sqlite3_sleep(20)
            tries += 1
            status = sqlite3_backup_step(backup, -1)
        }
        let finished = sqlite3_backup_finish(backup)
        guard status == SQLITE_DONE, finished == SQLITE_OK else {
            let failed = status == SQLITE_DONE ? finished : status
            throw SQLiteError.make(status: failed, message: String(cString: sqlite3_errmsg(to)), path: destination)
        }
    }

    /// True when another process has the database at `path` open. In WAL mode every connection
    /// holds a shared lock on the `-shm` file's "DMS" byte (offset 128 in SQLite's unix VFS) for
    /// as long as it is open; a lock we could not take there means someone else holds one.
    public static func isOpenElsewhere(_ path: String) -> Bool {
        let descriptor = Glibc.open(path + "-shm", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return false } // no -shm: no connection in WAL mode
        defer { Glibc.close(descriptor) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 128
        lock.l_len = 1
        guard fcntl(descriptor, F_GETLK, &lock) == 0 else { return false }
        return lock.l_type != Int16(F_UNLCK)
    }

    private static func open(_ path: String, flags: Int32) throws -> OpaquePointer {
        let connection = try SQLiteConnection.openHandle(path, flags: flags)
        sqlite3_busy_timeout(connection, 5000)
        return connection
    }
}
