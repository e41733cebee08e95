import FoundationEssentials
import CSQLite
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// One SQLite connection, shared safely by many threads: every call takes a re-entrant lock,
/// so a transaction's body can call repositories that use the same connection.
/// Statements are prepared once and reused; values are always bound as parameters.
public final class Database: @unchecked Sendable, SQLDatabase {
    public let path: String
    public var dialect: SQLDialect { .sqlite }
    public var name: String { path }
    private let handle: OpaquePointer
    private let lock = RecursiveLock()
    private var statements: [String: OpaquePointer] = [:]
    private var transactionDepth = 0
    private var isClosed = false
    private var beforeCommit: (() throws -> Void)?

    /// Opens (creating if needed) the database at `path`, or an in-memory one for `:memory:`.
    /// The file, its `-wal` and its `-shm` are readable by their owner only (0600).
    public init(path: String, busyTimeout: Duration = .seconds(5)) throws {
        self.path = path
        Self.createPrivately(path)
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(connection)
            throw SQLiteError.make(status: status, message: message, path: path)
        }
        handle = connection
        sqlite3_extended_result_codes(handle, 1)
        let timeout = busyTimeout.components
        sqlite3_busy_timeout(handle, Int32(timeout.seconds * 1000 + timeout.attoseconds / 1_000_000_000_000_000))
        do {
            // WAL lets readers work while a writer commits; FULL sync keeps an acknowledged dose
            // on disk even through a power cut (one fsync of the WAL per commit).
            try executeScript("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
        } catch {
            close()
            throw error
        }
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

    /// Finalizes the statements and closes the connection; later calls fail cleanly.
    public func close() {
        lock.withLock {
            guard !isClosed else { return }
            for statement in statements.values { sqlite3_finalize(statement) }
            statements.removeAll()
            sqlite3_close_v2(handle)
            isClosed = true
        }
    }

    // MARK: - Statements

    /// Runs one statement that returns no rows.
    public func execute(_ sql: String, _ arguments: [SQLValue] = []) throws {
        try lock.withLock {
            let statement = try prepared(sql)
            defer { finish(statement) }
            try bind(arguments, to: statement)
            while try step(statement) {}
        }
    }

    /// Runs one statement and returns all its rows.
    public func query(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
        try lock.withLock {
            let statement = try prepared(sql)
            defer { finish(statement) }
            try bind(arguments, to: statement)
            let count = sqlite3_column_count(statement)
            let columns = (0..<count).map { String(cString: sqlite3_column_name(statement, $0)) }
            var rows: [Row] = []
            while try step(statement) {
                rows.append(Row(columns: columns, values: (0..<count).map { column(statement, $0) }))
            }
            return rows
        }
    }

    public func queryOne(_ sql: String, _ arguments: [SQLValue] = []) throws -> Row? {
        try query(sql, arguments).first
    }

    /// Runs several statements separated by semicolons, with no parameters (migrations, pragmas).
    public func executeScript(_ sql: String) throws {
        try lock.withLock {
            try checkOpen()
            var message: UnsafeMutablePointer<CChar>?
            let status = sqlite3_exec(handle, sql, nil, nil, &message)
            if status != SQLITE_OK {
                let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
                sqlite3_free(message)
                throw SQLiteError.make(status: status, message: text, path: path)
            }
        }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE on this connection.
    public var changes: Int {
        lock.withLock { Int(sqlite3_changes(handle)) }
    }

    /// The one connection's contention since it opened (`GET /metrics`): callers that found it
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
            try executeScript(depth == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT tend_\(depth)")
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
                try executeScript(depth == 0 ? "COMMIT" : "RELEASE tend_\(depth)")
            } catch {
                try? executeScript(depth == 0 ? "ROLLBACK" : "ROLLBACK TO tend_\(depth); RELEASE tend_\(depth)")
                throw error
            }
            return result
        }
    }

    /// Runs `body` holding the connection, so that several reads see one state.
    public func read<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock(body)
    }

    // MARK: - Internals (called with the lock held)

    private func checkOpen() throws {
        if isClosed { throw AppError.unavailable("the database at \(path) is closed", code: "database_closed") }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        try checkOpen()
        if let statement = statements[sql] { return statement }
        // `tail` points into the C string, so everything that reads it stays inside withCString.
        let (status, statement, trailing) = sql.withCString { text -> (Int32, OpaquePointer?, Bool) in
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let status = sqlite3_prepare_v3(handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail)
            let trailing = tail.map { !String(cString: $0).trimmed.isEmpty } ?? false
            return (status, statement, trailing)
        }
        guard status == SQLITE_OK, let statement else {
            throw SQLiteError.make(status: status, message: String(cString: sqlite3_errmsg(handle)), path: path)
        }
        if trailing {
            sqlite3_finalize(statement)
            throw AppError(.internalFailure, code: "database_error", "one statement at a time: \(sql)")
        }
        statements[sql] = statement
        return statement
    }

    private func finish(_ statement: OpaquePointer) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    private func bind(_ arguments: [SQLValue], to statement: OpaquePointer) throws {
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard expected == arguments.count else {
            throw AppError(.internalFailure, code: "database_error", "the statement takes \(expected) values, got \(arguments.count)")
        }
        for (offset, value) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
            case .real(let number): status = sqlite3_bind_double(statement, index, number)
            case .text(let text):
                status = text.withCString { sqlite3_bind_text(statement, index, $0, Int32(text.utf8.count), tend_sqlite_transient()) }
            case .blob(let data):
                status = data.isEmpty
                    ? sqlite3_bind_zeroblob(statement, index, 0)
                    : data.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), tend_sqlite_transient()) }
            case .null: status = sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else {
                throw SQLiteError.make(status: status, message: String(cString: sqlite3_errmsg(handle)), path: path)
            }
        }
    }

    /// Steps once: true when a row is ready, false when done.
    private func step(_ statement: OpaquePointer) throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let status: throw SQLiteError.make(status: status, message: String(cString: sqlite3_errmsg(handle)), path: path)
        }
    }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let bytes = sqlite3_column_text(statement, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }
}
