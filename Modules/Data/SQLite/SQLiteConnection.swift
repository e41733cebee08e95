import FoundationEssentials
import CSQLite
import Core
import Domain

/// A statement prepared once per connection, with what is asked of it on every run: its column
/// names (every row of every run shares one array; reading them per run cost about 12k
/// instructions a status request), its parameter count and whether it only reads.
final class PreparedStatement {
    let handle: OpaquePointer
    let columns: [String]
    let parameterCount: Int
    let isReadOnly: Bool

    init(_ handle: OpaquePointer) {
        self.handle = handle
        columns = (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
        parameterCount = Int(sqlite3_bind_parameter_count(handle))
        isReadOnly = sqlite3_stmt_readonly(handle) != 0
    }
}

/// One open SQLite handle and its prepared statements. Not thread-safe: `Database` hands each
/// to one thread at a time (the writer under its lock, a reader taken from the pool).
final class SQLiteConnection: @unchecked Sendable {
    let handle: OpaquePointer
    let path: String
    private var statements: [StatementKey: PreparedStatement] = [:]
    private(set) var isClosed = false

    init(path: String, flags: Int32, busyTimeout: Duration) throws {
        self.path = path
        handle = try Self.openHandle(path, flags: flags)
        sqlite3_extended_result_codes(handle, 1)
        let timeout = busyTimeout.components
        sqlite3_busy_timeout(handle, Int32(timeout.seconds * 1000 + timeout.attoseconds / 1_000_000_000_000_000))
    }

    /// A raw connection to `path` (no mutex: each is used by one thread at a time), or the
    /// error that names the file.
    static func openHandle(_ path: String, flags: Int32) throws -> OpaquePointer {
        var connection: OpaquePointer?
        let status = sqlite3_open_v2(path, &connection, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(connection)
            throw SQLiteError.make(status: status, message: message, path: path)
        }
        return connection
    }

    func close() {
        guard !isClosed else { return }
        for statement in statements.values { sqlite3_finalize(statement.handle) }
        statements.removeAll()
        sqlite3_close_v2(handle)
        isClosed = true
    }

    func checkOpen() throws {
        if isClosed { throw AppError.unavailable("the database at \(path) is closed", code: "database_closed") }
    }

    func executeScript(_ sql: String) throws {
        try checkOpen()
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        if status != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError.make(status: status, message: text, path: path)
        }
    }

    /// Binds `arguments`, runs `body` over the statement, and resets it however `body` ends.
    /// Every parameter is bound on every run (`bind` checks the count), so the bindings of the
    /// last run never leak into the next: sqlite3_clear_bindings (about 540 instructions a
    /// statement) only lets go of a large copy (a photo) at once.
    private func withBound<T>(_ prepared: PreparedStatement, _ arguments: [SQLValue], _ body: (OpaquePointer) throws -> T) throws -> T {
        let statement = prepared.handle
        var holdsLargeValue = false
        defer {
            sqlite3_reset(statement)
            if holdsLargeValue { sqlite3_clear_bindings(statement) }
        }
        holdsLargeValue = try bind(arguments, to: prepared)
        return try body(statement)
    }

    /// Runs one prepared statement to the end, with all its rows.
    func run(_ prepared: PreparedStatement, _ arguments: [SQLValue]) throws -> [Row] {
        try withBound(prepared, arguments) { statement in
            let columns = prepared.columns
            let count = Int32(columns.count)
            var rows: [Row] = []
            guard count > 0 else {
                while try step(statement) {}
                return rows
            }
            while try step(statement) {
                rows.append(Row(columns: columns, values: (0..<count).map { column(statement, $0) }))
            }
            return rows
        }
    }

    /// Runs one prepared statement to the end, each row's values into one array reused from row
    /// to row (`SQLDatabase.forEachRow`): no `Row` and no array a row.
    func forEachRow(_ prepared: PreparedStatement, _ arguments: [SQLValue], _ body: ([SQLValue]) throws -> Void) throws {
        try withBound(prepared, arguments) { statement in
            let count = Int32(prepared.columns.count)
            var values = [SQLValue](repeating: .null, count: Int(count))
            while try step(statement) {
                for index in 0..<count { values[Int(index)] = column(statement, index) }
                try body(values)
            }
        }
    }

    /// The first column of every row written into `output` as a JSON array's elements: each
    /// text's bytes copied as SQLite holds them (a NULL is `null`), no `Row` or `String` made on
    /// the way. For columns that hold JSON documents this code wrote.
    func appendJSONArray(_ prepared: PreparedStatement, _ arguments: [SQLValue], into output: inout [UInt8]) throws {
        try withBound(prepared, arguments) { statement in
            output.append(UInt8(ascii: "["))
            var first = true
            while try step(statement) {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                let count = Int(sqlite3_column_bytes(statement, 0))
                if sqlite3_column_type(statement, 0) == SQLITE_NULL {
                    output.append(contentsOf: JSONArrayBytes.null)
                } else if count > 0, let text = sqlite3_column_text(statement, 0) {
                    output.append(contentsOf: UnsafeBufferPointer(start: text, count: count))
                }
            }
            output.append(UInt8(ascii: "]"))
        }
    }

    /// Runs a statement without parameters or rows (BEGIN, COMMIT): prepared once, unlike
    /// `executeScript`, which compiles its text on every call.
    func runPrepared(_ sql: String) throws {
        _ = try run(prepared(sql), [])
    }

    func prepared(_ sql: String) throws -> PreparedStatement {
        try checkOpen()
        if let statement = statements[StatementKey(sql)] { return statement }
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
        let made = PreparedStatement(statement)
        statements[StatementKey(sql)] = made
        return made
    }

    /// Values longer than this are unbound after their run rather than kept until the next.
    private static let largeValue = 4096

    /// Binds every parameter; true when one of them is a large text or blob.
    private func bind(_ arguments: [SQLValue], to prepared: PreparedStatement) throws -> Bool {
        var large = false
        let statement = prepared.handle
        let expected = prepared.parameterCount
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
                if text.utf8.count > Self.largeValue { large = true }
                status = text.withCString { sqlite3_bind_text(statement, index, $0, Int32(text.utf8.count), tend_sqlite_transient()) }
            case .blob(let data):
                if data.count > Self.largeValue { large = true }
                status = data.isEmpty
                    ? sqlite3_bind_zeroblob(statement, index, 0)
                    : data.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), tend_sqlite_transient()) }
            case .null: status = sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else {
                throw SQLiteError.make(status: status, message: String(cString: sqlite3_errmsg(handle)), path: path)
            }
        }
        return large
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
