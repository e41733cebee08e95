import Foundation
import Synchronization
import Core
import Domain
import Data
import Crypto
import HTTP
import AccountFeature

/// The account routes in process, through the request pipeline, on a fresh in-memory SQLite
/// database with a fixed clock, wired as `Composition` wires them: real argon2id hashing (at
/// libsodium's smallest limits) and real tokens, since they are what these tests are about.
struct APIHarness {
    let accounts: RecordingAccounts
    let sessions: RecordingSessions
    let tokens: SodiumTokenGenerator
    let database: Database
    let application: HTTPApplication

    /// - Parameters:
    ///   - databasePath: a file shared by several harnesses stands for server processes on one database.
    ///   - clock: moved by the tests of the limits; fixed at `now` otherwise.
    init(now: String = "2026-11-30T12:00:00Z", databasePath: String = ":memory:", clock: (any Clock)? = nil,
         strength: SodiumPasswordHasher.Strength = .minimum) throws {
        let clock = clock ?? FixedClock(ISO8601.parseInstant(now)!)
        let database = try Database(path: databasePath)
        self.database = database
        try TendMigrations.migrator.migrate(database, now: clock.now)
        accounts = RecordingAccounts(SQLiteAccountRepository(database: database))
        sessions = RecordingSessions(SQLiteSessionRepository(database: database))
        tokens = SodiumTokenGenerator()
        let limiter = ClientLimiter(throttles: SQLiteClientThrottleRepository(database: database), transactor: database, clock: clock,
                                    pseudonym: { SodiumDigest.sha256Hex(Data(("tend client " + $0).utf8)) })
        let useCases = AccountUseCases(
            accounts: accounts, sessions: sessions, failures: SQLiteLoginFailureRepository(database: database),
            hasher: SodiumPasswordHasher(strength: strength), tokens: tokens, transactor: database, clock: clock,
            events: DomainEventBus(), limiter: limiter)
        // `DELETE /v1/me` as `Composition` wires it, on the same database.
        let couples = CoupleUseCases(
            couples: SQLiteCoupleRepository(database: database), accounts: accounts,
            photoStore: FilePhotoStore(directory: FileManager.default.temporaryDirectory.path + "/tend-harness-photos-\(UUID())",
                                       digest: SodiumDigest.sha256Hex),
            photos: RefusingPhotoSanitizer(),
            weather: WeatherService(provider: UnconfiguredWeatherProvider(), cache: SQLiteWeatherCache(database: database), clock: clock),
            transactor: database, clock: clock, events: DomainEventBus())
        let deletion = DeleteAccount(accounts: useCases, couples: couples,
                                     personalData: SQLitePersonalDataStore(database: database, clock: clock),
                                     eraser: SQLiteAccountEraser(database: database), transactor: database)
        var router = Router()
        router.addRoutes(AccountRoutes.make(accounts: useCases, deletion: deletion))
        application = HTTPApplication(router: router, logger: nil, authenticate: { token in try useCases.authenticate(token: token) })
    }

    struct Response {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: Data

        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        }

        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }

        func header(_ name: String) -> String? { headers.last { $0.name.lowercased() == name.lowercased() }?.value }
    }

    /// - Parameter address: the client's address, as the server fills it from the socket.
    func send(_ method: String, _ path: String, json: Any? = nil, token: String? = nil, query: [String: String] = [:],
              from address: String? = nil) -> Response {
        var headers: [String: String] = [:]
        var body = Data()
        if let json {
            body = try! JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed])
            headers["Content-Type"] = "application/json"
        }
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let response = application.respond(to: HTTPRequest(method: method, path: path, query: query, headers: headers, body: body,
                                                            remoteAddress: address))
        return Response(status: response.status, headers: response.headers, body: response.body)
    }

    /// Signs up and logs in; returns the token.
    func signUp(_ email: String, password: String = "correct horse battery", zone: String = "Asia/Seoul") -> String {
        _ = signUpOnly(email, password: password, zone: zone)
        return send("POST", "/v1/sessions", json: ["email": email, "password": password]).json["token"] as? String ?? ""
    }

    /// `POST /v1/accounts`, from `address`.
    func signUpOnly(_ email: String, password: String = "correct horse battery", zone: String = "Asia/Seoul",
                    from address: String? = nil) -> Response {
        send("POST", "/v1/accounts", json: ["email": email, "password": password, "display_name": "Someone", "time_zone": zone],
             from: address)
    }
}

/// The SQLite account repository, remembering every account it stored.
final class RecordingAccounts: AccountRepository {
    let base: SQLiteAccountRepository
    private let stored = Mutex<[Account]>([])

    init(_ base: SQLiteAccountRepository) { self.base = base }

    /// The accounts inserted, in order.
    var inserted: [Account] { stored.withLock { $0 } }

    func insert(_ account: Account) throws {
        try base.insert(account)
        stored.withLock { $0.append(account) }
    }

    func update(_ account: Account) throws { try base.update(account) }
    func account(id: String) throws -> Account? { try base.account(id: id) }
    func account(email: String) throws -> Account? { try base.account(email: email) }
}

/// The SQLite session repository, remembering every session it stored.
final class RecordingSessions: SessionRepository {
    let base: SQLiteSessionRepository
    private let stored = Mutex<[Session]>([])

    init(_ base: SQLiteSessionRepository) { self.base = base }

    /// The sessions inserted, in order.
    var inserted: [Session] { stored.withLock { $0 } }

    func insert(_ session: Session) throws {
        try base.insert(session)
        stored.withLock { $0.append(session) }
    }

    func session(tokenHash: String) throws -> Session? { try base.session(tokenHash: tokenHash) }
    func revoke(id: String, at date: Date) throws { try base.revoke(id: id, at: date) }
}

/// A clock the test moves by hand.
final class MovableClock: Clock {
    private let instant: Mutex<Date>

    init(_ date: Date) { instant = Mutex(date) }

    var now: Date { instant.withLock { $0 } }

    func advance(_ seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// The account tests upload no photos.
struct RefusingPhotoSanitizer: PhotoSanitizer {
    func sanitize(_ data: Data) throws -> SanitizedPhoto {
        throw AppError.invalidInput("no photos here", code: "invalid_photo")
    }
}
