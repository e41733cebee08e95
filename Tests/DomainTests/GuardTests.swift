import Core
import Domain
import Foundation
import Testing

@Suite("Logging a dose: defaults and double-dose guards")
struct LoggingDefaultsTests {
    let now = utc("2026-03-11 02:00") // 11:00 in Seoul

    @Test("no units means the default of that kind; no time means now")
    func defaults() throws {
        let world = World(now: now)
        let long = try world.log(.long)
        let rapid = try world.log(.rapid)

        #expect(long.units == 10)
        #expect(rapid.units == 4)
        #expect(long.takenAt == now)
        #expect(rapid.takenAt == now)
        #expect(long.kind == .long)
        #expect(rapid.kind == .rapid)
        #expect(long.ownerID == Owner.local)
        #expect(long.createdAt == now)
        #expect(long.updatedAt == now)
        #expect(long.deletedAt == nil)
        #expect(world.store.liveDoses.count == 2)
        #expect(world.store.writesOutsideTransaction == 0)
    }

    @Test("the default follows the settings once they change")
    func defaultsFollowSettings() throws {
        let world = World(now: now)
        _ = try world.insulin.settings.update(ownerID: Owner.local, .init(longUnits: 12.5, rapidUnits: 6))
        #expect(try world.log(.long).units == 12.5)
        #expect(try world.log(.rapid, at: now.adding(minutes: -30)).units == 6)
    }

    @Test("given units and time are used as given")
    func explicitValues() throws {
        let world = World(now: now)
        let taken = now.adding(hours: -2)
        let dose = try world.log(.rapid, units: 7.5, at: taken, note: "lunch")
        #expect(dose.units == 7.5)
        #expect(dose.takenAt == taken)
        #expect(dose.note == "lunch")
        #expect(dose.createdAt == now)
    }

    @Test("an empty note is stored as no note")
    func emptyNote() throws {
        let world = World(now: now)
        #expect(try world.log(.long, note: "").note == nil)
    }

    @Test("a new dose gets a lowercase UUIDv7 id")
    func generatedID() throws {
        let world = World(now: now)
        let dose = try world.log(.long)
        #expect(UUID(uuidString: dose.id) != nil)
        #expect(dose.id == dose.id.lowercased())
        let characters = Array(dose.id)
        #expect(characters[14] == "7") // version nibble
        #expect(Set(["8", "9", "a", "b"]).contains(String(characters[19]))) // RFC 4122 variant
    }

    @Test("the result says the dose was created")
    func createdFlag() throws {
        let world = World(now: now)
        let result = try world.insulin.logDose(ownerID: Owner.local, .init(kind: .long))
        #expect(result.created)
        #expect(world.store.liveDoses == [result.dose])
        // The settings it was logged under come with it: the answer needs no second read.
        #expect(result.settings == (try world.insulin.settings.current(ownerID: Owner.local)))
        #expect(result.settings?.ownerID == Owner.local)
    }
}

@Suite("Long-acting guard (default 12 h)")
struct LongGuardTests {
    /// The other dose: 13:30 UTC = 22:30 in Seoul on 2026-03-10.
    let existing = utc("2026-03-10 13:30")
    let now = utc("2026-03-11 03:00")

    func world(zone: String = "Asia/Seoul") throws -> World {
        let world = World(now: now, timeZone: zone)
        try world.log(.long, at: existing)
        return world
    }

