import Testing
@testable import Data

/// `pg_0005_checks_in_triggers` makes the tallies' and the stamp's trigger functions again from
/// the texts their landed migrations made them with, plus the checks: those landed texts must
/// not move with it (`0012_insulin_status_index`, `pg_0003_sync_stamps`).
@Suite("Checks in triggers migration")
struct ChecksInTriggersMigrationTests {
    func sql(_ name: String) throws -> String {
        try #require(PostgresMigrations.all.first { $0.name == name }).sql
    }

    @Test func theLandedFunctionsAreAsTheyLanded() throws {
        let tallies = QuestReminderMigrationTests.fingerprint(try sql("0012_insulin_status_index"))
        let stamps = QuestReminderMigrationTests.fingerprint(try sql("pg_0003_sync_stamps"))
        #expect(tallies == "1980:525c8daacb66035c")
        #expect(stamps == "1646:2333e241218e9db5")
    }

    @Test func itMakesBothFunctionsAgainWithTheChecksFirst() throws {
        let sql = try sql("pg_0005_checks_in_triggers")
        #expect(PostgresMigrations.all.last?.name == "pg_0005_checks_in_triggers")
        for name in ["insulin_dose_tallies_keep", "sync_changes_stamp"] {
            #expect(sql.contains("CREATE OR REPLACE FUNCTION \(name)() RETURNS trigger"))
        }
        for constraint in ["insulin_doses_kind_check", "insulin_doses_units_check", "sync_changes_operation_check"] {
            #expect(sql.contains("DROP CONSTRAINT IF EXISTS \(constraint)"))
            #expect(sql.contains("CONSTRAINT = '\(constraint)'"))
        }
        // Each check before the function's first statement: a change received with its clock
        // returns at once, and a dose's tallies are kept only after it passed.
        let tallies = try #require(sql.range(of: "insulin_dose_tallies_keep() RETURNS"))
        let kind = try #require(sql.range(of: "NEW.kind IN", range: tallies.upperBound..<sql.endIndex))
        let kept = try #require(sql.range(of: "IF TG_OP IN ('UPDATE', 'DELETE')", range: tallies.upperBound..<sql.endIndex))
        #expect(kind.lowerBound < kept.lowerBound)
        let stamp = try #require(sql.range(of: "sync_changes_stamp() RETURNS"))
        let operation = try #require(sql.range(of: "NEW.operation IN", range: stamp.upperBound..<sql.endIndex))
        let early = try #require(sql.range(of: "IF NEW.clock IS NOT NULL", range: stamp.upperBound..<sql.endIndex))
        #expect(operation.lowerBound < early.lowerBound)
    }
}
