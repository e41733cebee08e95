import Foundation
import Testing
import Core
@testable import Data

/// The couple home's reads of the care list are range reads of 0022's indexes, never a walk
/// over every care item the couple had.
@Suite("The couple home's care reads on SQLite")
struct CoupleDateReadTests {
    @Test func theCareDoneInAWindowIsARangeRead() throws {
        let plan = try ReadOrderTests.plan(SQLiteCoupleRepository.careDone, [.text("c"), .text("2026-01-01"), .text("2026-01-07")])
        #expect(plan == ["SEARCH couple_care USING INDEX couple_care_done_day (couple_id=? AND done_day>? AND done_day<?)"])
    }

    @Test func theCareOfTheWeekIsTwoRangeReads() throws {
        let plan = try ReadOrderTests.plan(SQLiteCoupleRepository.careAddedOrDoneSince, [.text("c"), .integer(0)])
        #expect(plan.contains { $0.contains("USING INDEX couple_care_created (couple_id=? AND created_at>?)") }, "\(plan)")
        #expect(plan.contains { $0.contains("USING INDEX couple_care_done_at (couple_id=? AND done_at>?)") }, "\(plan)")
    }
}
