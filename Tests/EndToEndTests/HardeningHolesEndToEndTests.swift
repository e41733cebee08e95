import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 21, item 8, with the built binaries: every file that holds personal data — the
/// server's database with its `-wal` and `-shm`, the couple's photos, `tend`'s own database and
/// its saved login — is its owner's alone (files 0600, folders 0700), whatever the umask.
@Suite("Files of personal data, end to end", .serialized)
struct HardeningHolesEndToEndTests {
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : nil
    }

    /// Every file and folder under `root` (not `root` itself) with its mode.
    static func walk(_ root: String) -> [(path: String, isFolder: Bool, mode: mode_t)] {
        var found: [(String, Bool, mode_t)] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            let path = root + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            found.append((path, isFolder, info.st_mode & 0o777))
            if isFolder { found += walk(path) }
        }
        return found
    }

    @Test("tend-server's database, -wal, -shm and photos are 0600 in folders 0700")
    func serverFiles() async throws {
        let server = try ServerProcess()
        defer { server.remove() }
        let minji = try await server.token(for: "minji@example.com")
        let haru = try await server.token(for: "haru@example.com")
        #expect(try await server.send("POST", "/v1/insulin/doses", json: ["kind": "long", "note": "personal"], token: minji).status == 201)
        let code = try await server.send("POST", "/v1/couple/invites", token: minji).json["code"] as? String ?? ""
        #expect(try await server.send("POST", "/v1/couple/join", json: ["code": code], token: haru).status == 200)
        let photo = try await server.send("PUT", "/v1/couple/photos/today", body: CoupleEndToEndTests.jpeg, contentType: "image/jpeg",
                                          token: minji)
        #expect(photo.status == 200 || photo.status == 201, "\(String(decoding: photo.body, as: UTF8.self))")

        // While it runs: the database and its WAL and shared memory, and the photo.
        let database = server.databasePath
        for file in [database, database + "-wal", database + "-shm"] {
            #expect(Self.mode(file) == 0o600, "\(file)")
        }
        // Tend's files beside the database (Foundation's own empty cache folders under HOME are not).
        func tendsFiles() -> [(path: String, isFolder: Bool, mode: mode_t)] {
            Self.walk(server.folder.path).filter { $0.path.hasPrefix(database) || $0.path.contains("/photos") }
        }
        let photos = server.folder.appendingPathComponent("photos").path
        #expect(Self.mode(photos) == 0o700)
        #expect(tendsFiles().contains { !$0.isFolder && $0.path.hasPrefix(photos + "/") }, "no photo file under \(photos)")
        for entry in tendsFiles() {
            #expect(entry.mode == (entry.isFolder ? 0o700 : 0o600), "\(entry.path): \(String(entry.mode, radix: 8))")
        }
        #expect(server.stop().status == 0)
        #expect(Self.mode(database) == 0o600)
        for entry in tendsFiles() {
            #expect(entry.mode == (entry.isFolder ? 0o700 : 0o600), "after the stop, \(entry.path): \(String(entry.mode, radix: 8))")
        }
    }

    @Test("tend's own database in ~/.local/share/tend and its saved login are its owner's alone")
    func tendFiles() throws {
        let server = try ServerProcess()
        let tend = try TendProcess()
        defer { server.remove(); tend.remove() }
        let home = tend.folder.path
        // No --db and no TEND_DB: the default place, folders made by tend.
        let environment = ["TEND_DB": "", "XDG_CONFIG_HOME": home + "/config", "TEND_PASSWORD": "correct horse battery"]
        let logged = try tend.run(["insulin", "log", "long"], environment: environment)
        #expect(logged.status == 0, "\(logged.stderr)")
        let signup = try tend.run(["account", "signup", "--server", "http://127.0.0.1:\(server.port)", "--email", "minji@example.com",
                                   "--name", "Minji", "--time-zone", "Asia/Seoul"], environment: environment)
        #expect(signup.status == 0, "\(signup.stderr)")

        let database = home + "/.local/share/tend/tend.sqlite"
        #expect(Self.mode(database) == 0o600)
        for folder in [home + "/.local", home + "/.local/share", home + "/.local/share/tend", home + "/config/tend"] {
            #expect(Self.mode(folder) == 0o700, "\(folder)")
        }
        #expect(Self.mode(home + "/config/tend/credentials.json") == 0o600)
        for entry in Self.walk(home + "/.local/share/tend") {
            #expect(entry.mode == (entry.isFolder ? 0o700 : 0o600), "\(entry.path): \(String(entry.mode, radix: 8))")
        }
    }
}
