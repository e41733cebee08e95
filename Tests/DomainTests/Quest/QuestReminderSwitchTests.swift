import Foundation
import Testing
import Core
@testable import Domain

/// The quest reminder switched off and on again (the seed's 퀘스트 알림): the time stays, the
/// write publishes `.questChanged`, and the notification rule plans nothing while it is off.
@Suite("Quest reminder: off and on again")
struct QuestReminderSwitchTests {
    let world = QuestWorld(start: seoul("2026-11-02 20:00"))

    @Test("on by default; off keeps the chosen time; on again brings it back")
    func offAndOnKeepTheTime() throws {
        #expect(try world.quests.settings(ownerID: world.owner).reminderEnabled)
        _ = try world.quests.setReminder(ownerID: world.owner, at: time("22:15"))
        world.clock.advance(days: 1)
        let off = try world.quests.switchReminder(ownerID: world.owner, on: false)
        #expect(!off.reminderEnabled)
        #expect(off.reminder == time("22:15"))
        #expect(off.updatedAt == world.clock.now)
        #expect(world.store.storedQuestSettings(world.owner)?.reminderEnabled == false)
        #expect(world.store.storedQuestSettings(world.owner)?.reminder == time("22:15"))

        // Moving the time while off leaves it off.
        #expect(try world.quests.setReminder(ownerID: world.owner, at: time("06:00")).reminderEnabled == false)
        let on = try world.quests.switchReminder(ownerID: world.owner, on: true)
        #expect(on.reminderEnabled)
        #expect(on.reminder == time("06:00"))
        #expect(on.id == off.id)
        #expect(try world.quests.settings(ownerID: "someone-else").reminderEnabled, "another owner's stays on")
    }

    @Test("each switch publishes .questChanged for its owner, after it is stored")
    func publishesQuestChanged() throws {
        _ = try world.quests.switchReminder(ownerID: world.owner, on: false)
        _ = try world.quests.switchReminder(ownerID: world.owner, on: true)
        #expect(world.events.all == [.questChanged(ownerID: world.owner), .questChanged(ownerID: world.owner)])
    }

    @Test("the time and the switch in one write; neither is a refusal that writes nothing")
    func bothOrNeither() throws {
        let both = try world.quests.updateReminder(ownerID: world.owner, at: time("20:30"), enabled: false)
        #expect(both.reminder == time("20:30") && !both.reminderEnabled)
        #expect(world.events.all.count == 1)
        let refused = questError { _ = try world.quests.updateReminder(ownerID: world.owner, at: nil, enabled: nil) }
        #expect(refused?.code == "nothing_to_change")
        #expect(refused?.kind == .invalidInput)
        #expect(world.events.all.count == 1, "a refusal publishes nothing")
    }

    @Test("a failing save leaves the reminder on and publishes nothing")
    func failingSaveRollsBack() throws {
        _ = try world.quests.setReminder(ownerID: world.owner, at: time("21:30"))
        world.store.fail(.questSettingsSave)
        #expect(throws: FakeFailure.self) { try world.quests.switchReminder(ownerID: world.owner, on: false) }
        #expect(world.store.storedQuestSettings(world.owner)?.reminderEnabled == true)
        #expect(world.events.all.count == 1, "only the time's write was published")
    }
}

@Suite("Notification rules: the quest reminder's switch")
struct QuestReminderSwitchNotificationTests {
    let owner = "owner-a"

    /// A journey with today's quest open, a channel, and tonight's reminder planned (21:00).
    func world() throws -> NotificationWorld {
        let world = NotificationWorld(now: seoul("2026-11-30 10:00"))
        try world.addChannel(owner)
        _ = try world.quests.start(ownerID: owner, .init(nickname: "Mina", feeling: .sad, style: .question))
        try world.notifications.refresh(ownerID: owner, rule: .quest)
        #expect(world.all(owner, .quest).filter { $0.state == .pending }.count == 2)
        return world
    }

    /// What the container does with the event a write published: the re-plan it asks for.
    func replanFromEvents(_ world: NotificationWorld) {
        for event in world.events.all { world.notifications.hear(event) }
        world.notifications.refreshRequested()
    }

    @Test("off: tonight's and tomorrow's reminders are dropped and nothing is sent at 21:00")
    func offDropsAndSendsNothing() throws {
        let world = try world()
        _ = try world.quests.switchReminder(ownerID: owner, on: false)
        replanFromEvents(world)
        #expect(world.all(owner, .quest).allSatisfy { $0.state == .cancelled })
        #expect(try NotificationRules(insulin: world.insulin, quests: world.quests, supplements: world.supplements)
            .wanted(.quest, ownerID: owner, now: world.now).isEmpty)
        try world.deliver(at: seoul("2026-11-30 21:00"))
        try world.deliver(at: seoul("2026-12-01 21:00"))
        #expect(world.sender.attempts.isEmpty)
    }

    @Test("on again: tonight's reminder is planned at the kept time and sent")
    func onAgainPlansAndSends() throws {
        let world = try world()
        _ = try world.quests.updateReminder(ownerID: owner, at: time("21:40"), enabled: false)
        replanFromEvents(world)
        world.move(to: seoul("2026-11-30 15:00"))
        _ = try world.quests.switchReminder(ownerID: owner, on: true)
        replanFromEvents(world)
        let tonight = try #require(try world.notification(owner, .quest, "quest:2026-11-30"))
        #expect(tonight.state == .pending)
        #expect(tonight.dueAt == seoul("2026-11-30 21:40"))
        try world.deliver(at: seoul("2026-11-30 21:40"))
        #expect(try world.notification(owner, .quest, "quest:2026-11-30")?.state == .sent)
        #expect(world.sender.delivered.count == 1)
    }
}
