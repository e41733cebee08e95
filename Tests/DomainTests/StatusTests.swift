import Core
import Domain
import Foundation
import Testing

@Suite("Status of the current insulin day")
struct StatusTests {
    let created = seoul("2026-03-01 12:00")

    func world(configure: (inout InsulinSettings) -> Void = { _ in }) -> World {
        World(now: seoul("2026-03-10 21:00"), settingsCreatedAt: created, configure: configure)
    }

    func status(_ world: World, at wall: String) throws -> InsulinStatus {
        try world.useCases(at: seoul(wall)).status(ownerID: Owner.local)
    }

    @Test("before the reminder with no long dose: not taken, not due yet")
    func beforeReminder() throws {
        let world = world()
        let status = try status(world, at: "2026-03-10 21:00")
        #expect(status.insulinDay == date("2026-03-10"))
        #expect(status.now == seoul("2026-03-10 21:00"))
        #expect(!status.isLongTaken)
        #expect(!status.isLongDue)
        #expect(status.longToday == nil)
        #expect(status.lastLong == nil)
        #expect(status.lastRapid == nil)
        #expect(status.rapidCountToday == 0)
        #expect(status.rapidUnitsToday == 0)
        #expect(status.longGuardEndsAt == nil)
        #expect(status.reminderInstant == seoul("2026-03-10 22:00"))
        #expect(status.settings.reminder == time("22:00"))
    }

    @Test("from the reminder time on, a missing long dose is due", arguments: ["2026-03-10 22:00", "2026-03-10 23:30", "2026-03-11 03:59"])
    func dueAfterReminder(wall: String) throws {
        let status = try status(world(), at: wall)
        #expect(status.insulinDay == date("2026-03-10"))
        #expect(status.isLongDue)
        #expect(!status.isLongTaken)
    }

    @Test("a long dose taken tonight: taken, not due, shown until the next insulin day")
    func takenTonight() throws {
        let world = world()
        let dose = try world.log(.long, at: seoul("2026-03-10 22:15"), now: seoul("2026-03-10 22:20"))

        for wall in ["2026-03-10 22:20", "2026-03-11 01:00", "2026-03-11 03:59"] {
            let status = try status(world, at: wall)
            #expect(status.insulinDay == date("2026-03-10"), "\(wall)")
            #expect(status.isLongTaken, "\(wall)")
            #expect(!status.isLongDue, "\(wall)")
            #expect(status.longToday == dose, "\(wall)")
            #expect(status.lastLong == dose, "\(wall)")
        }
    }

    @Test("a new insulin day starts untaken, remembers the last long dose and when its guard ends")
    func nextDay() throws {
        let world = world()
        let dose = try world.log(.long, at: seoul("2026-03-10 22:15"), now: seoul("2026-03-10 22:20"))

        let morning = try status(world, at: "2026-03-11 04:30")
        #expect(morning.insulinDay == date("2026-03-11"))
        #expect(!morning.isLongTaken)
        #expect(!morning.isLongDue)
        #expect(morning.longToday == nil)
        #expect(morning.lastLong == dose)
        #expect(morning.longGuardEndsAt == seoul("2026-03-11 10:15"))
        #expect(morning.reminderInstant == seoul("2026-03-11 22:00"))

        let noon = try status(world, at: "2026-03-11 12:00")
        #expect(noon.longGuardEndsAt == nil)
        #expect(noon.lastLong == dose)

        let night = try status(world, at: "2026-03-11 22:01")
        #expect(night.isLongDue)
    }

    @Test("rapid doses: last one at all, count and units of the current insulin day only")
    func rapidCounts() throws {
        let world = world()
        try world.log(.rapid, units: 3, at: seoul("2026-03-09 20:00"))
        try world.log(.rapid, units: 4, at: seoul("2026-03-10 08:00"))
        let last = try world.log(.rapid, units: 5.5, at: seoul("2026-03-10 12:00"))
        try world.log(.long, at: seoul("2026-03-10 20:30"))

        let evening = try status(world, at: "2026-03-10 21:00")
        #expect(evening.rapidCountToday == 2)
        #expect(evening.rapidUnitsToday == 9.5)
        #expect(evening.lastRapid == last)
        #expect(evening.isLongTaken)

        let nextMorning = try status(world, at: "2026-03-11 05:00")
        #expect(nextMorning.rapidCountToday == 0)
        #expect(nextMorning.rapidUnitsToday == 0)
        #expect(nextMorning.lastRapid == last)
    }

    @Test("a rapid dose at 02:00 counts for the insulin day before")
    func rapidAfterMidnight() throws {
        let world = world()
        try world.log(.rapid, units: 2, at: seoul("2026-03-11 02:00"), now: seoul("2026-03-11 02:00"))
        let status = try status(world, at: "2026-03-11 02:30")
        #expect(status.insulinDay == date("2026-03-10"))
        #expect(status.rapidCountToday == 1)
        #expect(status.rapidUnitsToday == 2)
    }

    @Test("a dose logged a few minutes ahead already shows as the last one")
    func slightlyAhead() throws {
        let world = world()
        let rapid = try world.log(.rapid, at: seoul("2026-03-10 21:03"), now: seoul("2026-03-10 21:00"))
        let status = try status(world, at: "2026-03-10 21:00")
        #expect(status.lastRapid == rapid)
        #expect(status.rapidCountToday == 1)
    }

    @Test("a deleted long dose does not count as taken")
    func deletedNotTaken() throws {
        let world = world()
        let dose = try world.log(.long, at: seoul("2026-03-10 20:00"))
        try world.insulin.deleteDose(ownerID: Owner.local, id: dose.id)
        let status = try status(world, at: "2026-03-10 22:30")
        #expect(!status.isLongTaken)
        #expect(status.isLongDue)
        #expect(status.lastLong == nil)
    }

    @Test("a reminder after midnight belongs to the night after the insulin day")
    func reminderAfterMidnight() throws {
        let world = world { $0.reminder = time("01:00") }
        let late = try status(world, at: "2026-03-10 23:00")
        #expect(late.reminderInstant == seoul("2026-03-11 01:00"))
        #expect(!late.isLongDue)
        let after = try status(world, at: "2026-03-11 01:30")
        #expect(after.insulinDay == date("2026-03-10"))
        #expect(after.isLongDue)
    }

    @Test("status creates the default settings on first use")
    func createsSettings() throws {
        let world = World(now: seoul("2026-03-10 22:30"))
        let status = try world.insulin.status(ownerID: Owner.local)
        #expect(status.settings.longUnits == 10)
        #expect(status.isLongDue)
        #expect(world.store.settingsSaves == 1)
    }
}
