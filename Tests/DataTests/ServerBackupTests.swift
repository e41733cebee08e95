import Foundation
import Synchronization
import Testing
import Core
@testable import Data

/// `tend-server backup` below the command: the online copy while another connection writes,
/// the photos carried in the same file, and the restore that checks before it replaces.
@Suite("Server backup (SQLite online backup)")
struct ServerBackupTests {
    /// A digest of the right shape (64 hex digits) without libsodium, which this target does not link.
    static let digest: @Sendable (Data) -> String = { data in
        let hex = data.prefix(32).map { String(format: "%02x", $0) }.joined()
        return String(repeating: "0", count: 64 - hex.count) + hex
    }
    static let now = Date(timeIntervalSince1970: 1_764_500_000)

    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.path + "/tend-backup-tests-" + UUIDv7.makeString()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// A server-shaped file: doses, and a tally that every write transaction keeps equal to
    /// their count (a copy of a torn state would show them apart), and a photo row.
    func makeServer() throws -> Database {
        let database = try Database(path: folder + "/server.sqlite")
        try database.executeScript("""
            CREATE TABLE doses (id INTEGER PRIMARY KEY, units REAL NOT NULL);
            CREATE TABLE tally (doses INTEGER NOT NULL);
            INSERT INTO tally VALUES (0);
            CREATE TABLE couple_photos (id TEXT PRIMARY KEY, sha256 TEXT NOT NULL);
            """)
        return database
    }

    func addDose(_ database: Database) throws {
        try database.write {
            try database.execute("INSERT INTO doses (units) VALUES (?)", [.real(2.5)])
            try database.execute("UPDATE tally SET doses = doses + 1")
        }
    }

    @Test func aBackupTakenWhileAnotherConnectionWritesIsOneMomentAndRestoresWithItsPhotos() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try makeServer()
        let photos = FilePhotoStore(directory: folder + "/photos", digest: Self.digest)
        let sha = try photos.store(Data("a photo".utf8))
        try server.execute("INSERT INTO couple_photos VALUES ('p1', ?)", [.text(sha)])
        for _ in 0..<50 { try addDose(server) }

        let writing = Atomic<Bool>(true)
        let writer = Thread { while writing.load(ordering: .relaxed) { try? addDose(server) } }
        writer.start()
        let backup = folder + "/backup.tend"
        let summary = try ServerBackup.backup(database: server.path, photos: folder + "/photos", to: backup, now: Self.now,
                                              digest: Self.digest)
        writing.store(false, ordering: .relaxed)
        #expect(summary.photos == 1 && summary.missingPhotos == 0)
        #expect(!FileManager.default.fileExists(atPath: backup + "-wal"), "one self-contained file")

        // Restored into a fresh place, with a fresh photo folder.
        let restored = try ServerBackup.restore(from: backup, database: folder + "/restored.sqlite", photos: folder + "/restored-photos",
                                                digest: Self.digest)
        #expect(restored.previous == nil)
        #expect(restored.summary.photos == 1)
        let copy = try Database(path: folder + "/restored.sqlite")
        #expect(try copy.queryOne("PRAGMA integrity_check")?.values.first == .text("ok"))
        let doses = try copy.queryOne("SELECT count(*) AS n FROM doses")?.get("n", as: Int.self) ?? -1
        let tally = try copy.queryOne("SELECT doses FROM tally")?.get("doses", as: Int.self) ?? -2
        #expect(doses >= 50 && doses == tally, "no torn state: \(doses) doses, tally \(tally)")
        #expect(try copy.query("SELECT name FROM sqlite_master WHERE name LIKE 'tend_backup%'").isEmpty)
        #expect(try FilePhotoStore(directory: folder + "/restored-photos", digest: Self.digest).data(sha256: sha) == Data("a photo".utf8))
        copy.close()
        server.close()
    }

    @Test func aRestoreOverADatabaseKeepsTheOldOneAndReplacesItWhole() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try makeServer()
        try addDose(server)
        let backup = folder + "/backup.tend"
        _ = try ServerBackup.backup(database: server.path, photos: folder + "/photos", to: backup, now: Self.now, digest: Self.digest)
        for _ in 0..<3 { try addDose(server) }
        server.close()

        let restored = try ServerBackup.restore(from: backup, database: folder + "/server.sqlite", photos: folder + "/photos",
                                                digest: Self.digest)
        #expect(restored.previous == folder + "/server.sqlite.before-restore")
        let now = try Database(path: folder + "/server.sqlite")
        #expect(try now.queryOne("SELECT count(*) AS n FROM doses")?.get("n", as: Int.self) == 1)
        now.close()
        let before = try Database(path: folder + "/server.sqlite.before-restore")
        #expect(try before.queryOne("SELECT count(*) AS n FROM doses")?.get("n", as: Int.self) == 4)
        before.close()
    }

    @Test func aFileThatIsNoBackupIsRefusedAndTheDatabaseStaysAsItWas() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try makeServer()
        try addDose(server)
        server.close()
        let error = #expect(throws: AppError.self) {
            _ = try ServerBackup.restore(from: folder + "/server.sqlite", database: folder + "/other.sqlite", photos: folder + "/photos",
                                         digest: Self.digest)
        }
        #expect(error?.code == "not_a_backup")
        #expect(!FileManager.default.fileExists(atPath: folder + "/other.sqlite"))
        // Not SQLite at all: named as the file given, and nothing is left beside the database.
        try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: folder + "/garbage.tend"))
        let garbage = #expect(throws: AppError.self) {
            _ = try ServerBackup.restore(from: folder + "/garbage.tend", database: folder + "/other.sqlite", photos: folder + "/photos",
                                         digest: Self.digest)
        }
        #expect(garbage?.code == "not_a_backup" && garbage?.message.contains("garbage.tend") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("other.sqlite") }.isEmpty)
        let missing = #expect(throws: AppError.self) {
            _ = try ServerBackup.backup(database: folder + "/nothing.sqlite", photos: folder + "/photos", to: folder + "/b.tend",
                                        now: Self.now, digest: Self.digest)
        }
        #expect(missing?.code == "database_not_found")
        #expect(!FileManager.default.fileExists(atPath: folder + "/b.tend"))
    }
}
