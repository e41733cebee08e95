import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Local-first sync with the built binaries: two devices (each its own `TEND_DB` and
/// `XDG_CONFIG_HOME`) and one `tend-server`. Every device writes offline, then `tend sync`
/// pushes and pulls; the tests look at what each database and the server hold afterwards.
@Suite("tend sync: two devices and one server, end to end", .serialized)
struct SyncEndToEndTests {
    static let password = "correct horse battery"
    /// The devices' clock (the server's starts there too and runs forward).
    static let now = ServerProcess.defaultNow
    static let nowMilliseconds: Int64 = {
        let formatter = ISO8601DateFormatter()
        return Int64(formatter.date(from: now)!.timeIntervalSince1970 * 1000)
    }()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One device: its own database and its own saved login.
    struct Device {
        let tend: TendProcess
        var config: String { tend.folder.appendingPathComponent("config").path }
        var databasePath: String { tend.environment["TEND_DB"]! }

        init() throws {
            tend = try TendProcess(now: SyncEndToEndTests.now)
        }

        func environment(now: String?, password: String?) -> [String: String] {
            var environment = ["XDG_CONFIG_HOME": config]
            if let now { environment["TEND_NOW"] = now }
            if let password { environment["TEND_PASSWORD"] = password }
            return environment
        }

        func run(_ arguments: [String], now: String? = nil, password: String? = nil) throws -> TendProcess.Result {
            try tend.run(arguments, environment: environment(now: now, password: password))
        }

        func run(_ arguments: String..., now: String? = nil) throws -> TendProcess.Result {
            try run(arguments, now: now)
        }

        func start(_ arguments: String...) throws -> TendProcess.Running {
            try tend.start(arguments, environment: environment(now: nil, password: nil))
        }

        /// `tend --json ARGUMENTS`, which must succeed.
        func json(_ arguments: String..., now: String? = nil) throws -> [String: Any] {
            let result = try run(["--json"] + arguments, now: now)
            guard result.status == 0 else {
                throw Failure(description: "tend \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
            }
            return try result.json()
        }

        @discardableResult
        func sync() throws -> [String: Any] { try json("sync") }

        func doses() throws -> [[String: Any]] { try json("insulin", "list")["doses"] as? [[String: Any]] ?? [] }

        func dose(_ id: String) throws -> [String: Any]? { try doses().first { $0["id"] as? String == id } }

        func conflicts() throws -> [[String: Any]] { try json("sync", "conflicts")["conflicts"] as? [[String: Any]] ?? [] }

        func pending() throws -> Int? { try json("sync", "status")["pending"] as? Int }

        /// `tend --json insulin log KIND UNITS --at TIME`; the new dose's id.
        func log(_ kind: String, _ units: String, at time: String, note: String? = nil) throws -> String {
            var arguments = ["--json", "insulin", "log", kind, units, "--at", time]
            if let note { arguments += ["--note", note] }
            let result = try run(arguments)
            guard result.status == 0, let id = try result.json()["id"] as? String else {
                throw Failure(description: "tend insulin log exited \(result.status): \(result.stderr)")
            }
            return id
        }

        var credentials: [String: Any] {
            get throws {
                let data = try Data(contentsOf: URL(fileURLWithPath: config + "/tend/credentials.json"))
                return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            }
        }

        var token: String { get throws { try credentials["token"] as? String ?? "" } }
        var accountID: String { get throws { try credentials["account_id"] as? String ?? "" } }

        /// The live doses in the file itself, one line each, in id order: what two devices and
        /// the server must agree on.
        func storedDoses() throws -> [String] {
            try SyncEndToEndTests.storedDoses(databasePath, owner: "local")
        }
    }

    /// The server and the two devices of one account.
    final class World {
        var server: ServerProcess
        let a: Device
        let b: Device
        let email: String
        var url: String { "http://127.0.0.1:\(server.port)" }

        init(email: String = "alice@example.com") throws {
            server = try ServerProcess()
            a = try Device()
            b = try Device()
            self.email = email
            let signup = try a.run(["account", "signup", "--server", url, "--email", email, "--name", "Alice"],
                                   password: SyncEndToEndTests.password)
            guard signup.status == 0 else { throw Failure(description: "signup: \(signup.stderr)") }
            let login = try b.run(["account", "login", "--server", url, "--email", email], password: SyncEndToEndTests.password)
            guard login.status == 0 else { throw Failure(description: "login: \(login.stderr)") }
        }

        /// SIGKILL: the server gets no chance to finish anything.
        func killServer() {
            kill(server.process.processIdentifier, SIGKILL)
            server.process.waitUntilExit()
        }

        /// A new `tend-server` on the same database and port (the devices' saved URL).
        func restartServer() throws {
            let port = server.port
            server = try ServerProcess(folder: server.folder, extraArguments: ["--port", "\(port)"])
        }

        /// The live doses of the account on the server.
        func serverDoses() throws -> [String] {
            try SyncEndToEndTests.storedDoses(server.databasePath, owner: try a.accountID)
        }

        func remove() {
            server.remove()
            a.tend.remove()
            b.tend.remove()
        }
    }

    // MARK: - sqlite3

    /// Runs the `sqlite3` CLI on a database (as a person poking at the file would).
    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-bail", "-cmd", ".timeout 30000", path]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(sql.utf8))
        try input.fileHandleForWriting.close()
        let collected = TendProcess.Collected()
        let group = DispatchGroup()
        for (pipe, isOutput) in [(output, true), (errors, false)] {
            group.enter()
            Thread.detachNewThread {
                collected.set(pipe.fileHandleForReading.readDataToEndOfFile(), isOutput: isOutput)
                group.leave()
            }
        }
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "sqlite3 \(path): \(String(decoding: collected.errors, as: UTF8.self))")
        }
        return String(decoding: collected.output, as: UTF8.self)
    }

    static func storedDoses(_ path: String, owner: String) throws -> [String] {
        try sqlite(path, """
            SELECT id || '|' || kind || '|' || units || '|' || taken_at || '|' || ifnull(note, '-') FROM insulin_doses
            WHERE owner_id = '\(owner)' AND deleted_at IS NULL ORDER BY id;
            """).split(separator: "\n").map(String.init)
    }

    static func count(_ path: String, _ sql: String) throws -> Int {
        Int(try sqlite(path, sql).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// `count` rapid doses written into a device's file by the `sqlite3` CLI, one a minute back
    /// from now: the sync triggers record them as pending like any other write.
    static func insertDoses(_ count: Int, into device: Device) throws {
        _ = try sqlite(device.databasePath, """
            BEGIN;
            INSERT INTO insulin_doses (id, owner_id, kind, units, taken_at, note, created_at, updated_at)
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            SELECT printf('01900000-0000-7000-8000-%012d', i), 'local', 'rapid', 1 + (i % 10) * 0.5,
                   \(nowMilliseconds) - i * 60000, 'bulk ' || i, \(nowMilliseconds), \(nowMilliseconds) FROM n;
            COMMIT;
            """)
    }

    static func kinds(_ conflicts: [[String: Any]]) -> [String] {
        conflicts.compactMap { $0["kind"] as? String }
    }

    /// Nothing pending on either device, and both hold the server's doses.
    static func expectSettled(_ world: World, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try world.a.pending() == 0, sourceLocation: sourceLocation)
        #expect(try world.b.pending() == 0, sourceLocation: sourceLocation)
        let server = try world.serverDoses()
        #expect(try world.a.storedDoses() == server, sourceLocation: sourceLocation)
        #expect(try world.b.storedDoses() == server, sourceLocation: sourceLocation)
    }

    // MARK: - Merging

    @Test func offlineInsertsOnBothDevicesSurviveOnBoth() throws {
        let world = try World()
        defer { world.remove() }
        let fromA = try world.a.log("long", "20", at: "08:00", note: "from A")
        let fromA2 = try world.a.log("rapid", "4", at: "12:30")
        let fromB = try world.b.log("rapid", "6", at: "13:00", note: "from B")
        #expect(try world.a.pending() ?? 0 > 0)
        #expect(try world.b.pending() ?? 0 > 0)

        let first = try world.a.sync()
        #expect(first["pending"] as? Int == 0)
        #expect(first["conflicts"] as? Int == 0)
        let second = try world.b.sync()
        #expect(second["pulled"] as? Int ?? 0 >= 2, "B receives A's two doses")
        #expect(second["conflicts"] as? Int == 0)
        let third = try world.a.sync()
        #expect(third["pulled"] as? Int ?? 0 >= 1, "A receives B's dose")
        #expect(third["pushed"] as? Int == 0)

        let everyone = Set([fromA, fromA2, fromB])
        #expect(Set(try world.a.doses().compactMap { $0["id"] as? String }) == everyone)
        #expect(Set(try world.b.doses().compactMap { $0["id"] as? String }) == everyone)
        #expect(try world.b.dose(fromA)?["note"] as? String == "from A")
        #expect(try world.a.dose(fromB)?["units"] as? Double == 6)
        #expect(try world.serverDoses().count == 3)
        try Self.expectSettled(world)
        // Two devices' equal settings are no one's loss.
        #expect(try world.a.conflicts().isEmpty)
        #expect(try world.b.conflicts().isEmpty)

        // Syncing again changes nothing.
        let again = try world.b.sync()
        #expect(again["pushed"] as? Int == 0)
        #expect(again["pulled"] as? Int == 0)
    }

    @Test func editsOfDifferentFieldsOfOneDoseBothSurvive() throws {
        let world = try World()
        defer { world.remove() }
        let id = try world.a.log("rapid", "4", at: "12:30", note: "lunch")
        try world.a.sync()
        try world.b.sync()
        #expect(try world.b.dose(id) != nil)

        #expect(try world.a.run("insulin", "edit", id, "--note", "lunch, pasta").status == 0)
        #expect(try world.b.run("insulin", "edit", id, "--units", "5.5").status == 0)
        try world.a.sync()
        try world.b.sync()
        try world.a.sync()

        for device in [world.a, world.b] {
            let dose = try #require(try device.dose(id))
            #expect(dose["note"] as? String == "lunch, pasta")
            #expect(dose["units"] as? Double == 5.5)
            #expect(try device.conflicts().isEmpty)
        }
        try Self.expectSettled(world)
    }

    @Test func theSameFieldEditedOnBothKeepsTheLaterClockAndTheOtherCanBeRestored() async throws {
        let world = try World()
        defer { world.remove() }
        let id = try world.a.log("rapid", "4", at: "12:30", note: "lunch")
        try world.a.sync()
        try world.b.sync()

        // B edits first but with the later clock; A edits afterwards with an earlier one, and syncs first.
        #expect(try world.b.run(["insulin", "edit", id, "--note", "later on B"], now: "2026-11-30T21:10:00+09:00").status == 0)
        #expect(try world.a.run(["insulin", "edit", id, "--note", "earlier on A"], now: "2026-11-30T21:05:00+09:00").status == 0)
        try world.a.sync()
        try world.b.sync()
        let aSync = try world.a.sync()
        #expect(aSync["conflicts"] as? Int ?? 0 >= 1, "A's edit lost")

        #expect(try world.a.dose(id)?["note"] as? String == "later on B")
        #expect(try world.b.dose(id)?["note"] as? String == "later on B")
        let onServer = try await world.server.send("GET", "/v1/insulin/doses/\(id)", token: try world.a.token)
        #expect(onServer.status == 200)
        #expect(onServer.json["note"] as? String == "later on B")
        try Self.expectSettled(world)

        let lost = try world.a.conflicts()
        #expect(Self.kinds(lost) == ["field_overwritten"])
        let conflict = try #require(lost.first)
        #expect(conflict["table"] as? String == "insulin_doses")
        #expect(conflict["record_id"] as? String == id)
        #expect(conflict["field"] as? String == "note")
        #expect(conflict["kept"] as? String == "later on B")
        #expect(conflict["lost"] as? String == "earlier on A")
        let handle = try #require(conflict["handle"] as? String)

        let restore = try world.a.run("sync", "conflicts", "restore", handle)
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(try world.a.dose(id)?["note"] as? String == "earlier on A")
        #expect(try world.a.conflicts().isEmpty, "a restored conflict is acknowledged")
        try world.a.sync()
        try world.b.sync()
        #expect(try world.b.dose(id)?["note"] as? String == "earlier on A")
        let restored = try await world.server.send("GET", "/v1/insulin/doses/\(id)", token: try world.a.token)
        #expect(restored.json["note"] as? String == "earlier on A")
        #expect(try world.b.conflicts().allSatisfy { $0["lost"] as? String != "later on B" },
                "restoring is an edit on top of what A saw, not a new conflict")
        try Self.expectSettled(world)
    }

    @Test func aDeleteWinsOverAnEditOnTheOtherDevice() async throws {
        let world = try World()
        defer { world.remove() }
        let id = try world.a.log("rapid", "4", at: "12:30", note: "lunch")
        let kept = try world.a.log("rapid", "2", at: "15:00")
        try world.a.sync()
        try world.b.sync()

        #expect(try world.a.run("insulin", "delete", id).status == 0)
        #expect(try world.b.run(["insulin", "edit", id, "--note", "edited on B"], now: "2026-11-30T21:10:00+09:00").status == 0)
        try world.a.sync()
        try world.b.sync()
        try world.a.sync()

        for device in [world.a, world.b] {
            let ids = try device.doses().compactMap { $0["id"] as? String }
            #expect(ids == [kept])
        }
        #expect(try await world.server.send("GET", "/v1/insulin/doses/\(id)", token: try world.a.token).status == 404)
        try Self.expectSettled(world)

        let setAside = try world.b.conflicts().filter { $0["kind"] as? String == "edit_after_delete" }
        #expect(setAside.count == 1)
        #expect(setAside.first?["record_id"] as? String == id)
        #expect(setAside.first?["field"] as? String == "note")
        #expect(setAside.first?["lost"] as? String == "edited on B")
        #expect(Set(Self.kinds(try world.b.conflicts())) == ["edit_after_delete"])
    }

    @Test func aDeviceWhoseClockIsThreeHoursFastDoesNotWinOverLaterEdits() throws {
        let world = try World()
        defer { world.remove() }
        let id = try world.a.log("rapid", "4", at: "12:30", note: "lunch")
        try world.a.sync()
        try world.b.sync()

        // B's clock is 3 hours fast; A edits after having seen B's edit, with a right clock.
        #expect(try world.b.run(["insulin", "edit", id, "--note", "from the fast clock"], now: "2026-12-01T00:00:00+09:00").status == 0)
        #expect(try world.b.run(["--json", "sync"], now: "2026-12-01T00:00:00+09:00").status == 0)
        try world.a.sync()
        #expect(try world.a.dose(id)?["note"] as? String == "from the fast clock")
        #expect(try world.a.run(["insulin", "edit", id, "--note", "fixed on A"], now: "2026-11-30T21:10:00+09:00").status == 0)
        #expect(try world.a.run(["--json", "sync"], now: "2026-11-30T21:10:00+09:00").status == 0)
        #expect(try world.b.run(["--json", "sync"], now: "2026-12-01T00:01:00+09:00").status == 0)

        #expect(try world.a.dose(id)?["note"] as? String == "fixed on A")
        #expect(try world.b.dose(id)?["note"] as? String == "fixed on A")
        #expect(try world.a.conflicts().isEmpty)
        #expect(try world.b.conflicts().isEmpty, "A's edit saw B's: an ordinary edit, not a conflict")
        try Self.expectSettled(world)
    }

    // MARK: - Durability

    @Test func aPushRetriedAfterALostAnswerAppliesOnce() throws {
        let world = try World()
        defer { world.remove() }
        #expect(try world.a.run("insulin", "list").status == 0)
        try Self.insertDoses(2_500, into: world.a)
        // A write through tend stamps what the triggers recorded with change ids and clocks, as
        // a push does before it sends them.
        _ = try world.a.log("long", "20", at: "08:00")
        let count = 2_501
        #expect(try world.a.pending() ?? 0 >= count)

        // The device as it was before the server's answer arrived: everything still in its outbox.
        let snapshot = world.a.tend.folder.appendingPathComponent("before-push.sqlite").path
        _ = try Self.sqlite(world.a.databasePath, ".backup '\(snapshot)'")
        #expect(try Self.count(snapshot, "SELECT count(*) FROM sync_changes WHERE change_id IS NULL;") == 0)

        // The server is killed while the push runs (after it answered its first batch).
        let running = try world.a.start("--json", "sync")
        #expect(world.server.waitForLog(containing: "POST /v1/sync/push"))
        world.killServer()
        let interrupted = try running.wait()
        try world.restartServer()
        if interrupted.status != 0 {
            #expect(interrupted.status == 1)
            let error = try JSONSerialization.jsonObject(with: Data(interrupted.stderr.utf8)) as? [String: Any]
            #expect((error?["error"] as? [String: Any])?["code"] as? String == "server_unreachable", "\(interrupted.stderr)")
        }
        let resumed = try world.a.sync()
        #expect(resumed["pending"] as? Int == 0)
        #expect(try world.serverDoses().count == count)

        // The answer was lost: the same outbox is sent again, and nothing applies twice.
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: world.a.databasePath + suffix) }
        try FileManager.default.copyItem(atPath: snapshot, toPath: world.a.databasePath)
        #expect(try world.a.pending() ?? 0 >= count)
        let retried = try world.a.sync()
        #expect(retried["pushed"] as? Int ?? 0 >= count, "every change is answered (as a duplicate)")
        #expect(retried["pending"] as? Int == 0)
        #expect(retried["conflicts"] as? Int == 0)
        #expect(try Self.count(world.server.databasePath, "SELECT count(*) FROM insulin_doses;") == count)
        #expect(try Self.count(world.server.databasePath,
                               "SELECT count(*) FROM sync_changes WHERE table_name = 'insulin_doses';") == count,
                "one change per dose in the server's log")

        try world.b.sync()
        #expect(try world.b.storedDoses().count == count)
        try Self.expectSettled(world)
        #expect(try world.a.conflicts().isEmpty)
    }

    @Test func killingTheClientDuringAPullLosesNothingAndDuplicatesNothing() throws {
        let world = try World()
        defer { world.remove() }
        #expect(try world.a.run("insulin", "list").status == 0)
        let count = 3_000
        try Self.insertDoses(count, into: world.a)
        let pushed = try world.a.sync()
        #expect(pushed["pushed"] as? Int ?? 0 >= count)
        #expect(try world.serverDoses().count == count)

        // B is killed once its first page has committed.
        let running = try world.b.start("--json", "sync")
        var seen = 0
        while running.process.isRunning {
            seen = try Self.count(world.b.databasePath, "SELECT count(*) FROM insulin_doses;")
            if seen > 0 { break }
            usleep(2_000)
        }
        kill(running.process.processIdentifier, SIGKILL)
        let killed = try running.wait()
        #expect(killed.status != 0 || seen == count, "killed mid-pull (\(seen) of \(count) doses had arrived)")

        let resumed = try world.b.sync()
        #expect(resumed["pending"] as? Int == 0)
        #expect(resumed["conflicts"] as? Int == 0)
        #expect(try world.b.storedDoses().count == count)
        let again = try world.a.sync()
        #expect(again["pulled"] as? Int ?? 0 < 10, "A gets nothing of its own back")
        #expect(try world.a.storedDoses().count == count)
        try Self.expectSettled(world)
    }

    @Test func afterAPullNothingIsPending() throws {
        let world = try World()
        defer { world.remove() }
        _ = try world.a.log("long", "20", at: "08:00")
        _ = try world.a.log("rapid", "3", at: "12:00")
        try world.a.sync()
        let pulled = try world.b.sync()
        #expect(pulled["pulled"] as? Int ?? 0 >= 2)
        #expect(pulled["pending"] as? Int == 0)
        #expect(try world.b.pending() == 0, "what B pulled is not sent back")
        #expect(try Self.count(world.b.databasePath, "SELECT count(*) FROM sync_changes;") == 0)
        let back = try world.a.sync()
        #expect(back["pending"] as? Int == 0)
        #expect(try world.a.pending() == 0)
        let status = try world.b.json("sync", "status")
        #expect(status["server"] as? String == world.url)
        #expect(status["last_synced_at"] as? String != nil)
    }

    // MARK: - The REST API and the rules

    @Test func aDosePostedThroughTheAPIReachesBothDevices() async throws {
        let world = try World()
        defer { world.remove() }
        let token = try world.a.token
        let posted = try await world.server.send("POST", "/v1/insulin/doses", json: ["kind": "rapid", "units": 7, "note": "from the API"],
                                                 token: token)
        #expect(posted.status == 201)
        let id = try #require(posted.json["id"] as? String)
        try world.a.sync()
        try world.b.sync()
        for device in [world.a, world.b] {
            let dose = try #require(try device.dose(id))
            #expect(dose["units"] as? Double == 7)
            #expect(dose["note"] as? String == "from the API")
            #expect(dose["kind"] as? String == "rapid")
        }
        try Self.expectSettled(world)
    }

    @Test func twoOfflineLongDosesAreBothKeptAsAPossibleDoubleDose() throws {
        let world = try World()
        defer { world.remove() }
        let onA = try world.a.log("long", "20", at: "20:00")
        let onB = try world.b.log("long", "20", at: "20:30")
        try world.a.sync()
        let bSync = try world.b.sync()
        #expect(bSync["conflicts"] as? Int ?? 0 >= 1)
        try world.a.sync()

        for device in [world.a, world.b] {
            #expect(Set(try device.doses().compactMap { $0["id"] as? String }) == [onA, onB], "both may have been injected")
            let doubles = try device.conflicts().filter { $0["kind"] as? String == "possible_double_dose" }
            #expect(doubles.count == 1)
            let pair = Set([doubles.first?["record_id"] as? String, doubles.first?["other_record_id"] as? String].compactMap { $0 })
            #expect(pair == [onA, onB])
            let status = try device.run("insulin", "status")
            #expect(status.status == 0)
            #expect(status.stdout.contains("Possible double dose"), "\(status.stdout)")
            if let handle = doubles.first?["handle"] as? String {
                #expect(status.stdout.contains("tend sync conflicts ack \(handle)"), "\(status.stdout)")
            }
        }
        try Self.expectSettled(world)

        // Acknowledged, it is no longer shown.
        let ack = try world.b.json("sync", "conflicts", "ack", "--all")
        #expect(ack["acknowledged"] as? Int == 1)
        #expect(try world.b.conflicts().isEmpty)
        #expect(!(try world.b.run("insulin", "status").stdout.contains("Possible double dose")))
        #expect(try world.a.run("insulin", "status").stdout.contains("Possible double dose"), "acknowledged on B only")
    }

    // MARK: - Accounts and failures

    @Test func anotherAccountNeverSeesTheDosesAndItsLoginIsRefusedOnASyncedDatabase() throws {
        let world = try World()
        defer { world.remove() }
        let mine = try world.a.log("rapid", "4", at: "12:30", note: "Alice's")
        try world.a.sync()

        let other = try Device()
        defer { other.tend.remove() }
        let signup = try other.run(["account", "signup", "--server", world.url, "--email", "bob@example.com", "--name", "Bob"],
                                   password: Self.password)
        #expect(signup.status == 0, "\(signup.stderr)")
        let theirs = try other.log("rapid", "2", at: "13:00", note: "Bob's")
        let bobSync = try other.sync()
        #expect(bobSync["pulled"] as? Int ?? 0 >= 0)
        #expect(try other.doses().compactMap { $0["id"] as? String } == [theirs])
        try world.a.sync()
        try world.b.sync()
        #expect(try world.a.doses().compactMap { $0["id"] as? String } == [mine])
        #expect(try world.b.doses().compactMap { $0["id"] as? String } == [mine])

        // Alice's synced database refuses Bob's login, and keeps Alice's.
        let refused = try world.a.run(["--json", "account", "login", "--server", world.url, "--email", "bob@example.com"],
                                      password: Self.password)
        // Refused by a rule, not failed: exit 3, as the design gives every refusal (a taken email too).
        #expect(refused.status == 3, "\(refused.stderr)")
        let error = try JSONSerialization.jsonObject(with: Data(refused.stderr.utf8)) as? [String: Any]
        #expect((error?["error"] as? [String: Any])?["code"] as? String == "database_of_another_account", "\(refused.stderr)")
        #expect(try world.a.credentials["email"] as? String == world.email)
        #expect(try world.a.sync()["pending"] as? Int == 0)
        #expect(try world.a.doses().compactMap { $0["id"] as? String } == [mine])
    }

    @Test func notLoggedInOrServerDownIsAnErrorAndKeepsEverythingPending() throws {
        let world = try World()
        defer { world.remove() }

        let alone = try Device()
        defer { alone.tend.remove() }
        _ = try alone.log("rapid", "4", at: "12:30")
        let loggedOut = try alone.run("sync")
        #expect(loggedOut.status == 1)
        #expect(loggedOut.stderr == "error: not logged in (tend account login)\n")
        #expect(loggedOut.stdout.isEmpty)
        let status = try alone.json("sync", "status")
        #expect(status["server"] is NSNull)
        #expect(status["last_synced_at"] is NSNull)

        _ = try world.a.log("rapid", "4", at: "12:30")
        let before = try #require(try world.a.pending())
        #expect(before > 0)
        let url = world.url
        #expect(world.server.stop().status == 0)
        let down = try world.a.run("sync")
        #expect(down.status == 1)
        #expect(down.stderr.hasPrefix("error: "), "\(down.stderr)")
        #expect(down.stderr.contains(url), "\(down.stderr)")
        #expect(try world.a.pending() == before)
        #expect(try world.a.json("sync", "status")["last_synced_at"] is NSNull)
    }
}
