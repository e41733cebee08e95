import Core
import Domain
import Foundation
import Testing

@Suite("Quest use cases: starting a journey")
struct QuestStartTests {
    let world = QuestWorld(start: seoul("2026-11-02 20:00"))

    @Test("onboarding starts the matching journey at stage 1, quest 1, in the person's zone")
    func startsAtQuestOne() throws {
        let state = try world.start(.action, nickname: "  Mina  ", feeling: .anxious)
        #expect(state.journey.style == .action)
        #expect(state.template.style == .action)
        #expect(state.journey.nickname == "Mina")
        #expect(state.journey.feeling == .anxious)
        #expect(state.journey.paceDays == 1)
        #expect(state.journey.timeZoneIdentifier == "Asia/Seoul")
        #expect(state.journey.startedAt == world.clock.now)
        #expect(state.journey.completedAt == nil)
        #expect(state.stage == 1)
        #expect(state.currentNumber == 1)
        #expect(state.completed == 0)
        #expect(state.isCurrentOpen)
        #expect(world.store.allJourneys == [state.journey])
        #expect(world.store.writesOutsideTransaction == 0)
    }

    @Test("the nickname must be 1 to 30 characters", arguments: ["", "   ", String(repeating: "n", count: 31), String(repeating: "가", count: 31)])
    func nicknameRefused(_ nickname: String) {
        let error = questError { try world.start(nickname: nickname) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.code == "invalid_nickname")
        #expect(world.store.allJourneys.isEmpty)
    }

    @Test("a 30-character nickname is fine")
    func nicknameOfThirty() throws {
        #expect(try world.start(nickname: String(repeating: "가", count: 30)).journey.nickname.count == 30)
    }

    @Test("the pace must be 1 to 7 days", arguments: [0, 8, -1])
    func paceRefused(_ pace: Int) {
        let error = questError { try world.start(paceDays: pace) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.code == "invalid_pace")
        #expect(world.store.allJourneys.isEmpty)
    }

    @Test("a pace of 7 days is fine")
    func paceOfSeven() throws {
        #expect(try world.start(paceDays: 7).journey.paceDays == 7)
    }

    @Test("a second journey while one is in progress is refused, saying how to finish or delete it")
    func secondStartRefused() throws {
        let first = try world.start(.question)
        world.clock.advance(days: 3)
        let error = questError { try world.start(.action) }
        #expect(error?.code == "journey_in_progress")
        #expect(error?.message.contains("delete") == true)
        #expect(error?.message.contains(first.journey.id) == true)
        #expect(world.store.allJourneys == [first.journey])
    }

    @Test("another person's journey does not block a start")
    func otherOwnersAreIndependent() throws {
        try world.start(owner: "someone-else")
        #expect(try world.start().journey.ownerID == world.owner)
    }

    @Test("after the 30th quest the journey is complete and a new one may start; the old one stays readable")
    func startAfterCompletion() throws {
        let first = try world.start(.question)
        try world.walk(30)
        #expect(try world.quests.currentState(ownerID: world.owner).isComplete)
        let second = try world.start(.action, nickname: "Mina again", feeling: .relieved)
        #expect(second.currentNumber == 1)
        let all = try world.quests.allJourneys(ownerID: world.owner)
        #expect(all.map(\.journey.id) == [second.journey.id, first.journey.id])
        let old = try world.quests.review(ownerID: world.owner, journeyID: first.journey.id)
        #expect(old.isComplete)
        #expect(old.completed == 30)
        #expect(old.entry(1)?.answer == "An honest answer, written slowly.")
    }

    @Test("startNew takes the other style by default and keeps the nickname, the feeling and the pace")
    func startNewDefaults() throws {
        try world.start(.question, nickname: "Mina", feeling: .regretful, paceDays: 1)
        try world.walk(30)
        let next = try world.quests.startNew(ownerID: world.owner, style: nil)
        #expect(next.journey.style == .action)
        #expect(next.journey.nickname == "Mina")
        #expect(next.journey.feeling == .regretful)
        #expect(next.journey.paceDays == 1)
        #expect(next.currentNumber == 1)
        #expect(try world.quests.allJourneys(ownerID: world.owner).count == 2)
    }

