import Foundation
import Testing
import Console
import Core
import Data
import Domain
import HTTP
@testable import Composition

/// Databases on files (so that checkpoint and vacuum are real), the shared Korean food table,
/// and a scan of every column of every table.
enum EraseWorld {
    static let start = ISO8601.parseInstant("2026-11-30T03:00:00Z")!
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tend-erase-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func container(_ folder: String, clock: any Clock, isServer: Bool = false) throws -> Container {
        try Container(databasePath: folder + "/tend.sqlite", clock: clock, localTimeZone: { "Asia/Seoul" }, passwordStrength: .minimum,
                      resourcesPath: root + "/Resources", photosPath: folder + "/photos", isServer: isServer)
    }

    static func run(_ container: Container, _ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        let tend = TendCommandLine(environment: ["TZ": "Asia/Seoul", "HOME": "/nonexistent-tend-home"], container: container)
        let (output, captured) = Output.capturing()
        let status = tend.run(arguments, output: output)
        return (status, captured.stdout, captured.stderr)
    }

    /// `table.column` of every cell that holds one of `needles` (anywhere in it, or all of it).
    static func traces(_ database: any SQLDatabase, of needles: [String], whole: Bool = false) throws -> [String] {
        var found: [String] = []
        let tables = try database.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .map { try $0.get("name", as: String.self) }
        for table in tables {
            let columns = try database.query("SELECT name FROM pragma_table_info(?)", [.text(table)]).map { try $0.get("name", as: String.self) }
            for column in columns {
                for needle in needles {
                    let condition = whole ? "\"\(column)\" = ?" : "instr(CAST(\"\(column)\" AS BLOB), ?) > 0"
                    let value: SQLValue = whole ? .text(needle) : .blob(Data(needle.utf8))
                    let n = try database.queryOne("SELECT count(*) AS n FROM \"\(table)\" WHERE \(condition)", [value])?
                        .get("n", as: Int64.self) ?? 0
                    if n > 0 { found.append("\(table).\(column) (\(n))") }
                }
            }
        }
        return found
    }

    /// Rows per table, every table.
    static func rowCounts(_ database: any SQLDatabase) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try database.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'foods_search%'") {
            let table: String = try row.get("name")
            counts[table] = Int(try database.queryOne("SELECT count(*) AS n FROM \"\(table)\"")?.get("n", as: Int64.self) ?? 0)
        }
        return counts
    }

    /// Whether the database's files (main, WAL) hold these bytes anywhere, deleted pages included.
    static func filesHold(_ folder: String, _ text: String) -> Bool {
        let needle = Data(text.utf8)
        return ["/tend.sqlite", "/tend.sqlite-wal"].contains { name in
            guard let bytes = FileManager.default.contents(atPath: folder + name) else { return false }
            return bytes.range(of: needle) != nil
        }
    }

    /// Something written in every feature of `tend`, as a person writes it.
    static func fillEveryFeature(_ container: Container, marker: String) throws {
        let commands: [[String]] = [
            ["insulin", "log", "long", "--at", "08:00"],
            ["insulin", "log", "rapid", "2", "--at", "11:30"],
            ["insulin", "edit", "last", "--note", "\(marker) note"],
            ["insulin", "settings", "--time-zone", "Asia/Seoul"],
            ["quest", "start", "--nickname", "J", "--feeling", "empty", "--style", "question"],
            ["quest", "answer", "\(marker): an answer long enough to count, given as an argument."],
            ["quest", "remind", "--at", "21:00"],
            ["run", "add", "--distance", "10", "--duration", "55:00", "--at", "2026-11-29 07:00"],
            ["hike", "add", "--distance", "7.5", "--duration", "2:30:00", "--at", "2026-11-28 09:00", "--climb", "420"],
            ["places", "add", "\(marker) box", "--lat", "37.49", "--lon", "127.0"],
            ["food", "add", "\(marker) rice cake", "--serving", "1 piece", "--grams", "30", "--kcal", "70"],
            ["diet", "log", "snack", "quick", "200kcal"],
            ["diet", "goals", "--kcal", "1800"],
            ["weight", "log", "70kg", "--at", "08:00"],
            ["workout", "log", "back squat 100kg 5x5", "--at", "10:30", "--duration", "45"],
            ["exercises", "add", "Sled Push", "--measure", "distance"],
            ["plan", "set", "mon", "push"],
            ["supps", "add", "creatine", "--amount", "5", "--unit", "g", "--at", "08:00"],
            ["supps", "take", "creatine", "--force"],
            ["notify", "channel", "add", "ntfy", "--url", "https://1.1.1.1/\(marker)"],
            ["notify", "quiet", "--from", "22:00", "--to", "07:00"],
        ]
        for arguments in commands {
            let result = run(container, arguments)
            #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
        }
        let own = try #require(try container.database.queryOne("SELECT id FROM foods WHERE owner_id IS NOT NULL")?.get("id", as: String.self))
        let ownerID: String = try #require(try container.database.queryOne("SELECT owner_id FROM foods WHERE id = ?", [.text(own)])?.get("owner_id"))
        _ = try container.nutrition.setFavorite(true, foodID: own, ownerID: ownerID)
        for rule in NotificationRule.allCases where rule != .test && rule != .couple {
            try container.notifications.refresh(ownerID: ownerID, rule: rule)
        }
    }
}

