import Foundation
import Testing
import Core
import Data
import Domain
import SyncFeature

/// Glucose readings across two devices and the server (`0015_glucose_sync`): a reading imported
/// on one device reaches the other, a delete travels, and one reading imported on both devices
/// (each giving it an id of its own) ends up once everywhere.
@Suite("Glucose sync")
struct GlucoseSyncTests {
    typealias World = SyncCommandLineTests.World

    /// Readings as an import stores them (Nightscout entries in the device's log): minutes after
    /// 08:00 UTC of the test's day and their mg/dL.
    static func importReadings(_ device: SyncDevice, _ clock: TestClock, _ readings: [(minute: Int, mgdl: Int)]) throws -> Int {
        let entries = NightscoutEntries(documents: SQLiteNightscoutDocumentRepository(database: device.database),
                                        transactor: device.database, clock: clock)
        let start = ISO8601.parseInstant("2026-12-01T08:00:00Z")!.timeIntervalSince1970 * 1000
        let documents: [DocumentValue] = readings.map { reading in
            .object(["type": .string("sgv"), "sgv": .number(Double(reading.mgdl)),
                     "date": .number(start + Double(reading.minute) * 60_000), "device": .string("LibreView")])
        }
        return try entries.post(documents, ownerID: Owner.local, source: "libreview").added
    }

    /// The live readings of an owner: id → (time in ms, mg/dL).
    static func readings(_ database: Database, owner: String = Owner.local) throws -> [String: [Int64]] {
        var out: [String: [Int64]] = [:]
        for row in try database.query("SELECT id, date, mgdl FROM glucose_readings WHERE owner_id = ? AND deleted_at IS NULL",
                                      [.text(owner)]) {
            out[try row.get("id")] = [try row.get("date"), Int64(try row.get("mgdl", as: Double.self))]
        }
        return out
    }

    /// Syncs until nothing is pending anywhere (each device twice, so that what one sent last is
    /// pulled by the other).
    static func settle(_ world: World) throws {
        for device in [world.laptop, world.desktop, world.laptop, world.desktop] { _ = try world.sync(device) }
    }

    @Test func readingsImportedOnOneDeviceReachTheOther() throws {
        let world = try World()
        #expect(try Self.importReadings(world.laptop, world.clock, [(0, 110), (5, 182), (10, 65)]) == 3)
        #expect(try world.laptop.pending() == 3)
        let sent = try world.sync(world.laptop)
        #expect(sent["pushed"] as? Int == 3)
        let received = try world.sync(world.desktop)
        #expect(received["pulled"] as? Int == 3)

        let laptop = try Self.readings(world.laptop.database)
        #expect(laptop.count == 3)
        #expect(try Self.readings(world.desktop.database) == laptop, "the same readings, with the same ids")
        #expect(try Self.readings(world.server.database, owner: "acct-alice") == laptop)
        let document = try world.desktop.database.queryOne("SELECT document, source, ns_id FROM glucose_readings ORDER BY date LIMIT 1")
        #expect((try document?.get("document", as: String.self))?.contains("\"sgv\":110") == true)
        #expect(try document?.get("source", as: String.self) == "libreview")
        #expect(try world.desktop.pending() == 0, "what was pulled is not sent back")
    }

    @Test func aReadingDeletedOnOneDeviceIsDeletedOnTheOther() throws {
        let world = try World()
        _ = try Self.importReadings(world.laptop, world.clock, [(0, 110), (5, 120)])
        try Self.settle(world)
        let first = try #require(try Self.readings(world.desktop.database).first { $0.value[1] == 110 }?.key)

        world.clock.advance(minutes: 1)
        try SQLiteNightscoutDocumentRepository(database: world.desktop.database)
            .delete(ids: [first], ownerID: Owner.local, collection: .entries, at: world.clock.now)
        try Self.settle(world)
        for side in [try Self.readings(world.laptop.database), try Self.readings(world.desktop.database),
                     try Self.readings(world.server.database, owner: "acct-alice")] {
            #expect(side.count == 1)
            #expect(side[first] == nil)
        }
    }

    @Test("one reading imported on both devices ends up once", arguments: [true, false])
    func theSameReadingImportedOnBothDevicesEndsUpOnce(laptopFirst: Bool) throws {
        let world = try World()
        // The first import's ids are the smaller ones (UUIDv7): both orders of the ids are met.
        let (first, second) = laptopFirst ? (world.laptop, world.desktop) : (world.desktop, world.laptop)
        _ = try Self.importReadings(first, world.clock, [(0, 110), (5, 120)])
        world.clock.advance(minutes: 1)
        _ = try Self.importReadings(second, world.clock, [(0, 110), (5, 120), (10, 130)])

        try Self.settle(world)
        let laptop = try Self.readings(world.laptop.database)
        #expect(laptop.count == 3, "one reading per time: \(laptop)")
        #expect(Set(laptop.values.map { $0[0] }).count == 3)
        #expect(try Self.readings(world.desktop.database) == laptop)
        #expect(try Self.readings(world.server.database, owner: "acct-alice") == laptop)
        #expect(try world.laptop.pending() == 0)
        #expect(try world.desktop.pending() == 0)
        #expect(try world.conflicts(world.laptop).isEmpty)
        // Importing the file again adds nothing, on either device.
        #expect(try Self.importReadings(world.laptop, world.clock, [(0, 110), (5, 120), (10, 130)]) == 0)
        #expect(try Self.importReadings(world.desktop, world.clock, [(0, 110), (5, 120)]) == 0)
    }

    @Test func aDevicePullingATwinOfItsUnsentReadingKeepsOneAndSendsTheDelete() throws {
        let world = try World()
        _ = try Self.importReadings(world.laptop, world.clock, [(0, 110)])
        _ = try world.sync(world.laptop)
        world.clock.advance(minutes: 1)
        _ = try Self.importReadings(world.desktop, world.clock, [(0, 110)])

        // The desktop pulls before it pushes (its own reading still in the outbox): the device settles it.
        let store = try SQLiteSyncStore(database: world.desktop.database, clock: world.clock)
        _ = try store.applyPulled(try world.remote.pull(cursor: nil, limit: 1000), ownerID: Owner.local)
        let desktop = try Self.readings(world.desktop.database)
        #expect(desktop.count == 1)
        #expect(desktop.keys.first == (try Self.readings(world.laptop.database)).keys.first, "the smaller id, the laptop's")

        try Self.settle(world)
        #expect(try Self.readings(world.server.database, owner: "acct-alice") == desktop)
        #expect(try Self.readings(world.laptop.database) == desktop)
    }

    @Test func aReadingOutsideTheRangeIsRejected() throws {
        let world = try World()
        _ = try Self.importReadings(world.laptop, world.clock, [(0, 110)])
        // A value no entry may hold (written past the API's checks) is refused by the server.
        try world.laptop.database.write { try world.laptop.database.execute("UPDATE glucose_readings SET mgdl = 900") }
        let summary = try world.sync(world.laptop)
        #expect((summary["conflicts"] as? Int ?? 0) == 1)
        let rejected = try #require(try world.conflicts(world.laptop).first)
        #expect(rejected["reason"] as? String == "invalid_glucose")
        #expect(try Self.readings(world.server.database, owner: "acct-alice").values.map { $0[1] } == [110], "the insert before it was taken")
    }
}
