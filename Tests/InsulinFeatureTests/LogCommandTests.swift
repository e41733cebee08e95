import Foundation
import Testing
import Core

@Suite("tend insulin log / edit / delete")
struct LogCommandTests {
    @Test func logsTheDefaultUnitsNowAndPrintsTheDoseAsJSON() throws {
        let tend = try InsulinCommandHarness()
        let result = tend.run("--json", "insulin", "log", "long")
        #expect(result.status == 0)
        let dose = try result.json()
        #expect(dose["kind"] as? String == "long")
        #expect(dose["units"] as? Double == 10)
        #expect(dose["taken_at"] as? String == "2026-11-30T21:00:00+09:00")
        #expect(dose["insulin_day"] as? String == "2026-11-30")
        #expect(dose.keys.contains("note"))
        #expect((dose["id"] as? String)?.count == 36)
    }

    @Test func aSecondLongDoseIsRefusedWithExitThreeUnlessForced() throws {
        let tend = try InsulinCommandHarness()
        #expect(tend.run("insulin", "log", "long", "--at", "20:15").status == 0)
        let refused = tend.run("insulin", "log", "long")
        #expect(refused.status == 3)
        #expect(refused.stderr.hasPrefix("error: "))
        #expect(refused.stderr.contains("20:15"))
        #expect(refused.stderr.contains("--force"))
        #expect(tend.run("insulin", "log", "long", "--force").status == 0)
        let list = try tend.run("--json", "insulin", "list").json()
        #expect((list["doses"] as? [Any])?.count == 2)
    }

    @Test func timeFormsAndNotes() throws {
        let tend = try InsulinCommandHarness()
        let local = try tend.run("--json", "insulin", "log", "rapid", "4.5", "--at", "2026-11-29 08:05", "--note", "breakfast").json()
        #expect(local["taken_at"] as? String == "2026-11-29T08:05:00+09:00")
        #expect(local["note"] as? String == "breakfast")
        let offset = try tend.run("--json", "insulin", "log", "rapid", "3", "--at", "2026-11-29T03:00:00Z").json()
        #expect(offset["taken_at"] as? String == "2026-11-29T12:00:00+09:00")
        let yesterday = try tend.run("--json", "insulin", "log", "long", "--at", "yesterday 23:50").json()
        #expect(yesterday["insulin_day"] as? String == "2026-11-29")
        let afterMidnight = try tend.run("--json", "insulin", "log", "rapid", "2", "--at", "00:30").json()
        #expect(afterMidnight["insulin_day"] as? String == "2026-11-29")
    }

    @Test(arguments: [
        (["insulin", "log", "long", "-5"], Int32(2)),
        (["insulin", "log", "long", "0"], Int32(2)),
        (["insulin", "log", "long", "100.5"], Int32(2)),
        (["insulin", "log", "long", "2.25"], Int32(2)),
        (["insulin", "log", "long", "ten"], Int32(2)),
        (["insulin", "log", "medium"], Int32(2)),
        (["insulin", "log", "long", "--at", "25:00"], Int32(2)),
        (["insulin", "log", "long", "--at", "today 23:30"], Int32(2)), // in the future at 21:00
        (["insulin", "log", "long", "--force", "-3"], Int32(2)),
        (["insulin", "edit", "01a22b60-0000-7000-8000-000000000000", "--units", "2"], Int32(1)),
        (["insulin", "delete", "nope"], Int32(1)),
        (["insulin", "calendar", "--month", "2026-13"], Int32(2)),
        (["insulin", "calendar", "--month", "2026-1"], Int32(2)),
        (["insulin", "list", "--from", "2026-11-31"], Int32(2)),
        (["insulin", "settings", "--long-guard-hours", "1e300"], Int32(2)),
    ])
    func badInputIsAClearErrorAndChangesNothing(arguments: [String], status: Int32) throws {
        let tend = try InsulinCommandHarness()
        let result = tend.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stdout.isEmpty)
        let list = try tend.run("--json", "insulin", "list").json()
        #expect((list["doses"] as? [Any])?.isEmpty == true)
    }

    @Test func editReRunsTheRulesAndDeleteRemoves() throws {
        let tend = try InsulinCommandHarness()
        let first = try tend.run("--json", "insulin", "log", "long", "--at", "yesterday 22:00").json()
        let second = try tend.run("--json", "insulin", "log", "long", "--at", "20:30").json()
        let secondID = try #require(second["id"] as? String)

        let moved = tend.run("insulin", "edit", secondID, "--at", "yesterday 23:00")
        #expect(moved.status == 3)
        #expect(moved.stderr.contains("22:00"))

        let edited = try tend.run("--json", "insulin", "edit", secondID, "--units", "12", "--note", "new pen").json()
        #expect(edited["units"] as? Double == 12)
        #expect(edited["note"] as? String == "new pen")
        let cleared = try tend.run("--json", "insulin", "edit", secondID, "--note", "").json()
        #expect(cleared["note"] is NSNull)

        #expect(tend.run("insulin", "delete", try #require(first["id"] as? String)).status == 0)
        let list = try tend.run("--json", "insulin", "list").json()
        let ids = (list["doses"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == [secondID])
        #expect(tend.run("insulin", "delete", try #require(first["id"] as? String)).status == 1)
    }
}