    @Test("startNew may keep the same style")
    func startNewSameStyle() throws {
        try world.start(.action)
        try world.walk(30)
        #expect(try world.quests.startNew(ownerID: world.owner, style: .action).journey.style == .action)
    }

    @Test("startNew with no journey before is refused")
    func startNewWithoutJourney() {
        let error = questError { _ = try world.quests.startNew(ownerID: world.owner, style: nil) }
        #expect(error?.code == "no_journey")
        #expect(world.store.allJourneys.isEmpty)
    }

    @Test("startNew while a journey is in progress is refused")
    func startNewWhileInProgress() throws {
        try world.start()
        try world.walk(3)
        let error = questError { _ = try world.quests.startNew(ownerID: world.owner, style: nil) }
        #expect(error?.code == "journey_in_progress")
        #expect(world.store.allJourneys.count == 1)
    }
}

@Suite("Quest use cases: answering and marking done")
struct QuestCompletionTests {
    let world = QuestWorld(start: seoul("2026-11-02 20:00"))

    @Test("a question quest is completed by an answer of at least 10 characters")
    func tenCharactersAccepted() throws {
        try world.start()
        let entry = try world.quests.answer(ownerID: world.owner, text: "  0123456789  ")
        #expect(entry.answer == "0123456789")
        #expect(entry.questNumber == 1)
        #expect(entry.completedAt == world.clock.now)
        #expect(entry.reflection == nil)
        #expect(entry.felt == nil)
        let state = try world.quests.currentState(ownerID: world.owner)
        #expect(state.completed == 1)
        #expect(state.entry(1) == entry)
    }

    @Test("characters are counted as a person sees them: ten Korean syllables are ten")
    func koreanCharacters() throws {
        try world.start()
        #expect(questError { _ = try world.quests.answer(ownerID: world.owner, text: "오늘은조금울었어요") }?.code == "answer_too_short")
        #expect(try world.quests.answer(ownerID: world.owner, text: "오늘은조금울었어요.").answer == "오늘은조금울었어요.")
    }

    @Test("answers that are too short are refused, saying the minimum", arguments: [
        "012345678", "         ", "", "\n\t  \n", "too short",
    ])
    func tooShort(_ text: String) throws {
        try world.start()
        let error = questError { _ = try world.quests.answer(ownerID: world.owner, text: text) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.code == "answer_too_short")
        #expect(error?.message.contains("10") == true)
        #expect(try world.quests.currentState(ownerID: world.owner).completed == 0)
    }

    @Test("whitespace around a short answer does not make it long enough")
    func paddedShortAnswer() throws {
        try world.start()
        let error = questError { _ = try world.quests.answer(ownerID: world.owner, text: "   123456789 \n\n  ") }
        #expect(error?.code == "answer_too_short")
    }

    @Test("an answer of 20,001 characters is refused; 20,000 is accepted")
    func tooLong() throws {
        try world.start()
        let error = questError { _ = try world.quests.answer(ownerID: world.owner, text: String(repeating: "a", count: 20_001)) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.code == "answer_too_long")
        #expect(try world.quests.currentState(ownerID: world.owner).completed == 0)
        #expect(try world.quests.answer(ownerID: world.owner, text: String(repeating: "a", count: 20_000)).answer?.count == 20_000)
    }

    @Test("answering an action journey is refused with a hint to mark it done")
    func answerOnAction() throws {
        try world.start(.action)
        let error = questError { _ = try world.quests.answer(ownerID: world.owner, text: "A long enough answer here.") }
        #expect(error?.kind == .invalidInput)
        #expect(error?.code == "wrong_quest_kind")
        #expect(error?.key == "action") // the CLI's hint line: tend quest done (CommandHintsTests)
        #expect(world.store.storedEntries.isEmpty)
    }

