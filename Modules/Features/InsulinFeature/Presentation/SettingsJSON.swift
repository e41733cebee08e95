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
    /// Seconds.
    let longGuardS: Int
    /// Seconds.
    let rapidWindowS: Int
    let reminder: String

    public init(_ settings: InsulinSettings) {
        longName = settings.longName
        longUnits = settings.longUnits
        rapidName = settings.rapidName
        rapidUnits = settings.rapidUnits
        dayStarts = settings.dayStart.description
        timeZone = settings.timeZoneIdentifier
        longGuardS = settings.longGuardMinutes * 60
        rapidWindowS = settings.rapidWindowMinutes * 60
        reminder = settings.reminder.description
    }

    enum CodingKeys: String, CodingKey {
        case longName = "long_name", longUnits = "long_units", rapidName = "rapid_name", rapidUnits = "rapid_units"
        case dayStarts = "day_starts", timeZone = "time_zone", longGuardS = "long_guard_s"
        case rapidWindowS = "rapid_window_s", reminder
    }
}
