import Foundation
import Testing
import Core
import Domain
import HTTP

private func hasHangul(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
}

@Suite("/v1/quests: a journey through the HTTP routes")
struct QuestRouteTests {
    @Test func aJourneyThroughTheRoutes() throws {
        let api = try QuestAPI()
        let mina = api.signUp("mina@example.com")

        // Onboarding: nickname, feeling (Korean accepted), style.
        let started = api.send("POST", "/v1/quests/journeys", json: ["nickname": "Mina", "feeling": "슬픔", "style": "question"],
                               token: mina.token)
        #expect(started.status == 201, "\(started.text)")
        let journeyID = try #require(started.json["id"] as? String)
        #expect(started.json["style"] as? String == "question")
        #expect(started.json["nickname"] as? String == "Mina")
        #expect(started.json["feeling"] as? String == "sad")
        let startProgress = try #require(started.json["progress"] as? [String: Any])
        #expect(startProgress["stage"] as? Int == 1)
        #expect(startProgress["quest"] as? Int == 1)
        #expect(startProgress["completed"] as? Int == 0)
        #expect(startProgress["started_at"] as? String == "2026-11-02T20:00:00+09:00")

        // Today, in English and in Korean.
        let today = api.send("GET", "/v1/quests/today", token: mina.token)
        #expect(today.status == 200, "\(today.text)")
        let quest = try #require(today.json["quest"] as? [String: Any])
        #expect(quest["number"] as? Int == 1)
        #expect(quest["status"] as? String == "open")
        #expect(quest["kind"] as? String == "question")
        #expect(quest["title"] as? String == (try api.questTitle(.question, 1, .en)))
        #expect((today.json["message"] as? String)?.contains("Mina") == true)
        #expect((today.json["progress"] as? [String: Any])?["journey_id"] as? String == journeyID)

        let koreanByQuery = api.send("GET", "/v1/quests/today", token: mina.token, query: ["lang": "ko"])
        #expect(koreanByQuery.status == 200)
        let koreanTitle = try #require((koreanByQuery.json["quest"] as? [String: Any])?["title"] as? String)
        #expect(koreanTitle == (try api.questTitle(.question, 1, .ko)))
        #expect(hasHangul(koreanTitle))
        #expect(hasHangul(koreanByQuery.json["message"] as? String ?? ""))
        let koreanByHeader = api.send("GET", "/v1/quests/today", token: mina.token, headers: ["Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5"])
        #expect((koreanByHeader.json["quest"] as? [String: Any])?["title"] as? String == koreanTitle)
        let englishWins = api.send("GET", "/v1/quests/today", token: mina.token, query: ["lang": "en"], headers: ["Accept-Language": "ko"])
        #expect((englishWins.json["quest"] as? [String: Any])?["title"] as? String == (try api.questTitle(.question, 1, .en)))

        // Answer quest 1; a second answer today is refused with when the next one opens.
        let firstAnswer = "Day 1: I wrote this slowly and honestly."
        let answered = api.send("POST", "/v1/quests/answer", json: ["text": firstAnswer], token: mina.token)
        #expect(answered.status == 201, "\(answered.text)")
        #expect(answered.json["completed"] as? Int == 1)
        #expect(answered.json["quest"] as? Int == 2)
        #expect(answered.json["next_opens_at"] as? String == "2026-11-03T00:00:00+09:00")

        let again = api.send("POST", "/v1/quests/answer", json: ["text": "Trying to rush ahead to the next one."], token: mina.token)
        #expect(again.status == 409)
        #expect(again.errorCode == "quest_not_open")
        #expect(again.errorMessage.contains("2026-11-03 00:00"))
        let againKorean = api.send("POST", "/v1/quests/answer", json: ["text": "Trying to rush ahead to the next one."],
                                   token: mina.token, query: ["lang": "ko"])
        #expect(againKorean.status == 409)
        #expect(hasHangul(againKorean.errorMessage))

        let waiting = api.send("GET", "/v1/quests/today", token: mina.token)
        #expect((waiting.json["quest"] as? [String: Any])?["status"] as? String == "done")
        #expect((waiting.json["quest"] as? [String: Any])?["answer"] as? String == firstAnswer)

        // The next day the next quest opens.
        api.clock.advance(days: 1)
        let second = api.send("POST", "/v1/quests/answer", json: ["text": "Day 2: a little lighter than yesterday."], token: mina.token)
        #expect(second.status == 201, "\(second.text)")

        let progress = api.send("GET", "/v1/quests/progress", token: mina.token)
        #expect(progress.status == 200)
        #expect(progress.json["journey_id"] as? String == journeyID)
        #expect(progress.json["style"] as? String == "question")
        #expect(progress.json["stage"] as? Int == 1)
        #expect(progress.json["quest"] as? Int == 3)
        #expect(progress.json["completed"] as? Int == 2)
        #expect(progress.json["total"] as? Int == 30)
        #expect(progress.json["completed_pct"] as? Int == 6)
        #expect(progress.json["days_on_journey"] as? Int == 2)
        #expect(progress.json["is_complete"] as? Bool == false)
        #expect(progress.json["completed_at"] is NSNull)
        #expect(progress.json["next_opens_at"] as? String == "2026-11-04T00:00:00+09:00")

        // One quest, then an edit that keeps the completion time.
        let shown = api.send("GET", "/v1/quests/quest/1", token: mina.token)
        #expect(shown.status == 200)
        #expect(shown.json["number"] as? Int == 1)
        #expect(shown.json["stage"] as? Int == 1)
        #expect(shown.json["status"] as? String == "done")
        #expect(shown.json["answer"] as? String == firstAnswer)
        let completedAt = try #require(shown.json["completed_at"] as? String)
        #expect(completedAt == "2026-11-02T20:00:00+09:00")
        #expect(api.send("GET", "/v1/quests/quest/3", token: mina.token).json["status"] as? String == "locked")

        api.clock.advance(days: 0, hours: 2)
        let kinder = "A kinder answer, written later."
        let edited = api.send("PUT", "/v1/quests/quest/1", json: ["text": kinder], token: mina.token)
        #expect(edited.status == 200, "\(edited.text)")
        #expect(edited.json["answer"] as? String == kinder)
        #expect(edited.json["completed_at"] as? String == completedAt)
        #expect(api.send("GET", "/v1/quests/quest/1", token: mina.token).json["answer"] as? String == kinder)

        // The list, the journey in full, the Markdown export.
        let list = api.send("GET", "/v1/quests/journeys", token: mina.token)
        #expect(list.status == 200)
        let journeys = try #require(list.json["journeys"] as? [[String: Any]])
        #expect(journeys.map { $0["id"] as? String } == [journeyID])
        #expect(journeys[0]["stages"] is NSNull) // present, null in a list

        let full = api.send("GET", "/v1/quests/journeys/\(journeyID)", token: mina.token)
        #expect(full.status == 200)
        let stages = try #require(full.json["stages"] as? [[String: Any]])
        #expect(stages.count == 5)
        #expect(stages.allSatisfy { ($0["quests"] as? [Any])?.count == 6 })
        let firstQuests = try #require(stages[0]["quests"] as? [[String: Any]])
        #expect(firstQuests[0]["answer"] as? String == kinder)
        #expect(firstQuests[1]["answer"] as? String == "Day 2: a little lighter than yesterday.")
        #expect(firstQuests[2]["status"] as? String == "locked")
        #expect(firstQuests[2]["answer"] is NSNull)

        let export = api.send("GET", "/v1/quests/journeys/\(journeyID)/export", token: mina.token)
        #expect(export.status == 200)
        #expect(export.header("Content-Type")?.hasPrefix("text/markdown") == true)
        #expect(export.text.hasPrefix("# "))
        #expect(export.text.contains(kinder))
        #expect(export.text.contains("Day 2: a little lighter than yesterday."))
        #expect(hasHangul(api.send("GET", "/v1/quests/journeys/\(journeyID)/export", token: mina.token, query: ["lang": "ko"]).text))

        // The reminder.
        let reminder = api.send("PUT", "/v1/quests/reminder", json: ["reminder": "21:30"], token: mina.token)
        #expect(reminder.status == 200, "\(reminder.text)")
        #expect(reminder.json["reminder"] as? String == "21:30")
        #expect(try api.stack.quests.settings(ownerID: mina.accountID).reminder == LocalTime("21:30"))

        // Deleting the journey deletes the answers; then it is gone.
        #expect(try api.stack.entries.entries(journeyID: journeyID).compactMap(\.answer).count == 2)
        let deleted = api.send("DELETE", "/v1/quests/journeys/\(journeyID)", token: mina.token)
        #expect(deleted.status == 204)
        #expect(deleted.body.isEmpty)
        #expect(api.send("GET", "/v1/quests/journeys/\(journeyID)", token: mina.token).status == 404)
        #expect(api.send("GET", "/v1/quests/journeys/\(journeyID)/export", token: mina.token).status == 404)
        #expect(api.send("DELETE", "/v1/quests/journeys/\(journeyID)", token: mina.token).status == 404)
        #expect(api.send("GET", "/v1/quests/today", token: mina.token).status == 404)
        #expect((api.send("GET", "/v1/quests/journeys", token: mina.token).json["journeys"] as? [Any])?.isEmpty == true)
        #expect(try api.stack.entries.entries(journeyID: journeyID).isEmpty)
        // And a new journey can start.
        #expect(api.send("POST", "/v1/quests/journeys", json: ["nickname": "Mina", "feeling": "relieved", "style": "action"],
                         token: mina.token).status == 201)
    }

    @Test func eachAccountSeesOnlyItsOwnJourneys() throws {
        let api = try QuestAPI()
        let mina = api.signUp("mina@example.com")
        let joon = api.signUp("joon@example.com")
        let journeyID = api.startJourney(mina.token)
        #expect(api.send("POST", "/v1/quests/answer", json: ["text": "Mina's own private answer."], token: mina.token).status == 201)

        #expect(api.send("GET", "/v1/quests/journeys/\(journeyID)", token: joon.token).status == 404)
        #expect(api.send("GET", "/v1/quests/journeys/\(journeyID)", token: joon.token).errorCode == "journey_not_found")
        #expect(api.send("GET", "/v1/quests/journeys/\(journeyID)/export", token: joon.token).status == 404)
        #expect(api.send("DELETE", "/v1/quests/journeys/\(journeyID)", token: joon.token).status == 404)
        let joonToday = api.send("GET", "/v1/quests/today", token: joon.token)
        #expect(joonToday.status == 404)
        #expect(joonToday.errorCode == "no_journey")
        #expect(api.send("GET", "/v1/quests/progress", token: joon.token).status == 404)
        #expect(api.send("GET", "/v1/quests/quest/1", token: joon.token).status == 404)
        #expect(api.send("POST", "/v1/quests/answer", json: ["text": "Answering someone else's quest."], token: joon.token).status == 404)
        #expect((api.send("GET", "/v1/quests/journeys", token: joon.token).json["journeys"] as? [Any])?.isEmpty == true)

        // Joon's own journey does not clash with Mina's.
        let joonJourney = api.startJourney(joon.token, style: "action", feeling: "angry", nickname: "Joon")
        #expect(joonJourney != journeyID)
        let minaStill = api.send("GET", "/v1/quests/journeys/\(journeyID)", token: mina.token)
        #expect(minaStill.status == 200)
        #expect(((minaStill.json["stages"] as? [[String: Any]])?.first?["quests"] as? [[String: Any]])?.first?["answer"] as? String
            == "Mina's own private answer.")
        #expect(api.send("GET", "/v1/quests/journeys/\(joonJourney)", token: mina.token).status == 404)
    }

    @Test func badInputIsA400() throws {
        let api = try QuestAPI()
        let mina = api.signUp("mina@example.com")
        func start(_ body: [String: Any]) -> QuestAPI.Response {
            api.send("POST", "/v1/quests/journeys", json: body, token: mina.token)
        }
        #expect(start(["nickname": "Mina", "feeling": "sad", "style": "dance"]).status == 400)
        #expect(start(["nickname": "Mina", "feeling": "bored", "style": "question"]).status == 400)
        #expect(start(["nickname": "Mina", "feeling": "bored", "style": "question"]).errorCode == "invalid_field")
        #expect(start(["nickname": "Mina", "style": "question"]).status == 400)
        #expect(start(["nickname": "", "feeling": "sad", "style": "question"]).errorCode == "invalid_nickname")
        #expect(start(["nickname": String(repeating: "n", count: 31), "feeling": "sad", "style": "question"]).status == 400)
        #expect(start(["nickname": "Mina", "feeling": "sad", "style": "question", "pace_days": 0]).errorCode == "invalid_pace")
        #expect(start(["nickname": "Mina", "feeling": "sad", "style": "question", "pace_days": "two"]).status == 400)
        #expect(start(["nickname": 42, "feeling": "sad", "style": "question"]).status == 400)
        #expect(api.send("POST", "/v1/quests/journeys", token: mina.token).status == 400) // no body
        // A new journey (style only) with none before.
        #expect(start(["style": "action"]).status == 400)
        #expect(start(["style": "action"]).errorCode == "no_journey")
        #expect((api.send("GET", "/v1/quests/journeys", token: mina.token).json["journeys"] as? [Any])?.isEmpty == true)

        let journeyID = api.startJourney(mina.token, style: "question")
        let second = start(["nickname": "Mina", "feeling": "sad", "style": "action"])
        #expect(second.errorCode == "journey_in_progress")
        #expect([400, 409].contains(second.status))
        #expect(second.errorMessage.contains(journeyID))

        func answer(_ body: Any?) -> QuestAPI.Response { api.send("POST", "/v1/quests/answer", json: body, token: mina.token) }
        #expect(answer([String: Any]()).status == 400)
        #expect(answer([String: Any]()).errorCode == "invalid_field")
        #expect(answer(nil).status == 400)
        #expect(answer(["text": 12345678901]).status == 400)
        #expect(answer(["text": NSNull()]).status == 400)
        #expect(answer(["text": "too short"]).status == 400)
        #expect(answer(["text": "too short"]).errorCode == "answer_too_short")
        #expect(answer(["text": "too short"]).errorMessage.contains("10"))
        #expect(answer(["text": "            "]).status == 400)
        #expect(answer(["text": String(repeating: "a", count: 20_001)]).errorCode == "answer_too_long")
        #expect(answer(["not", "an", "object"]).status == 400)

        let done = api.send("POST", "/v1/quests/done", json: ["reflection": "Walked."], token: mina.token)
        #expect(done.status == 400)
        #expect(done.errorCode == "wrong_quest_kind")
        #expect(done.errorMessage.contains("answer"))

        for number in ["abc", "0", "31", "-1", "1.5"] {
            let shown = api.send("GET", "/v1/quests/quest/\(number)", token: mina.token)
            #expect(shown.status == 400, "GET quest/\(number): \(shown.text)")
            let edited = api.send("PUT", "/v1/quests/quest/\(number)", json: ["text": "A long enough new answer."], token: mina.token)
            #expect(edited.status == 400, "PUT quest/\(number): \(edited.text)")
        }
        let notDone = api.send("PUT", "/v1/quests/quest/5", json: ["text": "Nothing to edit here yet."], token: mina.token)
        #expect(notDone.status == 400)
        #expect(notDone.errorCode == "quest_not_done")

        #expect(api.send("PUT", "/v1/quests/reminder", json: ["reminder": "25:00"], token: mina.token).status == 400)
        #expect(api.send("PUT", "/v1/quests/reminder", json: ["reminder": "nine"], token: mina.token).status == 400)
        #expect(api.send("PUT", "/v1/quests/reminder", json: [String: Any](), token: mina.token).status == 400)

        // Nothing of that was recorded.
        let progress = api.send("GET", "/v1/quests/progress", token: mina.token)
        #expect(progress.json["completed"] as? Int == 0)
        #expect(progress.json["journey_id"] as? String == journeyID)
    }

    @Test func actionQuestsAreMarkedDone() throws {
        let api = try QuestAPI()
        let mina = api.signUp("mina@example.com")
        let journeyID = api.startJourney(mina.token, style: "action", feeling: "공허함")
        let wrong = api.send("POST", "/v1/quests/answer", json: ["text": "A long enough answer here."], token: mina.token)
        #expect(wrong.status == 400)
        #expect(wrong.errorCode == "wrong_quest_kind")
        #expect(api.send("POST", "/v1/quests/done", json: ["felt": "sideways"], token: mina.token).status == 400)

        let done = api.send("POST", "/v1/quests/done", json: ["reflection": "Walked to the river.", "felt": "나아짐"], token: mina.token)
        #expect(done.status == 201, "\(done.text)")
        #expect(done.json["completed"] as? Int == 1)
        #expect(api.send("POST", "/v1/quests/done", token: mina.token).status == 409)

        let shown = api.send("GET", "/v1/quests/quest/1", token: mina.token)
        #expect(shown.json["kind"] as? String == "action")
        #expect(shown.json["reflection"] as? String == "Walked to the river.")
        #expect(shown.json["felt"] as? String == "better")
        #expect(shown.json["answer"] is NSNull)

        api.clock.advance(days: 1)
        let bare = api.send("POST", "/v1/quests/done", token: mina.token) // no body at all
        #expect(bare.status == 201, "\(bare.text)")
        #expect(api.send("GET", "/v1/quests/quest/2", token: mina.token).json["reflection"] is NSNull)
        let reflected = api.send("PUT", "/v1/quests/quest/2", json: ["text": "Felt lighter after all."], token: mina.token)
        #expect(reflected.status == 200)
        #expect(reflected.json["reflection"] as? String == "Felt lighter after all.")
        #expect(api.send("GET", "/v1/quests/journeys/\(journeyID)", token: mina.token).json["feeling"] as? String == "empty")
    }

    @Test func aFinishedJourneyStaysReadableAndANewOneStarts() throws {
        let api = try QuestAPI()
        let mina = api.signUp("mina@example.com")
        let first = api.startJourney(mina.token, style: "question", feeling: "regretful")
        for day in 1...30 {
            let answered = api.send("POST", "/v1/quests/answer", json: ["text": "Day \(day): written slowly and honestly."], token: mina.token)
            #expect(answered.status == 201, "day \(day): \(answered.text)")
            if day < 30 { api.clock.advance(days: 1) }
        }
        let progress = api.send("GET", "/v1/quests/progress", token: mina.token)
        #expect(progress.json["is_complete"] as? Bool == true)
        #expect(progress.json["completed_pct"] as? Int == 100)
        #expect(progress.json["days_on_journey"] as? Int == 30)
        #expect(progress.json["completed_at"] is String)
        #expect(progress.json["next_opens_at"] is NSNull)
        let after = api.send("POST", "/v1/quests/answer", json: ["text": "One more, after the end."], token: mina.token)
        #expect(after.status == 400)
        #expect(after.errorCode == "journey_complete")

        // A new journey: only a style, or nothing at all (the other style by default).
        let next = api.send("POST", "/v1/quests/journeys", json: [String: Any](), token: mina.token)
        #expect(next.status == 201, "\(next.text)")
        #expect(next.json["style"] as? String == "action")
        #expect(next.json["nickname"] as? String == "Mina")
        #expect(next.json["feeling"] as? String == "regretful")
        let list = try #require(api.send("GET", "/v1/quests/journeys", token: mina.token).json["journeys"] as? [[String: Any]])
        #expect(list.count == 2)
        #expect(list.last?["id"] as? String == first)
        let old = api.send("GET", "/v1/quests/journeys/\(first)", token: mina.token)
        #expect(old.status == 200)
        #expect((old.json["progress"] as? [String: Any])?["is_complete"] as? Bool == true)
        #expect(api.send("GET", "/v1/quests/journeys/\(first)/export", token: mina.token).text.contains("Day 30: written slowly and honestly."))
        #expect((api.send("GET", "/v1/quests/today", token: mina.token).json["quest"] as? [String: Any])?["kind"] as? String == "action")
    }

    @Test func daysFollowTheAccountsTimeZoneAcrossTheEndOfDST() throws {
        // The server's own zone is Asia/Seoul; this account lives in New York.
        let api = try QuestAPI(start: "2026-10-31T23:00:00-04:00")
        let ana = api.signUp("ana@example.com", zone: "America/New_York")
        _ = api.startJourney(ana.token)
        let first = api.send("POST", "/v1/quests/answer", json: ["text": "Late on the last day of October."], token: ana.token)
        #expect(first.status == 201, "\(first.text)")
        #expect(first.json["next_opens_at"] as? String == "2026-11-01T00:00:00-04:00")
        #expect(first.json["started_at"] as? String == "2026-10-31T23:00:00-04:00")

        // 25 hours later it is 23:00 on 1 November (standard time now): still the day quest 2 opened.
        api.clock.advance(days: 1, hours: 1)
        let second = api.send("POST", "/v1/quests/answer", json: ["text": "Late on the day the clocks went back."], token: ana.token)
        #expect(second.status == 201, "\(second.text)")
        #expect(second.json["next_opens_at"] as? String == "2026-11-02T00:00:00-05:00")
        #expect(second.json["days_on_journey"] as? Int == 2)
        #expect(api.send("POST", "/v1/quests/answer", json: ["text": "Too early for quest three."], token: ana.token).status == 409)

        api.clock.advance(days: 0, hours: 1) // midnight, 2 November
        #expect(api.send("POST", "/v1/quests/answer", json: ["text": "Quest three at midnight."], token: ana.token).status == 201)
    }

    @Test func everyQuestRouteNeedsAToken() throws {
        let api = try QuestAPI()
        let mina = api.signUp("mina@example.com")
        let journeyID = api.startJourney(mina.token)
        let routes: [(String, String, Any?)] = [
            ("POST", "/v1/quests/journeys", ["nickname": "X", "feeling": "sad", "style": "question"]),
            ("GET", "/v1/quests/journeys", nil),
            ("GET", "/v1/quests/journeys/\(journeyID)", nil),
            ("GET", "/v1/quests/journeys/\(journeyID)/export", nil),
            ("DELETE", "/v1/quests/journeys/\(journeyID)", nil),
            ("GET", "/v1/quests/today", nil),
            ("GET", "/v1/quests/progress", nil),
            ("POST", "/v1/quests/answer", ["text": "An answer without a token."]),
            ("POST", "/v1/quests/done", nil),
            ("GET", "/v1/quests/quest/1", nil),
            ("PUT", "/v1/quests/quest/1", ["text": "An edit without a token."]),
            ("PUT", "/v1/quests/reminder", ["at": "21:30"]),
        ]
        for (method, path, body) in routes {
            let anonymous = api.send(method, path, json: body)
            #expect(anonymous.status == 401, "\(method) \(path)")
            #expect(anonymous.errorCode == "unauthorized", "\(method) \(path)")
            #expect(api.send(method, path, json: body, token: "not-a-real-token").status == 401, "\(method) \(path)")
        }
        // Nothing happened to the journey.
        #expect(api.send("GET", "/v1/quests/journeys/\(journeyID)", token: mina.token).status == 200)
    }
}
