import Foundation
import Testing
import Core
import Domain
import HTTP
import Composition
@testable import WebFeature

/// The quest reminder's on/off box on `/quest/journeys`: a plain form, no script needed.
@Suite("Web app: the quest reminder switched off and on")
struct QuestReminderSwitchPageTests {
    /// The quest reminders waiting to be sent, after the re-plan the write asked for.
    static func pendingQuestReminders(_ container: Container, _ owner: String) throws -> [Domain.Notification] {
        container.notifications.refreshRequested()
        return try container.notifications.history(ownerID: owner, state: .pending).filter { $0.rule == .quest }
    }

    @Test func untickingTheBoxTurnsItOffAndTickingItTurnsItOnWithTheTimeKept() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        _ = try QuestJourneyPagesTests.started(browser)
        let owner = try WebWorld.ownerID(container)
        let page = browser.get("/quest/journeys").html
        // A labelled checkbox, ticked while the reminder is on; the marker says the box was on the form.
        #expect(page.contains(#"<label class="choice"><input id="f-reminder-on" type="checkbox" name="reminder_on" value="on" checked>"#),
                "\(page)")
        #expect(page.contains("Remind me of the day&#39;s quest"))
        #expect(page.contains(#"name="reminder_switch" value="1""#))
        #expect(try !Self.pendingQuestReminders(container, owner).isEmpty, "a journey plans tonight's reminder")

        // Unticked: the box sends nothing, the marker does.
        let off = browser.post("/quest/reminder", [("reminder_switch", "1"), ("reminder", "22:20")])
        #expect(off.location == "/quest/journeys?done=reminder")
        let settings = try container.quests.settings(ownerID: owner)
        #expect(!settings.reminderEnabled && settings.reminder.description == "22:20")
        #expect(try Self.pendingQuestReminders(container, owner).isEmpty, "no quest reminder is left to send")
        let unticked = browser.get("/quest/journeys").html
        #expect(unticked.contains(#"name="reminder_on" value="on">"#) && !unticked.contains(#"value="on" checked"#))

        let on = browser.post("/quest/reminder", [("reminder_switch", "1"), ("reminder_on", "on"), ("reminder", "22:20")])
        #expect(on.location == "/quest/journeys?done=reminder")
        #expect(try container.quests.settings(ownerID: owner).reminderEnabled)
        let planned = try Self.pendingQuestReminders(container, owner)
        #expect(!planned.isEmpty)
        #expect(planned.allSatisfy { $0.occasion.hasPrefix("quest:") })
    }

    @Test func aRefusedTimeKeepsTheBoxAsSentAndWritesNothing() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        let owner = try WebWorld.ownerID(container)
        browser.get("/quest/journeys")
        let bad = browser.post("/quest/reminder", [("reminder_switch", "1"), ("reminder", "late")])
        #expect(bad.status == 400)
        #expect(bad.html.contains(#"name="reminder_on" value="on">"#), "unticked as it was sent")
        #expect(try container.quests.settings(ownerID: owner).reminderEnabled, "nothing was written")
        // A post without the marker (an older form) moves the time and leaves the switch alone.
        browser.get("/quest/journeys")
        #expect(browser.post("/quest/reminder", [("reminder", "06:40")]).location == "/quest/journeys?done=reminder")
        #expect(try container.quests.settings(ownerID: owner).reminderEnabled)
        browser.headers["Accept-Language"] = "ko"
        #expect(browser.get("/quest/journeys").html.contains("오늘의 퀘스트 알림 받기"))
    }
}
