import Foundation
import Testing
import Core

@Suite("Plausible time: the years 1900 through 2200")
struct PlausibleTimeTests {
    @Test("instants that are in 1900 to 2200 in every zone: 1900-01-01T12:00Z up to 2200-12-31T10:00Z")
    func instants() {
        #expect(PlausibleTime.instant("1900-01-01T00:00:00-12:00") != nil)
        #expect(PlausibleTime.instant("2200-12-31T23:59:59+14:00") != nil)
        #expect(PlausibleTime.instant("2026-11-30T21:00:00+09:00") != nil)
        for text in ["0001-01-01T00:00:00Z", "1899-12-31T23:59:59Z", "2201-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
                     "1900-01-01T00:00:00Z", "2200-12-31T12:00:00Z", "not a time"] {
            #expect(PlausibleTime.instant(text) == nil, "\(text)")
        }
    }

    @Test("days and months of the years 1900 through 2200")
    func daysAndMonths() {
        #expect(PlausibleTime.day("1900-01-01") == LocalDate(year: 1900, month: 1, day: 1))
        #expect(PlausibleTime.day("2200-12-31") == PlausibleTime.lastDay)
        #expect(PlausibleTime.day("1899-12-31") == nil)
        #expect(PlausibleTime.day("0001-01-01") == nil)
        #expect(PlausibleTime.month("2200-12") != nil)
        #expect(PlausibleTime.month("2201-01") == nil)
    }

    @Test("a check names what it checked and answers invalid_date")
    func checks() throws {
        let error = #expect(throws: AppError.self) {
            try PlausibleTime.check(ISO8601.parseInstant("0001-01-01T08:00:00Z")!, "the dose time")
        }
        #expect(error?.code == "invalid_date")
        #expect(error?.kind == .invalidInput)
        #expect(error?.message == "the dose time must be between the years 1900 and 2200 (got 0001-01-01T08:00:00Z)")
        #expect(error?.key == "out_of_range")
        #expect(throws: AppError.self) { try PlausibleTime.check(LocalDate(year: 9999, month: 12, day: 31)!, "the day") }
        try PlausibleTime.check(LocalDate(year: 2026, month: 11, day: 30)!, "the day")
    }

    @Test("what a person types on the command line is held to the same span")
    func timeInput() {
        let now = ISO8601.parseInstant("2026-11-30T12:00:00Z")!
        let utc = TimeZone(identifier: "UTC")!
        #expect(TimeInput.parse("2200-06-01 08:00", now: now, timeZone: utc) != nil)
        #expect(TimeInput.parse("2201-01-01 08:00", now: now, timeZone: utc) == nil)
        #expect(TimeInput.parse("1899-12-31 08:00", now: now, timeZone: utc) == nil)
    }
}