@Suite("Erase: tend erase and account deletion leave nothing of the person")
struct EraseTests {
    /// The tables every feature writes to; each must have held something before the erasure.
    static let personalTables = ["insulin_doses", "insulin_settings", "quest_journeys", "quest_entries", "quest_settings", "activities",
                                 "places", "foods", "food_measures", "food_favorites", "diet_entries", "nutrition_goals", "weights",
                                 "workouts", "workout_sets", "workout_settings", "custom_exercises", "supplements", "supplement_intakes",
                                 "notification_channels", "notification_settings", "notifications", "insulin_dose_tallies"]

    @Test func tendEraseEmptiesTheDatabaseOfThePersonAndKeepsTheSharedFoods() throws {
        let folder = try EraseWorld.folder()
        let clock = HandClock(EraseWorld.start)
        let server = try Container.inMemory(clock: clock, isServer: true)
        let device = try EraseWorld.container(folder, clock: clock)
        _ = try device.foodTables.load(usdaPath: nil, koreanFolder: device.koreanFoodsPath, onlyMissing: false)
        let shared = try device.database.queryOne("SELECT count(*) AS n FROM foods WHERE owner_id IS NULL")?.get("n", as: Int64.self) ?? 0
        #expect(shared > 100)
        try EraseWorld.fillEveryFeature(device, marker: "zqxmarker")
        // Synced once (the binding, cursor, history), then something more waits in the outbox.
        _ = try device.sync.sync(remote: InProcessRemote(server: server, accountID: "acct-erase"), accountID: "acct-erase",
                                 server: "http://server", localOwnerID: Owner.local)
        #expect(EraseWorld.run(device, ["weight", "log", "71kg", "--at", "09:00"]).status == 0)
        try device.clientCache.save(key: "couple-home", payload: Data("{\"zqxmarker\": true}".utf8), at: clock.now)
        let before = try EraseWorld.rowCounts(device.database)
        for table in Self.personalTables + ["sync_changes", "sync_records", "client_cache"] {
            #expect(before[table, default: 0] > 0, "nothing written in \(table)")
        }
        #expect(try Self.state(device, "account_id") == "acct-erase")
        let deviceID = try #require(try Self.state(device, "device_id"))

        // Without the flag: a usage error that says what it would do, and nothing changes.
        let refused = EraseWorld.run(device, ["erase"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--yes-delete-everything") && refused.stderr.contains("shared food"))
        #expect(try EraseWorld.rowCounts(device.database) == before)

        let erased = EraseWorld.run(device, ["erase", "--yes-delete-everything", "--json"])
        #expect(erased.status == 0, "\(erased.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(erased.stdout.utf8)) as? [String: Any]
        let counts = try #require(json?["erased"] as? [String: Int])
        #expect(counts["insulin_doses"] == 2)
        #expect(counts["workout_sets"] == before["workout_sets"])
        #expect(counts["foods"] == 1)

        let after = try EraseWorld.rowCounts(device.database)
        for table in Self.personalTables + ["sync_changes", "sync_records", "sync_conflicts", "sync_dirty", "client_cache"]
        where table != "foods" && table != "food_measures" {
            #expect(after[table, default: 0] == 0, "\(table) still holds \(after[table, default: 0]) rows")
        }
        #expect(try device.database.queryOne("SELECT count(*) AS n FROM foods")?.get("n", as: Int64.self) == shared)
        #expect(try device.database.queryOne("SELECT count(*) AS n FROM food_measures m JOIN foods f ON f.id = m.food_id "
                                             + "WHERE f.owner_id IS NULL")?.get("n", as: Int64.self) == Int64(after["food_measures"] ?? 0))
        let local = try EraseWorld.traces(device.database, of: [Owner.local], whole: true)
        #expect(local.isEmpty, "\(local)")
        let marked = try EraseWorld.traces(device.database, of: ["zqxmarker", "acct-erase"])
        #expect(marked.isEmpty, "\(marked)")
        // The bytes are gone from the file, not only unlinked.
        #expect(!EraseWorld.filesHold(folder, "zqxmarker"))
        // Erasure filled no outbox; the device keeps its id and loses its account.
        #expect(after["sync_changes"] == 0)
        #expect(try Self.state(device, "device_id") == deviceID)
        #expect(try Self.state(device, "account_id") == nil)
        #expect(try Self.state(device, "cursor") == nil)
        #expect(try device.database.queryOne("SELECT recording FROM sync_switch")?.get("recording", as: Int64.self) == 1)
        // The database still works, and a new write syncs as before.
        #expect(EraseWorld.run(device, ["insulin", "log", "long"]).status == 0)
        #expect(try EraseWorld.rowCounts(device.database)["sync_changes", default: 0] > 0)
        // Erasing again finds nothing of the old data.
        let again = EraseWorld.run(device, ["erase", "--yes-delete-everything"])
        #expect(again.status == 0 && again.stdout.contains("insulin_doses"))
    }

