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
    private var statements: [StatementKey: String] = [:]
    /// Counts every exchange this connection waits for (its database's count, for tests).
    private let waits: RoundTrips
    /// A transaction's opening commands (its BEGIN), not sent yet: they go in one
    /// pipeline with the transaction's first statement (a round trip fewer), or not at all when
    /// no statement runs.
    private var deferredBegin: [String] = []
    /// Statements with values that follow the opening commands in the same round trip (the lock
    /// of a write that takes it first, with its settings: `PostgresDatabase.lock`); dropped with them.
    private var deferredBeginStatements: [(sql: String, arguments: [SQLValue])] = []
    /// Writes nobody waits on (`SQLDatabase.executeLater`), sent first in the next round trip:
    /// with the next statement, or with the SAVEPOINT, RELEASE or COMMIT that comes before it.
    /// A ROLLBACK drops them (they would be undone: a SAVEPOINT sends the ones before it).
    private var laterWrites: [(sql: String, arguments: [SQLValue])] = []
    /// Statements that go before everything else of the next round trip but the BEGIN: a write
    /// lock taken late and the checks of what was read before it (`PostgresDatabase.takeLock`).
    private var firstStatements: [(sql: String, arguments: [SQLValue])] = []
    /// Set when the transaction failed in a way taking the write lock first prevents: a check of
    /// a read made before the lock found it changed, or a deadlock (a read before the lock holds
    /// its table while it waits for the lock, and a schema change under the lock waits for that
    /// table). The transaction is aborted and runs again with the lock first, whatever its body
    /// made of the error.
    private(set) var runsAgainLockFirst = false
    /// A read-only transaction's COMMIT, sent without waiting: its answer is read before the
    /// connection's next command (a round trip fewer; nothing a read-only COMMIT does can fail
    /// in a way its reads would have to know).
    private var commitInFlight = false
    /// Whether the last `runAll` failed at its last command alone (every one before it done).
    private var lastCommandFailed = false
    /// Beyond this many distinct statements (ones built with a varying number of values), the
    /// rest run unprepared rather than grow the server's memory without bound.
    private static let preparedLimit = 2000

    /// Connects, or throws `database_unavailable` naming the host (libpq's message never
    /// carries the password).
    init(connectionString: String, place: String, waits: RoundTrips = RoundTrips()) throws {
        self.place = place
        self.waits = waits
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
    var isHealthy: Bool { !isStuck && PQstatus(handle) == CONNECTION_OK }
    /// Set when a pipeline could not be left: the connection is not reused.
    private var isStuck = false

    /// True between BEGIN and COMMIT/ROLLBACK (or after an error inside a transaction); a
    /// COMMIT in flight has ended its transaction.
    var isInTransaction: Bool {
        let status = PQtransactionStatus(handle)
        if commitInFlight, status == PQTRANS_ACTIVE { return false }
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    /// Several statements with no parameters (migrations, BEGIN, COMMIT).
    func script(_ sql: String) throws {
        settle()
        if !laterWrites.isEmpty || !firstStatements.isEmpty {
            if sql.hasPrefix("ROLLBACK") {
                laterWrites = []
                // The lock and its checks are the transaction's, never a savepoint's (one is
                // opened only once the lock is taken): only the whole transaction's end drops them.
                if sql == "ROLLBACK" { firstStatements = [] }
            } else if sql.contains(";") {
                _ = try runAll([]) // a script of several statements cannot join a pipeline: the writes first
            } else {
                // COMMIT, SAVEPOINT, RELEASE: one command, in the same pipeline as the writes before it.
                _ = try runAll([], then: [sql])
                return
            }
        }
        if !deferredBegin.isEmpty {
            if sql == "COMMIT" || sql == "ROLLBACK" { // nothing was begun
                dropDeferredBegin()
                return
            }
            if !deferredBeginStatements.isEmpty { // statements with values join a pipeline, not a script
                guard !sql.contains(";") else {
                    _ = try runAll([])
                    return try exec(sql)
                }
                _ = try runAll([], then: [sql])
                return
            }
            let begin = deferredBegin
            deferredBegin = []
            return try exec((begin + [sql]).joined(separator: "; ")) // one round trip, simple protocol
        }
        try exec(sql)
    }

    private func exec(_ sql: String) throws {
        waits.add()
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result)
    }

    /// Begins a transaction with the next statement (see `deferredBegin`): `commands` run first,
    /// in order, then `statements`, in the same round trip.
    func beginWithNextStatement(_ commands: [String], then statements: [(sql: String, arguments: [SQLValue])] = []) {
        deferredBegin = commands
        deferredBeginStatements = statements
        runsAgainLockFirst = false
    }

    /// Holds `statements` back to go first in the next round trip, after the BEGIN.
    func sendFirst(_ statements: [(sql: String, arguments: [SQLValue])]) {
        firstStatements += statements
    }

    private func dropDeferredBegin() {
        deferredBegin = []
        deferredBeginStatements = []
    }

    /// Holds `statements` back for the next round trip (see `laterWrites`).
    func sendLater(_ statements: [(sql: String, arguments: [SQLValue])]) {
        laterWrites += statements
    }

    /// Ends a write transaction that commits asynchronously (`synchronous_commit` off, so the
    /// write lock passes on as soon as the commit is visible) and then makes it durable: `flush`,
    /// a statement run in an implicit transaction of its own right after the COMMIT, commits under
    /// the session's own `synchronous_commit` and so waits for the log up to and past this COMMIT
    /// to be flushed, a flush shared with every write waiting at the same time. One round trip,
    /// with the writes held back (and the BEGIN, if nothing else was sent) before the COMMIT; a
    /// transaction with nothing to send sends nothing.
    func commit(thenFlushWith flush: String) throws {
        settle()
        if !deferredBegin.isEmpty, laterWrites.isEmpty, firstStatements.isEmpty {
            dropDeferredBegin()
            return
        }
        do {
            _ = try runAll([], then: ["COMMIT", flush])
        } catch let error where lastCommandFailed {
            // The COMMIT went through and only its flush failed: the write is in, its durability
            // unknown. Unavailable (503, retry with the same id), never the statement's own error.
            throw PostgresError.unconfirmedFlush(place, error)
        }
    }

    /// Ends a read-only transaction begun by `beginWithNextStatement`: nothing to do when no
    /// statement ran, else a COMMIT sent and not waited for (see `commitInFlight`).
    func commitReadOnly() throws {
        settle()
        if !deferredBegin.isEmpty {
            dropDeferredBegin()
            return
        }
        guard PQsendQuery(handle, "COMMIT") == 1 else {
            throw PostgresError.unavailable(place, String(cString: PQerrorMessage(handle)))
        }
        commitInFlight = true
    }

    /// Reads the answer of a COMMIT in flight. A failure there leaves nothing to undo: a broken
    /// connection fails the next command (and the pool drops it).
    private func settle() {
        guard commitInFlight else { return }
        commitInFlight = false
        while let result = PQgetResult(handle) { PQclear(result) }
    }

    /// One statement; its rows and the number of rows it changed.
    func run(_ sql: String, _ arguments: [SQLValue]) throws -> (rows: [Row], changes: Int) {
        try runAll([(sql: sql, arguments: arguments)])[0]
    }

    /// Statements sent one after another without waiting (libpq's pipeline mode, one round trip
    /// for all, the transaction's deferred BEGIN first); each one's rows and changed-row count.
    /// The first failure is thrown: the statements after it did not run.
    /// `controls`, commands with no parameters (COMMIT, SAVEPOINT …), go last, in order.
    /// `confirming`, a read that must answer a row (`SQLPipelining.confirmWithNextRoundTrip`),
    /// goes first after the BEGIN: without a row, `ConfirmationRefused` is thrown and the rows of
    /// the others are never handed out (a write among them is undone with its transaction).
    func runAll(_ statements: [(sql: String, arguments: [SQLValue])], then controls: [String] = [],
                confirming: SQLStatement? = nil) throws -> [(rows: [Row], changes: Int)] {
        settle()
        lastCommandFailed = false // a call that fails before its answers (a lost connection) is no flush's
        let confirmation = confirming.map { [(sql: $0.sql, arguments: $0.arguments)] } ?? []
        let prepare = { (sql: String, arguments: [SQLValue]) in
            let name = try self.preparedName(sql)
            return Command(name: name, text: name == nil ? PostgresSQL.numbered(sql) : sql, values: arguments.map(PostgresValues.encode))
        }
        let opening = try (deferredBeginStatements + firstStatements).map(prepare)
        let prepared = try (confirmation + laterWrites + statements).map(prepare)
        // The BEGIN and controls are prepared too: parsed once a connection, and the lock's
        // SELECT and the flush's SELECT planned once, not on every write.
        let control = { (text: String) in Command(name: try self.preparedName(text), text: text, values: []) }
        let commands = try deferredBegin.map(control) + opening + prepared + controls.map(control)
        let confirmationIndex = deferredBegin.count + opening.count // its answer follows the BEGIN's
        let begun = confirmationIndex + confirmation.count + laterWrites.count
        // Sent from here on: what was held back is dropped only now, so that a statement that
        // failed to prepare leaves the lock and the writes queued for the next round trip.
        laterWrites = []
        firstStatements = []
        dropDeferredBegin()
        let results = commands.count == 1 ? [send(commands[0])] : try pipeline(commands)
        defer { for result in results { PQclear(result) } }
        // A confirmation that found no row first: the request was never the account's, whatever
        // failed after it. Then the first failure in order (the commands after it were skipped).
        if confirming != nil, PQresultStatus(results[confirmationIndex]) == PGRES_TUPLES_OK,
           PQntuples(results[confirmationIndex]) == 0 {
            throw ConfirmationRefused()
        }
        for (index, result) in results.enumerated() {
            do {
                try check(result)
            } catch {
                lastCommandFailed = index == results.count - 1
                if let error = error as? AppError, error.code == PostgresError.readChangedCode { runsAgainLockFirst = true }
                if let result, PostgresError.sqlState(of: result) == PostgresError.deadlockState { runsAgainLockFirst = true }
                throw error
            }
        }
        return results.dropFirst(begun).prefix(statements.count).map { result in
            guard let result else { return ([], 0) }
            return (PostgresValues.rows(of: result), Int(String(cString: PQcmdTuples(result))) ?? 0)
        }
    }

    /// A confirmation read with a statement's round trip found no row (see `runAll`).
    struct ConfirmationRefused: Error {}

    /// A command of a pipeline: a prepared statement (by name), or a text run as it is.
    private struct Command {
        let name: String?
        let text: String
        let values: [PostgresValues.Encoded]
    }

    /// One command, waited for.
    private func send(_ command: Command) -> OpaquePointer? {
        waits.add()
        return Self.withParameters(command.values) { pointers, lengths, formats in
            command.name.map { PQexecPrepared(handle, $0, Int32(command.values.count), pointers, lengths, formats, 0) }
                ?? PQexecParams(handle, command.text, Int32(command.values.count), nil, pointers, lengths, formats, 0)
        }
    }

    /// `commands` sent together in libpq's pipeline mode and answered in one round trip: each
    /// one's result, in order (the caller clears them). A command after a failed one comes back
    /// as PGRES_PIPELINE_ABORTED, which `check` reports.
    private func pipeline(_ commands: [Command]) throws -> [OpaquePointer?] {
        waits.add()
        guard PQenterPipelineMode(handle) == 1 else { return commands.map(send) } // a busy connection: one by one
        var sent = true
        for command in commands where sent {
            sent = Self.withParameters(command.values) { pointers, lengths, formats in
                command.name.map { PQsendQueryPrepared(handle, $0, Int32(command.values.count), pointers, lengths, formats, 0) }
                    ?? PQsendQueryParams(handle, command.text, Int32(command.values.count), nil, pointers, lengths, formats, 0)
            } == 1
        }
        sent = sent && PQpipelineSync(handle) == 1
        // Each command's result, then the NULL that ends it; then the sync point's own result.
        var results: [OpaquePointer?] = []
        if sent {
            for _ in commands {
                let result = PQgetResult(handle)
                results.append(result)
                if result != nil { while let extra = PQgetResult(handle) { PQclear(extra) } }
            }
            while let result = PQgetResult(handle) {
                let isSync = PQresultStatus(result) == PGRES_PIPELINE_SYNC
                PQclear(result)
                if isSync { break }
            }
        }
        if PQexitPipelineMode(handle) != 1 { isStuck = true }
        guard sent, results.count == commands.count, !isStuck else {
            for result in results { PQclear(result) }
            throw PostgresError.unavailable(place, String(cString: PQerrorMessage(handle)))
        }
        return results
    }

    // MARK: - Internals

    private func preparedName(_ sql: String) throws -> String? {
        if let name = statements[StatementKey(sql)] { return name }
        guard statements.count < Self.preparedLimit else { return nil }
        let name = "tend_\(statements.count + 1)"
        waits.add()
        let result = PQprepare(handle, name, PostgresSQL.numbered(sql), 0, nil)
        defer { PQclear(result) }
        try check(result)
        statements[StatementKey(sql)] = name
        return name
    }

    private static func withParameters<T>(_ values: [PostgresValues.Encoded],
                                          _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> T) -> T {
        guard !values.isEmpty else { return body(nil, nil, nil) }
        // Each value's bytes stay alive (and NUL-terminated for text) while libpq reads them.
        let buffers: [UnsafeMutablePointer<CChar>?] = values.map { value in
            guard let bytes = value.bytes else { return nil }
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            // copyMemory, not copyBytes: the raw buffer is also Foundation's DataProtocol, whose
            // generic copyBytes walked its regions (8 % of a PostgreSQL status request's time).
            bytes.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(start: buffer, count: bytes.count).copyMemory(from: raw)
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
            let state = PostgresError.sqlState(of: result)
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
