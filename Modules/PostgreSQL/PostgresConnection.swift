import FoundationEssentials
import CPQ
import Core
import Data

/// One libpq connection, used by one thread at a time (the pool hands it out). Statements are
/// prepared once per connection with their parameter types left to the server, which infers
/// them from where each `$N` stands; values travel as text, blobs as bytes.
final class PostgresConnection {
    private let handle: OpaquePointer
    let place: String
    private var statements: [String: String] = [:]
    /// Beyond this many distinct statements (ones built with a varying number of values), the
    /// rest run unprepared rather than grow the server's memory without bound.
    private static let preparedLimit = 2000

    /// Connects, or throws `database_unavailable` naming the host (libpq's message never
    /// carries the password).
    init(connectionString: String, place: String) throws {
        self.place = place
        guard let connection = PQconnectdb(connectionString) else {
            throw PostgresError.unavailable(place, "out of memory")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError.unavailable(place, message)
        }
        handle = connection
        PQsetNoticeProcessor(handle, tendIgnoreNotice, nil) // NOTICEs (IF NOT EXISTS …) are not errors
        // Times are integers and text is UTF-8: fix what a server's defaults could otherwise change.
        try script("SET client_encoding = 'UTF8'; SET standard_conforming_strings = on; SET TIME ZONE 'UTC'")
    }

    deinit { PQfinish(handle) }

    /// False once the server went away: the pool drops the connection instead of reusing it.
    var isHealthy: Bool { PQstatus(handle) == CONNECTION_OK }

    /// True between BEGIN and COMMIT/ROLLBACK (or after an error inside a transaction).
    var isInTransaction: Bool {
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    /// Several statements with no parameters (migrations, BEGIN, COMMIT).
    func script(_ sql: String) throws {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result)
    }

    /// One statement; its rows and the number of rows it changed.
    func run(_ sql: String, _ arguments: [SQLValue]) throws -> (rows: [Row], changes: Int) {
        let values = arguments.map(PostgresValues.encode)
        let result: OpaquePointer?
        if let name = try preparedName(sql) {
            result = Self.withParameters(values) { pointers, lengths, formats in
                PQexecPrepared(handle, name, Int32(values.count), pointers, lengths, formats, 0)
            }
        } else {
            let text = PostgresSQL.numbered(sql)
            result = Self.withParameters(values) { pointers, lengths, formats in
                PQexecParams(handle, text, Int32(values.count), nil, pointers, lengths, formats, 0)
            }
        }
        defer { PQclear(result) }
        try check(result)
        guard let result else { return ([], 0) }
        let changes = Int(String(cString: PQcmdTuples(result))) ?? 0
        return (PostgresValues.rows(of: result), changes)
    }

    // MARK: - Internals

    private func preparedName(_ sql: String) throws -> String? {
        if let name = statements[sql] { return name }
        guard statements.count < Self.preparedLimit else { return nil }
        let name = "tend_\(statements.count + 1)"
        let result = PQprepare(handle, name, PostgresSQL.numbered(sql), 0, nil)
        defer { PQclear(result) }
        try check(result)
        statements[sql] = name
        return name
    }

    private static func withParameters<T>(_ values: [PostgresValues.Encoded],
                                          _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> T) -> T {
        guard !values.isEmpty else { return body(nil, nil, nil) }
        // Each value's bytes stay alive (and NUL-terminated for text) while libpq reads them.
        let buffers: [UnsafeMutablePointer<CChar>?] = values.map { value in
            guard let bytes = value.bytes else { return nil }
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            bytes.withUnsafeBytes { raw in
                raw.copyBytes(to: UnsafeMutableRawBufferPointer(start: buffer, count: bytes.count))
            }
            buffer[bytes.count] = 0
            return buffer
        }
        defer { for buffer in buffers { buffer?.deallocate() } }
        let pointers = buffers.map { UnsafePointer($0) }
        let lengths = values.map { Int32($0.bytes?.count ?? 0) }
        let formats = values.map { $0.isBinary ? Int32(1) : Int32(0) }
        return pointers.withUnsafeBufferPointer { pointers in
            lengths.withUnsafeBufferPointer { lengths in
                formats.withUnsafeBufferPointer { formats in
                    body(pointers.baseAddress, lengths.baseAddress, formats.baseAddress)
                }
            }
        }
    }

    private func check(_ result: OpaquePointer?) throws {
        guard let result else {
            throw PostgresError.unavailable(place, String(cString: PQerrorMessage(handle)))
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return
        default:
            let state = PQresultErrorField(result, tend_pg_diag_sqlstate()).map { String(cString: $0) } ?? ""
            let message = String(cString: PQresultErrorMessage(result))
            if !isHealthy || state.isEmpty && message.isEmpty {
                throw PostgresError.unavailable(place, message.isEmpty ? String(cString: PQerrorMessage(handle)) : message)
            }
            throw PostgresError.make(sqlState: state, message: message, place: place)
        }
    }
}

/// libpq prints NOTICEs to stderr by default; a server's log line is not the place for them.
private func tendIgnoreNotice(_ argument: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {}
