import Core
import Domain
import Foundation
import Testing

@Suite("Sync: domain rules after a merge")
struct RulesAfterMergeTests {
    let settings = InsulinSettings.defaults(ownerID: "local", timeZoneIdentifier: "UTC", now: utc("2026-03-01 00:00"))

    func dose(_ id: String, _ kind: InsulinKind, _ units: Double, at time: String, deleted: Bool = false) -> Dose {
        Dose(id: id, ownerID: "local", kind: kind, units: units, takenAt: utc(time), note: nil, createdAt: utc(time),
             updatedAt: utc(time), deletedAt: deleted ? utc(time) : nil)
    }

    @Test("two long doses logged offline on two devices inside the guard: both kept, one possible_double_dose")
    func twoOfflineLongDoses() {
        let doses = [RulesAfterMerge.SyncedDose(dose: dose("d2", .long, 10, at: "2026-03-11 22:05"), deviceID: "desktop"),
                     RulesAfterMerge.SyncedDose(dose: dose("d1", .long, 10, at: "2026-03-11 22:00"), deviceID: "laptop")]
        let conflicts = RulesAfterMerge.doseConflicts(doses, settings: settings)
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.kind == .possibleDoubleDose)
        #expect(conflicts.first?.recordID == "d2")
        #expect(conflicts.first?.otherRecordID == "d1")
        #expect(conflicts.first?.id == "possible_double_dose:d1:d2")
        // The same input in another order finds the same conflict.
        #expect(RulesAfterMerge.doseConflicts(doses.reversed(), settings: settings) == conflicts)
    }

    @Test("outside the guard window, from one device, deleted, or rapid: no conflict")
    func noConflict() {
        let apart = [RulesAfterMerge.SyncedDose(dose: dose("d1", .long, 10, at: "2026-03-11 22:00"), deviceID: "laptop"),
                     RulesAfterMerge.SyncedDose(dose: dose("d2", .long, 10, at: "2026-03-12 10:00"), deviceID: "desktop")]
        #expect(RulesAfterMerge.doseConflicts(apart, settings: settings).isEmpty)
        let oneDevice = [RulesAfterMerge.SyncedDose(dose: dose("d1", .long, 10, at: "2026-03-11 22:00"), deviceID: "laptop"),
                         RulesAfterMerge.SyncedDose(dose: dose("d2", .long, 10, at: "2026-03-11 22:05"), deviceID: "laptop")]
        #expect(RulesAfterMerge.doseConflicts(oneDevice, settings: settings).isEmpty)
        let deleted = [RulesAfterMerge.SyncedDose(dose: dose("d1", .long, 10, at: "2026-03-11 22:00"), deviceID: "laptop"),
                       RulesAfterMerge.SyncedDose(dose: dose("d2", .long, 10, at: "2026-03-11 22:05", deleted: true), deviceID: "desktop")]
        #expect(RulesAfterMerge.doseConflicts(deleted, settings: settings).isEmpty)
        let rapid = [RulesAfterMerge.SyncedDose(dose: dose("r1", .rapid, 4, at: "2026-03-11 12:00"), deviceID: "laptop"),
                     RulesAfterMerge.SyncedDose(dose: dose("r2", .rapid, 4, at: "2026-03-11 12:01"), deviceID: "desktop")]
        #expect(RulesAfterMerge.doseConflicts(rapid, settings: settings).isEmpty)
    }

    @Test("a supplement slot taken on two devices: one duplicate_supplement; other slots and extras: none")
    func supplementSlot() {
        let day = LocalDate(year: 2026, month: 3, day: 11)!
        let morning = LocalTime(hour: 8, minute: 0)!, evening = LocalTime(hour: 20, minute: 0)!
        func intake(_ id: String, _ slot: LocalTime?, _ device: String, supplement: String = "s1") -> RulesAfterMerge.SyncedIntake {
            .init(intake: SupplementIntake(id: id, supplementID: supplement, ownerID: "local", day: day, slot: slot,
                                           takenAt: utc("2026-03-11 08:0\(id.last!)")), deviceID: device)
        }
        let conflicts = RulesAfterMerge.supplementConflicts([
            intake("i1", morning, "laptop"), intake("i2", morning, "desktop"), intake("i3", evening, "desktop"),
            intake("i4", nil, "laptop"), intake("i5", nil, "desktop"), intake("i6", morning, "phone", supplement: "s2"),
        ])
        #expect(conflicts.map(\.id) == ["duplicate_supplement:i1:i2"])
        #expect(conflicts.first?.kind == .duplicateSupplement)
        #expect(conflicts.first?.kept == .string("08:00"))
    }
}
