import Core
import Domain
import Foundation
import Testing

@Suite("Contract: DoseRepository")
struct DoseRepositoryContract {
    func dose(_ id: String, _ kind: InsulinKind = .long, at offset: Int64, owner: String = "ana", units: Double = 10,
              note: String? = nil) -> Dose {
        Dose(id: id, ownerID: owner, kind: kind, units: units, takenAt: Contract.at(offset), note: note,
             createdAt: Contract.at(offset + 1), updatedAt: Contract.at(offset + 2))
    }

    @Test("every field round-trips, the note nil and set", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let plain = dose("a", .long, at: 0, units: 10.5)
        let noted = dose("b", .rapid, at: Contract.hour, units: 4.25, note: "after lunch, 한식")
        try stores.doses.insert(plain)
        try stores.doses.insert(noted)
        #expect(try stores.doses.dose(id: "a", ownerID: "ana") == plain)
        #expect(try stores.doses.dose(id: "b", ownerID: "ana") == noted)
        #expect(try stores.doses.doses(ownerID: "ana", kind: nil, in: nil) == [plain, noted])
    }

    @Test("an update saves every field that can change; another owner's update changes nothing", arguments: Backend.allCases)
    func update(_ backend: Backend) throws {
        let stores = try Stores(backend)
        var changed = dose("a", .long, at: 0, units: 10)
        try stores.doses.insert(changed)
        changed.kind = .rapid
        changed.units = 6.5
        changed.takenAt = Contract.at(-Contract.hour)
        changed.note = "moved"
        changed.updatedAt = Contract.at(Contract.minute)
        try stores.doses.update(changed)
        #expect(try stores.doses.dose(id: "a", ownerID: "ana") == changed)
        changed.note = nil
        try stores.doses.update(changed)
        #expect(try stores.doses.dose(id: "a", ownerID: "ana") == changed)

        let forged = Dose(id: "a", ownerID: "eve", kind: .long, units: 99, takenAt: Contract.t0, note: "mine now",
                          createdAt: Contract.t0, updatedAt: Contract.t0)
        try? stores.doses.update(forged)
        #expect(try stores.doses.dose(id: "a", ownerID: "ana") == changed)
        #expect(try stores.doses.dose(id: "a", ownerID: "eve") == nil)
    }

