import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Core
import Crypto
import Data
import Domain
import HTTP
import Server
@testable import NightscoutFeature

/// tend-server's Nightscout routes on a real socket, over an in-memory database with a fixed
/// clock: the account `alice` (bearer `alice-session` for `/v1`) and `bob` (`bob-session`).
final class NightscoutServer: @unchecked Sendable {
    let database: Database
    let clock: FixedClock
    let nightscout: NightscoutUseCases
    let insulin: InsulinUseCases
    let server: HTTPServer
    let base: String

    init(now: String = "2026-11-30T12:00:00Z") throws {
        clock = FixedClock(ISO8601.parseInstant(now)!)
        database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: clock.now)
        let events = DomainEventBus()
        insulin = InsulinUseCases(doses: SQLiteDoseRepository(database: database),
                                  settings: SQLiteInsulinSettingsRepository(database: database), transactor: database, clock: clock,
                                  defaultTimeZone: { _ in "Asia/Seoul" }, events: events)
        let limiter = ClientLimiter(throttles: SQLiteClientThrottleRepository(database: database), transactor: database, clock: clock,
                                    pseudonym: { SodiumDigest.sha256Hex(Data($0.utf8)) })
        nightscout = NightscoutUseCases(
            credentials: NightscoutCredentials(repository: SQLiteNightscoutCredentialRepository(database: database), transactor: database,
                                               clock: clock, limiter: limiter, digest: NightscoutSecretForms.verifier,
                                               secretForms: NightscoutSecretForms.forms),
            documents: SQLiteNightscoutDocumentRepository(database: database), doses: SQLiteDoseRepository(database: database),
            insulinSettings: insulin.settings, glucoseSettings: SQLiteGlucoseSettingsRepository(database: database),
            warnings: SQLiteDoseWarningRepository(database: database), transactor: database, clock: clock, events: events)
        var router = Router()
        router.addRoutes(NightscoutCredentialRoutes.make(nightscout: nightscout) { NightscoutSecretForms.sha1Hex(Data($0.utf8)) })
        router.addRoutes(NightscoutV1Routes.make(nightscout: nightscout))
        var application = HTTPApplication(router: router, logger: nil, authenticate: { token in
            ["alice-session": "alice", "bob-session": "bob"][token]
        })
        application.conventions = [NightscoutV1Routes.convention]
        server = HTTPServer(application: application, configuration: .init(host: "127.0.0.1", port: 0, threads: 2))
        try server.start()
        base = "http://127.0.0.1:\(server.port)"
    }

    deinit { server.stop(timeout: .seconds(2)) }

    struct Answer {
        let status: Int
        let body: Data
        let headers: [String: String]
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: Any { (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) ?? NSNull() }
        var list: [[String: Any]] { json as? [[String: Any]] ?? [] }
        var object: [String: Any] { json as? [String: Any] ?? [:] }
    }

    /// One request as a client sends it: `path` with its query already encoded.
    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil) async throws -> Answer {
        // Brackets encoded here: Foundation would otherwise encode the whole string again (%20 → %2520).
        let target = path.replacing("[", with: "%5B").replacing("]", with: "%5D").replacing("$", with: "%24")
        var request = URLRequest(url: URL(string: base + target)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpBody = Data(body.utf8)
            if headers["Content-Type"] == nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (key, value) in http.allHeaderFields { fields[String(describing: key).lowercased()] = String(describing: value) }
        return Answer(status: http.statusCode, body: data, headers: fields)
    }

    /// Makes alice's API secret through `/v1/nightscout/secret`: (secret, its SHA-1 hex).
    func makeSecret(session: String = "alice-session") async throws -> (secret: String, sha1: String) {
        let answer = try await request("POST", "/v1/nightscout/secret", headers: ["Authorization": "Bearer \(session)"])
        let object = answer.object
        return (object["value"] as! String, object["api_secret_sha1"] as! String)
    }

    func makeToken(_ name: String, role: String, session: String = "alice-session") async throws -> String {
        let answer = try await request("POST", "/v1/nightscout/tokens", headers: ["Authorization": "Bearer \(session)"],
                                       body: #"{"name":"\#(name)","role":"\#(role)"}"#)
        return answer.object["value"] as! String
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
