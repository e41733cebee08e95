import Core
import Domain
import Foundation
import Testing

@Suite("The insulin day")
struct InsulinDayTests {
    let seoulDays = InsulinDayCalendar(timeZone: TimeZone(identifier: "Asia/Seoul")!, dayStart: LocalTime(hour: 4, minute: 0)!)
    let newYorkDays = InsulinDayCalendar(timeZone: TimeZone(identifier: "America/New_York")!, dayStart: LocalTime(hour: 4, minute: 0)!)

    @Test("with a 04:00 start in Seoul, 00:00–03:59 belong to the previous date",
          arguments: [
              ("2026-03-11 00:30", "2026-03-10"),
              ("2026-03-11 00:00", "2026-03-10"),
              ("2026-03-11 03:59", "2026-03-10"),
              ("2026-03-11 04:00", "2026-03-11"),
              ("2026-03-11 04:01", "2026-03-11"),
              ("2026-03-11 12:00", "2026-03-11"),
              ("2026-03-11 23:59", "2026-03-11"),
              ("2026-01-01 02:00", "2025-12-31"),
              ("2028-03-01 01:00", "2028-02-29"),
          ])
    func dayOfInstant(wall: String, expected: String) {
        #expect(seoulDays.day(of: seoul(wall)) == date(expected))
    }

    @Test("the day turns at the start to the second")
    func boundarySeconds() {
        let start = seoul("2026-03-11 04:00")
        #expect(seoulDays.day(of: start.adding(seconds: -1)) == date("2026-03-10"))
        #expect(seoulDays.day(of: start) == date("2026-03-11"))
    }

    @Test("start(of:) is the day start on that date in the zone")
    func startOfDay() {
        #expect(seoulDays.start(of: date("2026-03-11")) == utc("2026-03-10 19:00"))
        #expect(seoulDays.start(of: date("2026-01-01")) == utc("2025-12-31 19:00"))
    }

    @Test("interval(from:through:) is half-open and covers whole insulin days")
    func intervalCoversDays() {
        let interval = seoulDays.interval(from: date("2026-03-10"), through: date("2026-03-12"))
        #expect(interval.lowerBound == utc("2026-03-09 19:00"))
        #expect(interval.upperBound == utc("2026-03-12 19:00"))
        #expect(interval.upperBound.timeIntervalSince(interval.lowerBound) == 72 * 3600)
        #expect(!interval.contains(seoul("2026-03-13 04:00")))
        #expect(interval.contains(seoul("2026-03-13 03:59")))
    }

    @Test("a midnight day start makes insulin days calendar days")
    func midnightStart() {
        let days = InsulinDayCalendar(timeZone: TimeZone(identifier: "Asia/Seoul")!, dayStart: LocalTime(minutes: 0)!)
        #expect(days.day(of: seoul("2026-03-11 00:00")) == date("2026-03-11"))
        #expect(days.day(of: seoul("2026-03-10 23:59")) == date("2026-03-10"))
    }

    @Test("a 00:30 dose is counted for the evening before, through the use cases")
    func doseAfterMidnight() throws {
        let world = World(now: seoul("2026-03-11 09:00"))
        try world.log(.long, at: seoul("2026-03-11 00:30"))
        let report = try world.insulin.monthReport(ownerID: Owner.local, month: month("2026-03"))
        #expect(report.days.first { $0.date == date("2026-03-10") }?.hasLong == true)
        #expect(report.days.first { $0.date == date("2026-03-11") }?.hasLong == false)
        #expect(report.averageLongTime == time("00:30"))
    }

    // MARK: DST (America/New_York: spring forward 2026-03-08 02:00, fall back 2026-11-01 02:00)

    @Test("insulin-day starts and lengths around the DST changes")
    func dstIntervals() {
        #expect(newYorkDays.start(of: date("2026-03-07")) == utc("2026-03-07 09:00")) // 04:00 EST
        #expect(newYorkDays.start(of: date("2026-03-08")) == utc("2026-03-08 08:00")) // 04:00 EDT
        #expect(newYorkDays.start(of: date("2026-10-31")) == utc("2026-10-31 08:00")) // 04:00 EDT
        #expect(newYorkDays.start(of: date("2026-11-01")) == utc("2026-11-01 09:00")) // 04:00 EST

        func hours(_ day: String) -> Double {
            let interval = newYorkDays.interval(from: date(day), through: date(day))
            return interval.upperBound.timeIntervalSince(interval.lowerBound) / 3600
        }
        #expect(hours("2026-03-06") == 24)
        #expect(hours("2026-03-07") == 23)
        #expect(hours("2026-03-08") == 24)
        #expect(hours("2026-10-30") == 24)
        #expect(hours("2026-10-31") == 25)
        #expect(hours("2026-11-01") == 24)
    }

    @Test("wall times around the DST changes belong to the right insulin day",
          arguments: [
              ("2026-03-08 06:59", "2026-03-07"), // 01:59 EST, just before the jump
              ("2026-03-08 07:00", "2026-03-07"), // 03:00 EDT, right after it
              ("2026-03-08 07:59", "2026-03-07"), // 03:59 EDT
              ("2026-03-08 08:00", "2026-03-08"), // 04:00 EDT
              ("2026-11-01 05:30", "2026-10-31"), // 01:30 EDT (first)
              ("2026-11-01 06:30", "2026-10-31"), // 01:30 EST (second)
              ("2026-11-01 08:59", "2026-10-31"), // 03:59 EST
              ("2026-11-01 09:00", "2026-11-01"), // 04:00 EST
          ])
    func dstWallTimes(instant: String, expected: String) {
        #expect(newYorkDays.day(of: utc(instant)) == date(expected))
    }

