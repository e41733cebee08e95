import FoundationEssentials
import Core
import Domain

/// Today's status as `--json`, the API and the home screen print it.
public struct StatusJSON: Encodable, Sendable {
    struct Long: Encodable, Sendable {
        let name: String
        let taken: Bool
        let dose: DoseJSON?
        let lastDose: DoseJSON?
        let due: Bool
        let reminder: String
        let guardEndsAt: String?

        enum CodingKeys: String, CodingKey {
            case name, taken, dose, lastDose = "last_dose", due, reminder, guardEndsAt = "guard_ends_at"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(taken, forKey: .taken)
            try container.encode(dose, forKey: .dose)
            try container.encode(lastDose, forKey: .lastDose)
            try container.encode(due, forKey: .due)
            try container.encode(reminder, forKey: .reminder)
            try container.encode(guardEndsAt, forKey: .guardEndsAt)
        }
    }

    struct Rapid: Encodable, Sendable {
        let name: String
        let lastDose: DoseJSON?
        /// Whole seconds since the last rapid dose.
        let sinceLastS: Int?
        let countToday: Int
        let unitsToday: Double

        enum CodingKeys: String, CodingKey {
            case name, lastDose = "last_dose", sinceLastS = "since_last_s", countToday = "count_today"
            case unitsToday = "units_today"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(lastDose, forKey: .lastDose)
            try container.encode(sinceLastS, forKey: .sinceLastS)
            try container.encode(countToday, forKey: .countToday)
            try container.encode(unitsToday, forKey: .unitsToday)
        }
    }

    let now: String
    let insulinDay: String
    let long: Long
    let rapid: Rapid
    /// On a device: long-acting doses two devices logged inside the guard window (sync kept both).
    /// Absent where sync's conflicts are not kept (the API).
    public var possibleDoubleDoses: [DoubleDoseJSON]?

    enum CodingKeys: String, CodingKey {
        case now, insulinDay = "insulin_day", long, rapid, possibleDoubleDoses = "possible_double_doses"
    }

    public init(_ status: InsulinStatus) {
        let settings = status.settings
        now = ISO8601.format(status.now, in: settings.timeZone)
        insulinDay = status.insulinDay.description
        long = Long(
            name: settings.longName, taken: status.isLongTaken,
            dose: status.longToday.map { DoseJSON($0, settings: settings) },
            lastDose: status.lastLong.map { DoseJSON($0, settings: settings) },
            due: status.isLongDue, reminder: settings.reminder.description,
            guardEndsAt: status.longGuardEndsAt.map { ISO8601.format($0, in: settings.timeZone) })
        rapid = Rapid(
            name: settings.rapidName,
            lastDose: status.lastRapid.map { DoseJSON($0, settings: settings) },
            sinceLastS: status.lastRapid.map { max(0, Int(status.now.timeIntervalSince($0.takenAt))) },
            countToday: status.rapidCountToday, unitsToday: status.rapidUnitsToday)
    }
}
