import Foundation
import Core
import Crypto
import Data
import Domain
import Client
@testable import Notifications

/// The notification use cases and the features their rules read (accounts, insulin, quests,
/// supplements, couples), built from Data's SQLite repositories on a database file migrated
/// with Tend's migrations and wired the way `Composition` wires them: one event bus, with
/// notification planning subscribed. Reopening the same file is a server restart.
struct NotificationWorld {
    let database: Database
    let events: DomainEventBus
    let accounts: AccountUseCases
    let insulin: InsulinUseCases
    let quests: QuestUseCases
    let supplements: SupplementUseCases
    let couples: CoupleUseCases
    let notifications: NotificationUseCases

    /// How long a delivery waits for a fake receiver on loopback: a bound only a stuck run reaches.
    static let patience: TimeInterval = 60

    /// Quest content as shipped: `Resources/Quests` of this source tree.
    static let questContent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/Quests").path

    init(databasePath: String, photos: String, clock: any Clock, localTimeZone: String = "Asia/Seoul",
         random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) throws {
        let database = try Database(path: databasePath)
        try TendMigrations.migrator.migrate(database, now: clock.now)
        self.database = database
        let events = DomainEventBus()
        self.events = events
        let accountRepository = SQLiteAccountRepository(database: database)
        accounts = AccountUseCases(
            accounts: accountRepository, sessions: SQLiteSessionRepository(database: database),
            failures: SQLiteLoginFailureRepository(database: database),
            hasher: SodiumPasswordHasher(strength: .minimum), tokens: SodiumTokenGenerator(),
            transactor: database, clock: clock, events: events)
        let zone: @Sendable (String) -> String = { owner in
            if owner != Owner.local, let account = try? accountRepository.account(id: owner) {
                return account.timeZoneIdentifier
            }
            return localTimeZone
        }
        insulin = InsulinUseCases(
            doses: SQLiteDoseRepository(database: database), settings: SQLiteInsulinSettingsRepository(database: database),
            transactor: database, clock: clock, defaultTimeZone: zone, events: events)
        quests = QuestUseCases(
            journeys: SQLiteJourneyRepository(database: database), entries: SQLiteQuestEntryRepository(database: database),
            settings: SQLiteQuestSettingsRepository(database: database),
            content: FileQuestContentSource(directory: Self.questContent),
            transactor: database, clock: clock, timeZone: zone, events: events)
        supplements = SupplementUseCases(supplements: SQLiteSupplementRepository(database: database), transactor: database,
                                         clock: clock, timeZone: zone, events: events)
        couples = CoupleUseCases(
            couples: SQLiteCoupleRepository(database: database), accounts: accountRepository,
            photoStore: FilePhotoStore(directory: photos, digest: SodiumDigest.sha256Hex), photos: JPEGAsItIs(),
            weather: WeatherService(provider: UnconfiguredWeatherProvider(), cache: SQLiteWeatherCache(database: database),
                                    clock: clock),
            transactor: database, clock: clock, events: events)
        notifications = NotificationUseCases(
            repository: SQLiteNotificationRepository(database: database),
            rules: NotificationRules(insulin: insulin, quests: quests, supplements: supplements), accounts: accountRepository,
            sender: HTTPNotificationSender(transport: CurlTransport(), sign: SodiumDigest.hmacSHA256Hex, timeout: Self.patience),
            channelAddresses: ChannelAddresses(),
            tokens: SodiumTokenGenerator(), transactor: database, clock: clock, timeZone: zone, random: random)
        let planning = notifications
        events.subscribe { planning.hear($0) }
    }

    func close() { database.close() }
}

/// Photos are not what these tests are about: a JPEG is kept as it is (`PhotosTests` test the
/// real sanitizer).
struct JPEGAsItIs: PhotoSanitizer {
    func sanitize(_ data: Data) throws -> SanitizedPhoto {
        guard data.starts(with: [0xFF, 0xD8, 0xFF]) else {
            throw AppError.invalidInput("the photo must be a JPEG, PNG, WebP or HEIC image", code: "unsupported_image")
        }
        return SanitizedPhoto(format: .jpeg, data: data)
    }
}
