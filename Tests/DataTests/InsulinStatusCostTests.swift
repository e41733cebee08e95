import Foundation
import Testing
import Core
import Domain
@testable import Data

/// What `GET /v1/insulin/status` costs when a day holds thousands of doses: the status asks an
/// index for the latest doses and today's rapid count and sum, so its work does not grow with the
/// day. `TEND_BENCH=1` also prints calls per second for 5,000 doses in one day.
@Suite("The insulin status on SQLite")
struct InsulinStatusCostTests {
    let now = ISO8601.parseInstant("2026-03-12T03:00:00Z")!

    struct World {
        let database: Database
        let doses: SQLiteDoseRepository
        let status: GetInsulinStatus

        init(path: String = ":memory:", now: Date) throws {
            database = try Database(path: path)
            try TendMigrations.migrator.migrate(database)
            doses = SQLiteDoseRepository(database: database)
            let clock = FixedClock(now)
            let settings = InsulinSettingsService(repository: SQLiteInsulinSettingsRepository(database: database),
                                                  transactor: database, clock: clock, defaultTimeZone: { _ in "Asia/Seoul" },
                                                  events: DomainEventBus())
            status = GetInsulinStatus(doses: doses, settings: settings, clock: clock)
        }

        /// `count` rapid doses of 2 units spread over the hour before `end`, and one long dose.
        func fillDay(count: Int, before end: Date, owner: String = "local") throws {
            try database.write {
                for index in 0..<count {
                    let taken = end.addingTimeInterval(-3600 + Double(index) * 3600 / Double(count))
                    try doses.insert(Dose(id: UUIDv7.makeString(at: taken) + "-\(owner)-\(index)", ownerID: owner, kind: .rapid,
                                          units: 2, takenAt: taken, note: nil, createdAt: taken, updatedAt: taken))
                }
                let long = end.addingTimeInterval(-7200)
                try doses.insert(Dose(id: UUIDv7.makeString(at: long) + "-\(owner)-long", ownerID: owner, kind: .long, units: 10,
                                      takenAt: long, note: nil, createdAt: long, updatedAt: long))
            }
        }
    }

    @Test("every read of the status is a search of an index: no table scan, no sort")
    func queriesUseAnIndex() throws {
        let world = try World(now: now)
        try world.fillDay(count: 50, before: now)
        let plans = try world.doses.statusQueryPlans(ownerID: "local", at: now)
        // The four reads, then the status's one statement: its six dose and tally parts and the settings.
        #expect(plans.count == 4 + 7)
        for plan in plans {
            #expect(plan.contains("SEARCH"), "\(plan)")
            #expect(plan.contains("insulin_doses_status") || plan.contains("insulin_dose_tallies USING PRIMARY KEY")
                        || plan.contains("insulin_settings USING INDEX insulin_settings_owner"), "\(plan)")
            #expect(!plan.contains("SCAN"), "\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        }
    }

