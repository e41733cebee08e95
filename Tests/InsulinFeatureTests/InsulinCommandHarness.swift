import Foundation
import Console
import Core
import Domain
import Data
import HTTP
import InsulinFeature

/// The insulin use cases on a fresh in-memory SQLite database, wired as `Composition` wires
/// them, without the rest of the app.
struct InsulinStack {
    let accounts: SQLiteAccountRepository
    let insulin: InsulinUseCases
    let recordIDs: RecordIDs

    /// - Parameter timeZone: the zone of the device's own (`local`) data; accounts use their own.
    init(clock: any Clock, timeZone: String = "UTC") throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: clock.now)
        let accounts = SQLiteAccountRepository(database: database)
        self.accounts = accounts
        insulin = InsulinUseCases(
            doses: SQLiteDoseRepository(database: database), settings: SQLiteInsulinSettingsRepository(database: database),
            transactor: database, clock: clock,
            defaultTimeZone: { owner in
                owner == Owner.local ? timeZone : (try? accounts.account(id: owner))?.timeZoneIdentifier ?? timeZone
            },
            events: DomainEventBus())
        recordIDs = RecordIDs(lookup: SQLiteRecordLookup(database: database))
    }

    /// An account made straight in the repository (no password): its test bearer token.
    func token(_ email: String, zone: String = "Asia/Seoul", at now: Date) throws -> String {
        if let account = try accounts.account(email: email) { return "test-token:" + account.id }
        let account = Account(id: UUIDv7.makeString(at: now), email: email, displayName: "X", timeZoneIdentifier: zone,
                              passwordHash: "-", createdAt: now, updatedAt: now)
        try accounts.insert(account)
        return "test-token:" + account.id
    }

    /// The insulin routes behind the request pipeline; a test token names its account.
    func application() -> HTTPApplication {
        var router = Router()
        router.addRoutes(InsulinRoutes.make(insulin: insulin))
        let accounts = accounts
        let insulin = insulin
        return HTTPApplication(
            router: router, logger: nil,
            authenticate: { token in
                guard token.hasPrefix("test-token:") else { return nil }
                return try accounts.account(id: String(token.dropFirst("test-token:".count)))?.id
            },
            errorDetails: { error in InsulinRoutes.errorDetails(error, insulin: insulin, ownerID: nil) })
    }
}

/// Runs `insulin` commands against the insulin use cases with a fixed clock, as `tend` would.
struct InsulinCommandHarness {
    let stack: InsulinStack
    var now: Date

    init(now: String = "2026-11-30T21:00:00+09:00", timeZone: String = "Asia/Seoul") throws {
        self.now = ISO8601.parseInstant(now)!
        stack = try InsulinStack(clock: FixedClock(self.now), timeZone: timeZone)
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        func json() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as! [String: Any]
        }
    }

    func run(_ arguments: String...) -> Result {
        run(arguments)
    }

    func run(_ arguments: [String]) -> Result {
        let context = InsulinContext(useCases: stack.insulin, ownerID: "local", ids: stack.recordIDs)
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: [InsulinCommands.make(context: { _ in context })])
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output).run(arguments)
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}
