import Foundation
import Synchronization
import Client
import Console
import Core
import Crypto
import Data
import Domain
@testable import NightscoutFeature

/// A Nightscout site behind `ServerTransport`, answering API v1 as Nightscout does: the API
/// secret's SHA-1 in `api-secret` or `?token=`, else 401 with Nightscout's body; `find[…][$gt|
/// $lt|$lte]` on `date` (entries) or `created_at` (treatments); newest first; at most `count`.
/// Every request is kept, so a test can see the pages a pull asked for.
final class FakeNightscoutSite: ServerTransport, Sendable {
    struct State {
        var entries: [DocumentValue] = []
        var treatments: [DocumentValue] = []
        var requests: [ServerRequest] = []
        var bases: [String] = []
        /// Answers every request instead of the site (a proxy's HTML page, a dead host).
        var override: (@Sendable (ServerRequest) throws -> ServerResponse)?
        /// A broken server that answers the same newest page whatever the bound.
        var ignoresBounds = false
    }

    static let secret = "fvqp233kmsiszs4u5iy8qa57"
    static let token = "reader-1f0c9a7b2d4e6f80"
    let state = Mutex(State())

    func add(entries: [DocumentValue] = [], treatments: [DocumentValue] = []) {
        state.withLock {
            $0.entries += entries
            $0.treatments += treatments
        }
    }

    var requests: [ServerRequest] { state.withLock { $0.requests } }

    func send(_ request: ServerRequest, baseURL: String, token: String?, language: String?,
              timeout: TimeInterval) throws -> ServerResponse {
        let state = self.state.withLock { state -> State in
            state.requests.append(request)
            state.bases.append(baseURL)
            return state
        }
        if let override = state.override { return try override(request) }
        let secret = request.headers.first { $0.name == "api-secret" }?.value
        let token = request.query.first { $0.name == "token" }?.value
        guard secret == NightscoutSecretForms.sha1Hex(Data(Self.secret.utf8)) || token == Self.token else {
            return Self.json(401, #"{"status":401,"message":"Unauthorized","description":"Invalid/Missing"}"#)
        }
        let documents: [DocumentValue], field: String
        switch request.path {
        case "/api/v1/entries.json": (documents, field) = (state.entries, "date")
        case "/api/v1/treatments.json": (documents, field) = (state.treatments, "created_at")
        default: return Self.json(404, #"{"status":404,"message":"Not found"}"#)
        }
        var found = documents.filter { document in
            guard let time = document[field].flatMap(Self.instant) else { return false }
            return state.ignoresBounds || request.query.allSatisfy { item in
                guard item.name.hasPrefix("find[\(field)]"), let bound = Self.instant(.string(item.value)) else { return true }
                switch item.name {
                case "find[\(field)][$gt]": return time > bound
                case "find[\(field)][$lte]": return time <= bound
                case "find[\(field)][$lt]": return time < bound
                default: return false
                }
            }
        }
        found.sort { ($0[field].flatMap(Self.instant) ?? 0) > ($1[field].flatMap(Self.instant) ?? 0) }
        let count = request.query.first { $0.name == "count" }.flatMap { Int($0.value) } ?? 10
        return Self.json(200, DocumentValue.array(Array(found.prefix(count))).serialized())
    }

    static func instant(_ value: DocumentValue) -> Double? {
        switch value {
        case .number(let number): number
        case .string(let text): NightscoutQuery.instant(text).map { $0.timeIntervalSince1970 * 1000 }
        default: nil
        }
    }

    static func json(_ status: Int, _ text: String) -> ServerResponse {
        ServerResponse(status: status, headers: ["content-type": "application/json"], body: Data(text.utf8))
    }

    // MARK: - Documents as uploaders write them

    static let now = ISO8601.parseInstant("2026-11-30T12:00:00Z")!

    /// A sensor reading `minutes` before now (xDrip+'s shape).
    static func sgv(minutesAgo minutes: Int, _ value: Double = 120) -> DocumentValue {
        let time = now.addingTimeInterval(Double(-minutes * 60))
        return .object(["type": "sgv", "sgv": .number(value), "date": .number(NightscoutDocuments.milliseconds(time)),
                        "dateString": .string(NightscoutDocuments.isoUTC(time)), "direction": "Flat", "device": "xDrip-DexcomG6"])
    }

    static func treatment(minutesAgo minutes: Int, _ fields: [String: DocumentValue]) -> DocumentValue {
        var fields = fields
        fields["created_at"] = .string(NightscoutDocuments.isoUTC(now.addingTimeInterval(Double(-minutes * 60))))
        fields["enteredBy"] = "xdrip"
        return .object(fields)
    }
}

/// `tend glucose pull` on an in-memory database, against a fake site.
struct PullHarness {
    let glucose: GlucoseHarness
    let site = FakeNightscoutSite()
    let pull: NightscoutPull

    init(pageSize: Int = NightscoutPull.defaultPageSize) throws {
        glucose = try GlucoseHarness(now: "2026-11-30T12:00:00Z")
        let database = glucose.database
        let clock = FixedClock(FakeNightscoutSite.now)
        let nightscout = NightscoutUseCases(
            credentials: NightscoutCredentials(repository: SQLiteNightscoutCredentialRepository(database: database), transactor: database,
                                               clock: clock, limiter: nil, digest: { $0 }, secretForms: { [$0] }),
            documents: SQLiteNightscoutDocumentRepository(database: database), doses: SQLiteDoseRepository(database: database),
            insulinSettings: glucose.insulin.settings, glucoseSettings: SQLiteGlucoseSettingsRepository(database: database),
            warnings: SQLiteDoseWarningRepository(database: database), transactor: database, clock: clock, events: DomainEventBus())
        pull = NightscoutPull(nightscout: nightscout, documents: SQLiteNightscoutDocumentRepository(database: database),
                              settings: glucose.insulin.settings, cursors: SQLiteNightscoutPullCursorRepository(database: database),
                              transactor: database, clock: clock, pageSize: pageSize)
    }

    func run(_ arguments: String..., environment: [String: String] = ["NIGHTSCOUT_API_SECRET": FakeNightscoutSite.secret],
             typed: String? = nil) -> GlucoseHarness.Result {
        let context = GlucoseContext(useCases: glucose.glucose, ownerID: "local", pull: NightscoutPullContext(
            pull: pull, transport: site, environment: environment, isInteractive: typed != nil, readSecret: { _ in typed },
            sha1Hex: { NightscoutSecretForms.sha1Hex(Data($0.utf8)) }))
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: [GlucoseCommands.make(context: { _ in context })])
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output).run(arguments)
        return GlucoseHarness.Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}
