import Foundation
import Synchronization
import Testing
import Core
import Composition
import HTTP
@testable import WebFeature

/// A clock a test moves forward (a quest opens a day after the last one was done).
final class SteppingClock: Clock {
    private let instant: Mutex<Date>
    init(_ start: Date) { instant = Mutex(start) }
    var now: Date { instant.withLock { $0 } }
    func advance(days: Int) { instant.withLock { $0 = $0.addingTimeInterval(Double(days) * 86_400) } }
}

@Suite("Web app: the quest journey")
struct QuestPagesTests {
    static let answer = "<script>alert('bori')</script> I miss the walks we took."

    @Test func onboardingWithBoriThenTodaysQuestAnsweredAndEdited() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        let onboarding = browser.get("/quest").html
        #expect(onboarding.contains("Hi, I&#39;m Bori."))
        #expect(onboarding.contains(#"name="nickname""#) && onboarding.contains(#"name="feeling" value="sad""#))
        #expect(onboarding.contains(#"name="style" value="question""#) && onboarding.contains(#"name="style" value="action""#))

        let noFeeling = browser.post("/quest/start", [("nickname", "Minji"), ("style", "question")])
        #expect(noFeeling.status == 400 && noFeeling.html.contains("feeling must be one of"))
        #expect(noFeeling.html.contains(#"value="Minji""#), "what was typed stays in the form")
        #expect(browser.post("/quest/start", [("nickname", " "), ("feeling", "sad"), ("style", "question")]).status == 400)
        browser.get("/quest")
        #expect(browser.post("/quest/start", [("nickname", "M"), ("feeling", "sad"), ("style", "question"), ("pace_days", "9")]).status == 400)
        browser.get("/quest")
        #expect(browser.post("/quest/start", [("nickname", "Minji <3"), ("feeling", "sad"), ("style", "question")]).location == "/quest")

        let today = browser.get("/quest").html
        #expect(today.contains("Facing the feelings"))
        #expect(today.contains("Stage 1 · Facing the ending · Quest 1/30"))
        #expect(today.contains("🐾 "))
        #expect(today.contains(#"<textarea id="f-text" name="text""#))
        #expect(today.contains(#"aria-current="step""#))

        let short = browser.post("/quest/answer", [("text", "too short")])
        #expect(short.status == 400 && short.html.contains("the answer is too short") && short.html.contains(">too short</textarea>"))
        browser.get("/quest")
        #expect(browser.post("/quest/done", []).status == 400, "a question quest is answered, not marked done")
        browser.get("/quest")
        let saved = browser.post("/quest/answer", [("text", Self.answer)])
        #expect(saved.location == "/quest?done=saved")
        let after = browser.follow(saved).html
        #expect(after.contains("✓ Saved. See you tomorrow."))
        #expect(after.contains("&lt;script&gt;alert(&#39;bori&#39;)&lt;/script&gt; I miss the walks we took."))
        #expect(!after.contains("<script>alert"))
        #expect(after.contains("Next quest opens:") && after.contains(#"href="/quest/1""#))
        browser.get("/account") // a page with a form: Today's quest is done, so /quest has none
        let again = browser.post("/quest/answer", [("text", "One more answer today, please.")])
        #expect(again.status == 409)

        let edit = browser.get("/quest/1").html
        #expect(edit.contains(#"<form method="post" action="/quest/1""#))
        #expect(browser.post("/quest/1", [("text", "Edited: the walks by the river.")]).location == "/quest?done=edited")
        #expect(browser.get("/quest/1").html.contains("Edited: the walks by the river."))
        browser.get("/quest/1")
        #expect(browser.post("/quest/1", [("text", "short")]).status == 400)
        #expect(browser.get("/quest/2").html.contains("not done"))
        browser.get("/account")
        #expect(browser.post("/quest/2", [("text", "Nothing to edit here yet.")]).status == 400)
        #expect(browser.get("/quest/31").status == 404)
        #expect(browser.get("/quest/abc").status == 404)
    }

    @Test func anActionJourneyIsMarkedDoneWithHowItFeltInKorean() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        browser.headers["Accept-Language"] = "ko"
        let onboarding = browser.get("/quest").html
        #expect(onboarding.contains("안녕하세요, 저는 보리예요."))
        #expect(onboarding.contains("질문형 퀘스트") && onboarding.contains("행동형 퀘스트") && onboarding.contains("감정 정리"))
        browser.post("/quest/start", [("nickname", "민지"), ("feeling", "empty"), ("style", "action")])
        let today = browser.get("/quest").html
        #expect(today.contains("감정 정리") && today.contains("1단계 · 숨 고르기 · 퀘스트 1/30"))
        #expect(today.contains(#"name="felt" value="better""#))
        #expect(browser.post("/quest/answer", [("text", "이건 행동 퀘스트예요, 글이 아니에요.")]).html.contains("오늘은 행동 퀘스트예요"))
        browser.get("/quest")
        #expect(browser.post("/quest/done", [("felt", "best")]).status == 400)
        browser.get("/quest")
        #expect(browser.post("/quest/done", [("reflection", "산책했어요 <b>!</b>"), ("felt", "better")]).location == "/quest?done=saved")
        let done = browser.get("/quest").html
        #expect(done.contains("✓ 완료 · 나아졌어요") && done.contains("산책했어요 &lt;b&gt;!&lt;/b&gt;"))
        #expect(done.contains("소감 고치기"))
    }

    @Test func aFinishedJourneyIsReadAgainAndANewOneStarts() throws {
        let clock = SteppingClock(WebWorld.now)
        let container = try Container.inMemory(clock: clock, timeZone: "Asia/Seoul", isServer: true)
        let app = ServerApplication.make(container: container, logger: nil)
        let browser = WebWorld.signedUp(app)
        browser.get("/quest")
        browser.post("/quest/start", [("nickname", "Minji"), ("feeling", "relieved"), ("style", "question")])
        for number in 1...30 {
            browser.get("/quest")
            #expect(browser.post("/quest/answer", [("text", "Answer number \(number), written slowly.")]).status == 303)
            if number < 30 { clock.advance(days: 1) } // 29 days: the browser session lives 30
        }
        let finished = browser.get("/quest").html
        #expect(finished.contains("Journey complete") && finished.contains("30 done"))
        #expect(finished.contains("Minji, you&#39;ve walked the whole journey"))
        #expect(finished.contains(#"<form method="post" action="/quest/new""#))
        let list = browser.get("/quest/journeys").html
        let link = try #require(list.range(of: #"/quest/journeys/[0-9a-f-]+"#, options: .regularExpression).map { String(list[$0]) })
        #expect(list.contains("30/30 done · finished"))
        let review = browser.get(link).html
        #expect(review.contains("Answer number 1, written slowly.") && review.contains("Answer number 30, written slowly."))
        #expect(review.contains("Stage 5 · Walking on"))

        let other = WebWorld.signedUp(app, email: "jun@example.com", name: "Jun")
        #expect(other.get(link).status == 404, "another account's journey is not found")

        browser.get("/quest")
        #expect(browser.post("/quest/new", [("style", "action")]).location == "/quest")
        #expect(browser.get("/quest").html.contains("Sorting the feelings"))
        #expect(browser.get("/quest/journeys").html.contains("in progress"))
    }
}
