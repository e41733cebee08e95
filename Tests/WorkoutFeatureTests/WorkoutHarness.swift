import Foundation
import Synchronization
import Console
import Core
import Domain
import HTTP
import Composition
import WorkoutFeature

/// A clock the test moves by hand (a supplement taken in the morning, then at night).
final class MovableClock: Clock {
    private let instant: Mutex<Date>

    init(_ date: Date) { instant = Mutex(date) }

    var now: Date { instant.withLock { $0 } }

    func set(_ date: Date) { instant.withLock { $0 = date } }
}

/// Runs `workout`, `plan`, `timer`, `supps` and `exercises` commands against an in-memory
/// container with a clock in Asia/Seoul (Thursday 26 November 2026, 20:00 there), as `tend`
/// would without a terminal.
final class WorkoutHarness: @unchecked Sendable {
    let container: Container
    let clock: MovableClock
    let folder: URL

    init(now: String = "2026-11-26T20:00:00+09:00", timeZone: String = "Asia/Seoul") throws {
        clock = MovableClock(ISO8601.parseInstant(now)!)
        container = try Container.inMemory(clock: clock, timeZone: timeZone)
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
        let context = WorkoutContext(workouts: container.workouts, supplements: container.supplements, ownerID: "local",
                                     isInteractive: false, ids: container.recordIDs)
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
        _ = try container.activities.add(ownerID: "local", .init(kind: .run, distance: 5000, duration: minutes * 60,
                                                                 startedAt: ISO8601.parseInstant(instant)!))
    }
}

/// The whole server pipeline in process, on an in-memory container with the clock at
/// 2026-11-26T11:00:00Z (20:00 in Seoul).
struct WorkoutAPI {
    let container: Container
    let application: HTTPApplication

    init(now: String = "2026-11-26T11:00:00Z") throws {
        container = try Container.inMemory(clock: FixedClock(ISO8601.parseInstant(now)!))
        application = ServerApplication.make(container: container, logger: nil)
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

    /// Signs up and logs in; returns the token.
    func token(_ email: String, zone: String = "Asia/Seoul") -> String {
        let password = "correct horse battery"
        _ = send("POST", "/v1/accounts", json: ["email": email, "password": password, "display_name": "Lifter", "time_zone": zone], token: nil)
        return send("POST", "/v1/sessions", json: ["email": email, "password": password], token: nil).json["token"] as? String ?? ""
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
