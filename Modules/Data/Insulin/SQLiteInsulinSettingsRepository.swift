import FoundationEssentials
import Core
import Domain

/// Insulin settings in the `insulin_settings` table, one live row per owner.
public struct SQLiteInsulinSettingsRepository: InsulinSettingsRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    /// The live row, the first made if ever two were: one step of `insulin_settings_owner_created` (0018).
    static let current = current(owner: "?")

    /// The owner's live settings, the owner bound as `owner` (the status's statement numbers it
    /// and picks its columns: `select`).
    static func current(owner parameter: String, select: String = "SELECT *") -> String {
        "\(select) FROM insulin_settings WHERE owner_id = \(parameter) AND deleted_at IS NULL ORDER BY created_at LIMIT 1"
    }

    public func settings(ownerID: String) throws -> InsulinSettings? {
        try database.queryOne(Self.current, [.text(ownerID)]).map(Self.decode)
    }

    /// A row of `current` (which the dose repository also reads, with the status's reads).
    static func decode(_ row: Row) throws -> InsulinSettings {
        guard let dayStart = LocalTime(minutes: try row.get("day_start_minutes")),
              let reminder = LocalTime(minutes: try row.get("reminder_minutes")) else {
            throw AppError(.internalFailure, code: "database_error", "the stored insulin settings hold an invalid time of day")
        }
        return InsulinSettings(
            id: try row.get("id"), ownerID: try row.get("owner_id"),
            longName: try row.get("long_name"), longUnits: try row.get("long_units"),
            rapidName: try row.get("rapid_name"), rapidUnits: try row.get("rapid_units"),
            dayStart: dayStart, timeZoneIdentifier: try row.get("time_zone"),
            longGuardMinutes: try row.get("long_guard_minutes"), rapidWindowMinutes: try row.get("rapid_window_minutes"),
            reminder: reminder, createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"))
    }

    public func save(_ settings: InsulinSettings) throws {
        try database.execute(
            """
            INSERT INTO insulin_settings (id, owner_id, long_name, long_units, rapid_name, rapid_units, day_start_minutes,
                time_zone, long_guard_minutes, rapid_window_minutes, reminder_minutes, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET
                long_name = excluded.long_name, long_units = excluded.long_units,
                rapid_name = excluded.rapid_name, rapid_units = excluded.rapid_units,
                day_start_minutes = excluded.day_start_minutes, time_zone = excluded.time_zone,
                long_guard_minutes = excluded.long_guard_minutes, rapid_window_minutes = excluded.rapid_window_minutes,
                reminder_minutes = excluded.reminder_minutes, updated_at = excluded.updated_at
            """,
            [.text(settings.id), .text(settings.ownerID), .text(settings.longName), .real(settings.longUnits),
             .text(settings.rapidName), .real(settings.rapidUnits), .integer(Int64(settings.dayStart.minutes)),
             .text(settings.timeZoneIdentifier), .integer(Int64(settings.longGuardMinutes)),
             .integer(Int64(settings.rapidWindowMinutes)), .integer(Int64(settings.reminder.minutes)),
             settings.createdAt.sqlValue, settings.updatedAt.sqlValue])
    }
}
