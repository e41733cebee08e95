import Core
import Domain
import Foundation
import Synchronization
import Testing

@Suite("Insulin settings")
struct SettingsTests {
    let now = utc("2026-03-11 03:00")

    @Test("the first read creates the defaults, with the zone from defaultTimeZone, and stores them once")
    func defaultsOnFirstRead() throws {
        let world = World(now: now)
        let calls = Mutex(0)
        let useCases = InsulinUseCases(doses: world.doses, settings: world.settingsRepository, transactor: world.transactor,
                                       clock: FixedClock(now),
                                       defaultTimeZone: { _ in calls.withLock { $0 += 1 }; return "Asia/Seoul" }, events: world.events)
        #expect(world.store.storedSettings(Owner.local) == nil)

        let settings = try useCases.settings.current(ownerID: Owner.local)
        #expect(settings.ownerID == Owner.local)
        #expect(settings.longName == "Long-acting")
        #expect(settings.rapidName == "Rapid-acting")
        #expect(settings.longUnits == 10)
        #expect(settings.rapidUnits == 4)
        #expect(settings.dayStart == LocalTime(hour: 4, minute: 0))
        #expect(settings.dayStart.description == "04:00")
        #expect(settings.longGuardMinutes == 720)
        #expect(settings.rapidWindowMinutes == 10)
        #expect(settings.reminder == LocalTime(hour: 22, minute: 0))
        #expect(settings.timeZoneIdentifier == "Asia/Seoul")
        #expect(settings.timeZone.identifier == "Asia/Seoul")
        #expect(settings.createdAt == now)
        #expect(settings.updatedAt == now)
        #expect(UUID(uuidString: settings.id) != nil)

        #expect(world.store.storedSettings(Owner.local) == settings)
        #expect(world.store.settingsSaves == 1)
        #expect(world.store.writesOutsideTransaction == 0)

        // Later reads return the stored row and save nothing; the zone closure ran once.
        let again = try useCases.settings.current(ownerID: Owner.local)
        let later = try world.useCases(at: now.adding(hours: 5)).settings.current(ownerID: Owner.local)
        #expect(again == settings)
        #expect(later == settings)
        #expect(world.store.settingsSaves == 1)
        #expect(calls.withLock { $0 } == 1)
    }

    @Test("any use case creates the settings on first use")
    func createdByLog() throws {
        let world = World(now: now, timeZone: "Europe/Berlin")
        try world.log(.long)
        #expect(world.store.storedSettings(Owner.local)?.timeZoneIdentifier == "Europe/Berlin")
        #expect(world.store.storedSettings(Owner.local)?.createdAt == now)
    }

    @Test("existing settings are read as stored, not replaced by defaults")
    func existingKept() throws {
        let created = utc("2026-01-01 00:00")
        let world = World(now: now, settingsCreatedAt: created) { $0.longUnits = 18 }
        let settings = try world.insulin.settings.current(ownerID: Owner.local)
        #expect(settings.longUnits == 18)
        #expect(settings.createdAt == created)
        #expect(world.store.settingsSaves == 0)
    }

    @Test("each owner has their own settings")
    func perOwner() throws {
        let world = World(now: now)
        let mine = try world.insulin.settings.update(ownerID: Owner.local, .init(longUnits: 20))
        let theirs = try world.insulin.settings.current(ownerID: "account-2")
        #expect(mine.longUnits == 20)
        #expect(theirs.longUnits == 10)
        #expect(theirs.ownerID == "account-2")
        #expect(mine.id != theirs.id)
    }

    @Test("kind helpers pick the matching name and units")
    func kindHelpers() throws {
        let settings = InsulinSettings.defaults(ownerID: Owner.local, timeZoneIdentifier: "Asia/Seoul", now: now)
        #expect(settings.name(of: .long) == "Long-acting")
        #expect(settings.name(of: .rapid) == "Rapid-acting")
        #expect(settings.defaultUnits(of: .long) == 10)
        #expect(settings.defaultUnits(of: .rapid) == 4)
        #expect(settings.insulinDays.dayStart == time("04:00"))
        #expect(settings.insulinDays.timeZone.identifier == "Asia/Seoul")
    }

    @Test("an unknown stored zone falls back to GMT rather than crashing")
    func unknownStoredZone() {
        let settings = InsulinSettings.defaults(ownerID: Owner.local, timeZoneIdentifier: "Nowhere/Land", now: now)
        #expect(settings.timeZone.secondsFromGMT(for: now) == 0)
    }

    @Test("an update applies every field, trims names, stamps updatedAt and keeps createdAt")
    func updateApplies() throws {
        let world = World(now: now)
        let original = try world.insulin.settings.current(ownerID: Owner.local)
        let later = now.adding(hours: 2)
        let changes = InsulinSettingsChanges(
            longName: "  Tresiba ", longUnits: 14.5, rapidName: "Fiasp", rapidUnits: 5,
            dayStart: time("05:30"), timeZoneIdentifier: "Europe/Berlin", longGuardMinutes: 600,
            rapidWindowMinutes: 15, reminder: time("21:15"))
        let updated = try world.useCases(at: later).settings.update(ownerID: Owner.local, changes)

        #expect(updated.longName == "Tresiba")
        #expect(updated.longUnits == 14.5)
        #expect(updated.rapidName == "Fiasp")
        #expect(updated.rapidUnits == 5)
        #expect(updated.dayStart == time("05:30"))
        #expect(updated.timeZoneIdentifier == "Europe/Berlin")
        #expect(updated.longGuardMinutes == 600)
        #expect(updated.rapidWindowMinutes == 15)
        #expect(updated.reminder == time("21:15"))
        #expect(updated.updatedAt == later)
        #expect(updated.createdAt == original.createdAt)
        #expect(updated.id == original.id)
        #expect(try world.insulin.settings.current(ownerID: Owner.local) == updated)
    }

