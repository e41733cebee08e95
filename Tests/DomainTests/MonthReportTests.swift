import Core
import Domain
import Foundation
import Testing

@Suite("Month report")
struct MonthReportTests {
    /// 21:00 in Seoul on 2026-03-15: the current insulin day is 2026-03-15 and not dosed yet.
    let now = seoul("2026-03-15 21:00")
    let created = seoul("2026-02-20 12:00")

    func world(now: Date? = nil, created: Date? = nil) -> World {
        World(now: now ?? self.now, settingsCreatedAt: created ?? self.created)
    }

    func logLong(_ world: World, days: ClosedRange<Int>, month: String = "2026-03", at wall: String = "22:00") throws {
        for day in days {
            try world.log(.long, at: seoul("\(month)-\(day < 10 ? "0" : "")\(day) \(wall)"))
        }
    }

    func report(_ world: World, _ text: String?) throws -> InsulinMonthReport {
        try world.insulin.monthReport(ownerID: Owner.local, month: text.map(month))
    }

    @Test("long-dose days, elapsed days, adherence and streaks for a month in progress")
    func monthInProgress() throws {
        let world = world()
        try logLong(world, days: 1...5)
        try logLong(world, days: 8...14)

        let report = try report(world, "2026-03")
        #expect(report.month == month("2026-03"))
        #expect(report.today == date("2026-03-15"))
        #expect(report.longDoseDays == 12)
        #expect(report.elapsedDays == 15)
        #expect(report.adherenceRate == 0.8)
        #expect(report.averageLongTime == time("22:00"))
        #expect(report.currentStreakDays == 7)  // 03-08 … 03-14, today still open
        #expect(report.longestStreakDays == 7)
        #expect(report.settings == world.store.storedSettings(Owner.local))
    }

    @Test("every day of the month is present, in order, with its doses")
    func everyDayPresent() throws {
        let world = world()
        try logLong(world, days: 2...2)
        let report = try report(world, "2026-03")
        #expect(report.days.count == 31)
        #expect(report.days.map(\.date) == month("2026-03").days)
        #expect(report.days.first?.date == date("2026-03-01"))
        #expect(report.days.last?.date == date("2026-03-31"))
        #expect(report.days[1].hasLong)
        #expect(report.days[1].doses.count == 1)
        #expect(report.days.filter(\.hasLong).count == 1)
        #expect(report.days.filter { !$0.doses.isEmpty }.count == 1)

        #expect(try self.report(world, "2026-02").days.count == 28)
        #expect(try self.report(world, "2026-04").days.count == 30)
    }

    @Test("a day with only rapid doses has doses but no long dose")
    func rapidOnlyDay() throws {
        let world = world()
        try world.log(.rapid, at: seoul("2026-03-03 08:00"))
        let report = try report(world, "2026-03")
        let day = try #require(report.days.first { $0.date == date("2026-03-03") })
        #expect(day.doses.count == 1)
        #expect(!day.hasLong)
        #expect(report.longDoseDays == 0)
        #expect(report.adherenceRate == 0)
        #expect(report.averageLongTime == nil)
    }

    @Test("the month defaults to the month of the current insulin day")
    func defaultMonth() throws {
        // 01:00 on April 1st is still the insulin day of March 31st.
        let world = world(now: seoul("2026-04-01 01:00"))
        let report = try report(world, nil)
        #expect(report.today == date("2026-03-31"))
        #expect(report.month == month("2026-03"))
        #expect(report.elapsedDays == 31)
    }

    @Test("a dose at 01:00 on the 1st belongs to the last day of the previous month's report")
    func monthEdges() throws {
        let world = world(now: seoul("2026-04-05 12:00"))
        try world.log(.long, at: seoul("2026-04-01 01:00"))
        try world.log(.long, at: seoul("2026-03-01 01:00"))

        let march = try report(world, "2026-03")
        #expect(march.days.last?.date == date("2026-03-31"))
        #expect(march.days.last?.hasLong == true)
        #expect(march.days.first?.hasLong == false)
        #expect(march.longDoseDays == 1)
        #expect(march.averageLongTime == time("01:00"))

        let april = try report(world, "2026-04")
        #expect(april.days.allSatisfy { $0.doses.isEmpty })
        #expect(april.longDoseDays == 0)
        #expect(april.averageLongTime == nil)

        let february = try report(world, "2026-02")
        #expect(february.days.last?.date == date("2026-02-28"))
        #expect(february.days.last?.hasLong == true)
        #expect(february.longDoseDays == 1)
    }

    @Test("a dose at 04:00 on the 1st belongs to the new month")
    func monthEdgeAtDayStart() throws {
        let world = world(now: seoul("2026-04-05 12:00"))
        try world.log(.long, at: seoul("2026-04-01 04:00"))
        #expect(try report(world, "2026-03").longDoseDays == 0)
        #expect(try report(world, "2026-04").days.first?.hasLong == true)
    }

