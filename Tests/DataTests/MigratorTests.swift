import Foundation
import Testing
@testable import Data

@Suite("Migrator")
struct MigratorTests {
    let migrations = [
        Migration("0001_first", "CREATE TABLE one (id TEXT PRIMARY KEY);"),
        Migration("0002_second", "CREATE TABLE two (id TEXT PRIMARY KEY); CREATE INDEX two_id ON two (id);"),
    ]

    @Test func migrationsRunOnceInOrderAndAreRecorded() throws {
        let database = try Database(path: ":memory:")
        let migrator = Migrator(migrations)
        #expect(try migrator.migrate(database) == ["0001_first", "0002_second"])
        #expect(try migrator.migrate(database) == [])
        #expect(try migrator.appliedNames(database) == ["0001_first", "0002_second"])
        let tables = try database.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('one', 'two')")
        #expect(tables.count == 2)
    }

    @Test func aLaterMigrationIsAppliedOnTopOfEarlierOnes() throws {
        let database = try Database(path: ":memory:")
        try Migrator(Array(migrations.prefix(1))).migrate(database)
        #expect(try Migrator(migrations).migrate(database) == ["0002_second"])
    }

    @Test func aFailingMigrationLeavesNothingBehind() throws {
        let database = try Database(path: ":memory:")
        let broken = Migrator(migrations + [Migration("0003_broken", "CREATE TABLE three (id TEXT); CREATE TABLE one (id TEXT);")])
        #expect(throws: (any Error).self) { try broken.migrate(database) }
        #expect(try database.query("SELECT name FROM sqlite_master WHERE name = 'three'").isEmpty)
        #expect(try database.query("SELECT name FROM sqlite_master WHERE name = 'schema_migrations'").isEmpty)
    }

    @Test func tendsOwnMigrationsApplyToAnEmptyDatabase() throws {
        let database = try Database(path: ":memory:")
        let applied = try TendMigrations.migrator.migrate(database)
        #expect(applied == TendMigrations.all.map(\.name))
        #expect(!(try database.query("SELECT name FROM sqlite_master WHERE name = 'insulin_doses'")).isEmpty)
    }
}
