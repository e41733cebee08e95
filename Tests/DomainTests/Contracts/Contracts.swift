// Repository contracts: what a caller of each repository protocol relies on, run against both
// implementations — the fake that DomainTests' use case tests run on, and the SQLite repository
// on an in-memory database migrated with `TendMigrations.migrator` — so a fake cannot drift from
// the real thing unnoticed.
//
// Why here: SwiftPM test targets cannot import one another, and the fakes live in DomainTests
// beside the use case tests that need them. Running the contracts here lets DomainTests depend
// on `Data` (one line in Package.swift) without moving the fakes into a library of their own.
// The direction stays honest: only this folder imports `Data`; every other DomainTests file, and
// the `Domain` module itself, sees nothing but `Domain` and `Core`. DataTests keeps what only
// SQLite has (the schema, full-text ranking, the track codec, migrations).
//
// Each contract is one `@Test(arguments: Backend.allCases)`: the same body on `Stores(.fake)`
// and `Stores(.sqlite)`. It covers round trips of every field (dates at millisecond precision,
// optionals nil and set), owner isolation, soft deletes, documented orders, the uniqueness and
// idempotency rules a protocol states, and each query's filters and bounds. An order a protocol
// does not document is pinned only where callers see it (and marked so); a call a protocol
// leaves undefined (updating a row that is not there) is not pinned: the fakes throw there, to
// catch a use case relying on it.

import Core
import Data
import Domain
import Foundation
import PostgreSQL
import Testing

/// The two implementations of every repository.
/// PostgreSQL runs where `Scripts/test` started a cluster (`TEND_TEST_POSTGRES_URL`).
enum Backend: String, Sendable, CustomTestStringConvertible {
    case fake, sqlite, postgres

    static var allCases: [Backend] { ScratchPostgres.isAvailable ? [.fake, .sqlite, .postgres] : [.fake, .sqlite] }

    var testDescription: String { rawValue }
}

/// Every repository of one backend, over one store (a `FakeDatabase`, or one SQLite connection).
struct Stores: @unchecked Sendable {
    let backend: Backend
    let transactor: any Transactor
    let doses: any DoseRepository
    let insulinSettings: any InsulinSettingsRepository
    let accounts: any AccountRepository
    let sessions: any SessionRepository
    let loginFailures: any LoginFailureRepository
    let clientThrottles: any ClientThrottleRepository
    let journeys: any JourneyRepository
    let questEntries: any QuestEntryRepository
    let questSettings: any QuestSettingsRepository
    let activities: any ActivityRepository
    let places: any PlaceRepository
    let foods: any FoodRepository
    let foodTables: any FoodTableRepository
    let diet: any DietRepository
    let weights: any WeightRepository
    let workouts: any WorkoutRepository
    let exercises: any ExerciseRepository
    let supplements: any SupplementRepository
    let couples: any CoupleRepository
    let notifications: any NotificationRepository
    let weather: any WeatherCacheRepository
    let clientCache: any ClientCache
    let records: any RecordLookup

    /// - Parameter clock: what the food repository stamps its rows with.
    init(_ backend: Backend, clock: any Clock = FixedClock(Contract.t0)) throws {
        self.backend = backend
        switch backend {
        case .fake:
            let memory = FakeDatabase()
            transactor = FakeTransactor(memory: memory)
            doses = FakeDoseRepository(memory: memory)
            insulinSettings = FakeInsulinSettingsRepository(memory: memory)
            accounts = FakeAccountRepository(memory: memory)
            sessions = FakeSessionRepository(memory: memory)
            loginFailures = FakeLoginFailureRepository(memory: memory)
            clientThrottles = FakeClientThrottleRepository(memory: memory)
            journeys = FakeJourneyRepository(memory: memory)
            questEntries = FakeQuestEntryRepository(memory: memory)
            questSettings = FakeQuestSettingsRepository(memory: memory)
            activities = FakeActivityRepository(memory: memory)
            places = FakePlaceRepository(memory: memory)
            let foods = FakeFoodRepository(memory: memory)
            self.foods = foods
            foodTables = foods
            diet = FakeDietRepository(memory: memory)
            weights = FakeWeightRepository(memory: memory)
            workouts = FakeWorkoutRepository(memory: memory)
            exercises = FakeExerciseRepository(memory: memory)
            supplements = FakeSupplementRepository(memory: memory)
            couples = FakeCoupleRepository(memory: memory)
            notifications = FakeNotificationRepository(memory: memory)
            weather = FakeWeatherCache(memory: memory)
            clientCache = FakeClientCache(memory: memory)
            records = FakeRecordLookup(memory: memory)
        case .sqlite, .postgres:
            let database: any SQLDatabase
            if backend == .sqlite {
                database = try Database(path: ":memory:")
                try TendMigrations.migrator.migrate(database)
            } else {
                database = try ScratchPostgres.make()
            }
            transactor = database
            doses = SQLiteDoseRepository(database: database)
            insulinSettings = SQLiteInsulinSettingsRepository(database: database)
            accounts = SQLiteAccountRepository(database: database)
            sessions = SQLiteSessionRepository(database: database)
            loginFailures = SQLiteLoginFailureRepository(database: database)
            clientThrottles = SQLiteClientThrottleRepository(database: database)
            journeys = SQLiteJourneyRepository(database: database)
            questEntries = SQLiteQuestEntryRepository(database: database)
            questSettings = SQLiteQuestSettingsRepository(database: database)
            activities = SQLiteActivityRepository(database: database)
            places = SQLitePlaceRepository(database: database)
            let foods = SQLiteFoodRepository(database: database, clock: clock)
            self.foods = foods
            foodTables = foods
            diet = SQLiteDietRepository(database: database)
            weights = SQLiteWeightRepository(database: database)
            workouts = SQLiteWorkoutRepository(database: database)
            exercises = SQLiteExerciseRepository(database: database)
            supplements = SQLiteSupplementRepository(database: database)
            couples = SQLiteCoupleRepository(database: database)
            notifications = SQLiteNotificationRepository(database: database)
            weather = SQLiteWeatherCache(database: database)
            clientCache = SQLiteClientCache(database: database)
            records = SQLiteRecordLookup(database: database)
        }
    }

    /// An account, for the rows that reference one (sessions, couples, invites, locations).
    @discardableResult
    func account(_ id: String, email: String? = nil) throws -> Account {
        let account = Account(id: id, email: email ?? "\(id)@example.com", displayName: id.capitalized, timeZoneIdentifier: "Asia/Seoul",
                              passwordHash: "$argon2id$\(id)", createdAt: Contract.at(0), updatedAt: Contract.at(0))
        try accounts.insert(account)
        return account
    }
}

/// Times and helpers the contracts share.
enum Contract {
    /// 2025-11-30T10:53:20.123Z: a time with milliseconds, as the tables keep them.
    static let base: Int64 = 1_764_500_000_123

    /// `base` plus `milliseconds`, built the way a stored time is read back (so that equality
    /// with what comes back is exact).
    static func at(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(base + milliseconds) / 1000)
    }

    static let t0 = at(0)
    static let second: Int64 = 1000
    static let minute: Int64 = 60_000
    static let hour: Int64 = 3_600_000
    static let day: Int64 = 86_400_000

    static func date(_ text: String) -> LocalDate { LocalDate(text)! }
    static func time(_ text: String) -> LocalTime { LocalTime(text)! }
}
