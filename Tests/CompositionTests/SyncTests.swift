import Foundation
import Synchronization
import Testing
import Console
import Core
import Domain
@testable import Composition

/// A clock a test moves by hand (each device has its own, so one can run hours fast).
final class HandClock: Clock, Sendable {
    private let instant: Mutex<Date>
    init(_ start: Date) { instant = Mutex(start) }
    var now: Date { instant.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// The server's sync use cases in process, as `tend sync` reaches them over HTTP.
struct InProcessRemote: SyncRemote {
    let server: Container
    let accountID: String
    /// Loses the answer of the next push after the server applied it (a dropped connection).
    final class Switch: Sendable {
        let on = Atomic<Bool>(false)
    }
    let losesNextAnswer = Switch()

    init(server: Container, accountID: String) {
        self.server = server
        self.accountID = accountID
    }

    func push(_ body: Data) throws -> [SyncPushResult] {
        let request = try JSONDecoder().decode(SyncPushRequest.self, from: body)
        let results = try server.sync.push(request, bodyBytes: body.count, ownerID: accountID)
        if losesNextAnswer.on.exchange(false, ordering: .sequentiallyConsistent) {
            throw AppError.unavailable("the connection dropped", code: "server_unreachable")
        }
        return results
    }

    func pull(cursor: String?, limit: Int) throws -> SyncPage {
        let text = try server.sync.pull(ownerID: accountID, cursor: cursor, limit: limit, protocolVersion: SyncProtocol.version)
        return try JSONDecoder().decode(SyncPage.self, from: Data(text.utf8))
    }
}

/// Two devices and one server, in process: every device writes through its own use cases, syncs
/// through the protocol, and the three must end up with one history.
@Suite("Sync: two devices and a server")
struct SyncTests {
    static let start = ISO8601.parseInstant("2026-11-30T20:00:00Z")!
    static let account = "acct-1"

    struct Device {
        let container: Container
        let clock: HandClock
        let remote: InProcessRemote

        @discardableResult
        func sync() throws -> SyncSummary {
            try container.sync.sync(remote: remote, accountID: remote.accountID, server: "http://server", localOwnerID: Owner.local)
        }

        func doses() throws -> [Dose] { try container.insulin.listDoses(ownerID: Owner.local, in: nil) }

        func log(_ kind: InsulinKind, _ units: Double, minutesAgo: Double = 0, force: Bool = true) throws -> Dose {
            try container.insulin.logDose(ownerID: Owner.local, .init(kind: kind, units: units,
                                                                       takenAt: clock.now.addingTimeInterval(-minutesAgo * 60),
                                                                       force: force)).dose
        }

        func run(_ arguments: String...) -> (status: Int32, stdout: String, stderr: String) {
            let tend = TendCommandLine(environment: ["TZ": "UTC"], container: container)
            let (output, captured) = Output.capturing()
            let status = tend.run(arguments, output: output)
            return (status, captured.stdout, captured.stderr)
        }
    }

    let server: Container
    let serverClock = HandClock(SyncTests.start)

    init() throws {
        server = try Container.inMemory(clock: serverClock, isServer: true)
    }

    func device(account: String = SyncTests.account, clockOffset: TimeInterval = 0) throws -> Device {
        let clock = HandClock(Self.start.addingTimeInterval(clockOffset))
        return Device(container: try Container.inMemory(clock: clock), clock: clock,
                      remote: InProcessRemote(server: server, accountID: account))
    }

    func serverDoses(_ account: String = SyncTests.account) throws -> [Dose] {
        try server.insulin.listDoses(ownerID: account, in: nil)
    }

    @Test func offlineInsertsOnBothDevicesSurviveEverywhere() throws {
        let a = try device(), b = try device()
        let fromA = try a.log(.rapid, 4, minutesAgo: 90)
        let fromB = try b.log(.rapid, 6, minutesAgo: 30)
        try a.sync(); try b.sync(); try a.sync()
        let ids = Set([fromA.id, fromB.id])
        #expect(Set(try a.doses().map(\.id)) == ids)
        #expect(Set(try b.doses().map(\.id)) == ids)
        #expect(Set(try serverDoses().map(\.id)) == ids)
        // Nothing echoes: a pull records nothing to send back.
        #expect(try a.container.sync.status().pending == 0)
        #expect(try b.container.sync.status().pending == 0)
        #expect(try a.sync().pushed == 0)
    }

    @Test func editsOfDifferentFieldsOfOneDoseBothSurvive() throws {
        let a = try device(), b = try device()
        let dose = try a.log(.rapid, 4, minutesAgo: 60)
        try a.sync(); try b.sync()
        a.clock.advance(60); b.clock.advance(120)
        _ = try a.container.insulin.editDose(ownerID: Owner.local, id: dose.id, .init(units: 5, force: true))
        _ = try b.container.insulin.editDose(ownerID: Owner.local, id: dose.id, .init(note: "after lunch", force: true))
        try a.sync(); try b.sync(); try a.sync()
        for side in [try a.doses(), try b.doses(), try serverDoses()] {
            #expect(side.first?.units == 5)
            #expect(side.first?.note == "after lunch")
        }
        #expect(try a.container.sync.conflicts(ownerID: Owner.local).isEmpty)
        #expect(try b.container.sync.conflicts(ownerID: Owner.local).isEmpty)
    }

    @Test func theSameFieldEditedOnBothKeepsTheLaterAndTheOtherCanBeRestored() throws {
        let a = try device(), b = try device()
        let dose = try a.log(.rapid, 4, minutesAgo: 60)
        try a.sync(); try b.sync()
        a.clock.advance(60)
        _ = try a.container.insulin.editDose(ownerID: Owner.local, id: dose.id, .init(note: "written on the laptop", force: true))
        b.clock.advance(120)
        _ = try b.container.insulin.editDose(ownerID: Owner.local, id: dose.id, .init(note: "written on the desktop", force: true))
        try a.sync(); try b.sync(); try a.sync()
        for side in [try a.doses(), try b.doses(), try serverDoses()] {
            #expect(side.first?.note == "written on the desktop")
        }
        // The laptop's words are not lost: a conflict on the laptop keeps them.
        let conflicts = try a.container.sync.conflicts(ownerID: Owner.local)
        let conflict = try #require(conflicts.first { $0.conflict.kind == .fieldOverwritten })
        #expect(conflict.conflict.field == "note")
        #expect(conflict.conflict.lost == .string("written on the laptop"))
        #expect(conflict.conflict.kept == .string("written on the desktop"))
        a.clock.advance(60)
        _ = try a.container.sync.restore(id: conflict.conflict.id, ownerID: Owner.local)
        try a.sync(); try b.sync()
        for side in [try a.doses(), try b.doses(), try serverDoses()] {
            #expect(side.first?.note == "written on the laptop")
        }
        #expect(try a.container.sync.conflicts(ownerID: Owner.local).allSatisfy { $0.conflict.kind != .fieldOverwritten })
    }

    @Test func aDeleteWinsOverAConcurrentEditWhichIsKept() throws {
        let a = try device(), b = try device()
        let dose = try a.log(.rapid, 4, minutesAgo: 60)
        try a.sync(); try b.sync()
        b.clock.advance(60)
        _ = try b.container.insulin.editDose(ownerID: Owner.local, id: dose.id, .init(note: "edited later", force: true))
        a.clock.advance(30)
        _ = try a.container.insulin.deleteDose(ownerID: Owner.local, id: dose.id)
        try b.sync(); try a.sync(); try b.sync()
        #expect(try a.doses().isEmpty)
        #expect(try b.doses().isEmpty)
        #expect(try serverDoses().isEmpty)
        let lost = try a.container.sync.conflicts(ownerID: Owner.local).first { $0.conflict.kind == .editAfterDelete }
        #expect(lost?.conflict.lost == .string("edited later"))
    }

    @Test func aDeviceWhoseClockIsThreeHoursFastDoesNotWinOverWhatCameAfter() throws {
        let fast = try device(clockOffset: 3 * 3600), right = try device()
        let dose = try fast.log(.rapid, 4, minutesAgo: 200)
        _ = try fast.container.insulin.editDose(ownerID: Owner.local, id: dose.id, .init(note: "first", force: true))
        try fast.sync(); try right.sync()
        // Ten minutes later by the right clock — still hours "before" the fast one's clock — the
        // other device edits what it has seen: its edit comes after, and wins without a conflict.
        right.clock.advance(600)
        _ = try right.container.insulin.editDose(ownerID: Owner.local, id: dose.id, .init(note: "second", force: true))
        try right.sync(); try fast.sync()
        #expect(try fast.doses().first?.note == "second")
        #expect(try serverDoses().first?.note == "second")
        #expect(try fast.container.sync.conflicts(ownerID: Owner.local).isEmpty)
    }

    @Test func aPushRetriedAfterALostAnswerAppliesOnce() throws {
        let a = try device()
        _ = try a.log(.rapid, 4, minutesAgo: 10)
        a.remote.losesNextAnswer.on.store(true, ordering: .sequentiallyConsistent)
        #expect(throws: AppError.self) { try a.sync() }
        #expect(try a.container.sync.status().pending > 0)
        let summary = try a.sync()
        #expect(summary.pending == 0)
        #expect(try serverDoses().count == 1)
        let b = try device()
        try b.sync()
        #expect(try b.doses().count == 1)
    }

    @Test func aDosePostedThroughTheAPIReachesBothDevices() throws {
        let a = try device(), b = try device()
        let posted = try server.insulin.logDose(ownerID: Self.account, .init(kind: .rapid, units: 3, takenAt: Self.start)).dose
        try a.sync(); try b.sync()
        #expect(try a.doses().map(\.id) == [posted.id])
        #expect(try b.doses().map(\.id) == [posted.id])
        #expect(try a.container.sync.status().pending == 0)
    }

    @Test func twoOfflineLongDosesAreBothKeptAndShownAsAPossibleDoubleDose() throws {
        let a = try device(), b = try device()
        let first = try a.log(.long, 20, minutesAgo: 40)
        let second = try b.log(.long, 20, minutesAgo: 10)
        try a.sync(); try b.sync(); try a.sync()
        #expect(Set(try a.doses().map(\.id)) == [first.id, second.id])
        for side in [a, b] {
            let open = try side.container.sync.openDoubleDoses(ownerID: Owner.local)
            #expect(open.count == 1)
            let status = side.run("insulin", "status")
            #expect(status.status == 0)
            #expect(status.stdout.contains("Possible double dose"), "\(status.stdout)")
            let json = side.run("--json", "insulin", "status")
            #expect(json.stdout.contains("\"possible_double_doses\""))
            #expect(side.run("sync", "conflicts", "ack", "--all").status == 0)
            #expect(!side.run("insulin", "status").stdout.contains("Possible double dose"))
        }
    }

    @Test func accountsAreIsolatedAndADatabaseKeepsItsAccount() throws {
        let a = try device()
        _ = try a.log(.rapid, 4, minutesAgo: 10)
        try a.sync()
        let other = try device(account: "acct-2")
        try other.sync()
        #expect(try other.doses().isEmpty)
        #expect(try serverDoses("acct-2").isEmpty)
        // A record of another account cannot be reached by naming its id.
        let stolen = try #require(try serverDoses().first)
        let change = Change(id: UUIDv7.makeString(), table: "insulin_doses", recordID: stolen.id, operation: .update,
                            fields: ["note": .string("mine now")], clock: HLCTimestamp(physical: 1_796_000_000_000, counter: 0, deviceID: "x")!)
        let results = try server.sync.push(SyncPushRequest(protocolVersion: 1, deviceID: "x", changes: [change]), bodyBytes: 100,
                                           ownerID: "acct-2")
        #expect(results.first?.status == .rejected)
        #expect(results.first?.reason == "not_found")
        #expect(try serverDoses().first?.note == nil)
        // The device that synced with the first account refuses the second.
        #expect(throws: AppError.self) {
            try a.container.sync.sync(remote: other.remote, accountID: "acct-2", server: "http://server", localOwnerID: Owner.local)
        }
    }

    @Test func setsAndTracksTravelWithTheirSessionAndRun() throws {
        let a = try device(), b = try device()
        #expect(a.run("workout", "log", "bench 100 5", "squat 120 5").status == 0)
        let gpx = FileManager.default.temporaryDirectory.appendingPathComponent("sync-\(UUID().uuidString).gpx")
        var points = ""
        for i in 0..<120 {
            let time = ISO8601.format(Self.start.addingTimeInterval(Double(i * 10 - 7200)), in: TimeZone(identifier: "UTC")!)
            points += "<trkpt lat=\"\(37.5 + Double(i) * 0.0002)\" lon=\"127.0\"><ele>\(30 + i % 7)</ele><time>\(time)</time></trkpt>"
        }
        try ("<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
             + "<trk><trkseg>\(points)</trkseg></trk></gpx>").write(to: gpx, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: gpx) }
        let imported = a.run("run", "import", gpx.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        try a.sync(); try b.sync()
        let workouts = b.run("--json", "workout", "list")
        #expect(workouts.stdout.contains("bench"), "\(workouts.stdout)")
        #expect(workouts.stdout.contains("squat"))
        let runs = b.run("--json", "run", "list")
        #expect(runs.stdout.contains("\"distance"), "\(runs.stdout)")
        let track = a.container.database
        let aTrack = try track.queryOne("SELECT hex(track) AS t FROM activities")?.get("t", as: String.self)
        let bTrack = try b.container.database.queryOne("SELECT hex(track) AS t FROM activities")?.get("t", as: String.self)
        #expect(aTrack != nil && aTrack == bTrack)
    }

    @Test func aPulledDoseHasTheEffectsOfAnyOtherWrite() throws {
        // 21:30 in UTC: tonight's long-acting reminder is planned on the device until a dose arrives.
        let a = try device(), b = try device()
        a.clock.advance(5400); b.clock.advance(5400); serverClock.advance(5400)
        _ = try b.log(.rapid, 4, minutesAgo: 300)
        try b.container.notifications.refresh(ownerID: Owner.local, rule: .insulin)
        let tonight = { try b.container.notifications.history(ownerID: Owner.local, state: .pending).filter { $0.rule == .insulin } }
        #expect(try !tonight().isEmpty)
        _ = try a.log(.long, 20, minutesAgo: 1)
        try a.sync(); try b.sync()
        b.container.notifications.refreshRequested()
        #expect(try tonight().filter { $0.occasion.hasPrefix("insulin:2026-11-30:") }.isEmpty)
    }
}

extension SyncTests {
    @Test func aValueRestoredOnOneDeviceSettlesTheOtherDevicesConflict() throws {
        let a = try device(), b = try device()
        let dose = try a.log(.rapid, 4, minutesAgo: 60)
        try a.sync(); try b.sync()
        a.clock.advance(60)
        _ = try a.container.insulin.editDose(ownerID: Owner.local, id: dose.id, .init(note: "from a", force: true))
        try a.sync()
        b.clock.advance(120)
        // B edits without having pulled A's note: B wins, and B itself keeps A's note as lost when it pulls it.
        _ = try b.container.insulin.editDose(ownerID: Owner.local, id: dose.id, .init(note: "from b", force: true))
        try b.sync(); try a.sync()
        let onA = try #require(try a.container.sync.conflicts(ownerID: Owner.local).first { $0.conflict.kind == .fieldOverwritten })
        #expect(try b.container.sync.conflicts(ownerID: Owner.local).contains { $0.conflict.kind == .fieldOverwritten })
        a.clock.advance(600)
        _ = try a.container.sync.restore(id: onA.conflict.id, ownerID: Owner.local)
        try a.sync(); try b.sync()
        #expect(try b.doses().first?.note == "from a")
        #expect(try b.container.sync.conflicts(ownerID: Owner.local).allSatisfy { $0.conflict.lost != .string("from a") })
    }
}

extension SyncTests {
    @Test func aDatabaseWhoseAccountWasDeletedBecomesTheNextAccountsOnItsFirstSync() throws {
        let a = try device()
        let dose = try a.log(.rapid, 4, minutesAgo: 10)
        try a.sync()
        #expect(try a.container.sync.status().pending == 0)
        // The account is deleted on the server (its rows erased), and the device forgets it.
        _ = try server.personalData.erase(ownerID: Self.account)
        try a.container.sync.forgetAccount()
        #expect(try a.container.sync.status().pending > 0)
        #expect(try a.container.sync.status().server == nil)
        let next = InProcessRemote(server: server, accountID: "acct-2")
        _ = try a.container.sync.sync(remote: next, accountID: "acct-2", server: "http://server", localOwnerID: Owner.local)
        #expect(try serverDoses("acct-2").map(\.id) == [dose.id])
        #expect(try a.container.sync.status().pending == 0)
    }
}

extension SyncTests {
    @Test func anOwnFoodTravelsWithItsMeasures() throws {
        let a = try device(), b = try device()
        let added = a.run("food", "add", "Grandma's kimchi stew", "--serving", "1 bowl", "--grams", "400", "--kcal", "320",
                          "--protein", "18")
        #expect(added.status == 0, "\(added.stderr)")
        try a.sync()
        #expect(try a.container.sync.conflicts(ownerID: Owner.local).isEmpty)
        try b.sync()
        let found = b.run("--json", "food", "search", "kimchi stew")
        #expect(found.stdout.contains("Grandma"), "\(found.stdout) \(found.stderr)")
        let measures = try b.container.database.queryOne(
            "SELECT count(*) AS n FROM food_measures m JOIN foods f ON f.id = m.food_id WHERE f.owner_id = 'local'")?.get("n", as: Int64.self)
        #expect(measures ?? 0 > 0)
    }
}
