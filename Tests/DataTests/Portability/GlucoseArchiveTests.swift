import Foundation
import Testing
import Core
import Domain
@testable import Data

@Suite("tend export, import and erase: glucose and the Nightscout documents")
struct GlucoseArchiveTests {
    typealias F = ExportFixture

    static let sensor = #"{"_id":"65f0a1b2c3d4e5f601234567","date":1749985200000,"dateString":"2025-06-15T11:00:00.000Z","#
        + #""device":"xDrip-LibreReceiver","direction":"Flat","noise":1,"sgv":142,"type":"sgv"}"#
    static let stick = #"{"_id":"65f0a1b2c3d4e5f601234568","date":1749981600000,"dateString":"2025-06-15T10:00:00.000Z","#
        + #""mbg":99,"type":"mbg"}"#
    static let status = #"{"_id":"65f0a1b2c3d4e5f601234569","created_at":"2025-06-15T11:00:00.000Z","device":"openaps://phone","#
        + #""uploaderBattery":54}"#
    static let note = #"{"_id":"65f0a1b2c3d4e5f60123456a","carbs":30,"created_at":"2025-06-15T10:30:00.000Z","#
        + #""eventType":"Meal Bolus","utcOffset":540}"#
    static let bolus = #"{"_id":"65f0a1b2c3d4e5f60123456b","created_at":"2025-06-15T10:00:00.000Z","eventType":"Correction Bolus","#
        + #""insulin":4.5,"utcOffset":540}"#