    // MARK: Elapsed days and adherence

    @Test("elapsed days start at the insulin day the settings were created, mid-month")
    func elapsedFromFirstUse() throws {
        let world = world(created: seoul("2026-03-10 10:00"))
        try logLong(world, days: 10...14)
        let report = try report(world, "2026-03")
        #expect(report.elapsedDays == 6) // 03-10 … 03-15
        #expect(report.longDoseDays == 5)
        #expect(abs(report.adherenceRate - 5.0 / 6.0) < 1e-12)
    }

    @Test("settings created at 02:00 count from the insulin day before")
    func firstUseBeforeDayStart() throws {
        let world = world(created: seoul("2026-03-10 02:00"))
        #expect(try report(world, "2026-03").elapsedDays == 7) // 03-09 … 03-15
    }

    @Test("a dose back-dated before the settings were created moves first use back")
    func backDatedFirstUse() throws {
        let world = world(created: seoul("2026-03-10 10:00"))
        try world.log(.long, at: seoul("2026-03-05 22:00"))
        let report = try report(world, "2026-03")
        #expect(report.elapsedDays == 11) // 03-05 … 03-15
        #expect(abs(report.adherenceRate - 1.0 / 11.0) < 1e-12)
    }

    @Test("a deleted back-dated dose no longer moves first use back")
    func deletedBackDated() throws {
        let world = world(created: seoul("2026-03-10 10:00"))
        let dose = try world.log(.long, at: seoul("2026-03-05 22:00"))
        try world.insulin.deleteDose(ownerID: Owner.local, id: dose.id)
        let report = try report(world, "2026-03")
        #expect(report.elapsedDays == 6)
        #expect(report.longDoseDays == 0)
    }

    @Test("a month fully past counts from first use to its last day")
    func pastMonth() throws {
        let world = world()
        try logLong(world, days: 20...28, month: "2026-02")
        let report = try report(world, "2026-02")
        #expect(report.elapsedDays == 9) // 02-20 … 02-28
        #expect(report.longDoseDays == 9)
        #expect(report.adherenceRate == 1)
    }

    @Test("a future month has nothing elapsed and adherence 0")
    func futureMonth() throws {
        let world = world()
        try logLong(world, days: 1...14)
        let report = try report(world, "2026-04")
        #expect(report.elapsedDays == 0)
        #expect(report.adherenceRate == 0)
        #expect(report.longDoseDays == 0)
        #expect(report.days.count == 30)
        #expect(report.currentStreakDays == 14)
    }

    @Test("a month before first use has nothing elapsed")
    func monthBeforeFirstUse() throws {
        let world = world()
        let report = try report(world, "2026-01")
        #expect(report.elapsedDays == 0)
        #expect(report.adherenceRate == 0)
        #expect(report.days.count == 31)
    }

    @Test("the first insulin day of use is one elapsed day")
    func firstDay() throws {
        let world = World(now: seoul("2026-03-15 21:00"))
        let report = try report(world, nil)
        #expect(report.elapsedDays == 1)
        #expect(report.adherenceRate == 0)
        try world.log(.long)
        let dosed = try self.report(world, nil)
        #expect(dosed.elapsedDays == 1)
        #expect(dosed.adherenceRate == 1)
        #expect(dosed.currentStreakDays == 1)
    }

    @Test("two long doses on one insulin day count as one day")
    func twoDosesOneDay() throws {
        let world = world()
        try world.log(.long, at: seoul("2026-03-10 05:00"))
        try world.log(.long, at: seoul("2026-03-10 22:00"), force: true)
        let report = try report(world, "2026-03")
        #expect(report.longDoseDays == 1)
        #expect(report.days.first { $0.date == date("2026-03-10") }?.doses.count == 2)
        #expect(report.currentStreakDays == 0) // 03-14 and 03-15 missing
    }

    @Test("today's long dose counts in the month and the streak")
    func dosedToday() throws {
        let world = world()
        try logLong(world, days: 13...15, at: "20:00")
        let report = try report(world, "2026-03")
        #expect(report.longDoseDays == 3)
        #expect(report.currentStreakDays == 3)
        #expect(report.averageLongTime == time("20:00"))
    }

    // MARK: Average time

    @Test("the average long time is a circular mean: 22:50 and 00:10 give 23:30")
    func circularAverage() throws {
        let world = world()
        try world.log(.long, at: seoul("2026-03-10 22:50"))
        try world.log(.long, at: seoul("2026-03-12 00:10")) // insulin day 03-11
        let report = try report(world, "2026-03")
        #expect(report.averageLongTime == time("23:30"))
        #expect(report.longDoseDays == 2)
        #expect(report.days.first { $0.date == date("2026-03-11") }?.hasLong == true)
    }

