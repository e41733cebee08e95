import Core
import Domain
import Foundation
import Testing

/// Builds journeys and entries straight, past the use cases, to look at `JourneyState` alone.
private struct Fixture {
    let journey: Journey

    init(startedAt: Date, zone: String = "Asia/Seoul", style: QuestStyle = .question, paceDays: Int = 1,
         completedAt: Date? = nil) {
        journey = Journey(id: "journey-1", ownerID: "owner", style: style, nickname: "Mina", feeling: .sad,
                          paceDays: paceDays, timeZoneIdentifier: zone, startedAt: startedAt, completedAt: completedAt,
                          createdAt: startedAt, updatedAt: startedAt)
    }

    func entry(_ number: Int, at date: Date) -> QuestEntry {
        QuestEntry(id: "entry-\(number)", journeyID: journey.id, ownerID: journey.ownerID, questNumber: number,
                   answer: "answer number \(number)", reflection: nil, felt: nil, completedAt: date, createdAt: date,
                   updatedAt: date)
    }

    /// Entries 1…count, each completed `count - n` days before `last` (one a day, at the same hour).
    func entries(_ count: Int, lastAt last: Date) -> [QuestEntry] {
        (0..<count).map { index in entry(index + 1, at: last.addingTimeInterval(Double(index + 1 - count) * 86_400)) }
    }

    func state(_ entries: [QuestEntry] = [], now: Date) -> JourneyState {
        JourneyState(journey: journey, template: TestQuestContent.journey(journey.style), entries: entries, now: now)
    }
}

@Suite("JourneyState: which quest is open, and the progress")
struct JourneyStateTests {
    // MARK: Opening days

    @Test("a new journey opens quest 1 on its first day")
    func firstQuestOpensAtOnce() {
        let fixture = Fixture(startedAt: seoul("2026-11-02 20:00"))
        let state = fixture.state(now: seoul("2026-11-02 20:00"))
        #expect(state.currentNumber == 1)
        #expect(state.stage == 1)
        #expect(state.opensOn == date("2026-11-02"))
        #expect(state.isCurrentOpen)
        #expect(state.nextOpensAt == nil)
        #expect(state.completedToday == nil)
    }

    @Test("in Asia/Seoul the next quest opens at local midnight, not 24 hours later")
    func seoulCalendarDay() {
        let fixture = Fixture(startedAt: seoul("2026-11-02 20:00"))
        let entries = [fixture.entry(1, at: seoul("2026-11-02 23:30"))]

        let beforeMidnight = fixture.state(entries, now: seoul("2026-11-02 23:59:59"))
        #expect(beforeMidnight.currentNumber == 2)
        #expect(beforeMidnight.opensOn == date("2026-11-03"))
        #expect(!beforeMidnight.isCurrentOpen)
        #expect(beforeMidnight.nextOpensAt == seoul("2026-11-03 00:00"))
        #expect(beforeMidnight.nextOpensAt == utc("2026-11-02 15:00"))
        #expect(beforeMidnight.completedToday?.questNumber == 1)

        let atMidnight = fixture.state(entries, now: seoul("2026-11-03 00:00"))
        #expect(atMidnight.isCurrentOpen)
        #expect(atMidnight.nextOpensAt == nil)
        #expect(atMidnight.completedToday == nil)
        #expect(atMidnight.status(of: 2) == .open)
    }

    @Test("an early-morning completion in Seoul is still that Seoul day (UTC is the day before)")
    func seoulMorningIsTheSeoulDay() {
        let fixture = Fixture(startedAt: seoul("2026-11-02 07:00"))
        // 07:30 in Seoul is 22:30 UTC the day before.
        let entries = [fixture.entry(1, at: seoul("2026-11-02 07:30"))]
        let state = fixture.state(entries, now: seoul("2026-11-02 12:00"))
        #expect(state.opensOn == date("2026-11-03"))
        #expect(!state.isCurrentOpen)
        #expect(state.nextOpensAt == utc("2026-11-02 15:00"))
    }

