import Foundation
import Testing
import Client
import Core
import Data
import Domain
import HTTP
import SyncFeature

/// `tend sync`, `sync status` and `sync conflicts` on two devices and one server, all in process.
@Suite("tend sync")
struct SyncCommandLineTests {
    struct World {
        let clock = TestClock()
        let server: SyncServerSide
        let laptop: SyncDevice
        let desktop: SyncDevice
        let remote: InProcessRemote

        init() throws {
            server = try SyncServerSide(clock: clock)
            laptop = try SyncDevice(clock: clock)
            desktop = try SyncDevice(clock: clock)
            remote = InProcessRemote(server: server.sync, accountID: "acct-alice")
        }

        func tend(_ device: SyncDevice, _ arguments: String..., credentials: Credentials? = SyncCommandRunner.alice,
                  remote: (any SyncRemote)? = nil) -> SyncCommandRunner.Result {
            SyncCommandRunner.run(device, arguments, credentials: credentials, remote: remote ?? self.remote)
        }

        /// `tend --json sync` that must succeed: its summary.
        func sync(_ device: SyncDevice, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
            let result = tend(device, "--json", "sync")
            #expect(result.status == 0, "tend sync failed: \(result.stderr)", sourceLocation: sourceLocation)
            return try result.json()
        }

        func conflicts(_ device: SyncDevice, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
            let result = tend(device, "--json", "sync", "conflicts")
            #expect(result.status == 0, "tend sync conflicts failed: \(result.stderr)", sourceLocation: sourceLocation)
            return try #require(try result.json()["conflicts"] as? [[String: Any]], sourceLocation: sourceLocation)
        }
    }

    // MARK: - tend sync

    @Test func syncPushesThenPullsAndPrintsItsSummary() throws {
        let world = try World()
        let dose = try world.laptop.logDose(.long, units: 10, note: "left thigh")
        let pending = try world.laptop.pending()
        #expect(pending >= 1)

        let summary = try world.sync(world.laptop)
        #expect(Set(summary.keys) == ["pushed", "pulled", "conflicts", "pending"])
        #expect(summary["pushed"] as? Int == pending)
        #expect(summary["pulled"] as? Int == 0, "its own changes are not pulled back")
        #expect(summary["conflicts"] as? Int == 0)
        #expect(summary["pending"] as? Int == 0)
        #expect(try world.laptop.pending() == 0)
        #expect(try world.server.doses(of: "acct-alice")[dose.id]?.units == 10)

        let other = try world.sync(world.desktop)
        #expect(other["pushed"] as? Int == 0)
        #expect(other["pulled"] as? Int == pending)
        #expect(other["pending"] as? Int == 0, "a pull writes nothing into the outbox (no echo)")
        let arrived = try #require(try world.desktop.dose(dose.id))
        #expect(arrived.units == 10)
        #expect(arrived.kind == .long)
        #expect(arrived.note == "left thigh")
        #expect(try world.desktop.pending() == 0)

        // Nothing new: a second sync moves nothing, and says so in words.
        let text = world.tend(world.desktop, "sync")
        #expect(text.status == 0)
        #expect(text.stdout.contains("Synced with https://tend.example: 0 sent, 0 received."))
    }

    @Test func syncThroughTheRealRoutesAndClient() throws {
        let world = try World()
        let transport = InProcessTransport(application: world.server.application())
        let dose = try world.laptop.logDose(.rapid, units: 3.5)
        let pushed = SyncCommandRunner.run(world.laptop, ["--json", "sync"], remote: nil, transport: transport)
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(try pushed.json()["pending"] as? Int == 0)
        let pulled = SyncCommandRunner.run(world.desktop, ["--json", "sync"], remote: nil, transport: transport)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect((try pulled.json()["pulled"] as? Int ?? 0) >= 1)
        #expect(try world.desktop.dose(dose.id)?.units == 3.5)
    }

    @Test func notLoggedInSyncFailsAndTouchesNothing() throws {
        let world = try World()
        try world.laptop.logDose(.rapid, units: 2)
        let pending = try world.laptop.pending()
        let result = world.tend(world.laptop, "sync", credentials: nil, remote: UnexpectedRemote())
        #expect(result.status == 1)
        #expect(result.stderr == "error: not logged in (tend account login)\n")
        #expect(result.stdout.isEmpty)
        #expect(try world.laptop.pending() == pending)

        let json = world.tend(world.laptop, "--json", "sync", credentials: nil, remote: UnexpectedRemote())
        #expect(json.status == 1)
        let error = (try? JSONSerialization.jsonObject(with: Data(json.stderr.utf8))) as? [String: Any]
        #expect((error?["error"] as? [String: Any])?["code"] as? String == "not_logged_in", "\(json.stderr)")
    }

