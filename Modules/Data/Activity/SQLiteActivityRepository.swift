import FoundationEssentials
import Core
import Domain

/// Runs and hikes in `activities`, the track as one compact blob (`TrackCodec`).
public struct SQLiteActivityRepository: ActivityRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func insert(_ activity: Activity) throws {
        try database.execute(
            """
            INSERT INTO activities (id, owner_id, kind, name, started_at, duration_s, moving_time_s, distance_m,
                elevation_gain_m, elevation_loss_m, source, track, created_at, updated_at, deleted_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [.text(activity.id), .text(activity.ownerID), .text(activity.kind.rawValue), activity.name.sqlValue,
             activity.startedAt.sqlValue, .real(activity.duration), activity.movingTime.sqlValue, .real(activity.distance),
             activity.elevationGain.sqlValue, activity.elevationLoss.sqlValue, .text(activity.source.rawValue),
             activity.track.map { .blob(TrackCodec.encode($0)) } ?? .null, activity.createdAt.sqlValue,
             activity.updatedAt.sqlValue, activity.deletedAt.sqlValue])
    }

    /// Saves every field that can change (only the owner's activity changes), as every other
    /// repository's update does.
    public func update(_ activity: Activity) throws {
        try database.execute(
            """
            UPDATE activities SET kind = ?, name = ?, started_at = ?, duration_s = ?, moving_time_s = ?, distance_m = ?,
                elevation_gain_m = ?, elevation_loss_m = ?, source = ?, track = ?, updated_at = ?, deleted_at = ?
            WHERE id = ? AND owner_id = ?
            """,
            [.text(activity.kind.rawValue), activity.name.sqlValue, activity.startedAt.sqlValue, .real(activity.duration),
             activity.movingTime.sqlValue, .real(activity.distance), activity.elevationGain.sqlValue, activity.elevationLoss.sqlValue,
             .text(activity.source.rawValue), activity.track.map { .blob(TrackCodec.encode($0)) } ?? .null, activity.updatedAt.sqlValue,
             activity.deletedAt.sqlValue, .text(activity.id), .text(activity.ownerID)])
    }

    public func activity(id: String, ownerID: String) throws -> Activity? {
        try database.queryOne("SELECT * FROM activities WHERE id = ? AND owner_id = ? AND deleted_at IS NULL",
                              [.text(id), .text(ownerID)]).map { try Self.decode($0, withTrack: true) }
    }

    public func activities(ownerID: String, kind: ActivityKind?, in interval: Range<Date>?) throws -> [Activity] {
        try database.query(
            """
            SELECT id, owner_id, kind, name, started_at, duration_s, moving_time_s, distance_m, elevation_gain_m,
                elevation_loss_m, source, created_at, updated_at, deleted_at
            FROM activities
            WHERE owner_id = ? AND deleted_at IS NULL AND (CAST(?2 AS TEXT) IS NULL OR kind = ?2) AND started_at >= ?3 AND started_at < ?4
            ORDER BY started_at DESC, id DESC
            """,
            [.text(ownerID), kind.map { .text($0.rawValue) } ?? .null,
             interval.map { $0.lowerBound.sqlValue } ?? .integer(.min), interval.map { $0.upperBound.sqlValue } ?? .integer(.max)]
        ).map { try Self.decode($0, withTrack: false) }
    }

    public func trackedActivityIDs(ownerID: String, kind: ActivityKind) throws -> [String] {
        try database.query(
            "SELECT id FROM activities WHERE owner_id = ? AND kind = ? AND track IS NOT NULL AND deleted_at IS NULL ORDER BY started_at",
            [.text(ownerID), .text(kind.rawValue)]).map { try $0.get("id") }
    }

    static func decode(_ row: Row, withTrack: Bool) throws -> Activity {
        guard let kind = ActivityKind(rawValue: try row.get("kind")), let source = Activity.Source(rawValue: try row.get("source")) else {
            throw AppError(.internalFailure, code: "database_error", "a stored activity has an unknown kind or source")
        }
        let blob = withTrack ? try row.get("track", as: Data?.self) : nil
        return Activity(
            id: try row.get("id"), ownerID: try row.get("owner_id"), kind: kind, name: try row.get("name"),
            startedAt: try row.get("started_at"), duration: try row.get("duration_s"), movingTime: try row.get("moving_time_s"),
            distance: try row.get("distance_m"), elevationGain: try row.get("elevation_gain_m"),
            elevationLoss: try row.get("elevation_loss_m"), source: source, track: try blob.map(TrackCodec.decode),
            createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"), deletedAt: try row.get("deleted_at"))
    }
}

/// Saved places in `places`.
public struct SQLitePlaceRepository: PlaceRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func save(_ place: Place) throws {
        try database.execute(
            """
            INSERT INTO places (id, owner_id, name, latitude, longitude, elevation, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, latitude = excluded.latitude, longitude = excluded.longitude,
                elevation = excluded.elevation, updated_at = excluded.updated_at
            """,
            [.text(place.id), .text(place.ownerID), .text(place.name), .real(place.latitude), .real(place.longitude),
             place.elevation.sqlValue, place.createdAt.sqlValue, place.updatedAt.sqlValue])
    }

    /// Case-insensitively beyond ASCII ("CAFÉ" finds "Café"): SQLite's `lower()` folds ASCII
    /// letters only, so the names are compared here (a person's places are few).
    public func place(named name: String, ownerID: String) throws -> Place? {
        let wanted = name.lowercased()
        return try database.query("SELECT * FROM places WHERE owner_id = ? AND deleted_at IS NULL ORDER BY created_at", [.text(ownerID)])
            .map(Self.decode).first { $0.name.lowercased() == wanted }
    }

    public func places(ownerID: String) throws -> [Place] {
        try database.query("SELECT * FROM places WHERE owner_id = ? AND deleted_at IS NULL ORDER BY name", [.text(ownerID)])
            .map(Self.decode)
    }

    public func delete(id: String, ownerID: String, at date: Date) throws {
        try database.execute("UPDATE places SET deleted_at = ?, updated_at = ? WHERE id = ? AND owner_id = ?",
                             [date.sqlValue, date.sqlValue, .text(id), .text(ownerID)])
    }

    static func decode(_ row: Row) throws -> Place {
        Place(id: try row.get("id"), ownerID: try row.get("owner_id"), name: try row.get("name"), latitude: try row.get("latitude"),
              longitude: try row.get("longitude"), elevation: try row.get("elevation"), createdAt: try row.get("created_at"),
              updatedAt: try row.get("updated_at"))
    }
}
