import Foundation
import Synchronization
import Console
import Core
import Domain
import Data
import HTTP
import QuestFeature

/// A clock the test moves forward.
final class SteppingClock: Clock {
    private let current: Mutex<Date>

    init(_ start: Date) { current = Mutex(start) }

    var now: Date { current.withLock { $0 } }

    func advance(days: Int, hours: Int = 0) {
        current.withLock { $0 = $0.addingTimeInterval(TimeInterval(days * 86_400 + hours * 3600)) }
    }
}

/// The shipped quest content: the repository's `Resources/Quests`.
enum QuestResources {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/Quests").path
}

/// The quest use cases on a fresh in-memory SQLite database with the shipped content, wired as
/// `Composition` wires them, without the rest of the app.
struct QuestStack {
    let accounts: SQLiteAccountRepository
    /// What the quests stored, read back the way the use cases read it.
    let entries: SQLiteQuestEntryRepository
    let quests: QuestUseCases

    /// - Parameter timeZone: the zone of the device's own (`local`) data; accounts use their own.
    init(clock: any Clock, timeZone: String) throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: clock.now)
        let accounts = SQLiteAccountRepository(database: database)
        self.accounts = accounts
        entries = SQLiteQuestEntryRepository(database: database)
        quests = QuestUseCases(
            journeys: SQLiteJourneyRepository(database: database), entries: entries,
            settings: SQLiteQuestSettingsRepository(database: database),
            content: FileQuestContentSource(directory: QuestResources.directory), transactor: database, clock: clock,
            timeZone: { owner in
                owner == Owner.local ? timeZone : (try? accounts.account(id: owner))?.timeZoneIdentifier ?? timeZone
            },
            events: DomainEventBus())
    }

    /// An account made straight in the repository (no password): its id and test bearer token.
    func account(_ email: String, zone: String, at now: Date) throws -> (token: String, id: String) {
        if let account = try accounts.account(email: email) { return ("test-token:" + account.id, account.id) }
        let account = Account(id: UUIDv7.makeString(at: now), email: email, displayName: "Someone", timeZoneIdentifier: zone,
                              passwordHash: "-", createdAt: now, updatedAt: now)
        try accounts.insert(account)
        return ("test-token:" + account.id, account.id)
    }

    /// The quest routes behind the request pipeline; a test token names its account.
    func application() -> HTTPApplication {
        var router = Router()
        router.addRoutes(QuestRoutes.make(quests: quests))
        let accounts = accounts
        return HTTPApplication(router: router, logger: nil, authenticate: { token in
            guard token.hasPrefix("test-token:") else { return nil }
            return try accounts.account(id: String(token.dropFirst("test-token:".count)))?.id
        })
    }
}

/// Runs `quest` commands on the quest use cases, as `tend` would.
struct QuestHarness {
    let stack: QuestStack
    let clock: SteppingClock

    init(start: String = "2026-11-02T20:00:00+09:00", timeZone: String = "Asia/Seoul") throws {
        clock = SteppingClock(ISO8601.parseInstant(start)!)
        stack = try QuestStack(clock: clock, timeZone: timeZone)
    }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        func json() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as! [String: Any]
        }
    }

    func run(_ arguments: String..., language: Language = .en) -> Result {
        let context = QuestContext(useCases: stack.quests, ownerID: "local", language: language, environment: [:], isInteractive: false)
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: [QuestCommands.make(context: { _ in context })])
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output).run(arguments)
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}
