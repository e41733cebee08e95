import Foundation
import Testing

/// Finding a dose again: the handle a list prints, the full id, and `last`.
@Suite("Insulin: handles")
struct HandleCommandTests {
    func doses(_ tend: InsulinCommandHarness) throws -> [[String: Any]] {
        try tend.run("--json", "insulin", "list").json()["doses"] as? [[String: Any]] ?? []
    }

    @Test func theHandleAListPrintsIsAcceptedByEditAndDelete() throws {
        let tend = try InsulinCommandHarness()
        #expect(tend.run("insulin", "log", "rapid", "4", "--at", "08:00").status == 0)
        #expect(tend.run("insulin", "log", "rapid", "6", "--at", "12:30").status == 0)
        let listed = try doses(tend)
        let handles = listed.compactMap { $0["handle"] as? String }
        #expect(handles.count == 2)
        #expect(handles.allSatisfy { (6...8).contains($0.count) }, "\(handles)")
        // UUIDv7 ids made in the same minute share their first characters; the handles differ.
        #expect(Set(handles).count == 2)
        let text = tend.run("insulin", "list")
        for handle in handles { #expect(text.stdout.contains(handle), "\(text.stdout)") }

        let first = try #require(listed.first { $0["units"] as? Double == 4 })
        let handle = try #require(first["handle"] as? String)
        #expect(tend.run("insulin", "edit", handle, "--units", "5").status == 0)
        #expect(try doses(tend).contains { $0["id"] as? String == first["id"] as? String && $0["units"] as? Double == 5 })
        #expect(tend.run("insulin", "edit", handle.uppercased(), "--units", "4.5").status == 0)
        #expect(tend.run("insulin", "edit", try #require(first["id"] as? String), "--note", "breakfast").status == 0)
        #expect(tend.run("insulin", "delete", handle).status == 0)
        #expect(try doses(tend).count == 1)
    }

    @Test func lastIsTheMostRecentlyLogged() throws {
        let tend = try InsulinCommandHarness()
        #expect(tend.run("insulin", "log", "rapid", "4", "--at", "12:30").status == 0)
        // Logged later, taken earlier: `last` is what was just logged.
        #expect(tend.run("insulin", "log", "rapid", "3", "--at", "08:00").status == 0)
        let edited = try tend.run("--json", "insulin", "edit", "last", "--units", "2").json()
        #expect(edited["units"] as? Double == 2)
        #expect(edited["taken_at"] as? String == "2026-11-30T08:00:00+09:00")
        #expect(tend.run("insulin", "delete", "last").status == 0)
        #expect(tend.run("insulin", "delete", "last").status == 0)
        let none = tend.run("insulin", "delete", "last")
        #expect(none.status == 1)
        #expect(none.stderr.contains("no dose yet"), "\(none.stderr)")
    }

    @Test func anUnknownOrTooShortHandleIsNotFound() throws {
        let tend = try InsulinCommandHarness()
        #expect(tend.run("insulin", "log", "rapid", "4", "--at", "08:00").status == 0)
        for input in ["abc", "ffffff1", "zzzzzzz"] {
            let result = tend.run("insulin", "delete", input)
            #expect(result.status == 1, "\(input)")
            #expect(result.stderr.contains("no dose \(input)"), "\(result.stderr)")
        }
        #expect(try doses(tend).count == 1)
    }
}
