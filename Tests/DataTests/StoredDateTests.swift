import Core
@testable import Data
import Testing

@Suite("Stored dates")
struct StoredDateTests {
    @Test("a date column is read as LocalDate(_:) reads it, valid or not")
    func sameAsTheTextParser() {
        let texts = ["2026-12-02", "0001-01-01", "9999-12-31", "2024-02-29", "2023-02-29", "2026-13-01", "2026-00-10", "2026-04-31",
                     "0000-01-01", "2026-1-02", "2026-01-2", "26-01-02", "2026/01/02", "2026-01-02 ", " 2026-01-02", "2026-01-0x",
                     "+026-01-02", "2026--1-02", "２０２６-01-02", "2026-01-02\u{301}", "", "2026-01-02T00:00", "abcd-ef-gh"]
        for text in texts {
            #expect(LocalDate(storedText: text) == LocalDate(text), "\(text)")
        }
        #expect(LocalDate(storedText: "2026-12-02") == LocalDate(year: 2026, month: 12, day: 2))
        // Every day of a leap and a common year round-trips through its text.
        for number in LocalDate(year: 2023, month: 1, day: 1)!.dayNumber...LocalDate(year: 2024, month: 12, day: 31)!.dayNumber {
            let date = LocalDate(dayNumber: number)
            #expect(LocalDate(storedText: date.description) == date)
        }
    }
}
