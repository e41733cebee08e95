import FoundationEssentials
import FoundationInternationalization
import Core
import Crypto
import Data
import Domain
import Client
import Notifications
import Photos

/// The dependency container: opens the database once, migrates it, and builds every
/// repository and use case once. Tests build it on `:memory:` with a fixed clock.
public final class Container: Sendable {
    public let database: any SQLDatabase
    public let clock: any Clock
    public let insulin: InsulinUseCases
    public let accounts: AccountUseCases
    public let quests: QuestUseCases
    public let activities: ActivityUseCases
    public let nutrition: NutritionUseCases
    /// The shared food tables' loader (USDA SR24 and the Korean table).
    public let foodTables: FoodTableUseCases
    /// The Korean table's folder: `Resources/Foods`.
    public let koreanFoodsPath: String
    public let body: BodyUseCases
    public let workouts: WorkoutUseCases
    public let supplements: SupplementUseCases
    public let couples: CoupleUseCases
    public let notifications: NotificationUseCases
    /// What `tend` last received from a server (the couple home), for offline display.
    public let clientCache: any ClientCache
    /// Finds an entry by what a person typed: its id, its handle or `last`.
    public let recordIDs: RecordIDs
    /// What every write changed; subscribers (notification planning) are registered here.
    public let events: DomainEventBus
    /// Local-first sync: a device's outbox and pulls, or a server's change log.
    public let sync: SyncUseCases
    /// A person's data as a whole: export, import, erase.
    public let personalData: any PersonalDataStore
    /// Deleting an account for good (`DELETE /v1/me`).
    public let deleteAccount: DeleteAccount
    /// The web app's cookie sessions, listed and revoked beside the API's tokens.
    public let browserSessions: BrowserSessions
    /// Shipped data (`Resources/`): the web app's stylesheet, script and icons among it.
    public let resourcesPath: String
    /// Nightscout's API v1 for each account, its credentials, and glucose.
    public let nightscout: NightscoutUseCases
    /// Glucose imports and what the doses did.
    public let glucose: GlucoseUseCases
    /// Named in exports and `/openapi.json`.
    public static let appVersion = "1.0.0"

    /// - Parameters:
    ///   - localTimeZone: the zone of the device's own (`local`) data; accounts use their own.
    ///   - passwordStrength: `.minimum` only in tests, where argon2id's 64 MiB per hash would dominate.
    ///   - databaseReaders: read-only SQLite connections beside the writer (the server: one a thread).
    public convenience init(databasePath: String, clock: any Clock,
                            localTimeZone: @escaping @Sendable () -> String = { TimeZone.current.identifier },
                            passwordStrength: SodiumPasswordHasher.Strength = .interactive,
                            resourcesPath: String = ResourceLocation.resolve(environment: [:]),
                            photosPath: String? = nil, weather: any WeatherProvider = UnconfiguredWeatherProvider(),
                            desktop: @escaping @Sendable () -> DesktopNotifier? = { nil }, isServer: Bool = false,
                            clientLimits: ClientLimitSettings? = nil, databaseReaders: Int = 0) throws {
        let database = try Database(path: databasePath, readers: databaseReaders)
        try TendMigrations.migrator.migrate(database, now: clock.now)
        try self.init(database: database, clock: clock, localTimeZone: localTimeZone, passwordStrength: passwordStrength,
                      resourcesPath: resourcesPath,
                      photoStore: FilePhotoStore(directory: photosPath ?? Self.photosDirectory(databasePath: databasePath),
                                                 digest: SodiumDigest.sha256Hex),
                      weather: weather, desktop: desktop, isServer: isServer, clientLimits: clientLimits)
    }

