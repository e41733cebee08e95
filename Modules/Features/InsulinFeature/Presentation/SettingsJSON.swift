import Core
import Domain

/// The insulin settings as `--json` and the API print them.
public struct SettingsJSON: Encodable, Sendable {
    let longName: String
    let longUnits: Double
    let rapidName: String
    let rapidUnits: Double
    let dayStarts: String
    let timeZone: String
    let longGuardHours: Double
    let rapidWindowMinutes: Int
    let reminder: String

    public init(_ settings: InsulinSettings) {
        longName = settings.longName
        longUnits = settings.longUnits
        rapidName = settings.rapidName
        rapidUnits = settings.rapidUnits
        dayStarts = settings.dayStart.description
        timeZone = settings.timeZoneIdentifier
        longGuardHours = Double(settings.longGuardMinutes) / 60
        rapidWindowMinutes = settings.rapidWindowMinutes
        reminder = settings.reminder.description
    }

    enum CodingKeys: String, CodingKey {
        case longName = "long_name", longUnits = "long_units", rapidName = "rapid_name", rapidUnits = "rapid_units"
        case dayStarts = "day_starts", timeZone = "time_zone", longGuardHours = "long_guard_hours"
        case rapidWindowMinutes = "rapid_window_minutes", reminder
    }
}
