import Core
import Domain
import Foundation
import Synchronization
import Testing

// MARK: - Insulin tables, as the tests read them

extension FakeDatabase {
    var allDoses: [Dose] { read { $0.doses.values }.sorted { ($0.takenAt, $0.id) < ($1.takenAt, $1.id) } }
    var liveDoses: [Dose] { allDoses.filter { $0.deletedAt == nil } }
    /// The owner's insulin settings, as the repository reads them.
    func storedSettings(_ ownerID: String) -> InsulinSettings? { read { FakeInsulinSettingsRepository.settings(ownerID, in: $0) } }
    var settingsSaves: Int { count(.insulinSettingsSave) }
    var doseInserts: Int { count(.doseInsert) }
    var doseUpdates: Int { count(.doseUpdate) }
}

// MARK: - DoseRepository

final class FakeDoseRepository: DoseRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    func insert(_ dose: Dose) throws {
        try memory.write(.doseInsert, dose) { try $0.doses.insert(dose, key: dose.id, call: .doseInsert) }
    }

    /// Only the owner's dose changes.
    func update(_ dose: Dose) throws {
        try memory.write(.doseUpdate, dose) { tables in
            guard tables.doses[dose.id]?.ownerID == dose.ownerID else { throw FakeFailure(.doseUpdate, "no dose \(dose.id) of \(dose.ownerID)") }
            tables.doses[dose.id] = dose
        }
    }

    func dose(id: String, ownerID: String) throws -> Dose? {
        memory.read { tables in tables.doses[id].flatMap { $0.ownerID == ownerID && $0.deletedAt == nil ? $0 : nil } }
    }

    func ownerOfID(_ id: String) throws -> String? {
        memory.read { $0.doses[id]?.ownerID }
    }

    func doses(ownerID: String, kind: InsulinKind?, in interval: Range<Date>?) throws -> [Dose] {
        memory.read { tables in
            tables.doses.values
                .filter { $0.ownerID == ownerID && $0.deletedAt == nil }
                .filter { kind == nil || $0.kind == kind }
                .filter { interval?.contains($0.takenAt) ?? true }
                .sorted { ($0.takenAt, $0.id) < ($1.takenAt, $1.id) }
        }
    }

    func latest(ownerID: String, kind: InsulinKind, atOrBefore date: Date) throws -> Dose? {
        try doses(ownerID: ownerID, kind: kind, in: nil).last { $0.takenAt <= date }
    }

    func latest(ownerID: String, kind: InsulinKind, in interval: Range<Date>) throws -> Dose? {
        try doses(ownerID: ownerID, kind: kind, in: interval).last
    }

    func tally(ownerID: String, kind: InsulinKind, in interval: Range<Date>) throws -> DoseTally {
        let doses = try doses(ownerID: ownerID, kind: kind, in: interval)
        return DoseTally(count: doses.count, units: doses.reduce(0) { $0 + $1.units })
    }

    func earliestTakenAt(ownerID: String) throws -> Date? {
        try doses(ownerID: ownerID, kind: nil, in: nil).first?.takenAt
    }
}

// MARK: - InsulinSettingsRepository

/// Rows by id, like the SQLite table: an owner's settings are their earliest row.
final class FakeInsulinSettingsRepository: InsulinSettingsRepository {
    let memory: FakeDatabase

    init(memory: FakeDatabase) { self.memory = memory }

    static func settings(_ ownerID: String, in tables: FakeTables) -> InsulinSettings? {
        tables.insulinSettings.values.filter { $0.ownerID == ownerID }.min { $0.createdAt < $1.createdAt }
    }

    func settings(ownerID: String) throws -> InsulinSettings? {
        memory.read { Self.settings(ownerID, in: $0) }
    }

    func save(_ settings: InsulinSettings) throws {
        try memory.write(.insulinSettingsSave, settings) { tables in
            if let stored = tables.insulinSettings[settings.id] {
                // An upsert on the id: the owner and the creation stay.
                guard stored.ownerID == settings.ownerID else {
                    throw FakeFailure(.insulinSettingsSave, "settings \(settings.id) belong to \(stored.ownerID)")
                }
            }
            tables.insulinSettings[settings.id] = settings
        }
    }
}

// MARK: - A world to run use cases in

/// The fakes wired together, with use cases at a chosen "now".
struct World {
    /// What the use cases published.
    let events = RecordedEvents()
    let store = FakeDatabase()
    let doses: FakeDoseRepository
    let settingsRepository: FakeInsulinSettingsRepository
    let transactor: FakeTransactor
    let timeZoneIdentifier: String
    let now: Date
    let owner = Owner.local

    /// - Parameters:
    ///   - settingsCreatedAt: when given, settings are stored up front, created at that instant
    ///     (and adjusted by `configure`); otherwise the first use case call creates them at `now`.
    init(now: Date, timeZone: String = "Asia/Seoul", settingsCreatedAt: Date? = nil,
         configure: (inout InsulinSettings) -> Void = { _ in }) {
        doses = FakeDoseRepository(memory: store)
        settingsRepository = FakeInsulinSettingsRepository(memory: store)
        transactor = FakeTransactor(memory: store)
        timeZoneIdentifier = timeZone
        self.now = now
        if let settingsCreatedAt {
            var settings = InsulinSettings.defaults(ownerID: Owner.local, timeZoneIdentifier: timeZone, now: settingsCreatedAt)
            configure(&settings)
            store.seed { $0.insulinSettings[settings.id] = settings }
        }
    }

