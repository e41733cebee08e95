import FoundationEssentials
import Core
import Domain

/// `POST /v1/insulin/doses`.
struct NewDoseBody: Decodable {
    let id: String?
    let kind: InsulinKind
    let units: Double?
    let takenAt: String?
    let note: String?
    let force: Bool?

    enum CodingKeys: String, CodingKey {
        case id, kind, units, takenAt = "taken_at", note, force
    }

    func request() throws -> LogDose.Request {
        LogDose.Request(id: id, kind: kind, units: units, takenAt: try takenAt.map(parseInstant), note: note,
                        force: force ?? false)
    }
}

/// `PATCH /v1/insulin/doses/{id}`: any subset; `"note": null` removes the note.
struct DosePatchBody: Decodable {
    var changes = EditDose.Changes()

    enum CodingKeys: String, CodingKey {
        case kind, units, takenAt = "taken_at", note, force
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        changes.kind = try container.decodeIfPresent(InsulinKind.self, forKey: .kind)
        changes.units = try container.decodeIfPresent(Double.self, forKey: .units)
        changes.takenAt = try container.decodeIfPresent(String.self, forKey: .takenAt).map(parseInstant)
        if container.contains(.note) {
            changes.note = .some(try container.decodeNil(forKey: .note) ? nil : try container.decode(String.self, forKey: .note))
        }
        changes.force = try container.decodeIfPresent(Bool.self, forKey: .force) ?? false
    }
}

/// `PUT /v1/insulin/settings`: any subset of the settings.
struct SettingsBody: Decodable {
    let longName: String?
    let longUnits: Double?
    let rapidName: String?
    let rapidUnits: Double?
    let dayStarts: String?
    let timeZone: String?
    /// Seconds, whole minutes.
    let longGuardS: Int?
    /// Seconds, whole minutes.
    let rapidWindowS: Int?
    let reminder: String?

    enum CodingKeys: String, CodingKey {
        case longName = "long_name", longUnits = "long_units", rapidName = "rapid_name", rapidUnits = "rapid_units"
        case dayStarts = "day_starts", timeZone = "time_zone", longGuardS = "long_guard_s"
        case rapidWindowS = "rapid_window_s", reminder
    }

    func changes() throws -> InsulinSettingsChanges {
        func time(_ text: String?, _ field: String) throws -> LocalTime? {
            guard let text else { return nil }
            guard let time = LocalTime(text) else {
                throw AppError.invalidInput("field '\(field)' must be a time as HH:MM", code: "invalid_field")
            }
            return time
        }
        func minutes(_ seconds: Int?, _ field: String) throws -> Int? {
            guard let seconds else { return nil }
            guard seconds % 60 == 0 else {
                throw AppError.invalidInput("field '\(field)' must be whole minutes in seconds (a multiple of 60)", code: "invalid_field")
            }
            return seconds / 60
        }
        return InsulinSettingsChanges(
            longName: longName, longUnits: longUnits, rapidName: rapidName, rapidUnits: rapidUnits,
            dayStart: try time(dayStarts, "day_starts"), timeZoneIdentifier: timeZone,
            longGuardMinutes: try minutes(longGuardS, "long_guard_s"),
            rapidWindowMinutes: try minutes(rapidWindowS, "rapid_window_s"), reminder: try time(reminder, "reminder"))
    }
}

private func parseInstant(_ text: String) throws -> Date {
    guard let date = ISO8601.parseInstant(text) else {
        throw AppError.invalidInput("field 'taken_at' must be an ISO 8601 time with an offset (got '\(text)')", code: "invalid_field")
    }
    return date
}
