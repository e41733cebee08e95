import Foundation
import Synchronization
import Testing
import Client
import Console
import Core
import Data
import Domain
import HTTP
import SyncFeature

/// A clock every side of a test shares, moved forward by the test (so that edits on two
/// devices have the order the test means).
final class TestClock: Clock {
    private let time: Mutex<Date>

    init(_ start: String = "2026-12-01T12:00:00Z") {
        time = Mutex(ISO8601.parseInstant(start)!)
    }

    var now: Date { time.withLock { $0 } }

    func advance(minutes: Double) {
        time.withLock { $0 = $0.addingTimeInterval(minutes * 60) }
    }

    /// Milliseconds since 1970, as the synced tables store instants.
    var milliseconds: Int64 { Int64((now.timeIntervalSince1970 * 1000).rounded(.down)) }
}

/// `tend-server`'s side of sync: an in-memory database with the server's change log.
struct SyncServerSide {
    let database: Database
    let sync: SyncUseCases
    /// The insulin use cases on the server's database: what the REST routes call.
    let insulin: InsulinUseCases
    /// Bearer token → account id.
    static let tokens = ["token-alice": "acct-alice", "token-bob": "acct-bob"]

    init(clock: any Clock) throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: clock.now)
        self.database = database
        let events = DomainEventBus()
        sync = SyncUseCases(repository: try SQLiteSyncStore(database: database, clock: clock, deviceID: SQLiteSyncStore.serverDeviceID),
                            clock: clock, events: events)
        insulin = InsulinUseCases(
            doses: SQLiteDoseRepository(database: database), settings: SQLiteInsulinSettingsRepository(database: database),
            transactor: database, clock: clock, defaultTimeZone: { _ in "UTC" }, events: events)
    }

    /// The sync routes behind the request pipeline; a known token names its account.
    func application() -> HTTPApplication {
        var router = Router()
        router.addRoutes(SyncRoutes.make(sync: sync))
        return HTTPApplication(router: router, logger: nil, authenticate: { token in Self.tokens[token] })
    }

    /// The doses the server holds for an account (live ones), by id.
    func doses(of account: String) throws -> [String: Dose] {
        let repository = SQLiteDoseRepository(database: database)
        let rows = try database.query("SELECT id FROM insulin_doses WHERE owner_id = ? AND deleted_at IS NULL", [.text(account)])
        var out: [String: Dose] = [:]
        for row in rows {
            let id: String = try row.get("id")
            out[id] = try repository.dose(id: id, ownerID: account)
        }
        return out
    }
}

/// One device's `tend`: its own database, its outbox, the insulin use cases that write to it.
struct SyncDevice {
    let database: Database
    let sync: SyncUseCases
    let insulin: InsulinUseCases
    let doses: SQLiteDoseRepository

    init(clock: any Clock) throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: clock.now)
        self.database = database
        let events = DomainEventBus()
        // Made before any write, as the container does, so that every write is stamped.
        sync = SyncUseCases(repository: try SQLiteSyncStore(database: database, clock: clock, deviceID: nil), clock: clock, events: events)
        doses = SQLiteDoseRepository(database: database)
        insulin = InsulinUseCases(
            doses: doses, settings: SQLiteInsulinSettingsRepository(database: database), transactor: database, clock: clock,
            defaultTimeZone: { _ in "UTC" }, events: events)
    }

    @discardableResult
    func logDose(_ kind: InsulinKind, units: Double, note: String? = nil, takenAt: Date? = nil) throws -> Dose {
        try insulin.logDose(ownerID: Owner.local, LogDose.Request(kind: kind, units: units, takenAt: takenAt, note: note, force: true)).dose
    }

    func dose(_ id: String) throws -> Dose? {
        try doses.dose(id: id, ownerID: Owner.local)
    }

    func pending() throws -> Int { try sync.status().pending }
}

/// The server as a `SyncRemote` in this process: the bytes a device pushes go to the server's
/// use cases for one account, as the route hands them over.
struct InProcessRemote: SyncRemote {
    let server: SyncUseCases
    let accountID: String

    func push(_ body: Data) throws -> [SyncPushResult] {
        let request = try JSONDecoder().decode(SyncPushRequest.self, from: body)
        return try server.push(request, bodyBytes: body.count, ownerID: accountID)
    }

    func pull(cursor: String?, limit: Int) throws -> SyncPage {
        let text = try server.pull(ownerID: accountID, cursor: cursor, limit: limit, protocolVersion: SyncProtocol.version)
        return try JSONDecoder().decode(SyncPage.self, from: Data(text.utf8))
    }
}

/// A server that cannot be reached: every call fails as the transport reports it.
struct UnreachableRemote: SyncRemote {
    func push(_ body: Data) throws -> [SyncPushResult] {
        throw AppError.unavailable("cannot reach https://tend.example (connection refused)", code: "server_unreachable")
    }

    func pull(cursor: String?, limit: Int) throws -> SyncPage {
        throw AppError.unavailable("cannot reach https://tend.example (connection refused)", code: "server_unreachable")
    }
}

/// A remote that must not be called (the command should have stopped before).
struct UnexpectedRemote: SyncRemote {
    func push(_ body: Data) throws -> [SyncPushResult] {
        Issue.record("unexpected push")
        throw AppError.unavailable("no push expected", code: "unexpected_call")
    }

    func pull(cursor: String?, limit: Int) throws -> SyncPage {
        Issue.record("unexpected pull")
        throw AppError.unavailable("no pull expected", code: "unexpected_call")
    }
}

/// Runs `tend sync …` on one device against a remote, as `tend` would.
struct SyncCommandRunner {
    static let server = "https://tend.example"
    static let alice = Credentials(server: server, token: "token-alice", accountID: "acct-alice", email: "alice@example.com",
                                   displayName: "Alice", expiresAt: nil)

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            return try #require(object as? [String: Any], "stdout is not a JSON object: \(stdout)")
        }
    }

    /// - Parameters:
    ///   - credentials: the saved login (nil: logged out).
    ///   - remote: the server; nil uses the real HTTP remote over `transport`.
    static func run(_ device: SyncDevice, _ arguments: [String], credentials: Credentials? = alice,
                    remote: (any SyncRemote)?, transport: (any ServerTransport)? = nil) -> Result {
        let client = ServerClient(transport: transport ?? ExpectingTransport(reportIssue: { Issue.record(Comment(rawValue: $0)) }),
                                  credentials: MemoryCredentialStore(credentials))
        let context = SyncContext(sync: device.sync, client: client, remote: remote, ownerID: Owner.local,
                                  zone: TimeZone(identifier: "UTC")!)
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: [SyncCommands.make(context: { _ in context })])
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output).run(arguments)
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}
