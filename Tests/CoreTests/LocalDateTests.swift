import Foundation
import Testing
@testable import Core

@Suite("Calendar values")
struct LocalDateTests {
    @Test func dayNumbersRoundTripAcrossCenturiesAndLeapDays() {
        #expect(LocalDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(LocalDate(year: 2000, month: 2, day: 29)!.dayNumber == 11_016)
        for number in stride(from: -800_000, through: 2_900_000, by: 997) {
            #expect(LocalDate(dayNumber: number).dayNumber == number)
        }
        #expect(LocalDate(year: 2028, month: 2, day: 28)!.adding(days: 1).description == "2028-02-29")
        #expect(LocalDate(year: 2100, month: 2, day: 28)!.adding(days: 1).description == "2100-03-01")
    }

    @Test func parsingIsStrict() {
        #expect(LocalDate("2026-11-30")?.description == "2026-11-30")
        for bad in ["2026-13-01", "2026-02-30", "26-01-01", "2026-1-01", "2026/01/01", "", "2026-01-01x", "２０２６-01-01"] {
            #expect(LocalDate(bad) == nil, "\(bad) must be refused")
        }
        #expect(YearMonth("2026-02")?.numberOfDays == 28)
        #expect(YearMonth("2028-02")?.numberOfDays == 29)
        #expect(YearMonth("2026-2") == nil)
        #expect(YearMonth("2026-00") == nil)
        #expect(YearMonth("2026-12")?.next.description == "2027-01")
        #expect(YearMonth("2026-01")?.previous.description == "2025-12")
    }

    @Test func weekdaysFollowISO() {
        #expect(LocalDate("2026-11-30")?.isoWeekday == 1) // a Monday
        #expect(LocalDate("2026-11-29")?.isoWeekday == 7)
        #expect(LocalDate("1970-01-01")?.isoWeekday == 4)
    }

    @Test func timesOfDay() {
        #expect(LocalTime("22:05")?.minutes == 22 * 60 + 5)
        #expect(LocalTime("7:30")?.description == "07:30")
        for bad in ["24:00", "12:60", "1230", "12:3", "-1:00", "ab:cd"] {
            #expect(LocalTime(bad) == nil, "\(bad) must be refused")
        }
    }

    @Test func trimmingWhitespace() {
        #expect("  a b \n".trimmed == "a b")
        #expect(" \t ".trimmed == "")
    }
}