    @Test("an update leaves the fields it does not name alone")
    func partialUpdate() throws {
        let world = World(now: now)
        let original = try world.insulin.settings.current(ownerID: Owner.local)
        let updated = try world.insulin.settings.update(ownerID: Owner.local, .init(rapidUnits: 6.5))
        #expect(updated.rapidUnits == 6.5)
        #expect(updated.longUnits == original.longUnits)
        #expect(updated.dayStart == original.dayStart)
        #expect(updated.timeZoneIdentifier == original.timeZoneIdentifier)
        #expect(updated.reminder == original.reminder)
    }

    @Test("an update on first use creates the defaults and changes them, stored once")
    func updateBeforeFirstRead() throws {
        let world = World(now: now)
        let updated = try world.insulin.settings.update(ownerID: Owner.local, .init(longUnits: 16))
        #expect(updated.longUnits == 16)
        #expect(updated.rapidUnits == 4)
        #expect(world.store.storedSettings(Owner.local) == updated)
        #expect(world.store.writesOutsideTransaction == 0)
    }

    @Test("a failing save rolls the whole update back, including the defaults it created")
    func updateRollsBack() throws {
        let world = World(now: now)
        world.store.fail(.insulinSettingsSave) { (settings: InsulinSettings) in settings.longName == "Boom" }
        #expect(throws: FakeFailure.self) {
            try world.insulin.settings.update(ownerID: Owner.local, .init(longName: "Boom"))
        }
        #expect(world.store.storedSettings(Owner.local) == nil)
        #expect(world.store.rollbacks >= 1)
    }

    @Test("empty changes are empty")
    func emptyChanges() {
        #expect(InsulinSettingsChanges().isEmpty)
        #expect(!InsulinSettingsChanges(reminder: time("21:00")).isEmpty)
    }

    static let invalidChanges: [(String, InsulinSettingsChanges, String)] = [
        ("unknown zone", .init(timeZoneIdentifier: "Mars/Olympus_Mons"), "invalid_time_zone"),
        ("empty zone", .init(timeZoneIdentifier: ""), "invalid_time_zone"),
        ("day start 12:01", .init(dayStart: LocalTime(hour: 12, minute: 1)), "invalid_settings"),
        ("day start 18:00", .init(dayStart: LocalTime(hour: 18, minute: 0)), "invalid_settings"),
        ("guard 48 h 1 min", .init(longGuardMinutes: 48 * 60 + 1), "invalid_settings"),
        ("guard negative", .init(longGuardMinutes: -1), "invalid_settings"),
        ("window 241 min", .init(rapidWindowMinutes: 241), "invalid_settings"),
        ("window negative", .init(rapidWindowMinutes: -5), "invalid_settings"),
        ("empty long name", .init(longName: ""), "invalid_settings"),
        ("blank rapid name", .init(rapidName: "   "), "invalid_settings"),
        ("long name of 61", .init(longName: String(repeating: "a", count: 61)), "invalid_settings"),
        ("long units 0", .init(longUnits: 0), "invalid_units"),
        ("rapid units 2.25", .init(rapidUnits: 2.25), "invalid_units"),
        ("rapid units 101", .init(rapidUnits: 101), "invalid_units"),
    ]

    @Test("invalid changes are refused and nothing changes", arguments: invalidChanges)
    func invalidUpdate(label: String, changes: InsulinSettingsChanges, code: String) throws {
        let world = World(now: now)
        let before = try world.insulin.settings.current(ownerID: Owner.local)
        let error = #expect(throws: AppError.self, "\(label)") {
            try world.useCases(at: now.adding(hours: 1)).settings.update(ownerID: Owner.local, changes)
        }
        #expect(error?.code == code, "\(label)")
        #expect(error?.kind == .invalidInput)
        #expect(world.store.storedSettings(Owner.local) == before)
    }

    static let edgeChanges: [(String, InsulinSettingsChanges)] = [
        ("day start 12:00", .init(dayStart: LocalTime(hour: 12, minute: 0))),
        ("day start 00:00", .init(dayStart: LocalTime(hour: 0, minute: 0))),
        ("guard 48 h", .init(longGuardMinutes: 48 * 60)),
        ("guard off", .init(longGuardMinutes: 0)),
        ("window 240 min", .init(rapidWindowMinutes: 240)),
        ("name of 60", .init(rapidName: String(repeating: "b", count: 60))),
        ("zone UTC", .init(timeZoneIdentifier: "UTC")),
        ("zone America/New_York", .init(timeZoneIdentifier: "America/New_York")),
    ]

    @Test("edge values are accepted", arguments: edgeChanges)
    func edgeUpdate(label: String, changes: InsulinSettingsChanges) throws {
        let world = World(now: now)
        #expect(throws: Never.self, "\(label)") { try world.insulin.settings.update(ownerID: Owner.local, changes) }
    }

    @Test("a new time zone changes how the guard message shows the time")
    func zoneChangeAffectsGuard() throws {
        let world = World(now: now)
        try world.log(.long, at: utc("2026-03-10 13:30"))
        _ = try world.insulin.settings.update(ownerID: Owner.local, .init(timeZoneIdentifier: "Europe/Berlin"))
        let error = #expect(throws: AppError.self) { try world.log(.long, at: utc("2026-03-10 20:00")) }
        #expect(error?.message.contains("14:30") == true)
    }
}
