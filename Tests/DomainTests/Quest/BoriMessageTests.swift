import Core
@testable import Domain
import Foundation
import Testing

@Suite("Bori's message of the day")
struct BoriMessageTests {
    let world = QuestWorld(start: seoul("2026-11-02 20:00"))
    let bori = TestQuestContent.bori

    func today() throws -> QuestUseCases.Today { try world.quests.today(ownerID: world.owner) }

    func stageLines(_ stage: Int) -> [LocalizedText] { bori.stageMessages[String(stage)] ?? [] }

    @Test("the first day: the feeling's line first, then first_day with the nickname and the day")
    func firstDay() throws {
        try world.start(nickname: "Mina", feeling: .anxious)
        let today = try today()
        #expect(today.message.lines == [bori.feelings["anxious"]!, bori.progressMessages.firstDay])
        #expect(today.message.text(.en) == "[feeling anxious] [first day] Hello Mina, day 1.")
        #expect(today.message.text(.ko) == "[감정 불안] [첫날] Mina님, 1일째.")
        #expect(today.quest.number == 1)
        #expect(today.status == .open)
    }

    @Test("ofTheDay is the same message today() gives")
    func ofTheDayDirectly() throws {
        try world.start(nickname: "Mina", feeling: .sad)
        let state = try world.quests.currentState(ownerID: world.owner)
        #expect(BoriMessage.ofTheDay(state, bori: bori) == (try today()).message)
    }

    @Test("after today's quest is done: done_for_today with the opening time filled in")
    func doneForToday() throws {
        try world.start(feeling: .sad)
        try world.complete()
        let today = try today()
        #expect(today.message.lines.contains(bori.progressMessages.doneForToday))
        #expect(!today.message.lines.contains(bori.progressMessages.firstDay))
        #expect(today.message.text(.en).contains("[done for today] Next at 2026-11-03 00:00."))
        #expect(today.message.text(.ko).contains("[오늘 완료] 다음은 2026-11-03 00:00."))
        #expect(today.message.values["time"] == "2026-11-03 00:00")
        #expect(today.quest.number == 1)
        #expect(today.status == .done)
        // Early days still begin with the feeling's line.
        #expect(today.message.lines.first == bori.feelings["sad"])
    }

    @Test("coming back after three days or more: returning")
    func returning() throws {
        try world.start()
        try world.complete()
        world.clock.advance(days: 3)
        let today = try today()
        #expect(today.message.lines.contains(bori.progressMessages.returning))
        #expect(today.message.text(.en).contains("[returning] Welcome back, Mina."))
        #expect(today.status == .open)
        #expect(today.quest.number == 2)
    }

    @Test("coming back after two days is not a return: the stage's line")
    func notYetReturning() throws {
        try world.start()
        try world.complete()
        world.clock.advance(days: 2)
        let lines = try today().message.lines
        #expect(!lines.contains(bori.progressMessages.returning))
        #expect(lines.contains { stageLines(1).contains($0) })
    }

    @Test("coming back three days or more after starting, with nothing done yet, is a return too")
    func returningWithNothingDone() throws {
        try world.start()
        world.clock.advance(days: 4)
        let today = try today()
        #expect(today.quest.number == 1)
        #expect(today.message.lines.contains(bori.progressMessages.returning),
                "day \(today.state.daysOnJourney), nothing done since the start: \(today.message.text(.en))")
    }

    @Test("halfway: at 15 quests done, with the percent filled in")
    func halfway() throws {
        try world.start()
        try world.walk(15)
        let today = try today()
        #expect(today.state.completed == 15)
        #expect(today.message.lines.contains(bori.progressMessages.halfway))
        #expect(today.message.text(.en).contains("[halfway] 50% walked."))
        #expect(today.message.text(.ko).contains("[절반] 50% 왔어요."))
    }

    @Test("no halfway line at 14 or 16")
    func notHalfway() throws {
        try world.start()
        try world.walk(14)
        #expect(!(try today()).message.lines.contains(bori.progressMessages.halfway))
        try world.walk(2)
        #expect(!(try today()).message.lines.contains(bori.progressMessages.halfway))
    }

    @Test("the last stage: when quest 25 opens")
    func lastStage() throws {
        try world.start()
        try world.walk(24)
        let today = try today()
        #expect(today.quest.number == 25)
        #expect(today.message.lines.contains(bori.progressMessages.lastStage))
    }

    @Test("the last quest: when quest 30 is the open one")
    func lastQuest() throws {
        try world.start()
        try world.walk(29)
        let today = try today()
        #expect(today.quest.number == 30)
        #expect(today.status == .open)
        #expect(today.message.lines.contains(bori.progressMessages.lastQuest))
    }

    @Test("the day quest 29 is done, quest 30 is not open yet: Bori does not say today is the last quest")
    func noLastQuestBeforeItOpens() throws {
        try world.start()
        try world.walk(28)
        try world.complete() // quest 29, today
        let today = try today()
        #expect(today.quest.number == 29)
        #expect(today.status == .done)
        #expect(today.message.lines.contains(bori.progressMessages.doneForToday))
        #expect(!today.message.lines.contains(bori.progressMessages.lastQuest), "\(today.message.text(.en))")
    }

    @Test("a complete journey: the completion lines, with the nickname and the days filled in")
    func completion() throws {
        try world.start(nickname: "Mina")
        try world.walk(30)
        world.clock.advance(days: 10)
        let today = try today()
        #expect(today.state.isComplete)
        #expect(today.message.lines == bori.completion)
        #expect(today.message.text(.en) == "[complete] Mina, 30 days. [thanks]")
        #expect(today.message.text(.ko) == "[완료] Mina님, 30일. [고마워요]")
        #expect(today.quest.number == 30)
        #expect(today.status == .done)
    }

    @Test("placeholders are filled: nickname, days, stage, quest, percent")
    func placeholders() throws {
        try world.start(nickname: "보리친구")
        try world.walk(7)
        let values = try today().message.values
        #expect(values["nickname"] == "보리친구")
        #expect(values["days"] == "8")
        #expect(values["stage"] == "2")
        #expect(values["quest"] == "8")
        #expect(values["percent"] == "23")
        #expect(values["time"] == nil)
        #expect(!(try today()).message.text(.en).contains("{"))
    }

    @Test("the stage's lines rotate by day")
    func stageVariantsRotate() throws {
        try world.start()
        try world.walk(6) // day 7: quest 7 open (stage 2), past the feeling's early days
        var seen: [LocalizedText] = []
        for _ in 0..<3 {
            let today = try today()
            let days = today.state.daysOnJourney
            let expected = stageLines(today.state.stage)[days % TestQuestContent.stageVariantCount]
            #expect(today.message.lines == [expected], "day \(days)")
            seen.append(expected)
            try world.complete()
            world.clock.advance(days: 1)
        }
        #expect(Set(seen.map(\.en)).count == 3)
    }

    @Test("the stage's line follows the stage")
    func stageLineFollowsStage() throws {
        try world.start()
        try world.walk(13) // quest 14: stage 3
        let today = try today()
        #expect(today.state.stage == 3)
        #expect(today.message.lines.count == 1)
        #expect(stageLines(3).contains(today.message.lines[0]))
    }
}