    static func state(_ container: Container, _ key: String) throws -> String? {
        try container.database.queryOne("SELECT value FROM sync_state WHERE key = ?", [.text(key)])?.get("value")
    }

    @Test func eraseWithoutTheFlagChangesNothing() throws {
        let folder = try EraseWorld.folder()
        let device = try EraseWorld.container(folder, clock: HandClock(EraseWorld.start))
        #expect(EraseWorld.run(device, ["insulin", "log", "long"]).status == 0)
        let before = try EraseWorld.rowCounts(device.database)
        let refused = EraseWorld.run(device, ["erase", "--json"])
        #expect(refused.status == 2)
        #expect(try EraseWorld.rowCounts(device.database) == before)
        let help = EraseWorld.run(device, ["erase", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--yes-delete-everything"))
    }
}

/// The server's side: `DELETE /v1/me` in process, after the account wrote in every feature (by
/// sync from a device) and in a couple space.
@Suite("Erase: DELETE /v1/me")
struct AccountDeletionTests {
    static let password = "correct horse battery"

    struct Server {
        let folder: String
        let container: Container
        let application: HTTPApplication

        init(clock: any Clock) throws {
            folder = try EraseWorld.folder()
            container = try EraseWorld.container(folder, clock: clock, isServer: true)
            application = ServerApplication.make(container: container, logger: nil)
        }

        func send(_ method: String, _ path: String, _ json: Any? = nil, token: String? = nil) -> (status: Int, json: [String: Any]) {
            var headers: [String: String] = [:]
            var body = Data()
            if let json {
                body = try! JSONSerialization.data(withJSONObject: json)
                headers["Content-Type"] = "application/json"
            }
            if let token { headers["Authorization"] = "Bearer \(token)" }
            let response = application.respond(to: HTTPRequest(method: method, path: path, query: [:], headers: headers, body: body))
            return (response.status, (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:])
        }

        /// Signs up and logs in: the account id and a token.
        func signUp(_ email: String, name: String) throws -> (id: String, token: String) {
            let account = send("POST", "/v1/accounts", ["email": email, "password": AccountDeletionTests.password, "display_name": name,
                                                        "time_zone": "Asia/Seoul"])
            let id = try #require(account.json["id"] as? String, "\(account)")
            let token = try #require(send("POST", "/v1/sessions", ["email": email, "password": AccountDeletionTests.password])
                .json["token"] as? String)
            return (id, token)
        }

        /// The files in the photo store, by path inside it.
        func photoFiles() -> [String] {
            (FileManager.default.enumerator(atPath: folder + "/photos")?.allObjects as? [String] ?? []).filter { name in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: folder + "/photos/" + name, isDirectory: &isFolder) && !isFolder.boolValue
            }
        }
    }

