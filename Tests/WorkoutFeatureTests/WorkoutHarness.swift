import Foundation
import Synchronization
import Console
import Core
import Domain
import Data
import HTTP
import WorkoutFeature

/// A clock the test moves by hand (a supplement taken in the morning, then at night).
final class MovableClock: Clock {
    private let instant: Mutex<Date>

    init(_ date: Date) { instant = Mutex(date) }

    var now: Date { instant.withLock { $0 } }

    func set(_ date: Date) { instant.withLock { $0 = date } }
}

/// The training and supplement use cases on a fresh in-memory SQLite database, wired as
/// `Composition` wires them, without the rest of the app (runs are added through the activity
/// use cases, for attendance).
struct WorkoutStack {
    let accounts: SQLiteAccountRepository
    let workouts: WorkoutUseCases
    let supplements: SupplementUseCases
    let activities: ActivityUseCases
    let recordIDs: RecordIDs

    /// - Parameter timeZone: the zone of the device's own (`local`) data; accounts use their own.
    init(clock: any Clock, timeZone: String = "UTC") throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: clock.now)
        let accounts = SQLiteAccountRepository(database: database)
        self.accounts = accounts
        let zone: @Sendable (String) -> String = { owner in
            owner == Owner.local ? timeZone : (try? accounts.account(id: owner))?.timeZoneIdentifier ?? timeZone
        }
        workouts = WorkoutUseCases(
            workouts: SQLiteWorkoutRepository(database: database), exercises: SQLiteExerciseRepository(database: database),
            activities: SQLiteActivityRepository(database: database), transactor: database, clock: clock, timeZone: zone)
        supplements = SupplementUseCases(supplements: SQLiteSupplementRepository(database: database), transactor: database,
                                         clock: clock, timeZone: zone, events: DomainEventBus())
        activities = ActivityUseCases(
            activities: SQLiteActivityRepository(database: database), places: SQLitePlaceRepository(database: database),
            gpx: LibXMLGPXCoding(), transactor: database, clock: clock, timeZone: zone)
        recordIDs = RecordIDs(lookup: SQLiteRecordLookup(database: database))
    }

    /// An account made straight in the repository (no password): its test bearer token.
    func token(_ email: String, zone: String, at now: Date) throws -> String {
        if let account = try accounts.account(email: email) { return "test-token:" + account.id }
        let account = Account(id: UUIDv7.makeString(at: now), email: email, displayName: "Lifter", timeZoneIdentifier: zone,
                              passwordHash: "-", createdAt: now, updatedAt: now)
        try accounts.insert(account)
        return "test-token:" + account.id
    }

    /// The workout and supplement routes behind the request pipeline; a test token names its account.
    func application() -> HTTPApplication {
        var router = Router()
        router.addRoutes(WorkoutRoutes.make(workouts: workouts, supplements: supplements))
        let accounts = accounts
        return HTTPApplication(router: router, logger: nil, authenticate: { token in
            guard token.hasPrefix("test-token:") else { return nil }
            return try accounts.account(id: String(token.dropFirst("test-token:".count)))?.id
        })
    }
}

/// Runs `workout`, `plan`, `timer`, `supps` and `exercises` commands against the training use
/// cases with a clock in Asia/Seoul (Thursday 26 November 2026, 20:00 there), as `tend`
/// would without a terminal.
final class WorkoutHarness: @unchecked Sendable {
    let stack: WorkoutStack
    let clock: MovableClock
    let folder: URL

    init(now: String = "2026-11-26T20:00:00+09:00", timeZone: String = "Asia/Seoul") throws {
        clock = MovableClock(ISO8601.parseInstant(now)!)
        stack = try WorkoutStack(clock: clock, timeZone: timeZone)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-workout-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Moves the clock to an ISO 8601 instant.
    func at(_ instant: String) { clock.set(ISO8601.parseInstant(instant)!) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    struct Result: CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String

        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] else {
                throw CocoaError(.propertyListReadCorrupt)
            }
            return object
        }

        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }

        var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    func run(_ arguments: String...) -> Result { run(arguments) }

    func run(_ arguments: [String]) -> Result {
        let context = WorkoutContext(workouts: stack.workouts, supplements: stack.supplements, ownerID: "local",
                                     isInteractive: false, ids: stack.recordIDs)
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: WorkoutCommands.make(context: { _ in context }))
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output).run(arguments)
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }

    /// The `--json` output of a command that must succeed (an empty object, recorded by the
    /// caller's expectations, when it does not).
    func json(_ arguments: String...) -> [String: Any] {
        let result = run(["--json"] + arguments)
        guard result.status == 0, let object = try? result.json() else { return ["failed": result.description] }
        return object
    }

    /// Logs sets and returns the new session's id ("" on failure).
    @discardableResult
    func log(_ arguments: String...) -> String {
        json(["workout", "log"] + arguments)["id"] as? String ?? ""
    }

    func json(_ arguments: [String]) -> [String: Any] {
        let result = run(["--json"] + arguments)
        guard result.status == 0, let object = try? result.json() else { return ["failed": result.description] }
        return object
    }

    /// A run added by hand, for attendance.
    func addRun(at instant: String, minutes: Double = 25) throws {
        _ = try stack.activities.add(ownerID: "local", .init(kind: .run, distance: 5000, duration: minutes * 60,
                                                             startedAt: ISO8601.parseInstant(instant)!))
    }
}

/// The workout routes in process, through the request pipeline, with the clock at
/// 2026-11-26T11:00:00Z (20:00 in Seoul).
struct WorkoutAPI {
    let stack: WorkoutStack
    let application: HTTPApplication
    let now: Date

    init(now: String = "2026-11-26T11:00:00Z") throws {
        self.now = ISO8601.parseInstant(now)!
        stack = try WorkoutStack(clock: FixedClock(self.now))
        application = stack.application()
    }

    struct Response: CustomStringConvertible {
        let status: Int
        let body: Data

        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var error: [String: Any] { json["error"] as? [String: Any] ?? [:] }
        var errorCode: String? { error["code"] as? String }
        var errorMessage: String { error["message"] as? String ?? "" }
        var description: String { "\(status) \(String(decoding: body, as: UTF8.self))" }
    }

    func send(_ method: String, _ path: String, json: Any? = nil, token: String?, query: [String: String] = [:]) -> Response {
        var headers: [String: String] = [:]
        var body = Data()
        if let json {
            body = try! JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed])
            headers["Content-Type"] = "application/json"
        }
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let response = application.respond(to: HTTPRequest(method: method, path: path, query: query, headers: headers, body: body))
        return Response(status: response.status, body: response.body)
    }

    /// An account in `zone`; returns its token.
    func token(_ email: String, zone: String = "Asia/Seoul") -> String {
        try! stack.token(email, zone: zone, at: now)
    }
}

extension Dictionary where Key == String, Value == Any {
    func double(_ key: String) -> Double? { (self[key] as? NSNumber)?.doubleValue }
    func int(_ key: String) -> Int? { (self[key] as? NSNumber)?.intValue }
    func string(_ key: String) -> String? { self[key] as? String }
    func object(_ key: String) -> [String: Any] { self[key] as? [String: Any] ?? [:] }
    func objects(_ key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
    func strings(_ key: String) -> [String] { self[key] as? [String] ?? [] }
    func isNull(_ key: String) -> Bool { self[key] is NSNull }
}

/// A weekly plan as `[weekday: text or nil]`, every key kept (a null is nil, not absent).
func weeklyPlan(_ json: [String: Any]) -> [String: String?] {
    json.mapValues { $0 as? String }
}
