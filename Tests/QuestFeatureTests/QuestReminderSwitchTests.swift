import Foundation
import Testing
import Core
import Domain

/// `tend quest remind --off/--on` and `GET`/`PUT /v1/quests/reminder` with `reminder_enabled`.
@Suite("Quest reminder: switched off and on from the command line and the API")
struct QuestReminderSwitchTests {
    @Test func theCommandSwitchesItOffAndOnAndKeepsTheTime() throws {
        let tend = try QuestHarness()
        #expect(tend.run("quest", "remind", "--at", "22:45").status == 0)
        let off = tend.run("--json", "quest", "remind", "--off")
        #expect(off.status == 0, "\(off.stderr)")
        #expect(try off.json()["reminder_enabled"] as? Bool == false)
        #expect(try off.json()["reminder"] as? String == "22:45")
        #expect(try tend.stack.quests.settings(ownerID: "local").reminderEnabled == false)

        // No option shows it as it is, in words a person reads.
        let shown = tend.run("quest", "remind")
        #expect(shown.status == 0 && shown.stdout.contains("off") && shown.stdout.contains("22:45"), "\(shown.stdout)")
        #expect(tend.run("quest", "remind", language: .ko).stdout.contains("꺼져 있어요"))

        let on = tend.run("quest", "remind", "--on")
        #expect(on.status == 0 && on.stdout.contains("Daily reminder at 22:45."), "\(on.stdout)")
        #expect(try tend.stack.quests.settings(ownerID: "local").reminderEnabled)

        let both = try tend.run("--json", "quest", "remind", "--off", "--at", "07:00").json()
        #expect(both["reminder"] as? String == "07:00" && both["reminder_enabled"] as? Bool == false)
    }

    @Test func contradictoryOrBadOptionsAreUsageErrorsThatChangeNothing() throws {
        let tend = try QuestHarness()
        let both = tend.run("quest", "remind", "--on", "--off")
        #expect(both.status == 2 && both.stderr.contains("--on and --off"), "\(both.stderr)")
        #expect(tend.run("quest", "remind", "--off", "--at", "24:00").status == 2)
        #expect(tend.run("quest", "remind", "--off=yes").status == 2)
        #expect(try tend.stack.quests.settings(ownerID: "local").reminderEnabled, "nothing was written")
        let help = tend.run("quest", "remind", "--help")
        #expect(help.stdout.contains("--off") && help.stdout.contains("--on") && help.stdout.contains("--at"))
    }

    @Test func theAPIReadsAndSwitchesItWithTheTimeKept() throws {
        let api = try QuestAPI()
        let mina = api.signUp("mina@example.com")
        let fresh = api.send("GET", "/v1/quests/reminder", token: mina.token)
        #expect(fresh.status == 200, "\(fresh.text)")
        #expect(fresh.json["reminder"] as? String == "21:00" && fresh.json["reminder_enabled"] as? Bool == true)

        let off = api.send("PUT", "/v1/quests/reminder", json: ["reminder_enabled": false], token: mina.token)
        #expect(off.status == 200, "\(off.text)")
        #expect(off.json["reminder_enabled"] as? Bool == false && off.json["reminder"] as? String == "21:00")
        let moved = api.send("PUT", "/v1/quests/reminder", json: ["reminder": "20:10"], token: mina.token)
        #expect(moved.json["reminder_enabled"] as? Bool == false, "moving the time leaves it off")
        let on = api.send("PUT", "/v1/quests/reminder", json: ["reminder_enabled": true], token: mina.token)
        #expect(on.json["reminder_enabled"] as? Bool == true && on.json["reminder"] as? String == "20:10")
        let read = api.send("GET", "/v1/quests/reminder", token: mina.token)
        #expect(read.json["reminder_enabled"] as? Bool == true && read.json["reminder"] as? String == "20:10")
        #expect(try api.stack.quests.settings(ownerID: mina.accountID).reminderEnabled)
    }

    @Test func aBadSwitchIsA400WithAJSONErrorAndWritesNothing() throws {
        let api = try QuestAPI()
        let mina = api.signUp("mina@example.com")
        for body: Any in [["reminder_enabled": "no"], ["reminder_enabled": 0], ["reminder_enabled": ["off"]],
                          ["reminder_enabled": false, "reminder": "25:00"], ["something": true]] {
            let refused = api.send("PUT", "/v1/quests/reminder", json: body, token: mina.token)
            #expect(refused.status == 400, "\(body): \(refused.text)")
            #expect(refused.errorCode == "invalid_field", "\(body): \(refused.text)")
            #expect(!refused.errorMessage.isEmpty)
        }
        #expect(try api.stack.quests.settings(ownerID: mina.accountID).reminderEnabled, "nothing was written")
        #expect(api.send("GET", "/v1/quests/reminder").status == 401)
    }
}
