import Foundation
import Testing
import Core
import Domain
@testable import Data

/// A Nightscout page (`GET /api/v1/entries.json?count=288`, treatments, device statuses) is read
/// in its order from an index (0017): no temporary b-tree, and readings at one time still come
/// by id, newest first, as before.
@Suite("Nightscout pages on SQLite")
struct NightscoutPageTests {
    let now = ISO8601.parseInstant("2026-11-30T12:00:00Z")!

    @Test("the page's reads walk an index in order, with no sort")
    func pagesNeedNoSort() throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: now)
        let arguments: [SQLValue] = [.text("a"), .integer(0), .integer(.max), .null, .integer(288)]
        for (sql, extra) in [(SQLiteNightscoutDocumentRepository.entriesPage, [SQLValue]()),
                             (SQLiteNightscoutDocumentRepository.documentsPage, [.text("treatments")])] {
            let plan = try database.query("EXPLAIN QUERY PLAN " + sql, arguments + extra).map { try $0.get("detail", as: String.self) }
            #expect(plan.count == 1 && plan[0].contains("_id (owner_id=?"), "\(plan)")
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        }
    }

    @Test("readings at one time come by id, newest first; count cuts the page after the order")
    func tiesKeepTheirOrder() throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: now)
        let repository = SQLiteNightscoutDocumentRepository(database: database)
        let times: [(String, Double)] = [("b", 0), ("d", 0), ("a", 0), ("c", -300), ("e", 60), ("f", 0)]
        for (id, offset) in times {
            try repository.insert(NightscoutDocument(
                id: id, ownerID: "o", collection: .entries, nsID: "ns-" + id, time: now.addingTimeInterval(offset), type: "sgv",
                mgdl: 100, source: "test", json: #"{"id":"\#(id)"}"#, createdAt: now, updatedAt: now))
        }
        try repository.delete(ids: ["f"], ownerID: "o", collection: .entries, at: now)
        let page = try repository.texts(ownerID: "o", collection: .entries, in: nil, type: nil, limit: nil)
        #expect(page == ["e", "d", "b", "a", "c"].map { #"{"id":"\#($0)"}"# })
        let cut = try repository.texts(ownerID: "o", collection: .entries, in: nil, type: "sgv", limit: 3)
        #expect(cut == ["e", "d", "b"].map { #"{"id":"\#($0)"}"# })
        #expect(try repository.texts(ownerID: "x", collection: .entries, in: nil, type: nil, limit: nil).isEmpty)
    }

    @Test("a page copied by SQLite into one array is the texts joined, on the writer and on a reader")
    func theArrayIsTheTextsJoined() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for database in [try Database(path: ":memory:"), try Database(path: folder.appendingPathComponent("t.db").path, readers: 1)] {
            try TendMigrations.migrator.migrate(database, now: now)
            let repository = SQLiteNightscoutDocumentRepository(database: database)
            // Text that a String and a byte copy could tell apart: escapes, Hangul, an emoji.
            let texts = [#"{"id":"a","note":"혈당 "높음" 🩸"}"#, #"{"id":"b","n":[1,2.5]}"#, #"{"id":"c"}"#]
            for (index, json) in texts.enumerated() {
                try repository.insert(NightscoutDocument(
                    id: "\(index)", ownerID: "o", collection: .devicestatus, nsID: "ns\(index)", time: now.addingTimeInterval(Double(-index)),
                    type: nil, mgdl: nil, source: "test", json: json, createdAt: now, updatedAt: now))
            }
            for (limit, type) in [(Int?.none, String?.none), (2, nil), (5, "x")] {
                let array = try repository.jsonArray(ownerID: "o", collection: .devicestatus, in: nil, type: type, limit: limit)
                let joined = try repository.texts(ownerID: "o", collection: .devicestatus, in: nil, type: type, limit: limit)
                #expect(array == JSONArrayBytes.joining(joined))
                #expect(String(decoding: array, as: UTF8.self) == "[" + joined.joined(separator: ",") + "]")
            }
            #expect(try repository.jsonArray(ownerID: "x", collection: .devicestatus, in: nil, type: nil, limit: nil) == Array("[]".utf8))
        }
    }
}
