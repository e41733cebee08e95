import Foundation
import Synchronization
import Testing

/// `tend-server backup` against a running server that keeps taking doses: the file holds one
/// moment (every dose answered before the backup began, nothing half-written), the photos come
/// along, and `--restore` puts it all back in a fresh place that a server then serves.
@Suite("tend-server backup: a running server copied while writes go on, and restored", .serialized)
struct BackupEndToEndTests {
    /// `tend-server ARGUMENTS` to its end.
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try InstallServerConfigEndToEndTests.serverRun(arguments)
    }

    /// One value from `sqlite3 FILE SQL`.
    static func sqlite(_ file: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [file, sql]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("a backup taken while doses are posted holds one moment's doses whole; the restore serves them and the photo")
    func backupWhileWritingThenRestore() async throws {
        let server = try ServerProcess()
        let restoredFolder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-restored-\(UUID())")
        defer {
            server.remove()
            try? FileManager.default.removeItem(at: restoredFolder)
        }
        let minji = try await server.token(for: "minji@example.com")
        let haru = try await server.token(for: "haru@example.com")
        let code = try await server.send("POST", "/v1/couple/invites", token: minji).json["code"] as? String ?? ""
        #expect(try await server.send("POST", "/v1/couple/join", json: ["code": code], token: haru).status == 200)
        let photo = try await server.send("PUT", "/v1/couple/photos/today", body: CoupleEndToEndTests.jpeg, contentType: "image/jpeg", token: minji)
        let photoID = try #require(photo.json["id"] as? String, "\(String(decoding: photo.body, as: UTF8.self))")
        let served = try await server.send("GET", "/v1/couple/photos/\(photoID)", token: haru).body

        // Two writers post doses until told to stop; each dose answered 201 is recorded.
        let progress = Progress()
        let writers = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        while !progress.stop.load(ordering: .relaxed) {
                            let id = UUID().uuidString.lowercased()
                            let posted = try await server.send("POST", "/v1/insulin/doses",
                                                               json: ["id": id, "kind": "rapid", "units": 2, "force": true], token: minji)
                            if posted.status == 201 { progress.answered.withLock { $0.append(id) } }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        #expect(try await eventually { progress.answered.withLock { $0.count } >= 20 })
        let before = Set(progress.answered.withLock { $0 })
        let file = server.folder.appendingPathComponent("backup.tend").path
        // On a thread of its own: the writers keep the cooperative pool.
        let database = server.databasePath
        let backup = try await onThread { try Self.run(["backup", "--db", database, "--to", file]) }
        let afterBackup = progress.answered.withLock { $0.count }
        #expect(try await eventually { progress.answered.withLock { $0.count } >= afterBackup + 10 }) // writes went on after it, too
        progress.stop.store(true, ordering: .relaxed)
        try await writers.value
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(backup.stdout.contains("1 photos"), "\(backup.stdout)")

        // Restoring over the running server's file is refused, and changes nothing.
        let refused = try Self.run(["backup", "--db", server.databasePath, "--restore", file])
        #expect(refused.status == 3 && refused.stderr.contains("open in another process"), "\(refused.stderr)")

        let restoredDatabase = restoredFolder.appendingPathComponent("server.sqlite").path
        let restore = try Self.run(["backup", "--db", restoredDatabase, "--restore", file])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(try Self.sqlite(restoredDatabase, "PRAGMA integrity_check") == "ok")
        let restored = Set(try Self.sqlite(restoredDatabase, "SELECT id FROM insulin_doses").split(separator: "\n").map(String.init))
        let all = Set(progress.answered.withLock { $0 })
        #expect(restored.isSuperset(of: before), "every dose answered before the backup began is in it")
        #expect(restored.isSubset(of: all) && restored.count < all.count, "\(restored.count) of \(all.count): one moment, not the end")
        // Not torn: the tallies and the sync log were written in the doses' own transactions.
        #expect(try Self.sqlite(restoredDatabase, "SELECT coalesce(sum(count), 0) FROM insulin_dose_tallies") == "\(restored.count)")
        #expect(try Self.sqlite(restoredDatabase, "SELECT count(*) FROM sync_changes WHERE table_name = 'insulin_doses'")
                == "\(restored.count)")

        // A server on the restored file serves the same doses and the photo.
        let again = try ServerProcess(folder: restoredFolder)
        defer { _ = again.stop() }
        let token = try await again.token(for: "minji@example.com")
        let listed = try await again.send("GET", "/v1/insulin/doses", token: token)
        let ids = Set((listed.json["doses"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(ids == restored)
        let photoAgain = try await again.send("GET", "/v1/couple/photos/\(photoID)", token: token)
        #expect(photoAgain.status == 200 && photoAgain.body == served)
    }

    /// The writers' doses answered 201, and the word to stop, shared with their tasks.
    final class Progress: Sendable {
        let answered = Mutex<[String]>([])
        let stop = Atomic<Bool>(false)
    }

    @Test("on PostgreSQL backup points to pg_dump (exit 2); a missing --to is a usage error")
    func usage() throws {
        let postgres = try Self.run(["backup", "--database", "postgres://tend@127.0.0.1:1/tend", "--to", "/tmp/never.tend"])
        #expect(postgres.status == 2 && postgres.stderr.contains("pg_dump"), "\(postgres.stderr)")
        let bare = try Self.run(["backup", "--db", "/tmp/tend-never-\(UUID()).sqlite"])
        #expect(bare.status == 2 && bare.stderr.contains("--to"), "\(bare.stderr)")
        let both = try Self.run(["backup", "--db", "/tmp/x.sqlite", "--to", "a", "--restore", "b"])
        #expect(both.status == 2)
        let notABackup = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-backup-\(UUID())").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: notABackup))
        defer { try? FileManager.default.removeItem(atPath: notABackup) }
        let refused = try Self.run(["backup", "--db", notABackup + ".sqlite", "--restore", notABackup])
        #expect(refused.status != 0 && refused.stderr.hasPrefix("error: "), "\(refused.stderr)")
    }
}
