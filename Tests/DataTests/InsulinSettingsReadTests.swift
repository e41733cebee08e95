import Foundation
import Testing
import Core
@testable import Data

/// The settings every insulin request reads come from an index in order (0018), no sort.
@Suite("The insulin settings read on SQLite")
struct InsulinSettingsReadTests {
    @Test func theCurrentSettingsNeedNoSort() throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: Date(timeIntervalSince1970: 0))
        let plan = try database.query("EXPLAIN QUERY PLAN " + SQLiteInsulinSettingsRepository.current, [.text("a")])
            .map { try $0.get("detail", as: String.self) }
        #expect(plan == ["SEARCH insulin_settings USING INDEX insulin_settings_owner_created (owner_id=?)"])
    }
}
