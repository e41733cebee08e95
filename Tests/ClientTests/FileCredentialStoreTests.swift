import Foundation
import Testing
import Core
import Domain
@testable import Client
#if canImport(Glibc)
import Glibc
#endif

/// A temporary folder for one test, removed after.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("tend-credentials-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

func fileMode(_ path: String) -> mode_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o777 : nil
}

func inode(_ path: String) -> ino_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_ino : nil
}

@Suite("FileCredentialStore")
struct FileCredentialStoreTests {
    let login = Credentials(server: "https://tend.example.org", token: "t0ken", accountID: "a1", email: "alice@example.com",
                            displayName: "Alice", expiresAt: "2026-12-30T12:00:00Z")

    @Test func thePathFollowsXDGThenHome() {
        #expect(FileCredentialStore(environment: ["XDG_CONFIG_HOME": "/x/config/", "HOME": "/home/a"]).path == "/x/config/tend/credentials.json")
        #expect(FileCredentialStore(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"]).path == "/home/a/.config/tend/credentials.json")
        #expect(FileCredentialStore(environment: ["HOME": "/home/a"]).path == "/home/a/.config/tend/credentials.json")
        #expect(FileCredentialStore(environment: [:]).path == nil)
        let error = #expect(throws: AppError.self) { try FileCredentialStore(environment: [:]).load() }
        #expect(error?.code == "credentials_unavailable")
    }

    @Test func aMissingFileIsNotLoggedIn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = FileCredentialStore(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(try store.load() == nil)
        try store.remove() // nothing to remove: no error
    }

    @Test func saveWritesAnOwnerOnlyFileThatLoadsBack() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = FileCredentialStore(environment: ["XDG_CONFIG_HOME": folder.path + "/config"])
        try store.save(login)
        let path = try #require(store.path)
        #expect(fileMode(path) == 0o600)
        #expect(fileMode(folder.path + "/config/tend") == 0o700)
        #expect(try store.load() == login)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: String]
        #expect(json == ["server": "https://tend.example.org", "token": "t0ken", "account_id": "a1", "email": "alice@example.com",
                         "display_name": "Alice", "expires_at": "2026-12-30T12:00:00Z"])
        try store.remove()
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try store.load() == nil)
    }

    @Test func saveReplacesTheFileAtomically() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = FileCredentialStore(environment: ["XDG_CONFIG_HOME": folder.path])
        try store.save(login)
        let path = try #require(store.path)
        let before = inode(path)
        var second = login
        second.token = "another"
        try store.save(second)
        // A new file was renamed over the old one (never rewritten in place), and no temporary is left.
        #expect(inode(path) != before)
        #expect(try store.load() == second)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/tend") == ["credentials.json"])
    }

    @Test func aFileWithBroaderPermissionsIsReadThenNarrowedOnSave() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = FileCredentialStore(environment: ["XDG_CONFIG_HOME": folder.path])
        try store.save(login)
        let path = try #require(store.path)
        chmod(path, 0o644)
        chmod(folder.path + "/tend", 0o755)
        chmod(folder.path, 0o755)
        #expect(try store.load() == login)
        try store.save(login)
        #expect(fileMode(path) == 0o600)
        #expect(fileMode(folder.path + "/tend") == 0o700)
        #expect(fileMode(folder.path) == 0o755) // the config folder itself is left as it was
    }

    @Test func aBrokenFileIsAClearError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = FileCredentialStore(environment: ["XDG_CONFIG_HOME": folder.path])
        try FileManager.default.createDirectory(atPath: folder.path + "/tend", withIntermediateDirectories: true)
        let path = try #require(store.path)
        for broken in ["{not json", "", #"{"server":"https://x"}"#, "[1,2,3]"] {
            try Data(broken.utf8).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: AppError.self) { try store.load() }
            #expect(error?.code == "credentials_unreadable")
            #expect(error?.message.contains(path) == true)
            #expect(error?.message.contains("tend account login") == true)
        }
        try store.save(login) // a new login replaces the broken file
        #expect(try store.load() == login)
    }

    @Test func aFileWhereTheFolderShouldBeIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        FileManager.default.createFile(atPath: folder.path + "/tend", contents: Data("x".utf8))
        let store = FileCredentialStore(environment: ["XDG_CONFIG_HOME": folder.path])
        let error = #expect(throws: AppError.self) { try store.save(login) }
        #expect(error?.code == "credentials_unwritable")
    }
}
