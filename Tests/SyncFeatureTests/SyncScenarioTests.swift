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

    /// The server judges a pushed record by the same rules as a local write: what `tend insulin
    /// log` accepted on a device is not refused by the push.
    @Test func aNoteTheDeviceAcceptedIsNotRefusedByTheServer() throws {
        let world = try World()
        let note = "pen \u{7} beeped" // a BEL, as a pasted terminal line can carry
        let accepted: Dose
        do {
            accepted = try world.laptop.logDose(.long, units: 10, note: note)
        } catch {
            return // refused at the write: the same rule in both places
        }
        let summary = try world.sync(world.laptop)
        #expect(summary["conflicts"] as? Int == 0)
        let rejected = try world.conflicts(world.laptop).filter { $0["kind"] as? String == "rejected" }
        #expect(rejected.isEmpty, "the server refused: \(rejected.map { $0["reason"] as? String ?? "?" })")
        #expect(try world.server.doses(of: "acct-alice")[accepted.id] != nil, "the dose never reached the server")
    }
}