    @Test("marking a question journey done is refused with a hint to answer it")
    func doneOnQuestion() throws {
        try world.start(.question)
        let error = questError { _ = try world.quests.done(ownerID: world.owner, reflection: nil, felt: nil) }
        #expect(error?.kind == .invalidInput)
        #expect(error?.code == "wrong_quest_kind")
        #expect(error?.key == "question") // the CLI's hint line: tend quest answer (CommandHintsTests)
        #expect(world.store.storedEntries.isEmpty)
    }

    @Test("an action quest is done with an optional reflection and how it felt")
    func actionDone() throws {
        try world.start(.action)
        let bare = try world.quests.done(ownerID: world.owner, reflection: "   ", felt: nil)
        #expect(bare.reflection == nil)
        #expect(bare.felt == nil)
        #expect(bare.answer == nil)
        world.clock.advance(days: 1)
        let full = try world.quests.done(ownerID: world.owner, reflection: " Walked to the river. ", felt: .better)
        #expect(full.questNumber == 2)
        #expect(full.reflection == "Walked to the river.")
        #expect(full.felt == .better)
        world.clock.advance(days: 1)
        let error = questError { _ = try world.quests.done(ownerID: world.owner, reflection: String(repeating: "r", count: 20_001), felt: .same) }
        #expect(error?.code == "answer_too_long")
    }

    @Test("going further today is refused kindly: quest_not_open, with the next opening in details and the message")
    func notOpenYet() throws {
        try world.start()
        try world.complete()
        let error = questError { _ = try world.quests.answer(ownerID: world.owner, text: "Rushing ahead to the next one.") }
        #expect(error?.kind == .conflict)
        #expect(error?.code == "quest_not_open")
        #expect(error?.details as? Date == seoul("2026-11-03 00:00"))
        #expect(error?.message.contains("2026-11-03 00:00") == true)
        #expect(error?.message.contains("[not yet]") == true)
        #expect(try world.quests.currentState(ownerID: world.owner).completed == 1)

        let korean = questError { _ = try world.quests.answer(ownerID: world.owner, text: "Rushing ahead to the next one.", language: .ko) }
        #expect(korean?.message.contains("[아직]") == true)
        #expect(korean?.message.contains("2026-11-03 00:00") == true)
    }

    @Test("the refusal holds until local midnight, then the next quest opens")
    func opensAtMidnight() throws {
        try world.start()
        try world.complete()
        world.clock.set(seoul("2026-11-02 23:59:59"))
        #expect(questError { _ = try world.quests.answer(ownerID: world.owner, text: "Just before midnight.") }?.code == "quest_not_open")
        world.clock.set(seoul("2026-11-03 00:00"))
        #expect(try world.quests.answer(ownerID: world.owner, text: "Right after midnight.").questNumber == 2)
    }

    @Test("an action quest that is not open yet is refused the same way")
    func actionNotOpenYet() throws {
        try world.start(.action, paceDays: 2)
        try world.complete()
        world.clock.advance(days: 1)
        let error = questError { _ = try world.quests.done(ownerID: world.owner, reflection: nil, felt: nil) }
        #expect(error?.kind == .conflict)
        #expect(error?.code == "quest_not_open")
        #expect(error?.details as? Date == seoul("2026-11-04 00:00"))
    }

    @Test("completing quest 30 sets the journey's completedAt; nothing more can be completed")
    func completingQuestThirty() throws {
        let started = try world.start()
        try world.walk(29)
        #expect(world.store.journey(started.journey.id)?.completedAt == nil)
        let finishedAt = world.clock.now
        let last = try world.complete()
        #expect(last.questNumber == 30)
        let journey = try #require(world.store.journey(started.journey.id))
        #expect(journey.completedAt == finishedAt)
        #expect(journey.updatedAt == finishedAt)
        let state = try world.quests.currentState(ownerID: world.owner)
        #expect(state.isComplete)
        #expect(state.percent == 100)
        #expect(state.daysOnJourney == 30)
        world.clock.advance(days: 1)
        let error = questError { _ = try world.quests.answer(ownerID: world.owner, text: "One more answer, please.") }
        #expect(error?.code == "journey_complete")
        #expect(try world.quests.currentState(ownerID: world.owner).completed == 30)
    }

