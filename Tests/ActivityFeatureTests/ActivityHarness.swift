import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Console
import Core
import Domain
import Data
import HTTP
import ActivityFeature

/// The activity use cases on a fresh in-memory SQLite database, wired as `Composition` wires
/// them, without the rest of the app.
struct ActivityStack {
    let accounts: SQLiteAccountRepository
    let activities: ActivityUseCases
    let recordIDs: RecordIDs

    /// - Parameter timeZone: the zone of the device's own (`local`) data; accounts use their own.
    init(clock: any Clock, timeZone: String = "UTC") throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: clock.now)
        let accounts = SQLiteAccountRepository(database: database)
        self.accounts = accounts
        activities = ActivityUseCases(
            activities: SQLiteActivityRepository(database: database), places: SQLitePlaceRepository(database: database),
            gpx: LibXMLGPXCoding(), transactor: database, clock: clock,
            timeZone: { owner in
                owner == Owner.local ? timeZone : (try? accounts.account(id: owner))?.timeZoneIdentifier ?? timeZone
            })
        recordIDs = RecordIDs(lookup: SQLiteRecordLookup(database: database))
    }

    /// An account made straight in the repository (no password): its test bearer token.
    func token(_ email: String, zone: String, at now: Date) throws -> String {
        if let account = try accounts.account(email: email) { return "test-token:" + account.id }
        let account = Account(id: UUIDv7.makeString(at: now), email: email, displayName: "Runner", timeZoneIdentifier: zone,
                              passwordHash: "-", createdAt: now, updatedAt: now)
        try accounts.insert(account)
        return "test-token:" + account.id
    }

    /// The activity routes behind the request pipeline; a test token names its account.
    func application() -> HTTPApplication {
        var router = Router()
        router.addRoutes(ActivityRoutes.make(activities: activities))
        let accounts = accounts
        return HTTPApplication(router: router, logger: nil, authenticate: { token in
            guard token.hasPrefix("test-token:") else { return nil }
            return try accounts.account(id: String(token.dropFirst("test-token:".count)))?.id
        })
    }

    /// The OpenAPI document of the activity routes alone, as `/openapi.json` builds it.
    func openAPIDocument() throws -> [String: Any] {
        let document = OpenAPIDocument.make(title: "Tend", version: "1.0.0", description: "",
                                            routes: ActivityRoutes.make(activities: activities),
                                            schemas: [("Error", OpenAPISchema.error)] + ActivityRoutes.schemas)
        return try JSONSerialization.jsonObject(with: Data(document.serialized().utf8)) as? [String: Any] ?? [:]
    }
}

/// Runs `gpx`, `run`, `hike` and `places` commands against the activity use cases with a fixed
/// clock, as `tend` would, with a temporary folder for the files they read and write.
final class ActivityCommandHarness: @unchecked Sendable {
    let stack: ActivityStack
    let folder: URL
    let now: Date

    /// Wednesday 25 November 2026, 20:00 in Seoul.
    init(now: String = "2026-11-25T20:00:00+09:00", timeZone: String = "Asia/Seoul") throws {
        self.now = ISO8601.parseInstant(now)!
        stack = try ActivityStack(clock: FixedClock(self.now), timeZone: timeZone)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-activity-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] else {
                throw CocoaError(.propertyListReadCorrupt)
            }
            return object
        }
    }

    func run(_ arguments: String...) -> Result { run(arguments) }

    func run(_ arguments: [String]) -> Result {
        let context = ActivityContext(useCases: stack.activities, ownerID: "local", ids: stack.recordIDs)
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: ActivityCommands.make(context: { _ in context }))
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output).run(arguments)
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }

    /// Writes `text` into the temporary folder; returns its path.
    @discardableResult
    func write(_ text: String, to name: String = "track.gpx") throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Imports a GPX text as a run or a hike; returns the new id.
    func importGPX(_ text: String, kind: String = "run", name: String = "import.gpx") throws -> String {
        let path = try write(text, to: name)
        let result = run("--json", kind, "import", path)
        guard result.status == 0, let id = try result.json()["id"] as? String else {
            throw CocoaError(.fileReadUnknown, userInfo: ["stderr": result.stderr])
        }
        return id
    }
}

/// The activity routes in process, through the request pipeline, with a fixed clock.
struct ActivityAPI {
    let stack: ActivityStack
    let application: HTTPApplication
    let now: Date

    init(now: String = "2026-11-25T11:00:00Z") throws {
        self.now = ISO8601.parseInstant(now)!
        stack = try ActivityStack(clock: FixedClock(self.now))
        application = stack.application()
    }

