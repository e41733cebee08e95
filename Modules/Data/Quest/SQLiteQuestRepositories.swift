import FoundationEssentials
import Core
import Domain

/// Journeys in `quest_journeys`.
public struct SQLiteJourneyRepository: JourneyRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func insert(_ journey: Journey) throws {
        try database.execute(
            """
            INSERT INTO quest_journeys (id, owner_id, style, nickname, feeling, pace_days, time_zone, started_at, completed_at,
                created_at, updated_at, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [.text(journey.id), .text(journey.ownerID), .text(journey.style.rawValue), .text(journey.nickname),
             .text(journey.feeling.rawValue), .integer(Int64(journey.paceDays)), .text(journey.timeZoneIdentifier),
             journey.startedAt.sqlValue, journey.completedAt.sqlValue, journey.createdAt.sqlValue, journey.updatedAt.sqlValue,
             journey.deletedAt.sqlValue])
    }

    public func update(_ journey: Journey) throws {
        try database.execute(
            """
            UPDATE quest_journeys SET nickname = ?, feeling = ?, pace_days = ?, completed_at = ?, updated_at = ?, deleted_at = ?
            WHERE id = ? AND owner_id = ?
            """,
            [.text(journey.nickname), .text(journey.feeling.rawValue), .integer(Int64(journey.paceDays)),
             journey.completedAt.sqlValue, journey.updatedAt.sqlValue, journey.deletedAt.sqlValue, .text(journey.id),
             .text(journey.ownerID)])
    }

    public func journey(id: String, ownerID: String) throws -> Journey? {
        try database.queryOne("SELECT * FROM quest_journeys WHERE id = ? AND owner_id = ? AND deleted_at IS NULL",
                              [.text(id), .text(ownerID)]).map(Self.decode)
    }

    public func journeys(ownerID: String) throws -> [Journey] {
        try database.query("SELECT * FROM quest_journeys WHERE owner_id = ? AND deleted_at IS NULL ORDER BY started_at DESC, id DESC",
                           [.text(ownerID)]).map(Self.decode)
    }

    static func decode(_ row: Row) throws -> Journey {
        let styleText: String = try row.get("style")
        let feelingText: String = try row.get("feeling")
        guard let style = QuestStyle(rawValue: styleText), let feeling = Feeling(rawValue: feelingText) else {
            throw AppError(.internalFailure, code: "database_error", "a stored journey has an unknown style or feeling")
        }
        return Journey(id: try row.get("id"), ownerID: try row.get("owner_id"), style: style, nickname: try row.get("nickname"),
                       feeling: feeling, paceDays: try row.get("pace_days"), timeZoneIdentifier: try row.get("time_zone"),
                       startedAt: try row.get("started_at"), completedAt: try row.get("completed_at"),
                       createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"), deletedAt: try row.get("deleted_at"))
    }
}

/// Completed quests in `quest_entries`. Deleting wipes the texts and leaves a tombstone.
public struct SQLiteQuestEntryRepository: QuestEntryRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func insert(_ entry: QuestEntry) throws {
        try database.execute(
            """
            INSERT INTO quest_entries (id, journey_id, owner_id, quest_number, answer, reflection, felt, completed_at,
                created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [.text(entry.id), .text(entry.journeyID), .text(entry.ownerID), .integer(Int64(entry.questNumber)),
             entry.answer.sqlValue, entry.reflection.sqlValue, entry.felt.map { .text($0.rawValue) } ?? .null,
             entry.completedAt.sqlValue, entry.createdAt.sqlValue, entry.updatedAt.sqlValue])
    }

    public func update(_ entry: QuestEntry) throws {
        try database.execute(
            "UPDATE quest_entries SET answer = ?, reflection = ?, felt = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL",
            [entry.answer.sqlValue, entry.reflection.sqlValue, entry.felt.map { .text($0.rawValue) } ?? .null,
             entry.updatedAt.sqlValue, .text(entry.id)])
    }

    public func entries(journeyID: String) throws -> [QuestEntry] {
        try database.query(
            "SELECT * FROM quest_entries WHERE journey_id = ? AND deleted_at IS NULL ORDER BY quest_number",
            [.text(journeyID)]
        ).map { row in
            QuestEntry(id: try row.get("id"), journeyID: try row.get("journey_id"), ownerID: try row.get("owner_id"),
                       questNumber: try row.get("quest_number"), answer: try row.get("answer"),
                       reflection: try row.get("reflection"),
                       felt: (try row.get("felt", as: String?.self)).flatMap(QuestFelt.init(rawValue:)),
                       completedAt: try row.get("completed_at"), createdAt: try row.get("created_at"),
                       updatedAt: try row.get("updated_at"))
        }
    }

    public func deleteEntries(journeyID: String, at date: Date) throws {
        try database.execute(
            "UPDATE quest_entries SET answer = NULL, reflection = NULL, felt = NULL, deleted_at = ?, updated_at = ? WHERE journey_id = ?",
            [date.sqlValue, date.sqlValue, .text(journeyID)])
    }
}

/// The daily reminder in `quest_settings`: its time and its switch.
public struct SQLiteQuestSettingsRepository: QuestSettingsRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    /// The live settings, from the index of 0021 in its order (no sort).
    static let current = "SELECT * FROM quest_settings WHERE owner_id = ? AND deleted_at IS NULL ORDER BY created_at LIMIT 1"

    public func settings(ownerID: String) throws -> QuestSettings? {
        guard let row = try database.queryOne(Self.current, [.text(ownerID)]) else { return nil }
        guard let reminder = LocalTime(minutes: try row.get("reminder_minutes")) else {
            throw AppError(.internalFailure, code: "database_error", "the stored quest reminder is not a time of day")
        }
        // NULL (a row imported or synced from before the switch existed) is on, as the default.
        let enabled: Int64? = try row.get("reminder_enabled")
        return QuestSettings(id: try row.get("id"), ownerID: try row.get("owner_id"), reminder: reminder,
                             reminderEnabled: enabled != 0, createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"))
    }

    public func save(_ settings: QuestSettings) throws {
        try database.execute(
            """
            INSERT INTO quest_settings (id, owner_id, reminder_minutes, reminder_enabled, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET reminder_minutes = excluded.reminder_minutes,
                reminder_enabled = excluded.reminder_enabled, updated_at = excluded.updated_at
            """,
            [.text(settings.id), .text(settings.ownerID), .integer(Int64(settings.reminder.minutes)),
             .integer(settings.reminderEnabled ? 1 : 0), settings.createdAt.sqlValue, settings.updatedAt.sqlValue])
    }
}