    /// On a database its caller opened and migrated: SQLite above, or PostgreSQL for a server
    /// (`tend-server --database`, whose photos live in the database too: `SQLPhotoStore`).
    public init(database: any SQLDatabase, clock: any Clock,
                localTimeZone: @escaping @Sendable () -> String = { TimeZone.current.identifier },
                passwordStrength: SodiumPasswordHasher.Strength = .interactive,
                resourcesPath: String = ResourceLocation.resolve(environment: [:]),
                photoStore: any PhotoStore, weather: any WeatherProvider = UnconfiguredWeatherProvider(),
                desktop: @escaping @Sendable () -> DesktopNotifier? = { nil }, isServer: Bool = false,
                clientLimits: ClientLimitSettings? = nil) throws {
        self.database = database
        self.clock = clock
        let events = DomainEventBus()
        self.events = events
        // Made before any write, so that every write's changes are stamped before it commits.
        sync = SyncUseCases(
            repository: try SQLiteSyncStore(database: database, clock: clock, deviceID: isServer ? SQLiteSyncStore.serverDeviceID : nil),
            clock: clock, events: events)
        personalData = SQLitePersonalDataStore(database: database, clock: clock, questContent: FileQuestContentSource(directory: resourcesPath + "/Quests"))
        recordIDs = RecordIDs(lookup: SQLiteRecordLookup(database: database))
        let accountRepository = SQLiteAccountRepository(database: database)
        // Sign-ups and invite guesses per client address, in the database: shared by every process on it.
        let limiter = ClientLimiter(throttles: SQLiteClientThrottleRepository(database: database), transactor: database, clock: clock,
                                    pseudonym: { SodiumDigest.sha256Hex(Data(("tend client " + $0).utf8)) }, settings: clientLimits)
        accounts = AccountUseCases(
            accounts: accountRepository, sessions: SQLiteSessionRepository(database: database),
            failures: SQLiteLoginFailureRepository(database: database),
            hasher: SodiumPasswordHasher(strength: passwordStrength), tokens: SodiumTokenGenerator(),
            transactor: database, clock: clock, events: events, limiter: limiter,
            // PostgreSQL is shared by several servers: each asks it about every token.
            remembersTokens: database.dialect == .sqlite)
        // A server makes its dummy password hash now: its first login for an unknown email costs no more than any other.
        if isServer { try accounts.prepareForLogins() }
        browserSessions = BrowserSessions(accounts: accounts, kinds: SQLiteSessionKindRepository(database: database))
        self.resourcesPath = resourcesPath
        // Local data follows the device's zone; an account's data follows the account's.
        let zone: @Sendable (String) -> String = { owner in
            if owner != Owner.local, let account = try? accountRepository.account(id: owner) {
                return account.timeZoneIdentifier
            }
            return localTimeZone()
        }
        insulin = InsulinUseCases(
            doses: SQLiteDoseRepository(database: database),
            settings: SQLiteInsulinSettingsRepository(database: database),
            transactor: database, clock: clock, defaultTimeZone: zone, events: events)
        quests = QuestUseCases(
            journeys: SQLiteJourneyRepository(database: database), entries: SQLiteQuestEntryRepository(database: database),
            settings: SQLiteQuestSettingsRepository(database: database),
            content: FileQuestContentSource(directory: resourcesPath + "/Quests"),
            transactor: database, clock: clock, timeZone: zone, events: events)
        activities = ActivityUseCases(
            activities: SQLiteActivityRepository(database: database), places: SQLitePlaceRepository(database: database),
            gpx: LibXMLGPXCoding(), transactor: database, clock: clock, timeZone: zone)
        nutrition = NutritionUseCases(
            foods: SQLiteFoodRepository(database: database, clock: clock), diet: SQLiteDietRepository(database: database),
            usda: USDAReader(), transactor: database, clock: clock, timeZone: zone)
        let foodRepository = SQLiteFoodRepository(database: database, clock: clock)
        foodTables = FoodTableUseCases(foods: foodRepository, tables: foodRepository, usda: USDAReader(), korean: KoreanFoodReader(),
                                       transactor: database)
        koreanFoodsPath = resourcesPath + "/Foods"
        let workoutRepository = SQLiteWorkoutRepository(database: database)
        // One unit for body weight and loads: the training settings' display unit.
        body = BodyUseCases(weights: SQLiteWeightRepository(database: database), transactor: database, clock: clock, timeZone: zone,
                            displayUnit: { owner in WeightUnit(stored: (try? workoutRepository.settings(ownerID: owner))??.displayUnit) })
        workouts = WorkoutUseCases(
            workouts: workoutRepository, exercises: SQLiteExerciseRepository(database: database),
            activities: SQLiteActivityRepository(database: database), transactor: database, clock: clock, timeZone: zone)
        supplements = SupplementUseCases(supplements: SQLiteSupplementRepository(database: database), transactor: database, clock: clock,
                                         timeZone: zone, events: events)
        couples = CoupleUseCases(
            couples: SQLiteCoupleRepository(database: database), accounts: accountRepository,
            photoStore: photoStore,
            photos: PhotoImageSanitizer(),
            weather: WeatherService(provider: weather, cache: SQLiteWeatherCache(database: database), clock: clock),
            transactor: database, clock: clock, events: events, limiter: limiter)
        clientCache = SQLiteClientCache(database: database)
        deleteAccount = DeleteAccount(accounts: accounts, couples: couples, personalData: personalData,
                                      eraser: SQLiteAccountEraser(database: database), transactor: database)
        nightscout = NightscoutUseCases(
            credentials: NightscoutCredentials(
                repository: SQLiteNightscoutCredentialRepository(database: database), transactor: database, clock: clock,
                limiter: limiter, digest: NightscoutSecretForms.verifier, secretForms: NightscoutSecretForms.forms),
            documents: SQLiteNightscoutDocumentRepository(database: database), doses: SQLiteDoseRepository(database: database),
            insulinSettings: insulin.settings, glucoseSettings: SQLiteGlucoseSettingsRepository(database: database),
            warnings: SQLiteDoseWarningRepository(database: database), transactor: database, clock: clock, events: events)
        glucose = GlucoseUseCases(nightscout: nightscout, documents: SQLiteNightscoutDocumentRepository(database: database),
                                  doses: SQLiteDoseRepository(database: database), settings: insulin.settings, transactor: database,
                                  clock: clock, events: events)
        // The desktop is a channel only for this machine's own reminders (`tend remind run`).
        let desktopChannel = NotificationChannel(id: "desktop", ownerID: Owner.local, kind: .desktop, url: "notify-send", token: nil,
                                                 secret: nil, createdAt: Date(timeIntervalSince1970: 0))
        notifications = NotificationUseCases(
            repository: SQLiteNotificationRepository(database: database),
            rules: NotificationRules(insulin: insulin, quests: quests, supplements: supplements), accounts: accountRepository,
            sender: DesktopReminderSender(
                base: HTTPNotificationSender(transport: CurlTransport(), sign: SodiumDigest.hmacSHA256Hex, desktop: desktop)),
            channelAddresses: ChannelAddresses(),
            tokens: SodiumTokenGenerator(), transactor: database, clock: clock, timeZone: zone,
            localChannels: { owner in owner == Owner.local && desktop() != nil ? [desktopChannel] : [] })
        // Cross-feature effects: every write's events reach notification planning, whoever wrote.
        let planning = notifications
        events.subscribe { planning.hear($0) }
    }

    /// A container on a fresh in-memory database, for tests.
    public static func inMemory(clock: any Clock, timeZone: String = "UTC",
                                weather: any WeatherProvider = UnconfiguredWeatherProvider(), isServer: Bool = false) throws -> Container {
        try Container(databasePath: ":memory:", clock: clock, localTimeZone: { timeZone }, passwordStrength: .minimum, weather: weather,
                      isServer: isServer)
    }

    /// Photos live in a `photos` folder beside the database (a fresh temporary one for `:memory:`).
    static func photosDirectory(databasePath: String) -> String {
        guard databasePath != ":memory:", let slash = databasePath.lastIndex(of: "/") else {
            if databasePath == ":memory:" {
                return FileManager.default.temporaryDirectory.path + "/tend-photos-" + UUIDv7.makeString()
            }
            return "photos"
        }
        return String(databasePath[..<slash]) + "/photos"
    }
}
