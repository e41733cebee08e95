import Core
import Domain
import Foundation
import Testing

/// `DoseRepository.statusReads` must answer what the four reads it stands for answer, on every
/// backend: the SQL repository sends them together (one pipeline on PostgreSQL), so a statement
/// paired with the wrong answer, or a tally split wrongly, shows here.
@Suite("Contract: DoseRepository.statusReads")
struct DoseStatusReadsContract {
    func dose(_ id: String, _ kind: InsulinKind, at offset: Int64, owner: String = "ana", units: Double = 2,
              note: String? = nil) -> Dose {
        Dose(id: id, ownerID: owner, kind: kind, units: units, takenAt: Contract.at(offset), note: note, createdAt: Contract.at(offset),
             updatedAt: Contract.at(offset + 7))
    }

    func oneByOne(_ doses: any DoseRepository, day: Range<Date>, horizon: Date) throws -> DoseStatusReads {
        DoseStatusReads(longToday: try doses.latest(ownerID: "ana", kind: .long, in: day),
                        lastLong: try doses.latest(ownerID: "ana", kind: .long, atOrBefore: horizon),
                        lastRapid: try doses.latest(ownerID: "ana", kind: .rapid, atOrBefore: horizon),
                        rapidToday: try doses.tally(ownerID: "ana", kind: .rapid, in: day))
    }

    @Test("at once, the same answers as the four reads one by one, whatever the day's bounds", arguments: Backend.allCases)
    func sameAsOneByOne(_ backend: Backend) throws {
        let stores = try Stores(backend)
        // Contract.t0 is not on a quarter hour: a day from it has parts of quarters at both ends.
        let ragged = Contract.at(0)..<Contract.at(Contract.day)
        let quarterStart = Contract.base / 900_000 * 900_000 + 900_000 - Contract.base
        let whole = Contract.at(quarterStart)..<Contract.at(quarterStart + Contract.day)
        let short = Contract.at(Contract.minute)..<Contract.at(2 * Contract.minute) // inside one quarter
        let horizon = Contract.at(Contract.day - Contract.hour)

        let empty = try stores.doses.statusReads(ownerID: "ana", day: ragged, horizon: horizon)
        #expect(empty == DoseStatusReads(longToday: nil, lastLong: nil, lastRapid: nil, rapidToday: DoseTally(count: 0, units: 0)))

        try stores.doses.insert(dose("r-head", .rapid, at: 1, units: 1))                  // in the ragged day's first part-quarter
        try stores.doses.insert(dose("r-short", .rapid, at: Contract.minute + 5, units: 2.5))
        try stores.doses.insert(dose("r-mid", .rapid, at: 6 * Contract.hour, units: 4))
        try stores.doses.insert(dose("r-tail", .rapid, at: Contract.day - 1, units: 8))   // after the horizon
        try stores.doses.insert(dose("r-before", .rapid, at: -1, units: 16))
        try stores.doses.insert(dose("l-day", .long, at: 2 * Contract.hour, units: 20))
        try stores.doses.insert(dose("l-old", .long, at: -Contract.day, units: 18))
        try stores.doses.insert(dose("theirs", .rapid, at: 3 * Contract.hour, owner: "ben", units: 32))
        var gone = dose("gone", .long, at: 3 * Contract.hour, units: 64)
        try stores.doses.insert(gone)
        gone.deletedAt = Contract.at(4 * Contract.hour)
        try stores.doses.update(gone)

        for day in [ragged, whole, short] {
            let atOnce = try stores.doses.statusReads(ownerID: "ana", day: day, horizon: horizon)
            #expect(atOnce == (try oneByOne(stores.doses, day: day, horizon: horizon)))
        }
        let reads = try stores.doses.statusReads(ownerID: "ana", day: ragged, horizon: horizon)
        #expect(reads.longToday?.id == "l-day")
        #expect(reads.lastLong?.id == "l-day")
        #expect(reads.lastRapid?.id == "r-mid")
        #expect(reads.rapidToday == DoseTally(count: 4, units: 15.5))
        let early = try stores.doses.statusReads(ownerID: "ana", day: short, horizon: Contract.at(0))
        #expect(early.longToday == nil && early.lastLong?.id == "l-old" && early.lastRapid?.id == "r-before")
        #expect(early.rapidToday == DoseTally(count: 1, units: 2.5))
    }

    @Test("with the settings: the owner's live settings beside the same reads, or none", arguments: Backend.allCases)
    func withSettings(_ backend: Backend) throws {
        let stores = try Stores(backend)
        let day = Contract.at(0)..<Contract.at(Contract.day)
        let horizon = Contract.at(Contract.day - Contract.hour)
        func settings(_ id: String, owner: String, long: Double, at offset: Int64) -> InsulinSettings {
            InsulinSettings(id: id, ownerID: owner, longName: "Tresiba \(owner)", longUnits: long, rapidName: "NovoRapid",
                            rapidUnits: 4.5, dayStart: Contract.time("04:30"), timeZoneIdentifier: "Asia/Seoul",
                            longGuardMinutes: 600, rapidWindowMinutes: 15, reminder: Contract.time("21:45"),
                            createdAt: Contract.at(offset), updatedAt: Contract.at(offset + 1))
        }
        // Notes: the settings' names come back in the same column as a dose's note.
        try stores.doses.insert(dose("l-day", .long, at: 2 * Contract.hour, units: 20, note: "before breakfast"))
        try stores.doses.insert(dose("r-mid", .rapid, at: 6 * Contract.hour, units: 4, note: "lunch"))

        let none = try stores.doses.statusReadsWithSettings(ownerID: "ana", day: day, horizon: horizon)
        #expect(none.settings == nil)
        #expect(none.reads == (try stores.doses.statusReads(ownerID: "ana", day: day, horizon: horizon)))

        try stores.insulinSettings.save(settings("s-ben", owner: "ben", long: 30, at: 0))
        try stores.insulinSettings.save(settings("s-ana", owner: "ana", long: 18.5, at: 5))
        // A day on quarter hours (no part-quarters to count from the doses) and a ragged one.
        let quarterStart = Contract.base / 900_000 * 900_000 + 900_000 - Contract.base
        let whole = Contract.at(quarterStart)..<Contract.at(quarterStart + Contract.day)
        let aligned = try stores.doses.statusReadsWithSettings(ownerID: "ana", day: whole, horizon: horizon)
        #expect(aligned.reads == (try stores.doses.statusReads(ownerID: "ana", day: whole, horizon: horizon)))
        #expect(aligned.reads.rapidToday == DoseTally(count: 1, units: 4))
        #expect(aligned.settings?.id == (backend == .fake ? nil : "s-ana"))
        let both = try stores.doses.statusReadsWithSettings(ownerID: "ana", day: day, horizon: horizon)
        #expect(both.reads == (try stores.doses.statusReads(ownerID: "ana", day: day, horizon: horizon)))
        #expect(both.reads.longToday?.id == "l-day" && both.reads.rapidToday == DoseTally(count: 1, units: 4))
        #expect(both.reads.longToday?.note == "before breakfast" && both.reads.lastRapid?.note == "lunch")
        #expect(both.reads.lastLong == dose("l-day", .long, at: 2 * Contract.hour, units: 20, note: "before breakfast"))
        // A store that reads them apart answers none, and the caller reads them itself.
        if backend != .fake {
            #expect(both.settings == (try stores.insulinSettings.settings(ownerID: "ana")))
            #expect(both.settings?.id == "s-ana" && both.settings?.longUnits == 18.5 && both.settings?.reminder == Contract.time("21:45"))
        } else {
            #expect(both.settings == nil)
        }
    }
}