    @Test("the average takes only long doses")
    func averageIgnoresRapid() throws {
        let world = world()
        try world.log(.long, at: seoul("2026-03-10 21:00"))
        try world.log(.long, at: seoul("2026-03-11 23:00"))
        try world.log(.rapid, at: seoul("2026-03-11 08:00"))
        #expect(try report(world, "2026-03").averageLongTime == time("22:00"))
    }

    // MARK: Rapid-acting pattern

    @Test("rapid doses by local hour of day, and their average units")
    func rapidByHour() throws {
        let world = world()
        try world.log(.rapid, units: 4, at: seoul("2026-03-03 08:10"))
        try world.log(.rapid, units: 5, at: seoul("2026-03-03 08:40"))
        try world.log(.rapid, units: 6, at: seoul("2026-03-05 12:30"))
        try world.log(.rapid, units: 3, at: seoul("2026-03-05 19:00"))
        try world.log(.rapid, units: 2.5, at: seoul("2026-03-07 01:30")) // insulin day 03-06, hour 1
        try world.log(.rapid, units: 9, at: seoul("2026-03-07 23:59"))
        try world.log(.long, at: seoul("2026-03-05 22:00"))
        try world.log(.rapid, units: 4, at: seoul("2026-02-27 08:00")) // another month

        let report = try report(world, "2026-03")
        var expected = [Int](repeating: 0, count: 24)
        expected[1] = 1
        expected[8] = 2
        expected[12] = 1
        expected[19] = 1
        expected[23] = 1
        #expect(report.rapidByHour == expected)
        #expect(report.rapidByHour.count == 24)
        #expect(report.rapidByHour.reduce(0, +) == 6)
        #expect(report.rapidAverageUnits == 29.5 / 6)
    }

    @Test("no rapid doses: 24 zero counts and no average")
    func noRapid() throws {
        let world = world()
        try logLong(world, days: 1...3)
        let report = try report(world, "2026-03")
        #expect(report.rapidByHour == [Int](repeating: 0, count: 24))
        #expect(report.rapidAverageUnits == nil)
    }

    @Test("hours follow the settings time zone")
    func rapidHoursInZone() throws {
        let world = World(now: utc("2026-03-15 12:00"), timeZone: "UTC", settingsCreatedAt: utc("2026-03-01 00:00"))
        try world.log(.rapid, units: 4, at: utc("2026-03-10 13:30"))
        _ = try world.insulin.settings.update(ownerID: Owner.local, .init(timeZoneIdentifier: "Asia/Seoul"))
        let report = try report(world, "2026-03")
        #expect(report.rapidByHour[22] == 1)
        #expect(report.rapidByHour[13] == 0)
    }

    @Test("deleted doses are not in the report")
    func deletedExcluded() throws {
        let world = world()
        let long = try world.log(.long, at: seoul("2026-03-14 22:00"))
        let rapid = try world.log(.rapid, at: seoul("2026-03-14 08:00"))
        try world.insulin.deleteDose(ownerID: Owner.local, id: long.id)
        try world.insulin.deleteDose(ownerID: Owner.local, id: rapid.id)
        let report = try report(world, "2026-03")
        #expect(report.longDoseDays == 0)
        #expect(report.currentStreakDays == 0)
        #expect(report.rapidByHour.reduce(0, +) == 0)
        #expect(report.days.allSatisfy { $0.doses.isEmpty })
    }

    // MARK: Streaks across month edges

    @Test("the longest streak runs across a month edge")
    func longestAcrossMonthEdge() throws {
        let world = world()
        try logLong(world, days: 24...28, month: "2026-02")
        try logLong(world, days: 1...3)
        try logLong(world, days: 10...12)
        let march = try report(world, "2026-03")
        #expect(march.longestStreakDays == 8) // 02-24 … 03-03
        #expect(march.currentStreakDays == 0) // 03-14 missing
        #expect(try report(world, "2026-02").longestStreakDays == 8)
    }

    @Test("the current streak counts back from yesterday when today has no dose yet, across a month edge")
    func currentAcrossMonthEdge() throws {
        let world = world(now: seoul("2026-04-02 21:00"))
        try logLong(world, days: 25...31)
        try world.log(.long, at: seoul("2026-04-01 22:00"))
        let april = try report(world, "2026-04")
        #expect(april.today == date("2026-04-02"))
        #expect(april.currentStreakDays == 8)
        #expect(april.longestStreakDays == 8)
        #expect(april.elapsedDays == 2)
        #expect(april.adherenceRate == 0.5)
    }

    @Test("a missing day resets the current streak")
    func gapResets() throws {
        let world = world()
        try logLong(world, days: 1...12)
        try logLong(world, days: 14...14) // 03-13 missing
        let report = try report(world, "2026-03")
        #expect(report.currentStreakDays == 1)
        #expect(report.longestStreakDays == 12)
    }
}
