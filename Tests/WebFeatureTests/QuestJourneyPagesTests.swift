import Foundation
import Testing
import Core
import HTTP
@testable import WebFeature

/// The quest reminder's time and deleting a journey after its confirmation page.
@Suite("Web app: the quest reminder and deleting a journey")
struct QuestJourneyPagesTests {
    /// A journey started through the onboarding form; its id from the journeys page.
    static func started(_ browser: WebBrowser) throws -> String {
        browser.get("/quest")
        #expect(browser.post("/quest/start", [("nickname", "Minji <3"), ("feeling", "sad"), ("style", "question")]).location == "/quest")
        let list = browser.get("/quest/journeys").html
        return try #require(list.range(of: #"/quest/journeys/[0-9a-f-]+"#, options: .regularExpression).map {
            String(list[$0].dropFirst("/quest/journeys/".count))
        })
    }

    @Test func theReminderTimeIsSavedAndABadOneRefused() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        let page = browser.get("/quest/journeys").html
        #expect(page.contains(#"<label for="f-reminder">"#) && page.contains(#"name="reminder" type="time" value="21:00""#))
        #expect(browser.post("/quest/reminder", [("reminder", "07:30")]).location == "/quest/journeys?done=reminder")
        #expect(browser.get("/quest/journeys?done=reminder").html.contains("✓ Saved the reminder time."))
        let owner = try WebWorld.ownerID(container)
        #expect(try container.quests.settings(ownerID: owner).reminder.description == "07:30")

        browser.get("/quest/journeys")
        let bad = browser.post("/quest/reminder", [("reminder", "25:00 <b>")])
        #expect(bad.status == 400 && bad.html.contains("must be a time as HH:MM"))
        #expect(bad.html.contains(#"value="25:00 &lt;b&gt;""#), "what was typed comes back, as text")
        #expect(try container.quests.settings(ownerID: owner).reminder.description == "07:30", "nothing was written")
        browser.headers["Accept-Language"] = "ko"
        browser.get("/quest/journeys")
        #expect(browser.post("/quest/reminder", [("reminder", "soon")]).html.contains("HH:MM으로 써 주세요"))
        #expect(browser.get("/quest/journeys").html.contains("퀘스트 알림"))
    }

    @Test func aJourneyIsDeletedOnlyAfterItsConfirmationPage() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        let id = try Self.started(browser)
        #expect(browser.get("/quest/journeys/\(id)").html.contains(#"href="/quest/journeys/\#(id)/delete""#))
        let confirm = browser.get("/quest/journeys/\(id)/delete")
        #expect(confirm.status == 200 && confirm.html.contains("cannot be undone"))
        #expect(confirm.html.contains("Minji &lt;3"))
        #expect(confirm.html.contains(#"<form method="post" action="/quest/journeys/\#(id)/delete""#))
        let owner = try WebWorld.ownerID(container)
        #expect(try container.quests.allJourneys(ownerID: owner).count == 1, "the confirmation page deletes nothing")
        #expect(browser.post("/quest/journeys/\(id)/delete", []).location == "/quest/journeys?done=deleted")
        #expect(browser.get("/quest/journeys?done=deleted").html.contains("✓ Deleted the journey."))
        #expect(try container.quests.allJourneys(ownerID: owner).isEmpty)
        #expect(browser.get("/quest/journeys/\(id)/delete").status == 404)
    }

    @Test func anotherAccountsJourneyIsNotFound() throws {
        let (container, app) = try WebWorld.make()
        let minji = WebWorld.signedUp(app)
        let id = try Self.started(minji)
        let jun = WebWorld.signedUp(app, email: "jun@example.com", name: "Jun")
        #expect(jun.get("/quest/journeys/\(id)/delete").status == 404)
        jun.get("/quest/journeys")
        #expect(jun.post("/quest/journeys/\(id)/delete", []).status == 404)
        #expect(try container.quests.allJourneys(ownerID: try WebWorld.ownerID(container)).count == 1)
        // Without the form's token nothing is deleted either.
        #expect(minji.post("/quest/journeys/\(id)/delete", [], csrf: "forged").status == 403)
        #expect(try container.quests.allJourneys(ownerID: try WebWorld.ownerID(container)).count == 1)
    }
}