    @Test("progress: stage k/5, quest n/30, percent and days along the way")
    func progressFigures() throws {
        try world.start()
        try world.walk(15)
        let state = try world.quests.currentState(ownerID: world.owner)
        #expect(state.completed == 15)
        #expect(state.currentNumber == 16)
        #expect(state.stage == 3)
        #expect(state.percent == 50)
        #expect(state.daysOnJourney == 16)
        #expect(state.isCurrentOpen)
    }
}

@Suite("Quest use cases: editing, showing, deleting, the reminder")
struct QuestEditDeleteTests {
    let world = QuestWorld(start: seoul("2026-11-02 20:00"))

    @Test("editing an answer keeps the completion time and changes updatedAt")
    func editKeepsCompletion() throws {
        try world.start()
        let original = try world.complete("The first answer I wrote.")
        world.clock.advance(days: 2, hours: 3)
        let edited = try world.quests.edit(ownerID: world.owner, number: 1, text: "  A kinder answer, written later.  ")
        #expect(edited.id == original.id)
        #expect(edited.answer == "A kinder answer, written later.")
        #expect(edited.completedAt == original.completedAt)
        #expect(edited.createdAt == original.createdAt)
        #expect(edited.updatedAt == world.clock.now)
        #expect(edited.updatedAt != original.updatedAt)
        let stored = try world.quests.show(ownerID: world.owner, number: 1)
        #expect(stored.entry == edited)
        #expect(stored.status == .done)
        // Editing does not move the opening of the next quest.
        #expect(try world.quests.currentState(ownerID: world.owner).opensOn == date("2026-11-03"))
    }

    @Test("an edited answer must still be 10 characters or more")
    func editTooShort() throws {
        try world.start()
        try world.complete("The first answer I wrote.")
        let error = questError { _ = try world.quests.edit(ownerID: world.owner, number: 1, text: "too short") }
        #expect(error?.code == "answer_too_short")
        #expect(try world.quests.show(ownerID: world.owner, number: 1).entry?.answer == "The first answer I wrote.")
    }

