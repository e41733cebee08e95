import Foundation
import Testing
@testable import Core

@Suite("Instants and time zones")
struct TimeTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    let newYork = TimeZone(identifier: "America/New_York")!

    @Test func parsesInstantsWithAnyOffsetForm() throws {
        let expected = Date(timeIntervalSince1970: 1_764_513_000) // 2025-11-30T14:30:00Z
        #expect(ISO8601.parseInstant("2025-11-30T14:30:00Z") == expected)
        #expect(ISO8601.parseInstant("2025-11-30T23:30:00+09:00") == expected)
        #expect(ISO8601.parseInstant("2025-11-30T09:00:00-0530") == expected)
        #expect(ISO8601.parseInstant("2025-11-30 14:30Z") == expected)
        let fractional = try #require(ISO8601.parseInstant("2025-11-30T14:30:00.250Z"))
        #expect(abs(fractional.timeIntervalSince(expected) - 0.25) < 1e-6)
        for bad in ["2025-11-30T14:30:00", "2025-11-30", "yesterday", "2025-11-30T25:00:00Z", "2025-02-30T10:00:00Z", "2025-11-30T14:30:00+9"] {
            #expect(ISO8601.parseInstant(bad) == nil, "\(bad) must be refused")
        }
    }

    @Test func formatsWithTheZonesOffset() {
        let date = Date(timeIntervalSince1970: 1_764_513_000)
        #expect(ISO8601.format(date, in: seoul) == "2025-11-30T23:30:00+09:00")
        #expect(ISO8601.format(date, in: TimeZone(identifier: "UTC")!) == "2025-11-30T14:30:00Z")
        #expect(ISO8601.format(date, in: newYork) == "2025-11-30T09:30:00-05:00")
    }

    @Test func wallClockRoundTripsOutsideDSTChanges() {
        let date = LocalDate("2026-07-04")!
        let instant = newYork.instant(of: date, minutes: 22 * 60)
        #expect(ISO8601.format(instant, in: newYork) == "2026-07-04T22:00:00-04:00")
        #expect(newYork.wallClock(of: instant).date == date)
        #expect(newYork.localTime(of: instant).description == "22:00")
    }

    @Test func showsTheWallClockDateAndMinute() {
        let instant = Date(timeIntervalSince1970: 1_764_513_059) // 2025-11-30T14:30:59Z
        #expect(seoul.dateTimeText(of: instant) == "2025-11-30 23:30")
        #expect(newYork.dateTimeText(of: instant) == "2025-11-30 09:30")
        #expect(TimeZone(stored: "Nowhere/Atlantis") == .gmt)
    }

    @Test func aWallTimeInTheSpringGapMovesForward() {
        let instant = newYork.instant(of: LocalDate("2026-03-08")!, minutes: 2 * 60 + 30)
        #expect(ISO8601.format(instant, in: newYork) == "2026-03-08T03:30:00-04:00")
    }

    @Test func aRepeatedAutumnWallTimeResolvesToTheFirst() {
        let instant = newYork.instant(of: LocalDate("2026-11-01")!, minutes: 60 + 30)
        #expect(ISO8601.format(instant, in: newYork) == "2026-11-01T01:30:00-04:00")
    }

    @Test func parsesWhatAPersonTypes() throws {
        let now = ISO8601.parseInstant("2026-11-30T12:00:00+09:00")!
        #expect(TimeInput.parse("08:15", now: now, timeZone: seoul) == ISO8601.parseInstant("2026-11-30T08:15:00+09:00"))
        #expect(TimeInput.parse("yesterday 23:50", now: now, timeZone: seoul) == ISO8601.parseInstant("2026-11-29T23:50:00+09:00"))
        #expect(TimeInput.parse("2026-11-01 08:00", now: now, timeZone: seoul) == ISO8601.parseInstant("2026-11-01T08:00:00+09:00"))
        #expect(TimeInput.parse("2026-11-01T08:00:00Z", now: now, timeZone: seoul) == ISO8601.parseInstant("2026-11-01T17:00:00+09:00"))
        for bad in ["25:00", "tomorrowish 10:00", "2026-11-31 08:00", "", "noon", "0001-01-01 08:00", "1899-12-31T23:00:00Z",
                    "2201-01-01 08:00"] {
            #expect(TimeInput.parse(bad, now: now, timeZone: seoul) == nil, "\(bad) must be refused")
        }
    }

    @Test func aBareTimeIsTheMostRecentSuchTime() {
        let justAfterMidnight = ISO8601.parseInstant("2026-12-01T01:30:00+09:00")!
        #expect(TimeInput.parse("23:50", now: justAfterMidnight, timeZone: seoul) == ISO8601.parseInstant("2026-11-30T23:50:00+09:00"))
        #expect(TimeInput.parse("01:00", now: justAfterMidnight, timeZone: seoul) == ISO8601.parseInstant("2026-12-01T01:00:00+09:00"))
        let noon = ISO8601.parseInstant("2026-11-30T12:00:00+09:00")!
        #expect(TimeInput.parse("22:15", now: noon, timeZone: seoul) == ISO8601.parseInstant("2026-11-29T22:15:00+09:00"))
        // A few minutes ahead is a clock that lags the phone's, still today.
        #expect(TimeInput.parse("12:04", now: noon, timeZone: seoul) == ISO8601.parseInstant("2026-11-30T12:04:00+09:00"))
        #expect(TimeInput.parse("12:06", now: noon, timeZone: seoul) == ISO8601.parseInstant("2026-11-29T12:06:00+09:00"))
    }

    @Test func theClockComesFromTEND_NOW() throws {
        let fixed = try makeClock(environment: ["TEND_NOW": "2026-11-30T22:00:00+09:00"])
        #expect(fixed.now == ISO8601.parseInstant("2026-11-30T13:00:00Z"))
        #expect(throws: AppError.self) { try makeClock(environment: ["TEND_NOW": "tonight"]) }
        let system = try makeClock(environment: [:])
        let before = Date()
        let now = system.now
        let after = Date()
        #expect(before <= now && now <= after) // the system's clock, read when asked
    }
}