    struct Response {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: Data

        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var error: [String: Any] { json["error"] as? [String: Any] ?? [:] }
        var errorCode: String? { error["code"] as? String }
        var errorMessage: String { error["message"] as? String ?? "" }
        var text: String { String(decoding: body, as: UTF8.self) }

        func header(_ name: String) -> String? { headers.last { $0.name.lowercased() == name.lowercased() }?.value }
    }

    func send(_ method: String, _ path: String, body: Data = Data(), contentType: String? = nil, token: String?,
              query: [String: String] = [:]) -> Response {
        var headers: [String: String] = [:]
        if let contentType { headers["Content-Type"] = contentType }
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let response = application.respond(to: HTTPRequest(method: method, path: path, query: query, headers: headers, body: body))
        return Response(status: response.status, headers: response.headers, body: response.body)
    }

    func send(_ method: String, _ path: String, json: Any, token: String?, query: [String: String] = [:]) -> Response {
        send(method, path, body: try! JSONSerialization.data(withJSONObject: json), contentType: "application/json", token: token,
             query: query)
    }

    func send(_ method: String, _ path: String, gpx: String, contentType: String = "application/gpx+xml", token: String?,
              query: [String: String] = [:]) -> Response {
        send(method, path, body: Data(gpx.utf8), contentType: contentType, token: token, query: query)
    }

    /// An account in `zone`; returns its token.
    func token(_ email: String, zone: String = "Asia/Seoul") -> String {
        try! stack.token(email, zone: zone, at: now)
    }
}

/// Reads GPX or SVG with FoundationXML, independently of Tend's own libxml2 reader.
enum XMLReadBack {
    static func document(_ data: Data) throws -> XMLDocument {
        try XMLDocument(data: data, options: [])
    }

    /// Every element below `node` (depth first) whose local name is `name`.
    static func elements(_ name: String, in node: XMLNode) -> [XMLElement] {
        var found: [XMLElement] = []
        func walk(_ node: XMLNode) {
            if let element = node as? XMLElement, (element.localName ?? element.name) == name { found.append(element) }
            for child in node.children ?? [] { walk(child) }
        }
        walk(node)
        return found
    }

    /// An attribute's value (read from `attributes`: `attribute(forName:)` is unreliable in
    /// swift-corelibs-foundation).
    static func attribute(_ name: String, of element: XMLElement) -> String? {
        (element.attributes ?? []).first { $0.name == name }?.stringValue
    }

    static func child(_ name: String, of element: XMLElement) -> XMLElement? {
        (element.children ?? []).compactMap { $0 as? XMLElement }.first { ($0.localName ?? $0.name) == name }
    }

    /// The `trkpt` (or `rtept`, `wpt`) points of a GPX text.
    static func points(_ tag: String = "trkpt", in data: Data) throws -> [ReadBackPoint] {
        let document = try document(data)
        return elements(tag, in: document).map { element in
            ReadBackPoint(
                latitude: Double(attribute("lat", of: element) ?? "") ?? .nan,
                longitude: Double(attribute("lon", of: element) ?? "") ?? .nan,
                elevation: child("ele", of: element)?.stringValue.flatMap { Double($0) },
                time: child("time", of: element)?.stringValue,
                heartRate: elements("hr", in: element).first?.stringValue.flatMap { Int($0) })
        }
    }

    /// The points a `GPXText` builder wrote, as they should read back.
    static func expected(_ points: [GPXText.Point], start: Date = GPXText.instant("2026-11-22T22:00:00Z")) -> [ReadBackPoint] {
        points.map { point in
            ReadBackPoint(latitude: GPXText.latitude(point.metres), longitude: GPXText.longitude, elevation: point.elevation,
                          time: point.seconds.map { GPXText.time(start.addingTimeInterval($0)) }, heartRate: point.heartRate)
        }
    }
}

extension Dictionary where Key == String, Value == Any {
    func double(_ key: String) -> Double? { self[key] as? Double }
    func object(_ key: String) -> [String: Any]? { self[key] as? [String: Any] }
    func objects(_ key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
    func isNull(_ key: String) -> Bool { self[key] is NSNull }
}

/// Where two point lists first differ, for a short failure message.
func firstDifference(_ a: [ReadBackPoint], _ b: [ReadBackPoint]) -> String {
    if a.count != b.count { return "\(a.count) points against \(b.count)" }
    guard let index = a.indices.first(where: { a[$0] != b[$0] }) else { return "none" }
    return "point \(index): \(a[index]) against \(b[index])"
}

/// `|a − b| ≤ tolerance`, false when `a` is nil.
func close(_ a: Double?, _ b: Double, _ tolerance: Double = 0.01) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}
