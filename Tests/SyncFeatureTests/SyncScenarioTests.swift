import Foundation
import Testing
import Client
import Core
import Data
import Domain
import SyncFeature

/// Merges and domain rules across two devices and the server, driven through `tend sync`.
@Suite("Sync scenarios")
struct SyncScenarioTests {
    typealias World = SyncCommandLineTests.World

    @Test func twoOfflineLongDosesInsideTheGuardAreBothKeptAsAPossibleDoubleDose() throws {
        let world = try World()
        let first = try world.laptop.logDose(.long, units: 10)
        world.clock.advance(minutes: 10)
        let second = try world.desktop.logDose(.long, units: 10)

        _ = try world.sync(world.laptop)
        let summary = try world.sync(world.desktop)
        _ = try world.sync(world.laptop)
        #expect((summary["conflicts"] as? Int ?? 0) >= 1)
        for device in [world.laptop, world.desktop] {
            #expect(try device.dose(first.id) != nil)
            #expect(try device.dose(second.id) != nil)
            let doubles = try world.conflicts(device).filter { $0["kind"] as? String == "possible_double_dose" }
            #expect(doubles.count == 1)
            let ids = Set([doubles.first?["record_id"] as? String, doubles.first?["other_record_id"] as? String].compactMap { $0 })
            #expect(ids == [first.id, second.id])
        }
        #expect(try world.server.doses(of: "acct-alice").count == 2)
    }

    @Test func aDeleteWinsOverAConcurrentEditAndTheEditCanBeRestored() throws {
        let world = try World()
        let dose = try world.laptop.logDose(.rapid, units: 4, note: "lunch")
        _ = try world.sync(world.laptop)
        _ = try world.sync(world.desktop)

        world.clock.advance(minutes: 1)
        _ = try world.laptop.insulin.deleteDose(ownerID: Owner.local, id: dose.id)
        world.clock.advance(minutes: 1)
        _ = try world.desktop.insulin.editDose(ownerID: Owner.local, id: dose.id, EditDose.Changes(note: .some("lunch, big")))

        _ = try world.sync(world.laptop)
        _ = try world.sync(world.desktop)
        _ = try world.sync(world.laptop)
        #expect(try world.laptop.dose(dose.id) == nil, "the delete wins")
        #expect(try world.desktop.dose(dose.id) == nil, "the delete wins")
        #expect(try world.server.doses(of: "acct-alice")[dose.id] == nil)

        let lost = try #require(try world.conflicts(world.desktop).first { $0["kind"] as? String == "edit_after_delete" })
        #expect(lost["record_id"] as? String == dose.id)
        #expect(lost["field"] as? String == "note")
        #expect(lost["lost"] as? String == "lunch, big")
        let handle = try #require(lost["handle"] as? String)
        let restored = world.tend(world.desktop, "--json", "sync", "conflicts", "restore", handle)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try world.desktop.dose(dose.id)?.note == "lunch, big")

