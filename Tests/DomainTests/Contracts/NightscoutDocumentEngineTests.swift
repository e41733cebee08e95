import Foundation
import Testing
import Core
import Data
import Domain

/// The Nightscout document queries on each engine where they differ in SQL: no limit (an upload
/// looks up every stored document of a time with none) must read as "all", not as an error.
@Suite("Nightscout documents on each engine")
struct NightscoutDocumentEngineTests {
    @Test(arguments: GlucoseSyncEngineTests.engines)
    func withoutALimitEveryDocumentIsRead(engine: String) throws {
        let database = try GlucoseSyncEngineTests.database(engine)
        let repository = SQLiteNightscoutDocumentRepository(database: database)
        let now = GlucoseSyncEngineTests.now
        try database.write {
            for minutes in 0..<3 {
                let time = now.addingTimeInterval(Double(-5 * 60 * minutes))
                try repository.insert(NightscoutDocument(
                    id: UUIDv7.makeString(at: time), ownerID: "acct", collection: .entries, nsID: NightscoutDocuments.makeID(at: time),
                    time: time, type: "sgv", mgdl: 100 + Double(minutes), source: "api", json: #"{"sgv":1}"#, createdAt: now, updatedAt: now))
                try repository.insert(NightscoutDocument(
                    id: UUIDv7.makeString(at: time.addingTimeInterval(1)), ownerID: "acct", collection: .treatments,
                    nsID: NightscoutDocuments.makeID(at: time.addingTimeInterval(1)), time: time, type: "Note", mgdl: nil, source: "api",
                    json: #"{"eventType":"Note"}"#, createdAt: now, updatedAt: now))
            }
        }
        for collection in [NightscoutCollection.entries, .treatments] {
            #expect(try repository.documents(ownerID: "acct", collection: collection, in: nil, type: nil, limit: nil).count == 3)
            #expect(try repository.texts(ownerID: "acct", collection: collection, in: nil, type: nil, limit: nil).count == 3)
            #expect(try repository.documents(ownerID: "acct", collection: collection, in: nil, type: nil, limit: 2).count == 2)
            // A page as one array: SQLite copies it from its rows, PostgreSQL joins the texts; the same bytes.
            let texts = try repository.texts(ownerID: "acct", collection: collection, in: nil, type: nil, limit: 2)
            #expect(try repository.jsonArray(ownerID: "acct", collection: collection, in: nil, type: nil, limit: 2)
                == Array(("[" + texts.joined(separator: ",") + "]").utf8))
        }
        #expect(try repository.documents(ownerID: "acct", collection: .entries, in: nil, type: nil, limit: nil).map(\.mgdl)
            == [100, 101, 102], "newest first")
    }
}
