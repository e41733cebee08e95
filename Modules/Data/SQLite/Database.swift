import FoundationEssentials
import CSQLite
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// One SQLite writer connection, shared safely by many threads: every write takes a re-entrant
/// lock, so a transaction's body can call repositories that use the same connection. A file
/// database in WAL mode opened with `readers` > 0 also keeps that many read-only connections:
/// a query outside this thread's `write` runs on one of them, beside the writer (issues #19/#20).
/// Statements are prepared once per connection and reused; values are always bound as parameters.
public final class Database: @unchecked Sendable, SQLDatabase {
    public let path: String
    public var dialect: SQLDialect { .sqlite }
    public var name: String { path }
    private let writer: SQLiteConnection
    private let lock = RecursiveLock()
    private var transactionDepth = 0
    private var beforeCommit: (() throws -> Void)?
    /// nil: one connection for everything (`:memory:`, a non-WAL file, or the CLI's one thread).
    private let readers: ReaderPool?

    /// Opens (creating if needed) the database at `path`, or an in-memory one for `:memory:`.
    /// The file, its `-wal` and its `-shm` are readable by their owner only (0600).
    /// - Parameter readers: read-only connections for concurrent reads (the server's threads).
    public init(path: String, busyTimeout: Duration = .seconds(5), readers: Int = 0) throws {
        self.path = path
        Self.createPrivately(path)
        writer = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, busyTimeout: busyTimeout)
        var wal = false
        do {
            // WAL lets readers work while a writer commits; FULL sync keeps an acknowledged dose
            // on disk even through a power cut (one fsync of the WAL per commit).
            try writer.executeScript("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
            let mode = try writer.run(writer.prepared("PRAGMA journal_mode"), []).first?.values.first
            wal = mode == .text("wal")
        } catch {
            writer.close()
            throw error
        }
        // Readers cannot share an in-memory database, and without WAL they would block the writer.
        self.readers = readers > 0 && wal && Self.fileName(path) != nil
            ? ReaderPool(path: path, limit: readers, busyTimeout: busyTimeout) : nil
        Self.narrowPermissions(path)
    }

    // MARK: - Permissions