    @Test func anUnreachableServerLeavesEverythingPending() throws {
        let world = try World()
        try world.laptop.logDose(.long, units: 8)
        try world.laptop.logDose(.rapid, units: 4, takenAt: world.clock.now.addingTimeInterval(-600))
        let pending = try world.laptop.pending()
        #expect(pending >= 2)

        let failed = world.tend(world.laptop, "sync", remote: UnreachableRemote())
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("error: "))
        #expect(failed.stderr.contains("cannot reach"))
        #expect(try world.laptop.pending() == pending)
        let status = try world.tend(world.laptop, "--json", "sync", "status", remote: UnreachableRemote()).json()
        #expect(status["pending"] as? Int == pending)
        #expect(status["last_synced_at"] is NSNull, "a sync that failed is not a sync")
        #expect(try world.server.doses(of: "acct-alice").isEmpty)

        // Back online, the next sync sends it all.
        let summary = try world.sync(world.laptop)
        #expect(summary["pushed"] as? Int == pending)
        #expect(summary["pending"] as? Int == 0)
        #expect(try world.server.doses(of: "acct-alice").count == 2)
    }

    // MARK: - tend sync status

    @Test func statusShowsNullsBeforeTheFirstSync() throws {
        let world = try World()
        try world.laptop.logDose(.long, units: 10)
        let pending = try world.laptop.pending()

        let loggedOut = world.tend(world.laptop, "--json", "sync", "status", credentials: nil, remote: UnexpectedRemote())
        #expect(loggedOut.status == 0)
        let before = try loggedOut.json()
        #expect(Set(before.keys) == ["pending", "last_synced_at", "server"])
        #expect(before["pending"] as? Int == pending)
        #expect(before["last_synced_at"] is NSNull)
        #expect(before["server"] is NSNull)

        let loggedIn = try world.tend(world.laptop, "--json", "sync", "status", remote: UnexpectedRemote()).json()
        #expect(loggedIn["last_synced_at"] is NSNull, "logged in, never synced")

        _ = try world.sync(world.laptop)
        let after = try world.tend(world.laptop, "--json", "sync", "status").json()
        #expect(after["pending"] as? Int == 0)
        #expect(after["server"] as? String == "https://tend.example")
        let last = try #require(after["last_synced_at"] as? String)
        #expect(ISO8601.parseInstant(last) == world.clock.now)

        let text = world.tend(world.laptop, "sync", "status")
        #expect(text.status == 0)
        #expect(text.stdout.contains("https://tend.example"))
    }

    // MARK: - tend sync conflicts

    @Test func aFieldEditedOnBothDevicesIsAConflictThatCanBeRestoredAndAcknowledged() throws {
        let world = try World()
        let dose = try world.laptop.logDose(.long, units: 10, note: "first")
        _ = try world.sync(world.laptop)
        _ = try world.sync(world.desktop)
        #expect(try world.desktop.dose(dose.id)?.note == "first")

        // Offline, both edit the note; the desktop's edit is the later one.
        world.clock.advance(minutes: 1)
        _ = try world.laptop.insulin.editDose(ownerID: Owner.local, id: dose.id, EditDose.Changes(note: .some("from the laptop")))
        world.clock.advance(minutes: 1)
        _ = try world.desktop.insulin.editDose(ownerID: Owner.local, id: dose.id, EditDose.Changes(note: .some("from the desktop")))

        _ = try world.sync(world.laptop)
        let summary = try world.sync(world.desktop)
        #expect(summary["conflicts"] as? Int == 1)
        #expect(try world.desktop.dose(dose.id)?.note == "from the desktop", "the later clock wins")

        let list = try world.conflicts(world.desktop)
        #expect(list.count == 1)
        let conflict = try #require(list.first)
        #expect(conflict["kind"] as? String == "field_overwritten")
        #expect(conflict["record_id"] as? String == dose.id)
        #expect(conflict["field"] as? String == "note")
        #expect(conflict["kept"] as? String == "from the desktop")
        #expect(conflict["lost"] as? String == "from the laptop")
        #expect(conflict["detected_at"] is String)
        #expect(conflict["id"] is String)
        let handle = try #require(conflict["handle"] as? String)

        // The text list names the handle and both values.
        let text = world.tend(world.desktop, "sync", "conflicts")
        #expect(text.stdout.contains(handle))
        #expect(text.stdout.contains("from the laptop"))

        let restored = world.tend(world.desktop, "--json", "sync", "conflicts", "restore", handle)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try world.desktop.dose(dose.id)?.note == "from the laptop")
        #expect(try world.desktop.pending() >= 1, "the restore is a new local change")

        _ = try world.sync(world.desktop)
        _ = try world.sync(world.laptop)
        #expect(try world.laptop.dose(dose.id)?.note == "from the laptop")
        #expect(try world.desktop.dose(dose.id)?.note == "from the laptop")
        #expect(try world.server.doses(of: "acct-alice")[dose.id]?.note == "from the laptop")
        #expect(try world.laptop.pending() == 0)
        #expect(try world.desktop.pending() == 0)

        // ack --all empties the list on both devices.
        for device in [world.laptop, world.desktop] {
            let ack = world.tend(device, "--json", "sync", "conflicts", "ack", "--all")
            #expect(ack.status == 0, "\(ack.stderr)")
            #expect(try ack.json()["acknowledged"] is Int)
            #expect(try world.conflicts(device).isEmpty)
        }
        // Still there for the record.
        let all = try world.tend(world.desktop, "--json", "sync", "conflicts", "--acknowledged").json()
        #expect((all["conflicts"] as? [[String: Any]])?.isEmpty == false)
    }

    @Test func ackOfOneConflictByHandleAndUnknownHandles() throws {
        let world = try World()
        let dose = try world.laptop.logDose(.rapid, units: 4, note: "a")
        _ = try world.sync(world.laptop)
        _ = try world.sync(world.desktop)
        world.clock.advance(minutes: 1)
        _ = try world.laptop.insulin.editDose(ownerID: Owner.local, id: dose.id, EditDose.Changes(units: 5))
        world.clock.advance(minutes: 1)
        _ = try world.desktop.insulin.editDose(ownerID: Owner.local, id: dose.id, EditDose.Changes(units: 6))
        _ = try world.sync(world.laptop)
        _ = try world.sync(world.desktop)
        let list = try world.conflicts(world.desktop)
        let conflict = try #require(list.first { $0["field"] as? String == "units" })
        #expect((conflict["kept"] as? NSNumber)?.doubleValue == 6)
        #expect((conflict["lost"] as? NSNumber)?.doubleValue == 5)
        let handle = try #require(conflict["handle"] as? String)

        #expect(world.tend(world.desktop, "sync", "conflicts", "ack", "zzzzzzz").status == 1)
        #expect(world.tend(world.desktop, "sync", "conflicts", "restore", "zzzzzzz").status == 1)
        #expect(world.tend(world.desktop, "sync", "conflicts", "ack").status == 2, "a handle or --all")
        let ack = world.tend(world.desktop, "--json", "sync", "conflicts", "ack", handle)
        #expect(ack.status == 0, "\(ack.stderr)")
        #expect(try ack.json()["acknowledged"] as? Int == 1)
        #expect(try world.conflicts(world.desktop).allSatisfy { $0["handle"] as? String != handle })
    }

    @Test func aChangeTheServerRefusesBecomesARejectedConflictAndLeavesTheOutbox() throws {
        let world = try World()
        let dose = try world.laptop.logDose(.rapid, units: 2)
        _ = try world.sync(world.laptop)
        // A note longer than the rules allow, written past the use cases (an older tend, a hand edit).
        let long = String(repeating: "n", count: 600)
        try world.laptop.database.write {
            try world.laptop.database.execute("UPDATE insulin_doses SET note = ? WHERE id = ?", [.text(long), .text(dose.id)])
        }
        #expect(try world.laptop.pending() == 1)
        let summary = try world.sync(world.laptop)
        #expect(summary["conflicts"] as? Int == 1)
        #expect(summary["pending"] as? Int == 0)
        #expect(summary["pushed"] as? Int == 0)
        #expect(try world.server.doses(of: "acct-alice")[dose.id]?.note == nil)
        let conflict = try #require(try world.conflicts(world.laptop).first)
        #expect(conflict["kind"] as? String == "rejected")
        #expect(conflict["reason"] as? String == "invalid_note")
        #expect(conflict["record_id"] as? String == dose.id)
    }
}
