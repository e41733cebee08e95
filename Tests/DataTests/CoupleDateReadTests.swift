import Foundation
import Testing
import Core
@testable import Data

/// The couple home's reads are range reads of 0022's and 0023's indexes, never a walk over
/// every row the couple had, and the streak's marks never read a table row.
@Suite("The couple home's reads on SQLite")
struct CoupleDateReadTests {
    @Test func theMarksOfAWindowAreFourRangeReadsOfCoveringIndexes() throws {
        let plan = try ReadOrderTests.plan(SQLiteCoupleRepository.marksOfTwo,
                                           [.text("c"), .text("2026-01-01"), .text("2026-01-07"), .text("ana"), .text("ben")])
        for (table, index, day) in [("couple_moods", "couple_moods_marks", "day"), ("couple_photos", "couple_photos_marks", "day"),
                                    ("couple_care", "couple_care_marks", "done_day"),
                                    ("couple_calendar_checks", "couple_calendar_checks_marks", "day")] {
            let read = "SEARCH \(table) USING COVERING INDEX \(index) (couple_id=? AND \(day)>? AND \(day)<?)"
            #expect(plan.contains { $0.contains(read) }, "\(plan)")
        }
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test func theCareOfTheWeekIsTwoRangeReads() throws {
        let plan = try ReadOrderTests.plan(SQLiteCoupleRepository.careAddedOrDoneSince, [.text("c"), .integer(0)])
        #expect(plan.contains { $0.contains("USING INDEX couple_care_created (couple_id=? AND created_at>?)") }, "\(plan)")
        #expect(plan.contains { $0.contains("USING INDEX couple_care_done_at (couple_id=? AND done_at>?)") }, "\(plan)")
        #expect(!plan.contains { $0.contains("created_at<?") }, "the items done this week are not found by walking older ones: \(plan)")
    }
}
