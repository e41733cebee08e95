import Foundation
import Testing
import Core
@testable import Data
#if canImport(Glibc)
import Glibc
#endif

/// Issue 21, item 8: every file that holds personal data is its owner's alone — the database,
/// its `-wal` and `-shm` 0600, the photos 0600 in folders 0700 — whatever the umask lets through.
@Suite("Files of personal data are 0600, their folders 0700")
struct FilePermissionsTests {
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : nil
    }

    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-modes-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a new database, its -wal and its -shm are 0600")
    func newDatabase() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/tend.sqlite"
        let database = try Database(path: path)
        try database.write {
            try database.execute("CREATE TABLE dose (id TEXT PRIMARY KEY, note TEXT)")
            try database.execute("INSERT INTO dose (id, note) VALUES ('a', 'personal')")
        }
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(Self.mode(file) == 0o600, "\(file)")
        }
        database.close()
    }

    @Test("a database left world-readable by an older Tend is narrowed, with its -wal and -shm, when opened")
    func existingDatabase() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/tend.sqlite"
        do {
            let database = try Database(path: path)
            try database.execute("CREATE TABLE dose (id TEXT PRIMARY KEY)")
            // Another connection keeps the -wal and -shm in place while the modes are widened.
            let other = try Database(path: path)
            for file in [path, path + "-wal", path + "-shm"] { chmod(file, 0o644) }
            other.close()
            database.close()
        }
        chmod(path, 0o644)
        let reopened = try Database(path: path)
        try reopened.execute("INSERT INTO dose (id) VALUES ('b')")
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            #expect(Self.mode(file) == 0o600, "\(file)")
        }
        reopened.close()
    }

    @Test("a stored photo is 0600 in folders 0700; a photos folder left broader is narrowed")
    func photos() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let digest: @Sendable (Data) -> String = { data in String(repeating: "ab", count: 31) + String(format: "%02x", data.count % 256) }
        let root = folder + "/photos"
        let store = FilePhotoStore(directory: root, digest: digest)
        let hash = try store.store(Data("jpeg bytes".utf8))
        #expect(Self.mode(root) == 0o700)
        #expect(Self.mode(root + "/ab") == 0o700)
        #expect(Self.mode(store.path(hash)) == 0o600)
        #expect(try store.data(sha256: hash) == Data("jpeg bytes".utf8))

        chmod(root, 0o755)
        _ = FilePhotoStore(directory: root, digest: digest)
        #expect(Self.mode(root) == 0o700)
    }
}
