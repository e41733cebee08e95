import Core
import Domain
import Testing

@Suite("Streaks of consecutive days")
struct StreakTests {
    func days(_ texts: String...) -> Set<LocalDate> { Set(texts.map(date)) }
    func run(from first: String, through last: String) -> Set<LocalDate> {
        let start = date(first)
        return Set((0...start.days(until: date(last))).map { start.adding(days: $0) })
    }

    @Test("no days, no streaks")
    func empty() {
        let streaks = Streaks(days: [], today: date("2026-03-15"))
        #expect(streaks == Streaks(days: [], today: date("2026-01-01")))
        #expect(streaks.current == 0)
        #expect(streaks.longest == 0)
    }

    @Test("a run ending today counts today")
    func endingToday() {
        let streaks = Streaks(days: run(from: "2026-03-11", through: "2026-03-15"), today: date("2026-03-15"))
        #expect(streaks.current == 5)
        #expect(streaks.longest == 5)
    }

    @Test("today not dosed yet: the current streak counts back from yesterday")
    func todayStillOpen() {
        let streaks = Streaks(days: run(from: "2026-03-11", through: "2026-03-14"), today: date("2026-03-15"))
        #expect(streaks.current == 4)
        #expect(streaks.longest == 4)
    }

    @Test("only today counts as one")
    func onlyToday() {
        #expect(Streaks(days: days("2026-03-15"), today: date("2026-03-15")).current == 1)
    }

    @Test("neither today nor yesterday: no current streak")
    func broken() {
        let streaks = Streaks(days: run(from: "2026-03-01", through: "2026-03-13"), today: date("2026-03-15"))
        #expect(streaks.current == 0)
        #expect(streaks.longest == 13)
    }

    @Test("a missing day resets the run")
    func gap() {
        let set = run(from: "2026-03-01", through: "2026-03-05").union(run(from: "2026-03-07", through: "2026-03-09"))
        let streaks = Streaks(days: set, today: date("2026-03-09"))
        #expect(streaks.current == 3)
        #expect(streaks.longest == 5)
    }

    @Test("runs cross month and year edges and leap days")
    func acrossEdges() {
        #expect(Streaks(days: run(from: "2025-12-29", through: "2026-01-02"), today: date("2026-01-02")).current == 5)
        #expect(Streaks(days: run(from: "2026-02-27", through: "2026-03-02"), today: date("2026-03-03")).current == 4)
        let leap = Streaks(days: days("2028-02-28", "2028-02-29", "2028-03-01"), today: date("2028-03-01"))
        #expect(leap.current == 3)
        #expect(leap.longest == 3)
        // Without the leap day, 02-28 and 03-01 are two days apart in 2028.
        #expect(Streaks(days: days("2028-02-28", "2028-03-01"), today: date("2028-03-01")).longest == 1)
        // …but one day apart in 2026.
        #expect(Streaks(days: days("2026-02-28", "2026-03-01"), today: date("2026-03-01")).longest == 2)
    }

    @Test("days after today do not count")
    func futureIgnored() {
        let set = run(from: "2026-03-10", through: "2026-03-20")
        let streaks = Streaks(days: set, today: date("2026-03-12"))
        #expect(streaks.current == 3)
        #expect(streaks.longest == 3)
    }

    @Test("the longest run can lie in the past")
    func longestInPast() {
        let set = run(from: "2026-01-01", through: "2026-01-31").union(run(from: "2026-03-14", through: "2026-03-15"))
        let streaks = Streaks(days: set, today: date("2026-03-15"))
        #expect(streaks.current == 2)
        #expect(streaks.longest == 31)
    }
}
