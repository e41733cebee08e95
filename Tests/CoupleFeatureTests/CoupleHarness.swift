import Foundation
import Synchronization
import Core
import Domain
import Data
import HTTP
import CoupleFeature

/// A clock the test moves by hand.
final class MovableClock: Clock {
    private let instant: Mutex<Date>

    init(_ date: Date) { instant = Mutex(date) }

    var now: Date { instant.withLock { $0 } }

    func set(_ date: Date) { instant.withLock { $0 = date } }

    func advance(_ seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// A weather provider for tests: answers with a fixed observation, counts calls, can fail.
final class FakeWeather: WeatherProvider {
    let calls = Mutex(0)
    let failing = Mutex(false)
    let isConfigured: Bool

    init(configured: Bool = true) { isConfigured = configured }

    func current(latitude: Double, longitude: Double) throws -> WeatherObservation {
        calls.withLock { $0 += 1 }
        if failing.withLock({ $0 }) { throw AppError.unavailable("down", code: "weather_unavailable") }
        return WeatherObservation(temperatureC: latitude > 40 ? 3.4 : 21.06, description: latitude > 40 ? "light snow" : "clear sky",
                                  icon: latitude > 40 ? "13n" : "01d", city: latitude > 40 ? "Paris" : "Seoul",
                                  observedAt: Date(timeIntervalSince1970: 1_795_000_000))
    }
}

/// The couple use cases on a fresh in-memory SQLite database, wired as `Composition` wires
/// them, without the rest of the app: photos in a temporary folder, the photo sanitizer and the
/// digest are stand-ins (the real ones are tested in `PhotosTests` and `CryptoTests`).
struct CoupleStack {
    let accounts: SQLiteAccountRepository
    /// What the space stored, read back the way the use cases read it.
    let couples: SQLiteCoupleRepository
    let useCases: CoupleUseCases

    init(clock: any Clock, weather: any WeatherProvider) throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: clock.now)
        accounts = SQLiteAccountRepository(database: database)
        couples = SQLiteCoupleRepository(database: database)
        let photos = FileManager.default.temporaryDirectory.path + "/tend-photos-" + UUIDv7.makeString()
        useCases = CoupleUseCases(
            couples: couples, accounts: accounts, photoStore: FilePhotoStore(directory: photos, digest: TestDigest.hex),
            photos: TestPhotoSanitizer(),
            weather: WeatherService(provider: weather, cache: SQLiteWeatherCache(database: database), clock: clock),
            transactor: database, clock: clock, events: DomainEventBus(),
            limiter: ClientLimiter(throttles: SQLiteClientThrottleRepository(database: database), transactor: database, clock: clock,
                                   pseudonym: { TestDigest.hex(Data($0.utf8)) }))
    }

    /// An account made straight in the repository (no password): its test bearer token.
    func token(_ email: String, name: String, zone: String, at now: Date) throws -> String {
        if let account = try accounts.account(email: email) { return "test-token:" + account.id }
        let account = Account(id: UUIDv7.makeString(at: now), email: email, displayName: name, timeZoneIdentifier: zone,
                              passwordHash: "-", createdAt: now, updatedAt: now)
        try accounts.insert(account)
        return "test-token:" + account.id
    }

    /// The account a test token names.
    func accountID(token: String) throws -> String? {
        guard token.hasPrefix("test-token:") else { return nil }
        return try accounts.account(id: String(token.dropFirst("test-token:".count)))?.id
    }

    /// The couple routes behind the request pipeline; a test token names its account.
    func application() -> HTTPApplication {
        var router = Router()
        router.addRoutes(CoupleRoutes.make(couples: useCases))
        return HTTPApplication(router: router, logger: nil, authenticate: { [self] token in try accountID(token: token) })
    }

    /// Every photo a couple space holds, whatever its day.
    func photos(coupleID: String) throws -> [CouplePhoto] {
        try couples.photos(coupleID: coupleID, from: LocalDate(dayNumber: -800_000), through: LocalDate(dayNumber: 800_000))
    }

    /// The OpenAPI document of the couple routes alone, as `/openapi.json` builds it.
    func openAPIDocument() throws -> [String: Any] {
        let document = OpenAPIDocument.make(title: "Tend", version: "1.0.0", description: "",
                                            routes: CoupleRoutes.make(couples: useCases),
                                            schemas: [("Error", OpenAPISchema.error)] + CoupleRoutes.schemas)
        return try JSONSerialization.jsonObject(with: Data(document.serialized().utf8)) as? [String: Any] ?? [:]
    }
}

/// The couple routes in process, through the request pipeline: two partners nine hours apart
/// (Seoul and Paris) and an outsider. The clock starts at 2026-11-30T10:00:00Z: 19:00 in Seoul,
/// 11:00 in Paris, both on Monday 30 November.
final class CoupleServer: @unchecked Sendable {
    let clock: MovableClock
    let weather: FakeWeather
    let stack: CoupleStack
    let application: HTTPApplication

    init(now: String = "2026-11-30T10:00:00Z", weather: FakeWeather = FakeWeather()) throws {
        clock = MovableClock(ISO8601.parseInstant(now)!)
        self.weather = weather
        stack = try CoupleStack(clock: clock, weather: weather)
        application = stack.application()
    }

