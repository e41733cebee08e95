import Foundation
import Testing
import Core
@testable import Data
import Domain
import PostgreSQL

/// The status on PostgreSQL reads each dose part on the status index even on statistics not yet
/// analysed, as right after a burst of inserts (an import, a bench's POSTs) until autovacuum
/// catches up: with today's long dose asked for in a range closed on both sides, the plan made
/// then read it through the owner's index, past every rapid dose of the day.
@Suite("PostgreSQL status plan before any ANALYZE", .enabled(if: ScratchPostgres.isAvailable))
struct PostgresStatusPlanTests {
    @Test("a day of 10,000 rapid doses, never analysed: no part of the generic plan reads the owner's index")
    func planOnStatisticsNotYetAnalysed() throws {
        let (_, database) = try ScratchPostgres.empty(poolSize: 1) // one connection: the session's settings hold
        try PostgresMigrations.migrator.migrate(database)
        try database.executeOutsideTransaction("ALTER TABLE insulin_doses SET (autovacuum_enabled = false)")
        let day: Int64 = 1_796_083_200_000 // 2026-12-01T00:00:00Z
        // Ids as long as real ones (UUIDs): the indexes' sizes are part of what the planner weighs.
        let owner = "01a239ae-6ef5-71cf-86f4-411e45ad4836"
        try database.write {
            try database.execute("""
                INSERT INTO insulin_doses (id, owner_id, kind, units, taken_at, created_at, updated_at)
                VALUES (?2, ?3, 'long', 20, ?1, ?1, ?1)
                """, [.integer(day + 3_600_000), .text(UUIDv7.makeString()), .text(owner)])
            try database.execute("""
                INSERT INTO insulin_doses (id, owner_id, kind, units, taken_at, created_at, updated_at)
                SELECT gen_random_uuid()::text, ?2, 'rapid', 1, CAST(?1 AS BIGINT) + g * 8000, ?1, ?1 FROM generate_series(1, 10000) AS g
                """, [.integer(day + 3_600_000), .text(owner)])
        }
        #expect(try database.queryOne("SELECT reltuples FROM pg_class WHERE relname = 'insulin_doses'")?.get("reltuples", as: Double.self) == -1,
                "never analysed")
        let statement = SQLiteDoseRepository.statusRead.replacingOccurrences(of: "?", with: "$")
        try database.executeOutsideTransaction("SET plan_cache_mode = force_generic_plan")
        try database.executeOutsideTransaction("PREPARE status AS \(statement)")
        let quarter = day / 900_000
        let plan = try database.query(
            "EXPLAIN (ANALYZE, COSTS OFF) EXECUTE status('\(owner)', 'long', 'rapid', \(day), \(day + 86_400_000), \(day + 86_400_000), \(quarter), \(quarter + 96))"
        ).map { try $0.get("QUERY PLAN", as: String.self) }.joined(separator: "\n")
        #expect(!plan.contains("insulin_doses_owner_taken"), "\(plan)")
        #expect(plan.components(separatedBy: "insulin_doses_status").count - 1 == 3, "the three latest doses on the status index: \(plan)")
    }
}