    @Test("editing an action quest changes the reflection; an empty text clears it")
    func editReflection() throws {
        try world.start(.action)
        try world.complete("Walked to the river.")
        #expect(try world.quests.edit(ownerID: world.owner, number: 1, text: "Walked, then sat by the river.").reflection
            == "Walked, then sat by the river.")
        let cleared = try world.quests.edit(ownerID: world.owner, number: 1, text: "  ")
        #expect(cleared.reflection == nil)
        #expect(cleared.felt == .better)
    }

    @Test("editing a quest that is not done is refused")
    func editNotDone() throws {
        try world.start()
        try world.complete()
        for number in [2, 5, 30] {
            let error = questError { _ = try world.quests.edit(ownerID: world.owner, number: number, text: "Nothing to edit here yet.") }
            #expect(error?.kind == .invalidInput)
            #expect(error?.code == "quest_not_done")
        }
    }

    @Test("quest numbers outside 1…30 are refused", arguments: [0, 31, -1, 100])
    func numbersOutOfRange(_ number: Int) throws {
        try world.start()
        let shown = questError { _ = try world.quests.show(ownerID: world.owner, number: number) }
        #expect(shown?.kind == .invalidInput)
        #expect(shown?.code == "invalid_quest_number")
        let edited = questError { _ = try world.quests.edit(ownerID: world.owner, number: number, text: "Some long enough text.") }
        #expect(edited?.code == "invalid_quest_number")
    }

    @Test("show gives the quest, its stage, its status and what was written")
    func show() throws {
        try world.start()
        try world.walk(6)
        let done = try world.quests.show(ownerID: world.owner, number: 6)
        #expect(done.quest.number == 6)
        #expect(done.quest.title.en == "question title 6")
        #expect(done.stage.number == 1)
        #expect(done.status == .done)
        #expect(done.entry?.questNumber == 6)
        let open = try world.quests.show(ownerID: world.owner, number: 7)
        #expect(open.stage.number == 2)
        #expect(open.status == .open)
        #expect(open.entry == nil)
        let locked = try world.quests.show(ownerID: world.owner, number: 30)
        #expect(locked.status == .locked)
        #expect(locked.stage.number == 5)
    }

    @Test("with no journey, today and show are not found")
    func noJourney() {
        #expect(questError { _ = try world.quests.today(ownerID: world.owner) }?.kind == .notFound)
        #expect(questError { _ = try world.quests.today(ownerID: world.owner) }?.code == "no_journey")
        #expect(questError { _ = try world.quests.show(ownerID: world.owner, number: 1) }?.kind == .notFound)
        #expect(questError { _ = try world.quests.answer(ownerID: world.owner, text: "A long enough answer.") }?.kind == .notFound)
    }

    @Test("deleting a journey wipes its answers and the journey disappears")
    func deleteWipes() throws {
        let journey = try world.start().journey
        try world.walk(3)
        #expect(world.store.storedEntries.count == 3)
        world.clock.advance(hours: 5)
        try world.quests.delete(ownerID: world.owner, journeyID: journey.id)

        #expect(world.store.wipedJourneys == [journey.id])
        let stored = world.store.storedEntries
        #expect(stored.count == 3)
        #expect(stored.allSatisfy { $0.entry.answer == nil && $0.entry.reflection == nil && $0.entry.felt == nil })
        #expect(stored.allSatisfy { $0.deletedAt == world.clock.now })
        #expect(world.store.journey(journey.id)?.deletedAt == world.clock.now)

        #expect(try world.quests.allJourneys(ownerID: world.owner).isEmpty)
        #expect(questError { _ = try world.quests.review(ownerID: world.owner, journeyID: journey.id) }?.code == "journey_not_found")
        #expect(questError { _ = try world.quests.currentState(ownerID: world.owner) }?.code == "no_journey")
        #expect(questError { try world.quests.delete(ownerID: world.owner, journeyID: journey.id) }?.kind == .notFound)
        // A journey can start again.
        #expect(try world.start(.action).currentNumber == 1)
        #expect(world.store.writesOutsideTransaction == 0)
    }

    @Test("deleting the journey in progress brings back the last finished one as current")
    func deleteCurrentKeepsFinished() throws {
        let first = try world.start().journey
        try world.walk(30)
        let second = try world.quests.startNew(ownerID: world.owner, style: nil).journey
        try world.quests.delete(ownerID: world.owner, journeyID: second.id)
        let current = try world.quests.currentState(ownerID: world.owner)
        #expect(current.journey.id == first.id)
        #expect(current.completed == 30)
        #expect(world.store.wipedJourneys == [second.id])
    }

    @Test("another person cannot read or delete a journey")
    func otherOwner() throws {
        let journey = try world.start().journey
        try world.complete()
        #expect(questError { _ = try world.quests.review(ownerID: "intruder", journeyID: journey.id) }?.code == "journey_not_found")
        #expect(questError { try world.quests.delete(ownerID: "intruder", journeyID: journey.id) }?.code == "journey_not_found")
        #expect(world.store.wipedJourneys.isEmpty)
        #expect(try world.quests.review(ownerID: world.owner, journeyID: journey.id).completed == 1)
    }

    @Test("the reminder is 21:00 until set; setting it stores it")
    func reminder() throws {
        let defaults = try world.quests.settings(ownerID: world.owner)
        #expect(defaults.reminder == time("21:00"))
        #expect(defaults.ownerID == world.owner)
        #expect(world.store.storedQuestSettings(world.owner) == nil)

        let set = try world.quests.setReminder(ownerID: world.owner, at: time("21:30"))
        #expect(set.reminder == time("21:30"))
        #expect(world.store.storedQuestSettings(world.owner)?.reminder == time("21:30"))
        #expect(try world.quests.settings(ownerID: world.owner).reminder == time("21:30"))

        world.clock.advance(days: 1)
        let again = try world.quests.setReminder(ownerID: world.owner, at: time("07:05"))
        #expect(again.id == set.id)
        #expect(again.createdAt == set.createdAt)
        #expect(again.updatedAt == world.clock.now)
        #expect(world.store.storedQuestSettings(world.owner)?.reminder == time("07:05"))
        #expect(try world.quests.settings(ownerID: "someone-else").reminder == time("21:00"))
    }
}