    @Test("a second long dose 11 h 59 min later is refused, naming the other dose's local time")
    func refusedJustInsideTheGuard() throws {
        let world = try world()
        let error = #expect(throws: AppError.self) {
            try world.log(.long, at: existing.adding(hours: 11, minutes: 59))
        }
        #expect(error?.code == "duplicate_dose")
        #expect(error?.kind == .conflict)
        #expect(error?.message.contains("22:30") == true)
        #expect(error?.message.contains("2026-03-10") == true)
        #expect(error?.message.contains("12 h") == true)
        #expect((error?.details as? Dose)?.takenAt == existing)
        #expect(world.store.liveDoses.count == 1)
    }

    @Test("one second short of 12 h is still refused")
    func refusedOneSecondShort() throws {
        let world = try world()
        let error = #expect(throws: AppError.self) {
            try world.log(.long, at: existing.adding(hours: 12, seconds: -1))
        }
        #expect(error?.code == "duplicate_dose")
    }

    @Test("a back-dated dose 3 h before an existing one is refused too")
    func backDatedRefused() throws {
        let world = try world()
        let error = #expect(throws: AppError.self) {
            try world.log(.long, at: existing.adding(hours: -3))
        }
        #expect(error?.code == "duplicate_dose")
        #expect(error?.kind == .conflict)
        #expect(error?.message.contains("22:30") == true)
        #expect(world.store.liveDoses.count == 1)
    }

    @Test("exactly 12 h apart is allowed, after or before", arguments: [12.0, -12.0])
    func exactlyTwelveHoursAllowed(hours: Double) throws {
        let world = try world()
        let dose = try world.log(.long, at: existing.adding(hours: hours))
        #expect(dose.takenAt == existing.adding(hours: hours))
        #expect(world.store.liveDoses.count == 2)
    }

    @Test("force logs a refused dose anyway")
    func forceLogs() throws {
        let world = try world()
        let dose = try world.log(.long, at: existing.adding(hours: 11, minutes: 59), force: true)
        #expect(world.store.liveDoses.map(\.id).contains(dose.id))
        #expect(world.store.liveDoses.count == 2)
    }

    @Test("the same instant twice is refused")
    func sameInstant() throws {
        let world = try world()
        #expect(throws: AppError.self) { try world.log(.long, at: existing) }
    }

    @Test("the time in the message is 24-hour HH:MM in the settings time zone",
          arguments: [
              ("Asia/Seoul", "22:30"),
              ("Europe/Berlin", "14:30"),
              ("America/New_York", "09:30"), // EDT since 2026-03-08
              ("UTC", "13:30"),
          ])
    func messageTimeInSettingsZone(zone: String, expected: String) throws {
        let world = try world(zone: zone)
        let error = #expect(throws: AppError.self) {
            try world.log(.long, at: existing.adding(hours: 1))
        }
        #expect(error?.message.contains(expected) == true, "message: \(error?.message ?? "-")")
        #expect(error?.message.contains("PM") == false)
        #expect(error?.message.contains("AM") == false)
    }

    @Test("an early-morning time keeps its leading zero and its own date")
    func leadingZero() throws {
        let world = World(now: now)
        let night = utc("2026-03-10 15:05") // 00:05 on 2026-03-11 in Seoul
        try world.log(.long, at: night)
        let error = #expect(throws: AppError.self) {
            try world.log(.long, at: night.adding(hours: -2))
        }
        #expect(error?.message.contains("00:05") == true)
        #expect(error?.message.contains("2026-03-11") == true)
    }

    @Test("with two long doses in range, the message names the nearer one")
    func nearestNamed() throws {
        let world = World(now: now)
        try world.log(.long, at: utc("2026-03-10 03:00")) // 12:00 Seoul
        try world.log(.long, at: utc("2026-03-10 15:00")) // 00:00 Seoul, exactly 12 h later
        let error = #expect(throws: AppError.self) {
            try world.log(.long, at: utc("2026-03-10 13:00")) // 22:00 Seoul: 10 h and 2 h away
        }
        #expect((error?.details as? Dose)?.takenAt == utc("2026-03-10 15:00"))
        #expect(error?.message.contains("00:00") == true)
    }

    @Test("a rapid dose never trips the long guard, nor a long dose the rapid window")
    func kindsAreSeparate() throws {
        let world = try world()
        try world.log(.rapid, units: 10, at: existing.adding(minutes: 1))
        try world.log(.rapid, units: 10, at: existing.adding(minutes: 20))
        #expect(world.store.liveDoses.count == 3)
    }

    @Test("another owner's long dose does not count")
    func otherOwner() throws {
        let world = World(now: now)
        world.seed(.long, at: existing, ownerID: "account-2")
        #expect(throws: Never.self) { try world.log(.long, at: existing.adding(hours: 1)) }
    }

    @Test("a guard of 0 turns the long guard off")
    func guardOff() throws {
        let world = World(now: now, settingsCreatedAt: utc("2026-03-01 00:00")) { $0.longGuardMinutes = 0 }
        try world.log(.long, at: existing)
        try world.log(.long, at: existing.adding(minutes: 1))
        #expect(world.store.liveDoses.count == 2)
    }

    @Test("a custom guard of 8 h: 7 h 59 min refused, 8 h allowed, message says 8 h")
    func customGuard() throws {
        let world = World(now: now, settingsCreatedAt: utc("2026-03-01 00:00")) { $0.longGuardMinutes = 8 * 60 }
        try world.log(.long, at: existing)
        let error = #expect(throws: AppError.self) {
            try world.log(.long, at: existing.adding(hours: 7, minutes: 59))
        }
        #expect(error?.message.contains("8 h") == true)
        #expect(throws: Never.self) { try world.log(.long, at: existing.adding(hours: 8)) }
    }

    @Test("a guard of 90 min is described as 1 h 30 min")
    func guardWithMinutes() throws {
        let world = World(now: now, settingsCreatedAt: utc("2026-03-01 00:00")) { $0.longGuardMinutes = 90 }
        try world.log(.long, at: existing)
        let error = #expect(throws: AppError.self) {
            try world.log(.long, at: existing.adding(minutes: 89))
        }
        #expect(error?.message.contains("1 h 30 min") == true)
    }
}

