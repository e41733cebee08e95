import Foundation
import Testing
import Core
import Domain
import HTTP
@testable import WebFeature

@Suite("Web app: the insulin log")
struct InsulinPagesTests {
    @Test func oneTapLogsTheDefaultDoseAndTheGuardAsksBeforeASecond() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        let home = browser.get("/insulin")
        #expect(home.html.contains(#"<button type="submit" name="kind" value="long""#))
        #expect(home.html.contains(#"<button type="submit" name="kind" value="rapid""#))
        let logged = browser.post("/insulin/doses", [("kind", "long")])
        #expect(logged.status == 303)
        let shown = browser.follow(logged)
        #expect(shown.html.contains("✓ Long-acting 10 u · taken at 21:00"))
        #expect(shown.html.contains("Long-acting: ✓ taken at 21:00 (10 u)"))

        let refused = browser.post("/insulin/doses", [("kind", "long")])
        #expect(refused.status == 409)
        #expect(refused.html.contains("Long-acting 10 u was already logged today at 21:00 (less than 12 h apart)"))
        #expect(refused.html.contains(#"<input type="hidden" name="force" value="true">"#))
        #expect(refused.html.contains("Log it anyway"))
        let owner = try #require(container.accounts.login(email: "minji@example.com", password: "correct horse battery").session.accountID)
        #expect(try container.insulin.listDoses(ownerID: owner, in: nil).count == 1)

        let forced = browser.post("/insulin/doses", [("force", "true"), ("kind", "long")])
        #expect(forced.status == 303)
        #expect(try container.insulin.listDoses(ownerID: owner, in: nil).count == 2)
    }

    @Test func unitsAndTimeCanBeChangedBeforeLogging() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app, name: "Minji")
        browser.get("/insulin")
        #expect(browser.post("/insulin/doses", [("kind", "rapid"), ("units", "4,5"), ("taken_at", "19:40")]).status == 303)
        let owner = try #require(container.accounts.login(email: "minji@example.com", password: "correct horse battery").session.accountID)
        let dose = try #require(container.insulin.listDoses(ownerID: owner, in: nil).first)
        #expect(dose.units == 4.5)
        #expect(TimeZone(identifier: "Asia/Seoul")!.localTime(of: dose.takenAt).description == "19:40")
        browser.get("/insulin")
        let bad = browser.post("/insulin/doses", [("kind", "rapid"), ("units", "250")])
        #expect(bad.status == 400)
        #expect(bad.html.contains("units must be more than 0 and at most 100"))
    }

    @Test func editAndDeleteADose() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        browser.get("/insulin")
        browser.post("/insulin/doses", [("kind", "long")])
        let owner = try #require(container.accounts.login(email: "minji@example.com", password: "correct horse battery").session.accountID)
        let dose = try #require(container.insulin.listDoses(ownerID: owner, in: nil).first)
        let list = browser.get("/insulin/doses")
        #expect(list.html.contains("/insulin/doses/\(dose.id)"))
        let form = browser.get("/insulin/doses/\(dose.id)")
        #expect(form.html.contains(#"value="2026-11-30T21:00""#))
        let saved = browser.post("/insulin/doses/\(dose.id)", [("kind", "long"), ("units", "12"), ("taken_at", "2026-11-30T20:30"),
                                                               ("note", "<b>left arm</b>")])
        #expect(saved.location == "/insulin/doses?month=2026-11&saved=1")
        let edited = try container.insulin.listDoses.dose(ownerID: owner, id: dose.id)
        #expect(edited.units == 12 && edited.note == "<b>left arm</b>")
        let page = browser.follow(saved)
        #expect(page.html.contains("&lt;b&gt;left arm&lt;/b&gt;"))
        browser.get("/insulin/doses/\(dose.id)")
        #expect(browser.post("/insulin/doses/\(dose.id)/delete", []).location == "/insulin/doses?month=2026-11&deleted=1")
        #expect(try container.insulin.listDoses(ownerID: owner, in: nil).isEmpty)
    }

    @Test func anotherAccountsDoseIsNotFound() throws {
        let (container, app) = try WebWorld.make()
        let owner = WebWorld.signedUp(app)
        owner.get("/insulin")
        owner.post("/insulin/doses", [("kind", "long")])
        let ownerID = try #require(container.accounts.login(email: "minji@example.com", password: "correct horse battery").session.accountID)
        let dose = try #require(container.insulin.listDoses(ownerID: ownerID, in: nil).first)
        let other = WebWorld.signedUp(app, email: "jun@example.com", name: "Jun")
        #expect(other.get("/insulin/doses/\(dose.id)").status == 404)
        other.get("/insulin")
        #expect(other.post("/insulin/doses/\(dose.id)/delete", []).status == 404)
        other.get("/insulin")
        #expect(other.post("/insulin/doses/\(dose.id)", [("units", "1")]).status == 404)
        #expect(try container.insulin.listDoses(ownerID: ownerID, in: nil).count == 1)
    }

    @Test func theCalendarShowsTheMonthItsFiguresAndTheChart() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app, name: "Minji")
        let owner = try #require(container.accounts.login(email: "minji@example.com", password: "correct horse battery").session.accountID)
        browser.get("/insulin")
        browser.post("/insulin/doses", [("kind", "long")])
        browser.post("/insulin/doses", [("kind", "rapid"), ("taken_at", "12:10")])
        _ = owner
        let page = browser.get("/insulin/calendar?month=2026-11")
        #expect(page.status == 200)
        #expect(page.html.contains("<h1>November 2026</h1>"))
        #expect(page.html.contains(#"<td class="taken today rapid"><span aria-label="Mon 30 November, ● long-acting taken, • rapid-acting">30</span></td>"#))
        #expect(page.html.contains("<dt>Adherence</dt><dd>100%</dd>"))
        #expect(page.html.contains("<dt>Average time</dt><dd>21:00</dd>"))
        #expect(page.html.contains(#"<svg xmlns="http://www.w3.org/2000/svg""#), "the chart the CLI draws, inline")
        #expect(browser.get("/insulin/calendar?month=1800-01").status == 400)
        let korean = WebBrowser(app, headers: ["Accept-Language": "ko"])
        korean.cookies = browser.cookies
        let ko = korean.get("/insulin/calendar?month=2026-11")
        #expect(ko.html.contains("<h1>2026년 11월</h1>"))
        #expect(ko.html.contains("<dt>복약률</dt><dd>100%</dd>"))
    }

    @Test func koreanWidgetUsesTheSeedsWords() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        browser.headers["Accept-Language"] = "ko"
        browser.get("/insulin")
        browser.post("/insulin/doses", [("kind", "long")])
        let refused = browser.post("/insulin/doses", [("kind", "long")])
        #expect(refused.html.contains("오늘 21:00에 지효성 10단위를 이미 기록했어요 (간격이 12시간보다 짧아요)."))
        #expect(refused.html.contains("그래도 기록하기"))
        #expect(browser.get("/today").html.contains("지효성: ✓ 21:00에 맞았어요 (10단위)"))
    }
}
