import Foundation
import Testing

@Suite("tend quest, end to end", .serialized)
struct QuestEndToEndTests {
    /// TEND_NOW on day `day` (1-based) of the journey, in the evening in Seoul.
    func now(_ day: Int) -> String {
        let date = Calendar(identifier: .gregorian).date(byAdding: .day, value: day - 1,
                                                          to: ISO8601DateFormatter().date(from: "2026-11-01T11:00:00Z")!)!
        return ISO8601DateFormatter().string(from: date)
    }

    @Test func aThirtyDayJourneyReviewedExportedAndFollowedByANewOne() throws {
        var tend = try TendProcess(now: now(1))
        defer { tend.remove() }
        let started = try tend.run("--json", "quest", "start", "--nickname", "Mina", "--feeling", "sad", "--style", "action")
        #expect(started.status == 0, "\(started.stderr)")
        let journeyID = try #require(try started.json()["journey_id"] as? String)

        for day in 1...30 {
            tend.environment["TEND_NOW"] = now(day)
            let today = try tend.run("--json", "quest", "today").json()
            #expect((today["quest"] as? [String: Any])?["number"] as? Int == day)
            let done = try tend.run("quest", "done", "--reflection", "day \(day)", "--felt", day % 2 == 0 ? "better" : "same")
            #expect(done.status == 0, "day \(day): \(done.stderr)")
        }
        let progress = try tend.run("--json", "quest", "progress").json()
        #expect(progress["is_complete"] as? Bool == true)
        #expect(progress["days_on_journey"] as? Int == 30)

        let review = try tend.run("quest", "review", journeyID)
        #expect(review.status == 0)
        #expect(review.stdout.contains("day 17"))
        let out = tend.folder.appendingPathComponent("journey.md").path
        #expect(try tend.run("quest", "export", journeyID, "--out", out).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("day 30"))

        let korean = try tend.run("--lang", "ko", "quest", "progress")
        #expect(korean.stdout.contains("단계"))
        let next = try tend.run("--json", "quest", "new", "--style", "question")
        #expect(try next.json()["style"] as? String == "question")
        #expect(try tend.run("quest", "answer", "short").status == 2)
        let piped = try tend.run("quest", "answer", "An answer long enough to count, given as an argument.")
        #expect(piped.status == 0)
        let journeys = try tend.run("--json", "quest", "journeys").json()
        #expect((journeys["journeys"] as? [Any])?.count == 2)
    }

    @Test func theHomeScreenShowsTheQuestOnlyForSomeoneOnAJourney() throws {
        let tend = try TendProcess()
        defer { tend.remove() }
        #expect(try !tend.run("today").stdout.contains("Quest"))
        _ = try tend.run("quest", "start", "--nickname", "J", "--feeling", "empty", "--style", "question")
        let home = try tend.run("today")
        #expect(home.stdout.contains("Quest"))
        let json = try tend.run("--json", "today").json()
        #expect((json["quest"] as? [String: Any])?["message"] != nil)
    }
}
