import Foundation
import Testing
import Core
import HTTP
@testable import WebFeature

/// `/training/plan`: the weekly goal and the weekday plan, through the use case `tend workout
/// goal` and `tend plan set` share.
@Suite("Web app: the weekly plan and goal")
struct TrainingPlanPagesTests {
    static func fields(weekly: String, monday: String = "legs: squat 5x5") -> [(String, String)] {
        [("weekly", weekly), ("monthly_sessions", "12"), ("monthly_minutes", ""), ("mon", monday), ("tue", ""), ("wed", ""),
         ("thu", ""), ("fri", ""), ("sat", ""), ("sun", "")]
    }

    @Test func thePlanAndGoalAreSavedAndTodaysPlanFollows() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        let form = browser.get("/training/plan").html
        #expect(form.contains(#"<label for="f-weekly">"#) && form.contains(#"name="weekly" type="number" value="3""#))
        #expect(form.contains(#"name="mon""#) && form.contains(#"name="sun""#) && form.contains(#"name="csrf""#))
        let saved = browser.post("/training/plan", Self.fields(weekly: "4", monday: "legs <b>squat</b> 5x5"))
        #expect(saved.location == "/training/plan?done=saved")
        let shown = browser.follow(saved).html
        #expect(shown.contains("✓ Saved the plan and goals.") && shown.contains(#"value="legs &lt;b&gt;squat&lt;/b&gt; 5x5""#))
        let owner = try WebWorld.ownerID(container)
        let settings = try container.workouts.settings(ownerID: owner)
        #expect(settings.weeklySessions == 4 && settings.monthlySessions == 12 && settings.monthlyMinutes == nil)
        // 30 November 2026 is a Monday: today's plan is Monday's.
        #expect(browser.get("/training").html.contains("<strong>legs &lt;b&gt;squat&lt;/b&gt; 5x5</strong>"))
        #expect(settings.plan[1] == "legs <b>squat</b> 5x5" && settings.plan[2] == nil)
        browser.headers["Accept-Language"] = "ko"
        #expect(browser.get("/training/plan").html.contains("주간 목표"))
    }

    @Test func aBadGoalIsRefusedWithItsReasonAndNothingWritten() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        browser.get("/training/plan")
        let tooMany = browser.post("/training/plan", Self.fields(weekly: "20"))
        #expect(tooMany.status == 400 && tooMany.html.contains("the weekly goal is 1 to 14 sessions"))
        #expect(tooMany.html.contains(#"value="20""#), "what was typed stays in the form")
        browser.get("/training/plan")
        let word = browser.post("/training/plan", Self.fields(weekly: "four"))
        #expect(word.status == 400 && word.html.contains("must be a whole number"))
        browser.get("/training/plan")
        let long = browser.post("/training/plan", Self.fields(weekly: "3", monday: String(repeating: "x", count: 201)))
        #expect(long.status == 400 && long.html.contains("at most 200 characters"))
        let owner = try WebWorld.ownerID(container)
        let settings = try container.workouts.settings(ownerID: owner)
        #expect(settings.weeklySessions == 3 && settings.plan.isEmpty, "a refused form wrote nothing")
        browser.headers["Accept-Language"] = "ko"
        browser.get("/training/plan")
        #expect(browser.post("/training/plan", Self.fields(weekly: "20")).html.contains("주간"))
    }

    @Test func oneAccountsPlanIsItsOwn() throws {
        let (container, app) = try WebWorld.make()
        let minji = WebWorld.signedUp(app)
        let jun = WebWorld.signedUp(app, email: "jun@example.com", name: "Jun")
        minji.get("/training/plan")
        #expect(minji.post("/training/plan", Self.fields(weekly: "5")).status == 303)
        #expect(jun.get("/training/plan").html.contains(#"name="weekly" type="number" value="3""#))
        let junID = try WebWorld.ownerID(container, email: "jun@example.com")
        #expect(try container.workouts.settings(ownerID: junID).plan.isEmpty)
        // Logged out, the form is not there to post to.
        let stranger = WebBrowser(app)
        stranger.get("/login")
        #expect(stranger.post("/training/plan", Self.fields(weekly: "5")).location?.hasPrefix("/login") == true)
    }
}
