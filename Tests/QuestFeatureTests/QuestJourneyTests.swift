import Foundation
import Testing
import Core
import Domain

@Suite("tend quest: a journey through the commands")
struct QuestJourneyTests {
    @Test func aWholeQuestionJourneyOneQuestADay() throws {
        let tend = try QuestHarness()
        let started = tend.run("--json", "quest", "start", "--nickname", "Mina", "--feeling", "슬픔", "--style", "question")
        #expect(started.status == 0, "\(started.stderr)")
        let journeyID = try #require(try started.json()["journey_id"] as? String)

        for day in 1...30 {
            let today = try tend.run("--json", "quest", "today").json()
            let quest = try #require(today["quest"] as? [String: Any])
            #expect(quest["number"] as? Int == day)
            #expect(quest["status"] as? String == "open")
            #expect(quest["kind"] as? String == "question")
            #expect((today["message"] as? String)?.isEmpty == false)
            let answered = tend.run("quest", "answer", "Day \(day): I wrote this slowly and honestly.")
            #expect(answered.status == 0, "day \(day): \(answered.stderr)")
            if day < 30 {
                let again = tend.run("quest", "answer", "Trying to rush ahead to the next one.")
                #expect(again.status == 3)
                #expect(again.stderr.contains("error: "))
            }
            tend.clock.advance(days: 1)
        }
        let progress = try tend.run("--json", "quest", "progress").json()
        #expect(progress["is_complete"] as? Bool == true)
        #expect(progress["completed"] as? Int == 30)
        #expect(progress["completed_pct"] as? Int == 100)
        #expect(progress["next_opens_at"] is NSNull)

        let review = try tend.run("--json", "quest", "review", journeyID).json()
        let stages = try #require(review["stages"] as? [[String: Any]])
        #expect(stages.count == 5)
        let firstQuest = try #require((stages[0]["quests"] as? [[String: Any]])?.first)
        #expect(firstQuest["answer"] as? String == "Day 1: I wrote this slowly and honestly.")

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("journey-\(UUID()).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(tend.run("quest", "export", journeyID, "--out", path).status == 0)
        let markdown = try String(contentsOfFile: path, encoding: .utf8)
        #expect(markdown.hasPrefix("# "))
        #expect(markdown.contains("Day 30: I wrote this slowly and honestly."))

        let next = try tend.run("--json", "quest", "new").json()
        #expect(next["style"] as? String == "action")
        let list = try tend.run("--json", "quest", "journeys").json()
        #expect((list["journeys"] as? [Any])?.count == 2)
    }

    @Test func theNextQuestOpensTheNextCalendarDayInTheTimeZone() throws {
        let tend = try QuestHarness(start: "2026-11-02T23:30:00+09:00")
        _ = tend.run("quest", "start", "--nickname", "J", "--feeling", "anxious", "--style", "question")
        #expect(tend.run("quest", "answer", "A late answer before midnight.").status == 0)
        let waiting = try tend.run("--json", "quest", "progress").json()
        #expect(waiting["next_opens_at"] as? String == "2026-11-03T00:00:00+09:00")
        tend.clock.advance(days: 0, hours: 1) // 00:30 the next day
        let today = try tend.run("--json", "quest", "today").json()
        #expect((today["quest"] as? [String: Any])?["status"] as? String == "open")
        #expect((today["quest"] as? [String: Any])?["number"] as? Int == 2)
    }

    @Test func actionQuestsAreDoneNotAnswered() throws {
        let tend = try QuestHarness()
        _ = tend.run("quest", "start", "--nickname", "K", "--feeling", "empty", "--style", "action")
        let wrong = tend.run("quest", "answer", "This is a long enough answer.")
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("tend quest done"))
        #expect(tend.run("quest", "done", "--felt", "sideways").status == 2)
        let done = tend.run("quest", "done", "--reflection", "Walked to the river.", "--felt", "나아짐")
        #expect(done.status == 0)
        let shown = try tend.run("--json", "quest", "show", "1").json()
        #expect(shown["reflection"] as? String == "Walked to the river.")
        #expect(shown["felt"] as? String == "better")
    }

    @Test func refusalsAreClear() throws {
        let tend = try QuestHarness()
        #expect(tend.run("quest", "today").status == 1) // no journey yet
        #expect(tend.run("quest", "start", "--nickname", "A", "--feeling", "bored", "--style", "question").status == 2)
        #expect(tend.run("quest", "start", "--feeling", "sad", "--style", "question").status == 2) // no nickname, no terminal
        #expect(tend.run("quest", "start", "--nickname", "A", "--feeling", "sad", "--style", "question").status == 0)
        let second = tend.run("quest", "start", "--nickname", "A", "--feeling", "sad", "--style", "action")
        #expect(second.status == 2)
        #expect(second.stderr.contains("tend quest delete"))
        let short = tend.run("quest", "answer", "too short")
        #expect(short.status == 2)
        #expect(short.stderr.contains("10"))
        #expect(tend.run("quest", "answer", "   ").status == 2)
        #expect(tend.run("quest", "show", "31").status == 2)
        #expect(tend.run("quest", "show", "0").status == 2)
        #expect(tend.run("quest", "edit", "5", "not done yet so nothing to edit").status == 2)
        #expect(tend.run("quest", "review", "no-such-journey").status == 1)
        #expect(tend.run("quest", "remind", "--at", "25:00").status == 2)
    }

    @Test func editKeepsTheCompletionTimeAndDeleteRemovesTheAnswers() throws {
        let tend = try QuestHarness()
        let started = try tend.run("--json", "quest", "start", "--nickname", "A", "--feeling", "sad", "--style", "question").json()
        let journeyID = try #require(started["journey_id"] as? String)
        _ = tend.run("quest", "answer", "The first answer I wrote.")
        let before = try tend.run("--json", "quest", "show", "1").json()
        tend.clock.advance(days: 2)
        #expect(tend.run("quest", "edit", "1", "A kinder answer, written later.").status == 0)
        let after = try tend.run("--json", "quest", "show", "1").json()
        #expect(after["answer"] as? String == "A kinder answer, written later.")
        #expect(after["completed_at"] as? String == before["completed_at"] as? String)

        #expect(try tend.stack.entries.entries(journeyID: journeyID).compactMap(\.answer) == ["A kinder answer, written later."])
        #expect(tend.run("quest", "delete", journeyID).status == 0)
        #expect(try tend.stack.entries.entries(journeyID: journeyID).isEmpty)
        #expect(tend.run("quest", "today").status == 1)
        #expect(tend.run("quest", "start", "--nickname", "A", "--feeling", "relieved", "--style", "action").status == 0)
    }

    @Test func koreanTextFollowsTheLanguage() throws {
        let tend = try QuestHarness()
        _ = tend.run("quest", "start", "--nickname", "보리친구", "--feeling", "sad", "--style", "question")
        let korean = try tend.run("--json", "quest", "today", language: .ko).json()
        let title = try #require((korean["quest"] as? [String: Any])?["title"] as? String)
        #expect(title.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })
        let english = try tend.run("--json", "quest", "today", language: .en).json()
        #expect((english["quest"] as? [String: Any])?["title"] as? String != title)
        #expect(tend.run("quest", "remind", "--at", "21:30").stdout.contains("21:30"))
    }
}