@Suite("Rapid-acting double-tap window (default 10 min)")
struct RapidGuardTests {
    let first = utc("2026-03-11 00:00") // 09:00 Seoul
    let now = utc("2026-03-11 03:00")

    func world() throws -> World {
        let world = World(now: now)
        try world.log(.rapid, units: 4, at: first)
        return world
    }

    @Test("the same units within 10 min are refused", arguments: [1.0, 300, 599, -1, -599])
    func sameUnitsRefused(secondsApart: Double) throws {
        let world = try world()
        let error = #expect(throws: AppError.self) {
            try world.log(.rapid, units: 4, at: first.adding(seconds: secondsApart))
        }
        #expect(error?.code == "duplicate_dose")
        #expect(error?.kind == .conflict)
        #expect(error?.message.contains("09:00") == true)
        #expect(error?.message.contains("10 min") == true)
        #expect(world.store.liveDoses.count == 1)
    }

    @Test("the default units count as the same units")
    func defaultUnitsClash() throws {
        let world = try world() // first dose is 4 u, the rapid default
        #expect(throws: AppError.self) { try world.log(.rapid, at: first.adding(minutes: 2)) }
    }

    @Test("different units within the window are allowed", arguments: [4.5, 3.5, 8])
    func differentUnitsAllowed(units: Double) throws {
        let world = try world()
        try world.log(.rapid, units: units, at: first.adding(minutes: 1))
        #expect(world.store.liveDoses.count == 2)
    }

    @Test("the same units exactly 10 min apart are allowed", arguments: [10.0, -10.0])
    func tenMinutesAllowed(minutes: Double) throws {
        let world = try world()
        try world.log(.rapid, units: 4, at: first.adding(minutes: minutes))
        #expect(world.store.liveDoses.count == 2)
    }

    @Test("force logs the double tap anyway")
    func forceLogs() throws {
        let world = try world()
        try world.log(.rapid, units: 4, at: first.adding(minutes: 1), force: true)
        #expect(world.store.liveDoses.count == 2)
    }

    @Test("a window of 0 turns the rapid guard off")
    func windowOff() throws {
        let world = World(now: now, settingsCreatedAt: utc("2026-03-01 00:00")) { $0.rapidWindowMinutes = 0 }
        try world.log(.rapid, units: 4, at: first)
        try world.log(.rapid, units: 4, at: first)
        #expect(world.store.liveDoses.count == 2)
    }

    @Test("a custom window of 30 min refuses 29 min and allows 30 min")
    func customWindow() throws {
        let world = World(now: now, settingsCreatedAt: utc("2026-03-01 00:00")) { $0.rapidWindowMinutes = 30 }
        try world.log(.rapid, units: 4, at: first)
        #expect(throws: AppError.self) { try world.log(.rapid, units: 4, at: first.adding(minutes: 29)) }
        #expect(throws: Never.self) { try world.log(.rapid, units: 4, at: first.adding(minutes: 30)) }
    }
}