    /// The export fixture with readings in both kinds, a deleted one, another owner's, a device
    /// status, a treatment without insulin, one that made dose 2, the unit setting and a pull cursor.
    static func filled() throws -> F {
        let fixture = try F.filled()
        let ms = F.ms
        try fixture.insert("glucose_readings", ["id": .text(F.id(80)), "ns_id": "65f0a1b2c3d4e5f601234567", "date": .integer(ms - 3_600_000),
                                                "type": "sgv", "mgdl": 142.0, "source": "nightscout", "document": .text(sensor)])
        try fixture.insert("glucose_readings", ["id": .text(F.id(81)), "ns_id": "65f0a1b2c3d4e5f601234568", "date": .integer(ms - 7_200_000),
                                                "type": "mbg", "mgdl": 99.0, "source": "libreview", "document": .text(stick)])
        try fixture.insert("glucose_readings", ["id": .text(F.id(82)), "ns_id": "gone", "date": .integer(ms - 9_000_000), "type": "sgv",
                                                "mgdl": 80.0, "source": "api", "document": #"{"_id":"gone","sgv":80}"#,
                                                "deleted_at": .integer(ms)])
        try fixture.insert("glucose_readings", ["id": .text(F.id(83)), "ns_id": "theirs", "date": .integer(ms), "type": "sgv",
                                                "mgdl": 200.0, "source": "api", "document": #"{"_id":"theirs","sgv":200}"#], owner: "partner")
        try fixture.insert("nightscout_documents", ["id": .text(F.id(84)), "collection": "devicestatus", "ns_id": "65f0a1b2c3d4e5f601234569",
                                                    "occurred_at": .integer(ms - 3_600_000), "type": "openaps://phone", "source": "api",
                                                    "document": .text(status)])
        try fixture.insert("nightscout_documents", ["id": .text(F.id(85)), "collection": "treatments", "ns_id": "65f0a1b2c3d4e5f60123456a",
                                                    "occurred_at": .integer(ms - 5_400_000), "type": "Meal Bolus", "source": "api",
                                                    "document": .text(note)])
        try fixture.insert("nightscout_documents", ["id": .text(F.id(86)), "collection": "treatments", "ns_id": "65f0a1b2c3d4e5f60123456b",
                                                    "occurred_at": .integer(ms - 7_200_000), "type": "Correction Bolus",
                                                    "identifier": "aaps-1", "source": "api", "document": .text(bolus),
                                                    "dose_ids": .text(#"["\#(F.id(2))"]"#)])
        try fixture.insert("glucose_settings", ["id": .text(F.id(87)), "unit": "mmol/L"])
        try fixture.insert("nightscout_pull_cursors", ["id": .text(F.id(88)), "site": "https://ns.example", "entries_through": .integer(ms),
                                                       "pulled_at": .integer(ms)])
        return fixture
    }

    static let columns = [
        "glucose_readings": "id, ns_id, date, type, mgdl, source, document, created_at, updated_at, deleted_at",
        "nightscout_documents": "id, collection, ns_id, occurred_at, type, identifier, source, document, dose_ids, created_at, updated_at, deleted_at",
        "glucose_settings": "id, unit, created_at, updated_at, deleted_at",
    ]

    static func rows(_ database: Database, _ table: String) throws -> [[SQLValue]] {
        try database.query("SELECT \(columns[table]!) FROM \(table) WHERE owner_id = ? ORDER BY id", [.text(F.owner)]).map(\.values)
    }

    @Test func theReadingsAndDocumentsAreExportedForPeopleAndForTend() throws {
        let (entries, counts) = try Self.filled().export()
        #expect(counts.counts["glucose_readings"] == 3) // the deleted one too; not the partner's
        #expect(counts.counts["nightscout_documents"] == 3)
        #expect(counts.counts["glucose_settings"] == 1)
        #expect(counts.counts["nightscout_pull_cursors"] == nil) // a device's bookkeeping
        #expect(!entries.contains { $0.name.contains("cursor") || $0.name.contains("credential") })

        let csv = try F.text(entries, "csv/glucose.csv")
        #expect(csv == "id,time_utc,time_local,mg_dl,mmol_l,type,source,device\r\n"
            + "\(F.id(81)),2025-06-15T10:00:00Z,2025-06-15T19:00:00+09:00,99,5.5,mbg,libreview,\r\n"
            + "\(F.id(80)),2025-06-15T11:00:00Z,2025-06-15T20:00:00+09:00,142,7.9,sgv,nightscout,xDrip-LibreReceiver\r\n")
        // The documents as they came, oldest first: a Nightscout entries file.
        #expect(try F.text(entries, "nightscout/entries.json") == "[\n" + Self.stick + ",\n" + Self.sensor + "\n]\n")
        #expect(try F.text(entries, "nightscout/devicestatus.json") == "[\n" + Self.status + "\n]\n")
        #expect(try F.text(entries, "nightscout/uploaded-treatments.json") == "[\n" + Self.bolus + ",\n" + Self.note + "\n]\n")
        let readings = try F.json(entries, "data/glucose_readings.json")
        #expect(readings.map { $0["id"] as? String } == [F.id(80), F.id(81), F.id(82)])
        #expect(readings[0]["document"] as? String == Self.sensor)
        #expect(readings[0]["owner_id"] == nil)
    }

    @Test func exportThenImportIntoAnEmptyDatabaseGivesTheSameReadingsAndTwiceAddsNothing() throws {
        let source = try Self.filled()
        let path = ImportFixture.path("glucose")
        let exported = try source.store.export(ownerID: F.owner, to: path, appVersion: "1.0.0") { _, _ in }
        let target = try ImportFixture.store()
        let imported = try target.store.importArchive(at: path, ownerID: F.owner)
        #expect(imported.counts["glucose_readings"] == 3)
        #expect(imported.counts["nightscout_documents"] == 3)
        #expect(imported.counts["glucose_settings"] == 1)
        #expect(imported.counts == exported.counts)
        for table in Self.columns.keys.sorted() {
            #expect(try Self.rows(target.database, table) == Self.rows(source.database, table), "\(table) differs")
        }
        // The imported readings are ordinary writes: sync carries them to the account.
        let recorded = try target.database.query("SELECT record_id FROM sync_changes WHERE table_name = 'glucose_readings' ORDER BY record_id")
        #expect(Set(recorded.map { $0["record_id"].textValue }) == [F.id(80), F.id(81), F.id(82)], "\(recorded)")

        let before = try Self.counts(target.database)
        let again = try target.store.importArchive(at: path, ownerID: F.owner)
        #expect(again.total == 0)
        #expect(try Self.counts(target.database) == before)
    }

    @Test func aReadingTheDatabaseHoldsUnderAnotherIDIsNotAddedTwice() throws {
        let path = ImportFixture.path("glucose")
        _ = try Self.filled().store.export(ownerID: F.owner, to: path, appVersion: "1.0.0") { _, _ in }
        let target = try F.empty()
        // The same sensor reading, imported from the same file on this device before.
        try target.insert("glucose_readings", ["id": .text(F.id(90)), "ns_id": "local", "date": .integer(F.ms - 3_600_000), "type": "sgv",
                                               "mgdl": 142.0, "source": "libreview", "document": #"{"_id":"local","sgv":142}"#])
        let imported = try target.store.importArchive(at: path, ownerID: F.owner)
        #expect(imported.counts["glucose_readings"] == 2) // the finger stick and the deleted one
        let live = try target.database.query("SELECT id FROM glucose_readings WHERE deleted_at IS NULL ORDER BY date").map { $0["id"] }
        #expect(live == [.text(F.id(81)), .text(F.id(90))])
    }

    @Test func aDocumentThatIsNotJSONOrOfAnotherCollectionRefusesTheArchive() throws {
        let stamps = #""created_at":1,"updated_at":1,"deleted_at":null"#
        func document(_ collection: String, _ json: String, doses: String = "[]") -> String {
            #"[{"id":"\#(F.id(1))","collection":"\#(collection)","ns_id":"x","occurred_at":1,"type":null,"identifier":null,"#
                + #""source":"api","document":\#(json.jsonQuoted),"dose_ids":\#(doses.jsonQuoted),\#(stamps)}]"#
        }
        for (entry, code) in [(document("entries", "{}"), "invalid_collection"), (document("treatments", "[1]"), "invalid_document"),
                              (document("treatments", "{}", doses: "{}"), "invalid_document")] {
            let store = try ImportFixture.store()
            let error = try #require(throws: AppError.self) {
                try store.store.importArchive(at: try ImportFixture.archive(["data/nightscout_documents.json": entry]), ownerID: F.owner)
            }
            #expect(error.code == code)
            #expect(error.message.contains("data/nightscout_documents.json, record 1"))
            #expect(try store.count("nightscout_documents") == 0)
        }
        let store = try ImportFixture.store()
        let unit = #"[{"id":"\#(F.id(1))","unit":"mmol",\#(stamps)}]"#
        let error = try #require(throws: AppError.self) {
            try store.store.importArchive(at: try ImportFixture.archive(["data/glucose_settings.json": unit]), ownerID: F.owner)
        }
        #expect(error.code == "invalid_unit")
    }

    @Test func erasureLeavesNoGlucoseRowAndNoNightscoutDocumentOfThePerson() throws {
        let fixture = try Self.filled()
        let erased = try fixture.store.erase(ownerID: F.owner)
        #expect(erased.counts["glucose_readings"] == 3)
        #expect(erased.counts["nightscout_documents"] == 3)
        #expect(erased.counts["glucose_settings"] == 1)
        #expect(erased.counts["nightscout_pull_cursors"] == 1)
        for table in ["glucose_readings", "nightscout_documents", "glucose_settings", "nightscout_pull_cursors", "nightscout_credentials"] {
            #expect(try fixture.database.queryOne("SELECT count(*) AS n FROM \(table) WHERE owner_id = ?", [.text(F.owner)])!
                .get("n", as: Int64.self) == 0, "\(table)")
        }
        // The partner's reading stays, and the erasure sent nothing to sync.
        #expect(try fixture.database.queryOne("SELECT count(*) AS n FROM glucose_readings")!.get("n", as: Int64.self) == 1)
        #expect(try fixture.database.queryOne("SELECT count(*) AS n FROM sync_changes WHERE owner_id = ?", [.text(F.owner)])!
            .get("n", as: Int64.self) == 0)
    }

    static func counts(_ database: Database) throws -> [String: Int64] {
        var counts: [String: Int64] = [:]
        for table in ExportTables.all.map(\.name) + ["sync_changes"] {
            counts[table] = try database.queryOne("SELECT count(*) AS n FROM \(table)")!.get("n", as: Int64.self)
        }
        return counts
    }
}