    @Test("in America/New_York across the end of DST (2026-11-01, a 25-hour day) days stay calendar days")
    func newYorkAcrossDST() {
        let fixture = Fixture(startedAt: newYork("2026-10-31 22:00"), zone: "America/New_York")
        let first = [fixture.entry(1, at: newYork("2026-10-31 23:00"))]
        let waiting = fixture.state(first, now: newYork("2026-10-31 23:30"))
        #expect(waiting.opensOn == date("2026-11-01"))
        // Midnight of 1 November is still daylight time: 04:00 UTC.
        #expect(waiting.nextOpensAt == utc("2026-11-01 04:00"))

        // Quest 2 done late on 1 November, after the clocks went back: 23:30 EST is 04:30 UTC on the 2nd,
        // more than 24 hours after that day began, yet still 1 November.
        let second = first + [fixture.entry(2, at: utc("2026-11-02 04:30"))]
        let late = fixture.state(second, now: utc("2026-11-02 04:45"))
        #expect(late.today == date("2026-11-01"))
        #expect(late.completedToday?.questNumber == 2)
        #expect(late.opensOn == date("2026-11-02"))
        #expect(!late.isCurrentOpen)
        // Midnight of 2 November is standard time: 05:00 UTC.
        #expect(late.nextOpensAt == utc("2026-11-02 05:00"))
        #expect(late.nextOpensAt == newYork("2026-11-02 00:00"))
        #expect(!fixture.state(second, now: utc("2026-11-02 04:59:59")).isCurrentOpen)
        #expect(fixture.state(second, now: utc("2026-11-02 05:00")).isCurrentOpen)
        #expect(fixture.state(second, now: utc("2026-11-02 05:00")).daysOnJourney == 3)
    }

    @Test("with a pace of 2 days the next quest opens two calendar days after the last completion")
    func paceTwoDays() {
        let fixture = Fixture(startedAt: seoul("2026-11-02 20:00"), paceDays: 2)
        let entries = [fixture.entry(1, at: seoul("2026-11-02 21:00"))]
        #expect(fixture.state(entries, now: seoul("2026-11-02 21:00")).opensOn == date("2026-11-04"))
        let nextDay = fixture.state(entries, now: seoul("2026-11-03 23:59"))
        #expect(!nextDay.isCurrentOpen)
        #expect(nextDay.nextOpensAt == seoul("2026-11-04 00:00"))
        #expect(nextDay.status(of: 2) == .locked)
        let twoDaysOn = fixture.state(entries, now: seoul("2026-11-04 00:00"))
        #expect(twoDaysOn.isCurrentOpen)
        #expect(twoDaysOn.status(of: 2) == .open)
    }

    @Test("a gap of several days opens only the next quest: missed days do not pile up")
    func gapDoesNotPileUp() {
        let fixture = Fixture(startedAt: seoul("2026-11-02 20:00"))
        var entries = [fixture.entry(1, at: seoul("2026-11-02 21:00"))]
        let week = fixture.state(entries, now: seoul("2026-11-09 10:00"))
        #expect(week.isCurrentOpen)
        #expect(week.currentNumber == 2)
        #expect(week.status(of: 2) == .open)
        #expect((3...30).allSatisfy { week.status(of: $0) == .locked })

        entries.append(fixture.entry(2, at: seoul("2026-11-09 10:05")))
        let afterOne = fixture.state(entries, now: seoul("2026-11-09 10:10"))
        #expect(!afterOne.isCurrentOpen)
        #expect(afterOne.currentNumber == 3)
        #expect(afterOne.status(of: 3) == .locked)
        #expect(afterOne.nextOpensAt == seoul("2026-11-10 00:00"))
    }

    // MARK: Progress

    @Test("days on the journey count the first day")
    func daysOnJourney() {
        let fixture = Fixture(startedAt: seoul("2026-11-02 23:50"))
        #expect(fixture.state(now: seoul("2026-11-02 23:50")).daysOnJourney == 1)
        #expect(fixture.state(now: seoul("2026-11-02 23:59")).daysOnJourney == 1)
        #expect(fixture.state(now: seoul("2026-11-03 00:01")).daysOnJourney == 2)
        #expect(fixture.state(now: seoul("2026-11-12 12:00")).daysOnJourney == 11)
    }