    @Test("the tallies follow every insert, edit, soft and hard delete and change of owner")
    func talliesFollowEveryWrite() throws {
        let world = try World(now: now)
        var random = SplitMix(seed: 21)
        var live: [Dose] = []
        func check(_ step: Int) throws {
            // Aligned on quarters (an insulin day in Seoul), and not (a day that starts at 04:10).
            let starts = [now.addingTimeInterval(-86_400), now.addingTimeInterval(-86_400 + 600), now.addingTimeInterval(-7 * 60)]
            for start in starts {
                for length in [86_400.0, 900, 300] {
                    let interval = start..<start.addingTimeInterval(length)
                    for owner in ["local", "other"] {
                        for kind in InsulinKind.allCases {
                            let expected = try world.doses.doses(ownerID: owner, kind: kind, in: interval)
                            let tally = try world.doses.tally(ownerID: owner, kind: kind, in: interval)
                            #expect(tally == DoseTally(count: expected.count, units: expected.reduce(0) { $0 + $1.units }),
                                    "step \(step), \(owner) \(kind) from \(start) for \(length) s")
                        }
                    }
                }
            }
        }
        for step in 0..<300 {
            let choice = random.next() % 10
            if choice < 5 || live.isEmpty {
                let taken = now.addingTimeInterval(-Double(random.next() % 100_000))
                let dose = Dose(id: "d\(step)", ownerID: random.next() % 4 == 0 ? "other" : "local",
                                kind: random.next() % 2 == 0 ? .rapid : .long, units: Double(1 + random.next() % 20) / 2,
                                takenAt: taken, note: nil, createdAt: now, updatedAt: now)
                try world.doses.insert(dose)
                live.append(dose)
            } else if choice < 8 {
                let index = Int(random.next() % UInt64(live.count))
                var dose = live[index]
                dose.takenAt = dose.takenAt.addingTimeInterval(Double(Int(random.next() % 4000)) - 2000)
                dose.units = Double(1 + random.next() % 20) / 2
                if random.next() % 3 == 0 { dose.kind = dose.kind == .long ? .rapid : .long }
                try world.doses.update(dose)
                live[index] = dose
            } else if choice == 8 {
                var dose = live.remove(at: Int(random.next() % UInt64(live.count)))
                dose.deletedAt = now
                try world.doses.update(dose)
            } else {
                let dose = live.remove(at: Int(random.next() % UInt64(live.count)))
                try world.database.execute("DELETE FROM insulin_doses WHERE id = ?", [.text(dose.id)])
            }
            if step % 30 == 29 { try check(step) }
        }
        // The first sync makes the local history an account's.
        try world.database.execute("UPDATE insulin_doses SET owner_id = 'other' WHERE owner_id = 'local'")
        try check(300)
        #expect(try world.doses.tally(ownerID: "local", kind: .rapid, in: PlausibleTime.instants) == DoseTally(count: 0, units: 0))
    }

    @Test("0012 counts the doses a database already holds")
    func theMigrationCountsExistingDoses() throws {
        let database = try Database(path: ":memory:")
        let before = TendMigrations.all.filter { $0.name < "0012" }
        try Migrator(before).migrate(database)
        let doses = SQLiteDoseRepository(database: database)
        for (index, offset) in [-50_000.0, -3_600, -3_599, -60, -1].enumerated() {
            try doses.insert(Dose(id: "d\(index)", ownerID: "local", kind: .rapid, units: 1.5, takenAt: now.addingTimeInterval(offset),
                                  note: nil, createdAt: now, updatedAt: now))
        }
        // Before 1970 too: a quarter is rounded down, not toward zero.
        try doses.insert(Dose(id: "old", ownerID: "local", kind: .rapid, units: 3, takenAt: Date(timeIntervalSince1970: -1),
                              note: nil, createdAt: now, updatedAt: now))
        var deleted = Dose(id: "gone", ownerID: "local", kind: .rapid, units: 9, takenAt: now.addingTimeInterval(-10), note: nil,
                           createdAt: now, updatedAt: now)
        try doses.insert(deleted)
        deleted.deletedAt = now
        try doses.update(deleted)

        #expect(try Migrator(TendMigrations.all.filter { $0.name < "0013" }).migrate(database) == ["0012_insulin_status_index"])
        let day = now.addingTimeInterval(-86_400)..<now
        #expect(try doses.tally(ownerID: "local", kind: .rapid, in: day) == DoseTally(count: 5, units: 7.5))
        let aroundEpoch = Date(timeIntervalSince1970: -1800)..<Date(timeIntervalSince1970: 1800)
        #expect(try doses.tally(ownerID: "local", kind: .rapid, in: aroundEpoch) == DoseTally(count: 1, units: 3))
        let justAfter = Date(timeIntervalSince1970: 0)..<Date(timeIntervalSince1970: 1800)
        #expect(try doses.tally(ownerID: "local", kind: .rapid, in: justAfter) == DoseTally(count: 0, units: 0))
    }

    @Test("the status of a crowded day is the status of the same day counted by hand")
    func crowdedDayIsCountedRight() throws {
        let world = try World(now: now)
        try world.fillDay(count: 300, before: now)
        try world.fillDay(count: 20, before: now, owner: "someone-else")
        // A deleted rapid dose and tomorrow's are not counted.
        var deleted = Dose(id: "deleted", ownerID: "local", kind: .rapid, units: 7, takenAt: now.addingTimeInterval(-60), note: nil,
                           createdAt: now, updatedAt: now)
        try world.doses.insert(deleted)
        deleted.deletedAt = now
        try world.doses.update(deleted)
        let status = try world.status(ownerID: "local")
        #expect(status.rapidCountToday == 300)
        #expect(status.rapidUnitsToday == 600)
        #expect(status.longToday?.units == 10)
        #expect(status.lastRapid?.takenAt ?? .distantPast < now)
        #expect(status.lastRapid?.ownerID == "local")
    }

    @Test("settings changed behind the status's back (another server, a sync): the day follows them at once")
    func changedZoneIsFollowedAtOnce() throws {
        let world = try World(now: now) // 2026-03-12T03:00Z: noon in Seoul, 20:00 the day before in Los Angeles
        let settings = SQLiteInsulinSettingsRepository(database: world.database)
        func dose(_ id: String, _ kind: InsulinKind, _ at: String) throws {
            let taken = ISO8601.parseInstant(at)!
            try world.doses.insert(Dose(id: id, ownerID: "local", kind: kind, units: 2, takenAt: taken, note: nil,
                                        createdAt: taken, updatedAt: taken))
        }
        try dose("a", .rapid, "2026-03-11T20:00:00Z") // in Seoul's insulin day (from 19:00Z) and Los Angeles' (from 11:00Z)
        try dose("b", .rapid, "2026-03-11T12:00:00Z") // in Los Angeles' only
        try dose("c", .long, "2026-03-11T18:00:00Z")  // Seoul's day before; Los Angeles' today
        func expectDay(_ day: String, rapid: Int, long: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let status = try world.status(ownerID: "local")
            #expect(status.insulinDay == LocalDate(day)!, sourceLocation: sourceLocation)
            #expect(status.rapidCountToday == rapid, sourceLocation: sourceLocation)
            #expect(status.isLongTaken == long, sourceLocation: sourceLocation)
        }
        func move(to zone: String) throws {
            var changed = try #require(try settings.settings(ownerID: "local"))
            changed.timeZoneIdentifier = zone
            try settings.save(changed)
        }
        try expectDay("2026-03-12", rapid: 1, long: false) // Seoul: the defaults, made on first use
        try expectDay("2026-03-12", rapid: 1, long: false) // the same, on the settings seen
        try move(to: "America/Los_Angeles")
        try expectDay("2026-03-11", rapid: 2, long: true)  // the guess (Seoul) was wrong: read again
        try expectDay("2026-03-11", rapid: 2, long: true)
        try move(to: "Asia/Seoul")
        try expectDay("2026-03-12", rapid: 1, long: false)
        try world.database.execute("DELETE FROM insulin_settings", [])
        try expectDay("2026-03-12", rapid: 1, long: false) // gone: the defaults again (Seoul's zone)
    }

    @Test("calls per second with 5,000 doses in one day (TEND_BENCH=1)",
          .enabled(if: ProcessInfo.processInfo.environment["TEND_BENCH"] == "1"))
    func benchmark() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-status-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let world = try World(path: folder.appendingPathComponent("bench.sqlite").path, now: now)
        for count in [0, 5_000] {
            if count > 0 { try world.fillDay(count: count, before: now) }
            let calls = 2_000
            let start = ContinuousClock.now
            for _ in 0..<calls { _ = try world.status(ownerID: "local") }
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print("insulin status, \(count) doses today: \(Int(Double(calls) / seconds)) calls/s, "
                + "\(String(format: "%.3f", seconds * 1000 / Double(calls))) ms a call")
        }
    }
}

/// A small seeded generator, so that a failing sequence of writes can be replayed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
