import FoundationEssentials
import FoundationInternationalization
import Core
import Data
import Domain

/// The dependency container: opens the database once, migrates it, and builds every
/// repository and use case once. Tests build it on `:memory:` with a fixed clock.
public final class Container: Sendable {
    public let database: Database
    public let clock: any Clock
    public let insulin: InsulinUseCases

    public init(databasePath: String, clock: any Clock,
                defaultTimeZone: @escaping @Sendable () -> String = { TimeZone.current.identifier }) throws {
        let database = try Database(path: databasePath)
        try TendMigrations.migrator.migrate(database, now: clock.now)
        self.database = database
        self.clock = clock
        insulin = InsulinUseCases(
            doses: SQLiteDoseRepository(database: database),
            settings: SQLiteInsulinSettingsRepository(database: database),
            transactor: database, clock: clock, defaultTimeZone: defaultTimeZone)
    }

    /// A container on a fresh in-memory database, for tests.
    public static func inMemory(clock: any Clock, timeZone: String = "UTC") throws -> Container {
        try Container(databasePath: ":memory:", clock: clock, defaultTimeZone: { timeZone })
    }
}
