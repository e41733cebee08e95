import Foundation
import Testing
import Core
@testable import Data

@Suite("SQLite core")
struct DatabaseTests {
    func makeDatabase() throws -> Database {
        let database = try Database(path: ":memory:")
        try database.execute("CREATE TABLE item (id TEXT PRIMARY KEY, number INTEGER, ratio REAL, label TEXT, payload BLOB)")
        return database
    }

    @Test func valuesRoundTripThroughBoundParameters() throws {
        let database = try makeDatabase()
        let payload = Data([0, 1, 2, 255])
        let tricky = "it's \"quoted\"; DROP TABLE item; -- 한국어 🙂"
        try database.execute("INSERT INTO item VALUES (?, ?, ?, ?, ?)",
                             [.text("a"), .integer(.max), .real(-2.5), .text(tricky), .blob(payload)])
        try database.execute("INSERT INTO item VALUES (?, ?, ?, ?, ?)", ["b", nil, nil, "", .blob(Data())])
        let rows = try database.query("SELECT * FROM item ORDER BY id")
        #expect(rows.count == 2)
        #expect(try rows[0].get("number", as: Int64.self) == .max)
        #expect(try rows[0].get("ratio", as: Double.self) == -2.5)
        #expect(try rows[0].get("label", as: String.self) == tricky)
        #expect(try rows[0].get("payload", as: Data.self) == payload)
        #expect(try rows[1].get("number", as: Int?.self) == nil)
        #expect(try rows[1].get("label", as: String.self) == "")
        #expect(rows[1]["payload"] == .blob(Data()))
    }

    @Test func datesAreStoredAsUnixMilliseconds() throws {
        let database = try makeDatabase()
        let date = Date(timeIntervalSince1970: 1_764_000_000.123)
        try database.execute("INSERT INTO item (id, number) VALUES (?, ?)", ["d", date.sqlValue])
        let row = try #require(try database.queryOne("SELECT number FROM item"))
        #expect(row["number"] == .integer(1_764_000_000_123))
        #expect(try row.get("number", as: Date.self) == date)
    }

    @Test func decodingTheWrongTypeNamesTheColumn() throws {
        let database = try makeDatabase()
        try database.execute("INSERT INTO item (id, label) VALUES ('x', 'text')")
        let row = try #require(try database.queryOne("SELECT label FROM item"))
        #expect(throws: AppError.self) { try row.get("label", as: Int.self) }
        do {
            _ = try row.get("label", as: Int.self)
        } catch let error as AppError {
            #expect(error.message.contains("label"))
        }
        #expect(throws: AppError.self) { try row.get("missing", as: String.self) }
    }

    @Test func aThrownErrorRollsTheTransactionBack() throws {
        let database = try makeDatabase()
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try database.write {
                try database.execute("INSERT INTO item (id) VALUES ('kept?')")
                throw Boom()
            }
        }
        #expect(try database.query("SELECT * FROM item").isEmpty)

        try database.write { try database.execute("INSERT INTO item (id) VALUES ('kept')") }
        #expect(try database.query("SELECT id FROM item").count == 1)
    }

    @Test func nestedWritesAreSavepoints() throws {
        let database = try makeDatabase()
        struct Boom: Error {}
        try database.write {
            try database.execute("INSERT INTO item (id) VALUES ('outer')")
            _ = try? database.write {
                try database.execute("INSERT INTO item (id) VALUES ('inner')")
                throw Boom()
            }
        }
        let ids = try database.query("SELECT id FROM item").map { try $0.get("id", as: String.self) }
        #expect(ids == ["outer"])
    }

    @Test func sqliteErrorsBecomeAppErrorsWithSQLitesMessage() throws {
        let database = try makeDatabase()
        try database.execute("INSERT INTO item (id) VALUES ('a')")
        do {
            try database.execute("INSERT INTO item (id) VALUES ('a')")
            Issue.record("a duplicate primary key must fail")
        } catch let error as AppError {
            #expect(error.message.contains("UNIQUE constraint failed"))
        }
        do {
            _ = try database.query("SELECT * FROM nowhere")
            Issue.record("an unknown table must fail")
        } catch let error as AppError {
            #expect(error.message.contains("no such table"))
        }
    }

    @Test func theWrongNumberOfValuesIsRefused() throws {
        let database = try makeDatabase()
        #expect(throws: AppError.self) { try database.execute("INSERT INTO item (id, number) VALUES (?, ?)", ["only one"]) }
    }

    @Test func aFileThatIsNotADatabaseIsRefusedClearly() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tend-notadb-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(String(repeating: "this is not sqlite\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try Database(path: path)
            Issue.record("opening garbage must fail")
        } catch let error as AppError {
            #expect(error.code == "database_unreadable")
            #expect(error.message.contains(path))
        }
    }

    @Test func aMissingFolderIsRefusedClearly() throws {
        do {
            _ = try Database(path: "/nonexistent-tend-folder/x/tend.sqlite")
            Issue.record("a file in a missing folder must fail")
        } catch let error as AppError {
            #expect(error.code == "database_unavailable")
        }
    }

    @Test func fileDatabasesUseWAL() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tend-wal-\(UUID()).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let database = try Database(path: path)
        let mode = try #require(try database.queryOne("PRAGMA journal_mode"))
        #expect(mode["journal_mode"] == .text("wal"))
        let foreignKeys = try #require(try database.queryOne("PRAGMA foreign_keys"))
        #expect(foreignKeys["foreign_keys"] == .integer(1))
    }

    @Test func manyThreadsShareOneConnection() async throws {
        let database = try makeDatabase()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<50 {
                        try? database.write {
                            try database.execute("INSERT INTO item (id, number) VALUES (?, ?)", [.text("\(task)-\(index)"), .integer(Int64(index))])
                        }
                    }
                }
            }
        }
        let count = try #require(try database.queryOne("SELECT COUNT(*) AS n FROM item"))
        #expect(try count.get("n", as: Int.self) == 400)
    }

    @Test func aClosedDatabaseFailsCleanly() throws {
        let database = try makeDatabase()
        database.close()
        #expect(throws: AppError.self) { try database.query("SELECT 1") }
    }
}