@Suite("Quest use cases: a failing write rolls everything back")
struct QuestRollbackTests {
    let world = QuestWorld(start: seoul("2026-11-02 20:00"))

    @Test("the entry repository failing on quest 30 records no completion of the journey")
    func entryInsertFails() throws {
        let journey = try world.start().journey
        try world.walk(29)
        world.store.fail(.questEntryInsert) { (entry: QuestEntry) in entry.questNumber == 30 }
        #expect(throws: FakeFailure.self) { try world.complete() }
        #expect(world.store.journey(journey.id)?.completedAt == nil)
        let state = try world.quests.currentState(ownerID: world.owner)
        #expect(state.completed == 29)
        #expect(state.isCurrentOpen)
        #expect(world.store.rollbacks >= 1)
    }

    @Test("the journey update failing on quest 30 takes back the answer written in the same write")
    func journeyUpdateFails() throws {
        let journey = try world.start().journey
        try world.walk(29)
        world.store.fail(.journeyUpdate) { (journey: Journey) in journey.completedAt != nil }
        #expect(throws: FakeFailure.self) { try world.complete() }
        #expect(world.store.storedEntries.count == 29)
        #expect(world.store.journey(journey.id)?.completedAt == nil)
        #expect(try world.quests.currentState(ownerID: world.owner).currentNumber == 30)
        // Once the store works again, quest 30 can be completed.
        world.store.stopFailing(.journeyUpdate)
        try world.complete()
        #expect(world.store.journey(journey.id)?.completedAt != nil)
    }

    @Test("a failing delete leaves the answers and the journey as they were")
    func deleteFails() throws {
        let journey = try world.start().journey
        try world.walk(2)
        let before = world.store.storedEntries
        world.store.fail(.journeyUpdate) { (journey: Journey) in journey.deletedAt != nil }
        #expect(throws: FakeFailure.self) { try world.quests.delete(ownerID: world.owner, journeyID: journey.id) }
        #expect(world.store.storedEntries == before)
        #expect(world.store.storedEntries.allSatisfy { $0.entry.answer != nil && $0.deletedAt == nil })
        #expect(world.store.journey(journey.id)?.deletedAt == nil)
        #expect(try world.quests.currentState(ownerID: world.owner).completed == 2)
    }

    @Test("a failing edit keeps the old answer")
    func editFails() throws {
        try world.start()
        try world.complete("The first answer I wrote.")
        world.store.fail(.questEntryUpdate)
        #expect(throws: FakeFailure.self) { _ = try world.quests.edit(ownerID: world.owner, number: 1, text: "Another answer, later.") }
        #expect(try world.quests.show(ownerID: world.owner, number: 1).entry?.answer == "The first answer I wrote.")
    }

    @Test("a failing start stores no journey")
    func startFails() {
        world.store.fail(.journeyInsert)
        #expect(throws: FakeFailure.self) { try world.start() }
        #expect(world.store.allJourneys.isEmpty)
    }
}
