import Foundation
import Testing
import Core
import HTTP
@testable import WebFeature

/// One shared event edited (by either member) and deleted from its own page, through the
/// calendar's `editEvent` and `deleteEvent`.
@Suite("Web app: editing and deleting a shared event")
struct CoupleEventEditPagesTests {
    /// Minji adds a timed event in December; its edit page's address from the month's list.
    static func videoCall(_ minji: WebBrowser) throws -> String {
        minji.get("/couple/calendar")
        let added = minji.post("/couple/calendar/events", [("title", "Video call"), ("start", "2026-12-02"), ("start_time", "21:30"),
                                                           ("for", "us"), ("repeat", "none")])
        #expect(added.location == "/couple/calendar?month=2026-12&done=added")
        let month = minji.follow(added).html
        return try #require(month.range(of: #"/couple/calendar/events/[0-9a-f-]+/edit\?month=2026-12"#, options: .regularExpression)
            .map { String(month[$0]) })
    }

    @Test func eitherMemberEditsTheEventAndItIsDeletedFromItsPage() throws {
        let (_, minji, jun) = try CoupleSpacePagesTests.paired()
        let edit = try Self.videoCall(minji)
        let form = jun.get(edit).html
        #expect(form.contains(#"<label for="f-title">"#) && form.contains(#"name="title" type="text" value="Video call""#))
        #expect(form.contains(#"name="start" type="date" value="2026-12-02""#) && form.contains(#"value="21:30""#))
        #expect(form.contains(#"name="csrf""#))
        let path = String(edit.prefix { $0 != "?" }.dropLast("/edit".count))
        let saved = jun.post(path, [("month", "2026-12"), ("original_start", "2026-12-02"), ("original_start_time", "21:30"),
                                    ("original_end", ""), ("title", "Video call <b>late</b>"), ("start", "2026-12-03"),
                                    ("start_time", "22:00"), ("end", ""), ("for", "us"), ("repeat", "weekly")])
        #expect(saved.location == "/couple/calendar?month=2026-12&done=edited")
        let december = minji.get("/couple/calendar?month=2026-12").html
        #expect(december.contains("Video call &lt;b&gt;late&lt;/b&gt;") && december.contains("22:00") && december.contains("every week"))
        #expect(!december.contains("<b>late</b>"))

        let page = minji.get(edit).html
        let delete = try #require(page.range(of: #"/couple/calendar/events/[0-9a-f-]+/delete"#, options: .regularExpression)
            .map { String(page[$0]) })
        #expect(minji.post(delete, [("month", "2026-12")]).location == "/couple/calendar?month=2026-12&done=deleted")
        #expect(!jun.get("/couple/calendar?month=2026-12").html.contains("Video call"))
        #expect(jun.get(edit).status == 404, "a deleted event has no page")
    }

    @Test func aBadEditIsRefusedWithItsReasonAndNothingChanges() throws {
        let (_, minji, _) = try CoupleSpacePagesTests.paired()
        let edit = try Self.videoCall(minji)
        minji.get(edit)
        let path = String(edit.prefix { $0 != "?" }.dropLast("/edit".count))
        let fields = [("month", "2026-12"), ("original_start", "2026-12-02"), ("original_start_time", "21:30"), ("original_end", ""),
                      ("title", "Video call"), ("start", "2026-12-02"), ("end", ""), ("for", "us"), ("repeat", "none")]
        let badTime = minji.post(path, fields + [("start_time", "25:61")])
        #expect(badTime.status == 400 && badTime.html.contains("start_time must be HH:MM"))
        #expect(badTime.html.contains(#"value="25:61""#) || badTime.html.contains("25:61"), "what was typed is shown back")
        minji.get(edit)
        let noTitle = minji.post(path, [("title", " ")] + fields.filter { $0.0 != "title" } + [("start_time", "21:30")])
        #expect(noTitle.status == 400)
        let december = minji.get("/couple/calendar?month=2026-12").html
        #expect(december.contains("Video call") && december.contains("21:30"), "the event is as it was")
        minji.headers["Accept-Language"] = "ko"
        #expect(minji.get(edit).html.contains("일정 수정"))
    }

    @Test func anotherCouplesEventIsNotFound() throws {
        let (app, minji, _) = try CoupleSpacePagesTests.paired()
        let edit = try Self.videoCall(minji)
        let path = String(edit.prefix { $0 != "?" }.dropLast("/edit".count))
        let outsider = WebWorld.signedUp(app, email: "someone@example.com", name: "Someone")
        #expect(outsider.get(edit).status == 404)
        outsider.get("/account")
        #expect(outsider.post(path, [("title", "mine now"), ("start", "2026-12-02")]).status == 404)
        outsider.get("/account")
        #expect(outsider.post(path + "/delete", [("month", "2026-12")]).status == 404)
        #expect(minji.get("/couple/calendar?month=2026-12").html.contains("Video call"), "untouched")
        #expect(minji.get("/couple/calendar/events/nope/edit").status == 404)
    }
}