    /// The use cases with the clock fixed at `date` (default: the world's `now`).
    func useCases(at date: Date? = nil) -> InsulinUseCases {
        let zone = timeZoneIdentifier
        return InsulinUseCases(doses: doses, settings: settingsRepository, transactor: transactor,
                               clock: FixedClock(date ?? now), defaultTimeZone: { _ in zone }, events: events)
    }

    var insulin: InsulinUseCases { useCases() }

    @discardableResult
    func log(_ kind: InsulinKind, units: Double? = nil, at takenAt: Date? = nil, note: String? = nil,
             force: Bool = false, id: String? = nil, now date: Date? = nil) throws -> Dose {
        try useCases(at: date).logDose(ownerID: owner, .init(id: id, kind: kind, units: units, takenAt: takenAt,
                                                             note: note, force: force)).dose
    }

    /// Puts a dose straight into storage, past every rule (for statistics).
    @discardableResult
    func seed(_ kind: InsulinKind, at takenAt: Date, units: Double = 10, ownerID: String = Owner.local,
              deleted: Bool = false) -> Dose {
        let dose = Dose(id: UUIDv7.makeString(at: takenAt), ownerID: ownerID, kind: kind, units: units,
                        takenAt: takenAt, note: nil, createdAt: takenAt, updatedAt: takenAt,
                        deletedAt: deleted ? takenAt : nil)
        store.seed { $0.doses[dose.id] = dose }
        return dose
    }
}

// MARK: - Time helpers (Foundation's calendar, independent of Core's arithmetic)

/// An instant from `YYYY-MM-DD HH:MM[:SS]` read in UTC.
func utc(_ text: String) -> Date {
    local(text, in: "UTC")
}

/// An instant from `YYYY-MM-DD HH:MM[:SS]` read as wall time in `zone` (not for ambiguous or
/// skipped wall times).
func local(_ text: String, in zone: String) -> Date {
    let halves = text.split(separator: " ")
    precondition(halves.count == 2, "expected 'YYYY-MM-DD HH:MM', got \(text)")
    let ymd = halves[0].split(separator: "-").map { Int($0)! }
    let hms = halves[1].split(separator: ":").map { Int($0)! }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    let components = DateComponents(year: ymd[0], month: ymd[1], day: ymd[2], hour: hms[0], minute: hms[1],
                                    second: hms.count > 2 ? hms[2] : 0)
    return calendar.date(from: components)!
}

func seoul(_ text: String) -> Date { local(text, in: "Asia/Seoul") }
func newYork(_ text: String) -> Date { local(text, in: "America/New_York") }

func date(_ text: String) -> LocalDate { LocalDate(text)! }
func time(_ text: String) -> LocalTime { LocalTime(text)! }
func month(_ text: String) -> YearMonth { YearMonth(text)! }

extension Date {
    func adding(hours: Double = 0, minutes: Double = 0, seconds: Double = 0) -> Date {
        addingTimeInterval(hours * 3600 + minutes * 60 + seconds)
    }
}

// MARK: - Self-checks of the fakes (a broken fake would make every other test meaningless)

@Suite("In-memory fakes")
struct FakeTests {
    @Test("the transactor restores every change when the body throws")
    func transactorRollsBack() throws {
        let world = World(now: utc("2026-03-10 12:00"))
        world.seed(.long, at: utc("2026-03-09 13:00"))
        let before = world.store.allDoses

        #expect(throws: FakeFailure.self) {
            try world.transactor.write {
                let extra = Dose(id: "x", ownerID: Owner.local, kind: .rapid, units: 4, takenAt: utc("2026-03-10 11:00"),
                                 note: nil, createdAt: world.now, updatedAt: world.now)
                try world.doses.insert(extra)
                #expect(world.store.allDoses.count == 2)
                throw FakeFailure(reason: "boom")
            }
        }
        #expect(world.store.allDoses == before)
        #expect(world.store.rollbacks == 1)
    }

    @Test("a nested write rolls back only its own changes")
    func nestedWriteIsASavepoint() throws {
        let world = World(now: utc("2026-03-10 12:00"))
        try world.transactor.write {
            world.seed(.long, at: utc("2026-03-09 13:00"))
            _ = try? world.transactor.write {
                world.seed(.long, at: utc("2026-03-08 13:00"))
                throw FakeFailure(reason: "inner")
            }
        }
        #expect(world.store.allDoses.map(\.takenAt) == [utc("2026-03-09 13:00")])
    }

    @Test("reads leave out soft-deleted doses and other owners' doses, oldest first")
    func readsFilter() throws {
        let world = World(now: utc("2026-03-10 12:00"))
        let b = world.seed(.long, at: utc("2026-03-09 13:00"))
        let a = world.seed(.rapid, at: utc("2026-03-08 13:00"))
        world.seed(.long, at: utc("2026-03-07 13:00"), deleted: true)
        world.seed(.long, at: utc("2026-03-06 13:00"), ownerID: "someone-else")

        #expect(try world.doses.doses(ownerID: Owner.local, kind: nil, in: nil) == [a, b])
        #expect(try world.doses.doses(ownerID: Owner.local, kind: .long, in: nil) == [b])
        #expect(try world.doses.earliestTakenAt(ownerID: Owner.local) == a.takenAt)
        #expect(try world.doses.latest(ownerID: Owner.local, kind: .long, atOrBefore: utc("2026-03-09 12:59")) == nil)
    }
}