    struct Response: CustomStringConvertible {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: Data

        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
        func header(_ name: String) -> String? { headers.last { $0.name.lowercased() == name.lowercased() }?.value }
        var description: String { "\(status) \(String(decoding: body.prefix(2000), as: UTF8.self))" }
    }

    func send(_ method: String, _ path: String, json: Any? = nil, token: String?, query: [String: String] = [:],
              body raw: Data? = nil, contentType: String? = nil, language: String? = nil, from address: String? = nil) -> Response {
        var headers: [String: String] = [:]
        var body = raw ?? Data()
        if let json {
            body = try! JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed])
            headers["Content-Type"] = "application/json"
        }
        if let contentType { headers["Content-Type"] = contentType }
        if let token { headers["Authorization"] = "Bearer \(token)" }
        if let language { headers["Accept-Language"] = language }
        let response = application.respond(to: HTTPRequest(method: method, path: path, query: query, headers: headers, body: body,
                                                            remoteAddress: address))
        return Response(status: response.status, headers: response.headers, body: response.body)
    }

    /// An account named `name` in `zone`; returns its token.
    func token(_ email: String, name: String, zone: String) -> String {
        try! stack.token(email, name: name, zone: zone, at: clock.now)
    }

    /// Two accounts paired through an invite: (Seoul, Paris).
    func pair() -> (String, String) {
        let a = token("minji@example.com", name: "Minji", zone: "Asia/Seoul")
        let b = token("theo@example.com", name: "Théo", zone: "Europe/Paris")
        let code = send("POST", "/v1/couple/invites", token: a).json["code"] as? String ?? ""
        _ = send("POST", "/v1/couple/join", json: ["code": code], token: b)
        return (a, b)
    }

    /// Moves the clock to an ISO 8601 instant.
    func at(_ instant: String) { clock.set(ISO8601.parseInstant(instant)!) }
}

/// Small images built by hand, each carrying a location in its metadata.
enum TestImages {
    /// A JPEG with an Exif APP1 segment that holds "GPS" data.
    static var jpegWithExif: Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
        let exif = Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 42] + Array("GPSLatitude=37.5665".utf8)
        bytes += [0xFF, 0xE1, UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 0xFF)] + exif
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]
        bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00] + [0x12, 0x34, 0x56] + [0xFF, 0xD9]
        return Data(bytes)
    }

    /// A 1×1 PNG with an `eXIf` chunk.
    static var pngWithExif: Data {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let length = UInt32(data.count)
            return [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
                + Array(type.utf8) + data + [0, 0, 0, 0]
        }
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])
        bytes += chunk("eXIf", Array("MM\0*GPSLatitude=48.8566".utf8))
        bytes += chunk("IDAT", [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01])
        bytes += chunk("IEND", [])
        return Data(bytes)
    }
}

/// Stands in for `Photos`' sanitizer: a JPEG loses its APP1 (Exif) segments, a PNG its `eXIf`
/// chunk; anything else is refused with the codes the real one uses.
struct TestPhotoSanitizer: PhotoSanitizer {
    func sanitize(_ data: Data) throws -> SanitizedPhoto {
        let bytes = [UInt8](data)
        guard !bytes.isEmpty else { throw AppError.invalidInput("the photo is empty", code: "empty_image") }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            var kept: [UInt8] = [0xFF, 0xD8]
            var position = 2
            // Segments up to the start of scan; the scan and EOI are kept as they are.
            while position + 4 <= bytes.count, bytes[position] == 0xFF, bytes[position + 1] != 0xDA {
                let end = position + 2 + (Int(bytes[position + 2]) << 8 | Int(bytes[position + 3]))
                guard end <= bytes.count else { break }
                if bytes[position + 1] != 0xE1 { kept += bytes[position..<end] }
                position = end
            }
            return SanitizedPhoto(format: .jpeg, data: Data(kept + bytes[position...]))
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            var kept = Array(bytes[0..<8])
            var position = 8
            while position + 12 <= bytes.count {
                let length = bytes[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
                let end = position + 12 + length
                guard end <= bytes.count else { break }
                if String(decoding: bytes[position + 4..<position + 8], as: UTF8.self) != "eXIf" { kept += bytes[position..<end] }
                position = end
            }
            return SanitizedPhoto(format: .png, data: Data(kept))
        }
        throw AppError.invalidInput("the photo must be a JPEG, PNG, WebP or HEIC image", code: "unsupported_image")
    }
}

/// A content address in SHA-256's shape (64 lower-case hex digits) without libsodium: four
/// FNV-1a hashes of the bytes with different seeds.
enum TestDigest {
    @Sendable static func hex(_ data: Data) -> String {
        (0..<4).map { seed -> String in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 &+ UInt64(seed)
            for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            let digits = String(hash, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}

extension Dictionary where Key == String, Value == Any {
    func double(_ key: String) -> Double? { (self[key] as? NSNumber)?.doubleValue }
    func int(_ key: String) -> Int? { (self[key] as? NSNumber)?.intValue }
    func string(_ key: String) -> String? { self[key] as? String }
    func object(_ key: String) -> [String: Any] { self[key] as? [String: Any] ?? [:] }
    func objects(_ key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
    func bool(_ key: String) -> Bool? { self[key] as? Bool }
}
