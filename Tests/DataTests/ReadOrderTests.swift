import Foundation
import Testing
import Core
@testable import Data

/// What every Today page reads comes from an index in its order (0021): no temporary b-tree
/// sorts a settings row or the training history.
@Suite("Today's reads on SQLite need no sort")
struct ReadOrderTests {
    static func plan(_ sql: String, _ arguments: [SQLValue]) throws -> [String] {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: Date(timeIntervalSince1970: 0))
        return try database.query("EXPLAIN QUERY PLAN " + sql, arguments).map { try $0.get("detail", as: String.self) }
    }

    @Test("each settings row is the first entry of its owner's live index",
          arguments: [(SQLiteWorkoutRepository.currentSettings, "workout_settings_owner_created"),
                      (SQLiteDietRepository.currentGoals, "nutrition_goals_owner_created"),
                      (SQLiteQuestSettingsRepository.current, "quest_settings_owner_created")])
    func settingsNeedNoSort(sql: String, index: String) throws {
        let plan = try Self.plan(sql, [.text("a")])
        #expect(plan.count == 1)
        #expect(plan.first?.contains("USING INDEX \(index) (owner_id=?)") == true, "\(plan)")
    }

    @Test func theHistoryIsReadInOrderAndItsSetsUnsorted() throws {
        let range: [SQLValue] = [.text("a"), .integer(0), .integer(.max)]
        let sessions = try Self.plan(SQLiteWorkoutRepository.sessionsInOrder, range)
        #expect(sessions == ["SEARCH workouts USING INDEX workouts_owner_live_started (owner_id=? AND started_at>? AND started_at<?)"])
        let sets = try Self.plan(SQLiteWorkoutRepository.setsOfSessions, range)
        #expect(!sets.contains { $0.contains("TEMP B-TREE") }, "\(sets)")
    }
}
