import Foundation
import Testing

/// One account's doses reach a device both by sync and by `tend glucose pull` from the same
/// tend-server's Nightscout API (which shows each dose as a treatment whose `_id` is the dose's
/// id): with the built binaries, each dose is there once, whichever comes first.
@Suite("tend glucose pull from the tend-server a device syncs with, end to end", .serialized)
struct NightscoutPullSyncEndToEndTests {
    typealias World = SyncEndToEndTests.World
    typealias Device = SyncEndToEndTests.Device

    static func pull(_ device: Device, from world: World, secret: String) throws -> [String: Any] {
        let environment = device.environment(now: nil, password: nil).merging(["NIGHTSCOUT_API_SECRET": secret]) { $1 }
        let result = try device.tend.run(["--json", "glucose", "pull", "--nightscout", world.url], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return try result.json()
    }

    @Test func aDosePulledBeforeItIsSyncedAndOneSyncedBeforeItIsPulledAreEachThereOnce() throws {
        let world = try World()
        defer { world.remove() }
        let long = try world.a.log("long", "20", at: "08:00")
        let rapid = try world.a.log("rapid", "4", at: "12:30")
        try world.a.sync()
        let secret = try #require(try world.a.json("nightscout", "secret")["value"] as? String)

        // B pulls first: both doses arrive as doses under their own ids, not as new treatments.
        let first = try Self.pull(world.b, from: world, secret: secret)
        #expect(first["treatments"] as? [String: Int] == ["added": 2, "skipped": 0, "ignored": 0], "\(first)")
        #expect(Set(try world.b.doses().compactMap { $0["id"] as? String }) == [long, rapid])
        // Then syncs: the same records meet, nothing doubles.
        try world.b.sync()
        try world.a.sync()
        #expect(try world.b.doses().count == 2)
        #expect(try world.b.storedDoses() == world.a.storedDoses())
        #expect(try world.serverDoses().count == 2)
        #expect(try world.b.conflicts().isEmpty)

        // A pulls what it synced itself: all here already.
        let own = try Self.pull(world.a, from: world, secret: secret)
        #expect(own["treatments"] as? [String: Int] == ["added": 0, "skipped": 2, "ignored": 0], "\(own)")
        #expect(try world.a.doses().count == 2)
        // And pulling again on B adds nothing either.
        let again = try Self.pull(world.b, from: world, secret: secret)
        #expect(again["doses_added"] as? Int == 0)
        #expect(try world.b.doses().count == 2)
    }
}
