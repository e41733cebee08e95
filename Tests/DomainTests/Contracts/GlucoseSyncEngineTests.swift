import Foundation
import Testing
import Core
import Data
import Domain

/// The server side of glucose sync on each engine (`0015_glucose_sync`: SQLite's triggers,
/// PostgreSQL's PL/pgSQL): a reading uploaded to the Nightscout API enters the change log, and a
/// device's push of the same reading under another id leaves one reading, the smaller id.
@Suite("Glucose sync on each engine")
struct GlucoseSyncEngineTests {
    static var engines: [String] { ScratchPostgres.isAvailable ? ["sqlite", "postgres"] : ["sqlite"] }
    static let now = ISO8601.parseInstant("2026-12-01T12:00:00Z")!
    static let device = "d0123456789abcdef0123"

    static func database(_ engine: String) throws -> any SQLDatabase {
        if engine == "postgres" { return try ScratchPostgres.make() }
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: now)
        return database
    }

    static func live(_ database: any SQLDatabase) throws -> [String] {
        try database.query("SELECT id FROM glucose_readings WHERE owner_id = 'acct' AND deleted_at IS NULL ORDER BY id")
            .map { try $0.get("id") }
    }

    @Test(arguments: engines)
    func anUploadIsLoggedAndAPushedTwinIsSettled(engine: String) throws {
        let database = try Self.database(engine)
        let clock = FixedClock(Self.now)
        let store = try SQLiteSyncStore(database: database, clock: clock, deviceID: SQLiteSyncStore.serverDeviceID)
        let date = Self.now.timeIntervalSince1970 * 1000 - 3_600_000
        let time = Date(timeIntervalSince1970: date / 1000)
        // Stored as the entries upload stores one (its own lookup is left out: it is the Nightscout suite's).
        let uploaded = UUIDv7.makeString(at: Self.now)
        try database.write {
            try SQLiteNightscoutDocumentRepository(database: database).insert(NightscoutDocument(
                id: uploaded, ownerID: "acct", collection: .entries, nsID: NightscoutDocuments.makeID(at: Self.now), time: time,
                type: "sgv", mgdl: 142, source: "api", json: #"{"sgv":142}"#, createdAt: Self.now, updatedAt: Self.now))
        }
        #expect(try Self.live(database) == [uploaded])

        let log = try store.changeLog(ownerID: "acct", after: 0, limit: 10, excludingDevice: nil)
        #expect(log.changes.count == 1)
        let change = try #require(try JSONSerialization.jsonObject(with: Data(log.changes[0].utf8)) as? [String: Any])
        #expect(change["table"] as? String == "glucose_readings")
        #expect(change["record_id"] as? String == uploaded)
        #expect((change["fields"] as? [String: Any])?["mgdl"] as? Double == 142)

        // A device imported the same reading under an id of its own (a later UUIDv7: larger).
        let twin = UUIDv7.makeString(at: Self.now.addingTimeInterval(60))
        let fields: [String: SyncValue] = [
            "ns_id": .string("0123456789abcdef01234567"), "date": .int(Int64(date)), "type": .string("sgv"), "mgdl": .double(142),
            "source": .string("libreview"), "document": .string(#"{"sgv":142}"#), "created_at": .int(Int64(date)),
            "updated_at": .int(Int64(date)),
        ]
        let push = Change(id: UUIDv7.makeString(at: Self.now), table: "glucose_readings", recordID: twin, operation: .insert,
                          fields: fields, clock: HLCTimestamp(physical: Int64(date) + 1, counter: 0, deviceID: Self.device)!)
        let (results, _) = try store.applyPushed([push], ownerID: "acct", now: Self.now) { table, values in
            try SyncValidation.validate(table: table, values: values, now: Self.now)
        }
        #expect(results.map(\.status) == [.applied])
        #expect(try Self.live(database) == [uploaded], "the smaller id is kept")
        let after = try store.changeLog(ownerID: "acct", after: 0, limit: 10, excludingDevice: Self.device)
        let operations = try after.changes.map { text -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return "\(object["operation"] ?? "")|\(object["record_id"] ?? "")"
        }
        #expect(operations == ["insert|\(uploaded)", "delete|\(twin)"], "the device pulls the server's delete of its twin")
    }
}