    /// Every file of a database holds personal data. SQLite creates a file 0644 less the umask,
    /// and gives the `-wal` and `-shm` it makes later the mode of the database file: so a new
    /// database is created here first, empty and 0600, and SQLite opens that.
    private static func createPrivately(_ path: String) {
        guard let file = fileName(path) else { return }
        let descriptor = open(file, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { Glibc.close(descriptor) } // else it exists, or SQLite will say why not
    }

    /// Narrows a database made by an older Tend (or copied in with broader permissions) to its
    /// owner, with the `-wal` and `-shm` that SQLite keeps beside it. Only files of this user,
    /// and only ever narrowed.
    static func narrowPermissions(_ path: String) {
        guard let file = fileName(path) else { return }
        for name in [file, file + "-wal", file + "-shm"] {
            var info = stat()
            guard lstat(name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid(),
                  info.st_mode & 0o077 != 0 else { continue }
            chmod(name, info.st_mode & 0o700)
        }
    }

    /// The file of a database path: none for `:memory:`, a temporary database ("") or a URI.
    private static func fileName(_ path: String) -> String? {
        path.isEmpty || path == ":memory:" || path.hasPrefix("file:") ? nil : path
    }

    deinit { close() }

    /// Copies every committed page from the WAL into the main file and empties the WAL, so that
    /// the main file alone holds every acknowledged write (a copy of it is a whole backup).
    /// Readers of other processes can hold pages back: then it copies what it can, and the last
    /// connection to close copies the rest.
    public func checkpoint() throws {
        guard path != ":memory:" else { return }
        try executeScript("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Finalizes the statements and closes the connections (a reader out now, when it comes
    /// back); later calls fail cleanly.
    public func close() {
        lock.withLock {
            writer.close()
            readers?.close()
        }
    }

    // MARK: - Statements

    /// Runs one statement that returns no rows.
    public func execute(_ sql: String, _ arguments: [SQLValue] = []) throws {
        _ = try lock.withLock { try writer.run(writer.prepared(sql), arguments) }
    }

    /// Runs one statement and returns all its rows: on a reader when this thread is not inside
    /// a `write` and the statement only reads, else on the writer.
    public func query(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
        try reading(sql) { connection, statement in try connection.run(statement, arguments) }
    }

    /// `SQLDatabase.jsonArray`: the first column's bytes copied straight from SQLite.
    public func jsonArray(_ sql: String, _ arguments: [SQLValue]) throws -> [UInt8] {
        var output: [UInt8] = []
        try reading(sql) { connection, statement in try connection.appendJSONArray(statement, arguments, into: &output) }
        return output
    }

    /// `SQLDatabase.forEachRow`: each row's values into one array reused from row to row.
    public func forEachRow(_ sql: String, _ arguments: [SQLValue], _ body: ([SQLValue]) throws -> Void) throws {
        try reading(sql) { connection, statement in try connection.forEachRow(statement, arguments, body) }
    }

    /// Runs `sql` on a reader when this thread is not inside a `write` and the statement only
    /// reads, else on the writer.
    private func reading<T>(_ sql: String, _ run: (SQLiteConnection, PreparedStatement) throws -> T) throws -> T {
        if let readers, Self.mayRead(sql), !lock.isHeldByCurrentThread, let (reader, isPinned) = try readers.acquire() {
            defer { if !isPinned { readers.release(reader) } }
            let statement = try reader.prepared(sql)
            // A SELECT can still write (a function with side effects is not one of ours, but
            // the protocol promises it): only what SQLite calls read-only stays here.
            if statement.isReadOnly { return try run(reader, statement) }
        }
        return try lock.withLock { try run(writer, writer.prepared(sql)) }
    }

    public func queryOne(_ sql: String, _ arguments: [SQLValue] = []) throws -> Row? {
        try query(sql, arguments).first
    }

    /// Runs several statements separated by semicolons, with no parameters (migrations, pragmas).
    public func executeScript(_ sql: String) throws {
        if readers != nil, !lock.isHeldByCurrentThread, readers?.pinned != nil {
            // The export's own BEGIN/COMMIT inside `read`: the pinned reader is in one already.
            let word = sql.trimmed.uppercased()
            if word == "BEGIN" || word == "COMMIT" { return }
        }
        try lock.withLock { try writer.executeScript(sql) }
    }

    /// Only SELECT and WITH go to a reader; a PRAGMA or anything else stays with the writer.
    /// On the first bytes only, by hand: the generic version cost about 2k instructions a query.
    static func mayRead(_ sql: String) -> Bool {
        var word: UInt64 = 0, length = 0
        for byte in sql.utf8 {
            if length == 0, byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D { continue }
            let lower = byte | 0x20
            guard lower >= 0x61, lower <= 0x7A else { break }
            word = word << 8 | UInt64(lower)
            length += 1
            if length > 6 { return false }
        }
        return word == 0x73_65_6C_65_63_74 /* select */ || word == 0x77_69_74_68 /* with */
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE on this connection.
    public var changes: Int {
        lock.withLock { Int(sqlite3_changes(writer.handle)) }
    }

    /// The writer's contention since it opened (`GET /metrics`): callers that found it
    /// busy, callers waiting for it now, and the seconds they waited in all.
    public var contention: (contended: Int, waiting: Int, waitedSeconds: Double) {
        (lock.contended.load(ordering: .relaxed), lock.waiting.load(ordering: .relaxed),
         Double(lock.waitedNanoseconds.load(ordering: .relaxed)) / 1e9)
    }

    // MARK: - Transactions

    /// Runs inside every outermost write transaction just before it commits; an error rolls the
    /// transaction back. Sync stamps the changes its triggers recorded here.
    public func setBeforeCommit(_ hook: @escaping () throws -> Void) {
        lock.withLock { beforeCommit = hook }
    }

    /// Runs `body` in a transaction that commits when it returns and rolls back when it throws.
    /// Nested calls become savepoints, so a use case can group repositories that write too.
    public func write<T>(_ body: () throws -> T) throws -> T {
        try lock.withLock {
            let depth = transactionDepth
            // The outermost BEGIN and COMMIT run as statements prepared once (sqlite3_exec
            // compiles its text on every call).
            if depth == 0 { try writer.runPrepared("BEGIN IMMEDIATE") } else { try writer.executeScript("SAVEPOINT tend_\(depth)") }
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            let result: T
            do {
                result = try body()
                if depth == 0, let beforeCommit { try beforeCommit() }
            } catch {
                try? executeScript(depth == 0 ? "ROLLBACK" : "ROLLBACK TO tend_\(depth); RELEASE tend_\(depth)")
                throw error
            }
            do {
                if depth == 0 { try writer.runPrepared("COMMIT") } else { try writer.executeScript("RELEASE tend_\(depth)") }
            } catch {
                try? executeScript(depth == 0 ? "ROLLBACK" : "ROLLBACK TO tend_\(depth); RELEASE tend_\(depth)")
                throw error
            }
            return result
        }
    }

    /// Runs `body` on one connection and one state of the data: inside a `write` (or with no
    /// readers) holding the writer as before; else one reader pinned to this thread for the whole
    /// body, in one deferred transaction. A `write` in the body still takes the writer.
    public func read<T>(_ body: () throws -> T) throws -> T {
        guard let readers, !lock.isHeldByCurrentThread, let (reader, isPinned) = try readers.acquire() else {
            return try lock.withLock(body)
        }
        if isPinned { return try body() }
        defer { readers.release(reader) }
        try reader.runPrepared("BEGIN")
        readers.pin(reader)
        defer {
            readers.pin(nil)
            try? reader.runPrepared("COMMIT")
        }
        return try body()
    }
}