    @Test("a finished journey's days stop at the day it was finished")
    func daysOfAFinishedJourney() {
        let start = seoul("2026-11-02 20:00")
        let finish = seoul("2026-12-01 20:00")
        let fixture = Fixture(startedAt: start, completedAt: finish)
        let state = fixture.state(fixture.entries(30, lastAt: finish), now: seoul("2027-03-01 12:00"))
        #expect(state.isComplete)
        #expect(state.daysOnJourney == 30)
    }

    @Test("percent: 0 at the start, 50 at 15 quests, 100 at 30; integer steps between")
    func percent() {
        let now = seoul("2026-12-10 12:00")
        let fixture = Fixture(startedAt: seoul("2026-11-01 09:00"))
        #expect(fixture.state(now: now).percent == 0)
        #expect(fixture.state(fixture.entries(1, lastAt: now), now: now).percent == 3)
        #expect(fixture.state(fixture.entries(15, lastAt: now), now: now).percent == 50)
        #expect(fixture.state(fixture.entries(29, lastAt: now), now: now).percent == 96)
        let done = fixture.state(fixture.entries(30, lastAt: now), now: now)
        #expect(done.percent == 100)
        #expect(done.total == 30)
        #expect(done.completed == 30)
    }

    @Test("stage and current quest follow the completed count; a complete journey stays on quest 30")
    func stageAndCurrent() {
        let now = seoul("2026-12-10 12:00")
        let fixture = Fixture(startedAt: seoul("2026-11-01 09:00"))
        let cases: [(completed: Int, current: Int, stage: Int)] = [(0, 1, 1), (5, 6, 1), (6, 7, 2), (12, 13, 3), (24, 25, 5), (29, 30, 5)]
        for (completed, current, stage) in cases {
            let state = fixture.state(fixture.entries(completed, lastAt: now.addingTimeInterval(-86_400)), now: now)
            #expect(state.currentNumber == current, "after \(completed)")
            #expect(state.stage == stage, "after \(completed)")
            #expect(!state.isComplete)
        }
        let complete = fixture.state(fixture.entries(30, lastAt: now.addingTimeInterval(-86_400)), now: now)
        #expect(complete.isComplete)
        #expect(complete.currentNumber == 30)
        #expect(complete.stage == 5)
        #expect(!complete.isCurrentOpen)
        #expect(complete.nextOpensAt == nil)
    }

    @Test("status(of:): done for completed quests, open for the current one when open, locked otherwise")
    func statuses() {
        let fixture = Fixture(startedAt: seoul("2026-11-01 09:00"))
        let entries = fixture.entries(3, lastAt: seoul("2026-11-03 21:00"))
        let open = fixture.state(entries, now: seoul("2026-11-04 08:00"))
        #expect((1...3).map(open.status(of:)) == [.done, .done, .done])
        #expect(open.status(of: 4) == .open)
        #expect(open.status(of: 5) == .locked)
        #expect(open.status(of: 30) == .locked)

        let waiting = fixture.state(entries, now: seoul("2026-11-03 22:00"))
        #expect(waiting.status(of: 3) == .done)
        #expect(waiting.status(of: 4) == .locked)

        let complete = fixture.state(fixture.entries(30, lastAt: seoul("2026-11-30 21:00")), now: seoul("2026-12-01 08:00"))
        #expect((1...30).allSatisfy { complete.status(of: $0) == .done })
    }

    @Test("entries are kept in quest order whatever order they come in")
    func entriesSorted() {
        let fixture = Fixture(startedAt: seoul("2026-11-01 09:00"))
        let entries = fixture.entries(3, lastAt: seoul("2026-11-03 21:00"))
        let state = fixture.state(entries.reversed(), now: seoul("2026-11-04 08:00"))
        #expect(state.entries.map(\.questNumber) == [1, 2, 3])
        #expect(state.entry(2)?.answer == "answer number 2")
        #expect(state.entry(4) == nil)
        #expect(state.opensOn == date("2026-11-04"))
    }
}