    @Test("a day start in the spring-forward gap moves forward; one in the repeated hour takes the first")
    func dayStartInGap() {
        let zone = TimeZone(identifier: "America/New_York")!
        let gap = InsulinDayCalendar(timeZone: zone, dayStart: time("02:30"))
        #expect(gap.start(of: date("2026-03-08")) == utc("2026-03-08 07:30")) // 03:30 EDT
        let repeated = InsulinDayCalendar(timeZone: zone, dayStart: time("01:30"))
        #expect(repeated.start(of: date("2026-11-01")) == utc("2026-11-01 05:30")) // first 01:30, EDT
    }

    @Test("a 22:00 dose every evening across spring forward: right days, mean stays 22:00")
    func springForwardEvenings() throws {
        let world = World(now: utc("2026-03-15 12:00"), timeZone: "America/New_York",
                          settingsCreatedAt: utc("2026-03-01 12:00"))
        let evenings = (1...14).map { LocalDate(year: 2026, month: 3, day: $0)! }
        for day in evenings {
            try world.log(.long, at: newYork("\(day) 22:00"))
        }
        // Offsets: 22:00 EST is 03:00Z the next day, 22:00 EDT is 02:00Z.
        #expect(newYork("2026-03-07 22:00") == utc("2026-03-08 03:00"))
        #expect(newYork("2026-03-08 22:00") == utc("2026-03-09 02:00"))

        let report = try world.insulin.monthReport(ownerID: Owner.local, month: month("2026-03"))
        for day in evenings {
            let entry = try #require(report.days.first { $0.date == day })
            #expect(entry.doses.count == 1, "\(day)")
            #expect(entry.hasLong, "\(day)")
        }
        #expect(report.averageLongTime == time("22:00"))
        #expect(report.longDoseDays == 14)
        #expect(report.today == date("2026-03-15"))
        #expect(report.elapsedDays == 15)
        #expect(report.currentStreakDays == 14)
        #expect(report.longestStreakDays == 14)
    }

    @Test("a 22:00 dose every evening across fall back: right days, mean stays 22:00")
    func fallBackEvenings() throws {
        let world = World(now: utc("2026-11-10 12:00"), timeZone: "America/New_York",
                          settingsCreatedAt: utc("2026-10-25 12:00"))
        var day = date("2026-10-25")
        var evenings: [LocalDate] = []
        while day <= date("2026-11-09") {
            try world.log(.long, at: newYork("\(day) 22:00"))
            evenings.append(day)
            day = day.adding(days: 1)
        }
        #expect(newYork("2026-10-31 22:00") == utc("2026-11-01 02:00"))
        #expect(newYork("2026-11-01 22:00") == utc("2026-11-02 03:00"))

        let october = try world.insulin.monthReport(ownerID: Owner.local, month: month("2026-10"))
        let november = try world.insulin.monthReport(ownerID: Owner.local, month: month("2026-11"))
        for report in [october, november] {
            #expect(report.averageLongTime == time("22:00"))
            for entry in report.days where evenings.contains(entry.date) {
                #expect(entry.doses.count == 1, "\(entry.date)")
                #expect(entry.doses.first.map { TimeZone(identifier: "America/New_York")!.localTime(of: $0.takenAt) } == time("22:00"))
            }
        }
        #expect(october.longDoseDays == 7)
        #expect(october.elapsedDays == 7) // 10-25 … 10-31
        #expect(october.adherenceRate == 1)
        #expect(november.longDoseDays == 9)
        #expect(november.elapsedDays == 10) // 11-01 … 11-10, today not dosed yet
        #expect(november.currentStreakDays == 16)
    }
}

@Suite("Insulin-day intervals agree with day(of:)")
struct InsulinDayConsistencyTests {
    /// (zone, day start, a date with a DST change). The day starts in the first cases are outside
    /// the changed hour; the last ones fall inside the skipped or the repeated hour.
    static let cases: [(String, String, String)] = [
        ("Asia/Seoul", "04:00", "2026-03-08"),
        ("America/New_York", "04:00", "2026-03-08"),
        ("America/New_York", "04:00", "2026-11-01"),
        ("Europe/Helsinki", "04:00", "2026-03-29"), // 03:00 → 04:00
        ("Europe/Helsinki", "04:00", "2026-10-25"), // 04:00 → 03:00
        ("America/New_York", "02:30", "2026-03-08"), // day start inside the skipped hour
        ("America/New_York", "01:30", "2026-11-01"), // day start inside the repeated hour
        ("Europe/Helsinki", "03:30", "2026-10-25"),  // day start inside the repeated hour
    ]

    @Test("every instant of an insulin day's interval belongs to that day, and days never run backwards",
          arguments: cases)
    func intervalMatchesDayOf(zone: String, dayStart: String, change: String) {
        let calendar = InsulinDayCalendar(timeZone: TimeZone(identifier: zone)!, dayStart: time(dayStart))
        let changeDay = date(change)
        var mismatches: [String] = []
        var backwards: [String] = []
        var previous: LocalDate?
        for day in [changeDay.adding(days: -1), changeDay, changeDay.adding(days: 1)] {
            let interval = calendar.interval(from: day, through: day)
            var instant = interval.lowerBound
            while instant < interval.upperBound {
                let assigned = calendar.day(of: instant)
                if assigned != day, mismatches.count < 3 {
                    mismatches.append("\(ISO8601.format(instant, in: .gmt)) is in the interval of \(day) but day(of:) says \(assigned)")
                }
                if let previous, assigned < previous, backwards.count < 3 {
                    backwards.append("\(ISO8601.format(instant, in: .gmt)): \(previous) → \(assigned)")
                }
                previous = assigned
                instant = instant.addingTimeInterval(5 * 60)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(backwards.isEmpty, "\(backwards)")
    }
}