        _ = try world.sync(world.desktop)
        _ = try world.sync(world.laptop)
        #expect(try world.laptop.dose(dose.id)?.note == "lunch, big", "the restore brings the dose back everywhere")
        #expect(try world.server.doses(of: "acct-alice")[dose.id]?.note == "lunch, big")
        #expect(try world.laptop.pending() == 0)
        #expect(try world.desktop.pending() == 0)
    }

    @Test func editsOfDifferentFieldsOfOneDoseBothSurviveWithoutAConflict() throws {
        let world = try World()
        let dose = try world.laptop.logDose(.rapid, units: 4, note: "lunch")
        _ = try world.sync(world.laptop)
        _ = try world.sync(world.desktop)
        world.clock.advance(minutes: 1)
        _ = try world.laptop.insulin.editDose(ownerID: Owner.local, id: dose.id, EditDose.Changes(units: 5))
        world.clock.advance(minutes: 1)
        _ = try world.desktop.insulin.editDose(ownerID: Owner.local, id: dose.id, EditDose.Changes(note: .some("lunch and cake")))
        _ = try world.sync(world.laptop)
        _ = try world.sync(world.desktop)
        _ = try world.sync(world.laptop)
        for device in [world.laptop, world.desktop] {
            let merged = try #require(try device.dose(dose.id))
            #expect(merged.units == 5)
            #expect(merged.note == "lunch and cake")
            #expect(try world.conflicts(device).isEmpty)
        }
    }

    @Test func aDoseWrittenOnTheServerReachesBothDevices() throws {
        let world = try World()
        // What `POST /v1/insulin/doses` does: the insulin use case on the server's database.
        let posted = try world.server.insulin.logDose(ownerID: "acct-alice", LogDose.Request(kind: .rapid, units: 6, note: "from the API")).dose
        for device in [world.laptop, world.desktop] {
            let summary = try world.sync(device)
            #expect((summary["pulled"] as? Int ?? 0) >= 1)
            #expect(summary["pending"] as? Int == 0)
            #expect(try device.dose(posted.id)?.note == "from the API")
            #expect(try device.dose(posted.id)?.units == 6)
        }
    }

    /// A device whose wall clock is 3 hours fast still syncs: its dose "now" is its own now.
    @Test func aDeviceWithItsClockThreeHoursFastStillSyncsItsDoses() throws {
        let world = try World()
        let fast = TestClock()
        fast.advance(minutes: 180)
        let laptop = try SyncDevice(clock: fast)
        let dose = try laptop.logDose(.long, units: 10)
        let summary = try world.sync(laptop)
        #expect(summary["conflicts"] as? Int == 0)
        #expect(summary["pending"] as? Int == 0)
        let rejected = try world.conflicts(laptop).filter { $0["kind"] as? String == "rejected" }
        #expect(rejected.isEmpty, "the server refused: \(rejected.map { $0["reason"] as? String ?? "?" })")
        #expect(try world.server.doses(of: "acct-alice")[dose.id] != nil)
        _ = try world.sync(world.desktop)
        #expect(try world.desktop.dose(dose.id) != nil, "the other device must see the dose, or its guard cannot warn")
    }

    /// Both sides refuse the same text: `tend` refuses a control character in any argument
    /// (exit 2, before anything is written), and a note that carries one anyway — written below
    /// the command line, as an older tend could have stored it — is rejected by the server's
    /// push with `invalid_text`, alone: the rest of the batch applies.
    @Test func aNoteWithAControlCharacterIsRefusedOnBothSides() throws {
        let world = try World()
        let note = "pen \u{7} beeped \u{1B}[2J" // a BEL and a screen clear, as a pasted terminal line can carry
        let typed = world.tend(world.laptop, "sync", "conflicts", "restore", note)
        #expect(typed.status == 2, "\(typed.stderr)")
        #expect(typed.stderr.hasPrefix("error: <id> holds a control character"), "\(typed.stderr)")

        let clean = try world.laptop.logDose(.rapid, units: 4, note: "lunch")
        let refused = try world.laptop.logDose(.long, units: 10, note: "pen")
        try world.laptop.database.execute("UPDATE insulin_doses SET note = ? WHERE id = ?", [.text(note), .text(refused.id)])
        _ = try world.sync(world.laptop)
        let rejected = try world.conflicts(world.laptop).filter { $0["kind"] as? String == "rejected" }
        #expect(rejected.contains { $0["reason"] as? String == "invalid_text" && $0["record_id"] as? String == refused.id },
                "\(rejected)")
        #expect(try world.server.doses(of: "acct-alice")[clean.id] != nil, "the rest of the batch applies")
        #expect(try world.server.doses(of: "acct-alice")[refused.id]?.note?.hasControlCharacters != true,
                "the note never reaches the server")
    }

    /// Over the API a push is judged per change: the change whose note (or a set's exercise, in
    /// a field that carries JSON) holds a control character is rejected `invalid_text`, the
    /// others apply, and the batch is never a 400 for one bad string.
    @Test func aPushedChangeWithAControlCharacterIsRejectedAloneOverTheAPI() throws {
        let api = try SyncRoutesTests.API()
        let clean = api.doseInsert(note: "lunch", counter: 0)
        let belled = api.doseInsert(note: "pen \u{7} beeped", counter: 1)
        let escaped = api.doseInsert(note: "\u{1B}[2J\u{1B}[H", counter: 2)
        let lines = api.doseInsert(note: "left thigh\nthen\tright", counter: 3)
        let workout = ["id": SyncRoutesTests.API.newID(), "table": "workouts", "record_id": SyncRoutesTests.API.newID(),
                       "operation": "insert", "clock": api.clockText(4),
                       "fields": ["started_at": api.clock.milliseconds, "kind": "strength", "created_at": api.clock.milliseconds,
                                  "updated_at": api.clock.milliseconds,
                                  "sets": #"[{"position":0,"exercise":"squat\u001b[31m","warmup":0}]"#]] as [String: Any]
        let answer = try api.push([clean, belled, escaped, lines, workout])
        #expect(answer.status == 200, "\(answer.json)")
        for change in [clean, lines] {
            #expect(SyncRoutesTests.status(answer, of: change)?["status"] as? String == "applied", "\(answer.json)")
        }
        for change in [belled, escaped, workout] {
            let result = SyncRoutesTests.status(answer, of: change)
            #expect(result?["status"] as? String == "rejected", "\(answer.json)")
            #expect(result?["reason"] as? String == "invalid_text", "\(answer.json)")
        }
        let stored = try api.server.doses(of: "acct-alice")
        #expect(stored[lines["record_id"] as! String]?.note == "left thigh\nthen\tright")
        #expect(stored[belled["record_id"] as! String] == nil)
        #expect(stored[escaped["record_id"] as! String] == nil)
    }
}