    @Test("reads are the owner's live doses; ownerOfID sees every row", arguments: Backend.allCases)
    func ownersAndSoftDeletes(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.doses.insert(dose("mine", at: 0))
        try stores.doses.insert(dose("theirs", at: Contract.minute, owner: "ben"))
        var gone = dose("gone", at: 2 * Contract.minute)
        try stores.doses.insert(gone)
        gone.deletedAt = Contract.at(3 * Contract.minute)
        try stores.doses.update(gone)

        #expect(try stores.doses.doses(ownerID: "ana", kind: nil, in: nil).map(\.id) == ["mine"])
        #expect(try stores.doses.doses(ownerID: "ben", kind: nil, in: nil).map(\.id) == ["theirs"])
        #expect(try stores.doses.dose(id: "theirs", ownerID: "ana") == nil)
        #expect(try stores.doses.dose(id: "gone", ownerID: "ana") == nil)
        #expect(try stores.doses.latest(ownerID: "ana", kind: .long, atOrBefore: Contract.at(Contract.day))?.id == "mine")
        #expect(try stores.doses.earliestTakenAt(ownerID: "ben") == Contract.at(Contract.minute))
        // Any owner, deleted or not: an id a client made is never taken twice.
        for id in ["mine", "gone"] { #expect(try stores.doses.ownerOfID(id) == "ana") }
        #expect(try stores.doses.ownerOfID("theirs") == "ben")
        #expect(try stores.doses.ownerOfID("never") == nil)
    }

    @Test("doses are oldest first, filtered by kind and a half-open interval", arguments: Backend.allCases)
    func queries(_ backend: Backend) throws {
        let stores = try Stores(backend)
        try stores.doses.insert(dose("late", .long, at: 2 * Contract.hour))
        try stores.doses.insert(dose("early", .rapid, at: 0))
        try stores.doses.insert(dose("middle", .long, at: Contract.hour))

        #expect(try stores.doses.doses(ownerID: "ana", kind: nil, in: nil).map(\.id) == ["early", "middle", "late"])
        #expect(try stores.doses.doses(ownerID: "ana", kind: .long, in: nil).map(\.id) == ["middle", "late"])
        #expect(try stores.doses.doses(ownerID: "ana", kind: .rapid, in: nil).map(\.id) == ["early"])
        // [lower, upper): the lower bound is in, the upper bound out.
        #expect(try stores.doses.doses(ownerID: "ana", kind: nil, in: Contract.at(0)..<Contract.at(2 * Contract.hour)).map(\.id)
                == ["early", "middle"])
        #expect(try stores.doses.doses(ownerID: "ana", kind: nil, in: Contract.at(1)..<Contract.at(2 * Contract.hour + 1)).map(\.id)
                == ["middle", "late"])
        #expect(try stores.doses.doses(ownerID: "ana", kind: .long, in: Contract.at(0)..<Contract.at(Contract.hour)).isEmpty)
        #expect(try stores.doses.doses(ownerID: "nobody", kind: nil, in: nil).isEmpty)
    }

    @Test("latest is the newest of the kind at or before the instant; earliest is the first taken", arguments: Backend.allCases)
    func latestAndEarliest(_ backend: Backend) throws {
        let stores = try Stores(backend)
        #expect(try stores.doses.earliestTakenAt(ownerID: "ana") == nil)
        #expect(try stores.doses.latest(ownerID: "ana", kind: .long, atOrBefore: Contract.at(Contract.day)) == nil)
        try stores.doses.insert(dose("l1", .long, at: 0))
        try stores.doses.insert(dose("r1", .rapid, at: Contract.hour))
        try stores.doses.insert(dose("l2", .long, at: 2 * Contract.hour))

        #expect(try stores.doses.latest(ownerID: "ana", kind: .long, atOrBefore: Contract.at(2 * Contract.hour))?.id == "l2")
        #expect(try stores.doses.latest(ownerID: "ana", kind: .long, atOrBefore: Contract.at(2 * Contract.hour - 1))?.id == "l1")
        #expect(try stores.doses.latest(ownerID: "ana", kind: .rapid, atOrBefore: Contract.at(Contract.day))?.id == "r1")
        #expect(try stores.doses.latest(ownerID: "ana", kind: .long, atOrBefore: Contract.at(-1)) == nil)
        #expect(try stores.doses.earliestTakenAt(ownerID: "ana") == Contract.at(0))
    }

    @Test("a day's newest dose and tally: the owner's live doses of the kind in a half-open interval", arguments: Backend.allCases)
    func latestInAndTally(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let day = Contract.at(0)..<Contract.at(Contract.day)
        #expect(try stores.doses.latest(ownerID: "ana", kind: .rapid, in: day) == nil)
        #expect(try stores.doses.tally(ownerID: "ana", kind: .rapid, in: day) == DoseTally(count: 0, units: 0))
        try stores.doses.insert(dose("r0", .rapid, at: 0, units: 4))
        try stores.doses.insert(dose("r1", .rapid, at: Contract.hour, units: 2.5))
        try stores.doses.insert(dose("r1b", .rapid, at: Contract.hour, units: 1)) // the same time: the larger id is newer
        try stores.doses.insert(dose("l1", .long, at: 2 * Contract.hour, units: 10))
        try stores.doses.insert(dose("next", .rapid, at: Contract.day, units: 8)) // the upper bound is out
        try stores.doses.insert(dose("before", .rapid, at: -1, units: 8))
        try stores.doses.insert(dose("theirs", .rapid, at: Contract.minute, owner: "ben", units: 8))
        var gone = dose("gone", .rapid, at: 3 * Contract.hour, units: 8)
        try stores.doses.insert(gone)
        gone.deletedAt = Contract.at(4 * Contract.hour)
        try stores.doses.update(gone)

        #expect(try stores.doses.latest(ownerID: "ana", kind: .rapid, in: day)?.id == "r1b")
        #expect(try stores.doses.latest(ownerID: "ana", kind: .long, in: day)?.id == "l1")
        #expect(try stores.doses.latest(ownerID: "ana", kind: .long, in: Contract.at(0)..<Contract.at(2 * Contract.hour)) == nil)
        #expect(try stores.doses.tally(ownerID: "ana", kind: .rapid, in: day) == DoseTally(count: 3, units: 7.5))
        #expect(try stores.doses.tally(ownerID: "ana", kind: .long, in: day) == DoseTally(count: 1, units: 10))
        #expect(try stores.doses.tally(ownerID: "ben", kind: .rapid, in: day) == DoseTally(count: 1, units: 8))
    }
}

@Suite("Contract: InsulinSettingsRepository")
struct InsulinSettingsRepositoryContract {
    @Test("one owner's settings: saved, read back whole, changed in place; other owners apart", arguments: Backend.allCases)
    func saveAndUpdate(_ backend: Backend) throws {
        let stores = try Stores(backend)
        #expect(try stores.insulinSettings.settings(ownerID: "ana") == nil)
        var settings = InsulinSettings.defaults(ownerID: "ana", timeZoneIdentifier: "Asia/Seoul", now: Contract.t0)
        try stores.insulinSettings.save(settings)
        #expect(try stores.insulinSettings.settings(ownerID: "ana") == settings)

        settings.longName = "Tresiba"
        settings.longUnits = 18.5
        settings.rapidName = "NovoRapid"
        settings.rapidUnits = 4.5
        settings.dayStart = Contract.time("04:30")
        settings.timeZoneIdentifier = "Europe/Berlin"
        settings.longGuardMinutes = 600
        settings.rapidWindowMinutes = 90
        settings.reminder = Contract.time("21:45")
        settings.updatedAt = Contract.at(Contract.minute)
        try stores.insulinSettings.save(settings)
        #expect(try stores.insulinSettings.settings(ownerID: "ana") == settings)

        let theirs = InsulinSettings.defaults(ownerID: "ben", timeZoneIdentifier: "America/New_York", now: Contract.at(5))
        try stores.insulinSettings.save(theirs)
        #expect(try stores.insulinSettings.settings(ownerID: "ben") == theirs)
        #expect(try stores.insulinSettings.settings(ownerID: "ana") == settings)
    }
}
