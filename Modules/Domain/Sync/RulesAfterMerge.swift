import FoundationEssentials
import Core

/// Domain rules that must still hold after a merge, pure. A merge keeps both records that two
/// devices wrote offline (both doses may have been injected); these rules make the clash visible
/// as a conflict instead of breaking the guard silently.
public enum RulesAfterMerge {
    /// A dose with the device that logged it.
    public struct SyncedDose: Sendable, Equatable {
        public let dose: Dose
        public let deviceID: String
        public init(dose: Dose, deviceID: String) {
            self.dose = dose
            self.deviceID = deviceID
        }
    }

    /// A supplement intake with the device that logged it.
    public struct SyncedIntake: Sendable, Equatable {
        public let intake: SupplementIntake
        public let deviceID: String
        public init(intake: SupplementIntake, deviceID: String) {
            self.intake = intake
            self.deviceID = deviceID
        }
    }

    /// `possible_double_dose` for each pair of live long-acting doses from two devices that the
    /// long-dose guard (`DoseRules.checkGuards`, `InsulinSettings.longGuardMinutes`) would have
    /// refused. Rapid-acting doses are left alone: several a day are normal, and an identical one
    /// inside the double-tap window from two devices is two meals as often as a double tap.
    /// Doses from one device passed (or were forced past) the guard when logged. The conflict is
    /// on the later dose (then the larger id), `otherRecordID` the earlier; its id names both.
    public static func doseConflicts(_ doses: [SyncedDose], settings: InsulinSettings) -> [SyncConflict] {
        let long = doses.filter { $0.dose.kind == .long && $0.dose.deletedAt == nil }
            .sorted { ($0.dose.takenAt, $0.dose.id) < ($1.dose.takenAt, $1.dose.id) }
        var conflicts: [SyncConflict] = []
        for (index, earlier) in long.enumerated() {
            for later in long[(index + 1)...] where later.deviceID != earlier.deviceID {
                do {
                    try DoseRules.checkGuards(for: later.dose, against: [earlier.dose], settings: settings)
                } catch let error as AppError where error.code == "duplicate_dose" {
                    conflicts.append(SyncConflict(
                        id: "\(SyncConflict.Kind.possibleDoubleDose.rawValue):\(earlier.dose.id):\(later.dose.id)",
                        kind: .possibleDoubleDose, table: "insulin_doses", recordID: later.dose.id, field: nil,
                        kept: .double(later.dose.units), lost: nil, lostChangeID: nil, lostClock: nil,
                        otherRecordID: earlier.dose.id))
                } catch {
                    continue
                }
            }
        }
        return conflicts
    }

    /// `duplicate_supplement` for each pair of intakes from two devices that answer the same
    /// scheduled slot of the same supplement on the same day (`SupplementUseCases.take` allows
    /// one per slot). Extras (no slot) were forced on purpose and are left alone.
    public static func supplementConflicts(_ intakes: [SyncedIntake]) -> [SyncConflict] {
        let slotted = intakes.filter { $0.intake.slot != nil }
            .sorted { ($0.intake.takenAt, $0.intake.id) < ($1.intake.takenAt, $1.intake.id) }
        var conflicts: [SyncConflict] = []
        for (index, earlier) in slotted.enumerated() {
            for later in slotted[(index + 1)...]
            where later.deviceID != earlier.deviceID && later.intake.supplementID == earlier.intake.supplementID
                && later.intake.day == earlier.intake.day && later.intake.slot == earlier.intake.slot {
                conflicts.append(SyncConflict(
                    id: "\(SyncConflict.Kind.duplicateSupplement.rawValue):\(earlier.intake.id):\(later.intake.id)",
                    kind: .duplicateSupplement, table: "supplement_intakes", recordID: later.intake.id, field: nil,
                    kept: later.intake.slot.map { .string("\($0)") }, lost: nil, lostChangeID: nil, lostClock: nil,
                    otherRecordID: earlier.intake.id))
            }
        }
        return conflicts
    }
}