    static func photo(_ name: String = "gps.jpg") throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: EraseWorld.root + "/Tests/Fixtures/photos/" + name))
    }

    @Test func deletingAnAccountLeavesNothingOfItAndThePartnerKeepsWhatTheyWrote() throws {
        let clock = HandClock(EraseWorld.start)
        let server = try Server(clock: clock)
        let alice = try server.signUp("alice@example.com", name: "Alice")
        let bob = try server.signUp("bob@example.com", name: "Bob")
        let couples = server.container.couples

        // Every feature, written on a device and synced to the account.
        let device = try EraseWorld.container(try EraseWorld.folder(), clock: clock)
        try EraseWorld.fillEveryFeature(device, marker: "alicemark")
        _ = try device.sync.sync(remote: InProcessRemote(server: server.container, accountID: alice.id), accountID: alice.id,
                                 server: "http://server", localOwnerID: Owner.local)
        // Straight on the server too: channels, quiet hours, reminders.
        #expect(server.send("POST", "/v1/notifications/channels", ["kind": "ntfy", "url": "https://1.1.1.1/alicemark"], token: alice.token)
            .status == 201)
        #expect(server.send("PUT", "/v1/notifications/quiet-hours", ["from": "22:00", "to": "07:00"], token: alice.token).status == 200)
        for rule in [NotificationRule.insulin, .quest, .supplement] {
            try server.container.notifications.refresh(ownerID: alice.id, rule: rule)
        }

        // A couple space where each writes.
        let invite = try couples.createInvite(accountID: alice.id)
        _ = try couples.join(accountID: bob.id, code: invite.code)
        _ = try couples.setLocation(accountID: alice.id, city: "Seoul", latitude: 37.5, longitude: 127)
        _ = try couples.setMood(accountID: alice.id, mood: .happy, status: "alicemark mood", note: nil)
        _ = try couples.setMood(accountID: bob.id, mood: .calm, status: "bobmark mood", note: nil)
        _ = try couples.setMeeting(accountID: alice.id, day: LocalDate("2026-12-24")!, place: "alicemark place")
        _ = try couples.addEvent(accountID: alice.id, .init(title: "alicemark event", start: "2026-12-05", isAllDay: true, scope: .me))
        _ = try couples.addEvent(accountID: bob.id, .init(title: "bobmark event", start: "2026-12-06", isAllDay: true, scope: .partner))
        _ = try couples.markCalendarChecked(accountID: alice.id)
        let forAlice = try couples.addCare(accountID: bob.id, text: "bobmark care", for: .partner, due: nil)
        _ = try couples.completeCare(accountID: alice.id, id: forAlice.id)
        _ = try couples.addCare(accountID: alice.id, text: "alicemark care", for: .partner, due: nil)
        let alicePhoto = try couples.putPhoto(accountID: alice.id, data: try Self.photo(), caption: "alicemark photo")
        clock.advance(600)
        _ = try couples.putPhoto(accountID: bob.id, data: try Self.photo("gps.png"), caption: "bobmark photo")
        server.container.notifications.refreshRequested()
        #expect(server.photoFiles().count == 2)
        #expect(!(try EraseWorld.traces(server.container.database, of: [alice.id, "alice@example.com"])).isEmpty)
        // A failed login is about the email too.
        #expect(server.send("POST", "/v1/sessions", ["email": "alice@example.com", "password": "not the password"]).status == 401)

        // The password is asked again.
        #expect(server.send("DELETE", "/v1/me", ["password": "not the password"], token: alice.token).json["error"] != nil)
        #expect(server.send("DELETE", "/v1/me", ["password": "not the password"], token: alice.token).status == 401)
        #expect(server.send("DELETE", "/v1/me", [String: Any](), token: alice.token).status == 400)
        #expect(server.send("DELETE", "/v1/me", nil, token: alice.token).status == 400)
        #expect(server.send("DELETE", "/v1/me", ["password": Self.password]).status == 401) // no token
        #expect(server.send("GET", "/v1/me", token: alice.token).status == 200)

        let deleted = server.send("DELETE", "/v1/me", ["password": Self.password], token: alice.token)
        #expect(deleted.status == 200, "\(deleted.json)")
        let erased = try #require(deleted.json["erased"] as? [String: Int])
        #expect(erased["accounts"] == 1 && erased["insulin_doses"] == 2 && erased["couple_moods"] == 1)

        // Nothing of Alice anywhere: not in any column of any table, not in the file's bytes.
        let database = server.container.database
        #expect(try EraseWorld.traces(database, of: [alice.id, "alice@example.com", "alicemark"]).isEmpty)
        #expect(!EraseWorld.filesHold(server.folder, alice.id))
        #expect(!EraseWorld.filesHold(server.folder, "alicemark"))
        // Her photo's file is gone; Bob's stays.
        #expect(server.photoFiles().count == 1)
        #expect(!server.photoFiles().contains { $0.contains(alicePhoto.sha256) })
        // Her token no longer works; client throttles (hashed addresses) are not hers and may stay.
        #expect(server.send("GET", "/v1/me", token: alice.token).status == 401)

        // Bob keeps what he wrote, as after a disconnection: his archive, without Alice.
        #expect(throws: AppError.self) { _ = try couples.activeCouple(accountID: bob.id) }
        let archive = try couples.archive(accountID: bob.id)
        #expect(archive.moods.map(\.status) == ["bobmark mood"])
        #expect(archive.events.map(\.title) == ["bobmark event"])
        #expect(archive.care.map(\.text) == ["bobmark care"])
        #expect(archive.care.first?.doneBy == nil)
        #expect(archive.photos.map(\.caption) == ["bobmark photo"])
        #expect(archive.couple.memberIDs == [bob.id])
        #expect(try couples.photoData(accountID: bob.id, id: archive.photos[0].id).data.count > 0)
        #expect(server.send("GET", "/v1/me", token: bob.token).status == 200)

        // The email signs up afresh, as a new account with nothing in it.
        let again = try server.signUp("alice@example.com", name: "Alice again")
        #expect(again.id != alice.id)
        #expect(try server.container.insulin.listDoses(ownerID: again.id, in: nil).isEmpty)
        #expect(server.send("GET", "/v1/couple", token: again.token).status == 404)
    }

    @Test func wrongPasswordsAreLockedOutAsAtLogin() throws {
        let server = try Server(clock: HandClock(EraseWorld.start))
        let alice = try server.signUp("alice@example.com", name: "Alice")
        for _ in 0..<AccountUseCases.freeFailures {
            let wrong = server.send("DELETE", "/v1/me", ["password": "not the password"], token: alice.token)
            #expect(wrong.status == 401)
            #expect((wrong.json["error"] as? [String: Any])?["code"] as? String == "wrong_password")
        }
        let locked = server.send("DELETE", "/v1/me", ["password": Self.password], token: alice.token)
        #expect(locked.status == 429)
        #expect(server.send("GET", "/v1/me", token: alice.token).status == 200)
        // The lock is the login's: the same email cannot log in either.
        #expect(server.send("POST", "/v1/sessions", ["email": "alice@example.com", "password": Self.password]).status == 429)
    }

    @Test func anAccountAloneInItsSpaceTakesTheSpaceWithIt() throws {
        let clock = HandClock(EraseWorld.start)
        let server = try Server(clock: clock)
        let alice = try server.signUp("alice@example.com", name: "Alice")
        let bob = try server.signUp("bob@example.com", name: "Bob")
        let couples = server.container.couples
        _ = try couples.join(accountID: bob.id, code: try couples.createInvite(accountID: alice.id).code)
        _ = try couples.setMood(accountID: alice.id, mood: .happy, status: nil, note: nil)
        _ = try couples.putPhoto(accountID: bob.id, data: try Self.photo(), caption: nil)
        #expect(server.send("DELETE", "/v1/me", ["password": Self.password], token: bob.token).status == 200)
        #expect(server.send("DELETE", "/v1/me", ["password": Self.password], token: alice.token).status == 200)
        let counts = try EraseWorld.rowCounts(server.container.database)
        for table in ["accounts", "sessions", "couples", "couple_members", "couple_moods", "couple_photos", "couple_invites"] {
            #expect(counts[table] == 0, "\(table): \(counts[table] ?? -1)")
        }
        #expect(server.photoFiles().isEmpty)
    }
}
