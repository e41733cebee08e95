import Testing
@testable import WebFeature

/// The tab bar is built once per language and marked tab: each page still gets its own
/// language's words and its own tab marked.
@Suite("Web app: the tab bar")
struct TabBarTests {
    @Test func eachPageMarksItsTabInItsLanguage() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        let today = browser.get("/today").html
        #expect(today.contains(#"<nav class="tabs" aria-label="Main"><a href="/today" aria-current="page">"#))
        #expect(today.contains(#"<a href="/insulin"><span class="glyph" aria-hidden="true">✚</span><span>Insulin</span></a>"#))
        let insulin = browser.get("/insulin").html
        #expect(insulin.contains(#"<a href="/today"><span class="glyph" aria-hidden="true">◎</span><span>Today</span></a>"#))
        #expect(insulin.contains(#"<a href="/insulin" aria-current="page">"#))
        #expect(browser.get("/quest").html.contains(#"<nav class="tabs""#) && !browser.get("/quest").html.contains(#"aria-current="page""#))

        #expect(browser.get("/language?set=ko&back=/today").status == 303)
        let korean = browser.get("/today").html
        #expect(korean.contains(#"<nav class="tabs" aria-label="주 메뉴"><a href="/today" aria-current="page">"#))
        #expect(korean.contains("<span>인슐린</span>"))
        #expect(!korean.contains("<span>Insulin</span>"))
    }
}
