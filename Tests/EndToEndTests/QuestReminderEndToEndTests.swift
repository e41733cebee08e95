import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The quest reminder switched off and on with the built binaries: `tend quest remind` plans or
/// drops tonight's reminder before the command ends; `tend-server` answers the same over HTTP.
@Suite("tend quest remind --off/--on and /v1/quests/reminder, end to end", .serialized)
struct QuestReminderEndToEndTests {
    /// The quest reminders `tend` still means to send.
    func pendingQuestReminders(_ tend: TendProcess) throws -> [[String: Any]] {
        let list = try tend.run("--json", "notify", "list", "--upcoming")
        #expect(list.status == 0, "\(list.stderr)")
        return (try list.json()["notifications"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == "quest" }
    }

    @Test func offDropsTonightsReminderAndOnPlansItAgainAtTheKeptTime() throws {
        let tend = try TendProcess(now: "2026-11-30T18:00:00+09:00")
        defer { tend.remove() }
        #expect(try tend.run("quest", "start", "--nickname", "Mina", "--feeling", "sad", "--style", "question").status == 0)
        #expect(try tend.run("quest", "remind", "--at", "22:30").status == 0)
        #expect(try !pendingQuestReminders(tend).isEmpty, "a journey's reminder is planned")

        let off = try tend.run("--json", "quest", "remind", "--off")
        #expect(off.status == 0, "\(off.stderr)")
        #expect(try off.json()["reminder_enabled"] as? Bool == false)
        #expect(try pendingQuestReminders(tend).isEmpty, "nothing left to send while off")
        let shown = try tend.run("--lang", "ko", "quest", "remind")
        #expect(shown.stdout.contains("꺼져 있어요") && shown.stdout.contains("22:30"), "\(shown.stdout)")

        let on = try tend.run("quest", "remind", "--on")
        #expect(on.status == 0 && on.stdout.contains("22:30"), "\(on.stdout)")
        let planned = try pendingQuestReminders(tend)
        #expect(!planned.isEmpty)
        #expect(planned.contains { ($0["due_at"] as? String)?.contains("T22:30") == true }, "\(planned)")

        let wrong = try tend.run("quest", "remind", "--on", "--off")
        #expect(wrong.status == 2 && wrong.stderr.hasPrefix("error: "), "\(wrong.stderr)")
    }

    @Test func theServerReadsAndSwitchesItAndRefusesABadValueInJSON() async throws {
        let server = try ServerProcess()
        defer { server.remove() }
        let token = try await server.token(for: "mina@example.com")
        let fresh = try await server.send("GET", "/v1/quests/reminder", token: token)
        #expect(fresh.status == 200 && fresh.json["reminder_enabled"] as? Bool == true, "\(fresh.json)")

        let off = try await server.send("PUT", "/v1/quests/reminder", json: ["reminder": "20:45", "reminder_enabled": false], token: token)
        #expect(off.status == 200)
        #expect(off.json["reminder"] as? String == "20:45" && off.json["reminder_enabled"] as? Bool == false)
        let read = try await server.send("GET", "/v1/quests/reminder", token: token)
        #expect(read.json["reminder"] as? String == "20:45" && read.json["reminder_enabled"] as? Bool == false)

        let bad = try await server.send("PUT", "/v1/quests/reminder", json: ["reminder_enabled": "nope"], token: token)
        #expect(bad.status == 400)
        #expect(bad.errorCode == "invalid_field")
        #expect(bad.headers["content-type"]?.hasPrefix("application/json") == true)
        let on = try await server.send("PUT", "/v1/quests/reminder", json: ["reminder_enabled": true], token: token)
        #expect(on.json["reminder"] as? String == "20:45" && on.json["reminder_enabled"] as? Bool == true)
    }
}
