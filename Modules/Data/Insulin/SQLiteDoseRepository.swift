import FoundationEssentials
import Core
import Domain

/// Doses in the `insulin_doses` table.
public struct SQLiteDoseRepository: DoseRepository {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    private static let columns = "id, owner_id, kind, units, taken_at, note, created_at, updated_at, deleted_at"

    public func insert(_ dose: Dose) throws {
        try database.execute(
            "INSERT INTO insulin_doses (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [.text(dose.id), .text(dose.ownerID), .text(dose.kind.rawValue), .real(dose.units), dose.takenAt.sqlValue,
             dose.note.sqlValue, dose.createdAt.sqlValue, dose.updatedAt.sqlValue, dose.deletedAt.sqlValue])
    }

    public func update(_ dose: Dose) throws {
        try database.execute(
            "UPDATE insulin_doses SET kind = ?, units = ?, taken_at = ?, note = ?, updated_at = ?, deleted_at = ? "
                + "WHERE id = ? AND owner_id = ?",
            [.text(dose.kind.rawValue), .real(dose.units), dose.takenAt.sqlValue, dose.note.sqlValue,
             dose.updatedAt.sqlValue, dose.deletedAt.sqlValue, .text(dose.id), .text(dose.ownerID)])
    }

    public func dose(id: String, ownerID: String) throws -> Dose? {
        try database.queryOne(
            "SELECT \(Self.columns) FROM insulin_doses WHERE id = ? AND owner_id = ? AND deleted_at IS NULL",
            [.text(id), .text(ownerID)]).map(Self.decode)
    }

    public func idExists(_ id: String) throws -> Bool {
        try database.queryOne("SELECT 1 FROM insulin_doses WHERE id = ?", [.text(id)]) != nil
    }

    public func doses(ownerID: String, kind: InsulinKind?, in interval: Range<Date>?) throws -> [Dose] {
        // One statement for every combination, so it is prepared once: NULL parameters match all.
        try database.query(
            """
            SELECT \(Self.columns) FROM insulin_doses
            WHERE owner_id = ? AND deleted_at IS NULL AND (?2 IS NULL OR kind = ?2)
              AND taken_at >= ?3 AND taken_at < ?4
            ORDER BY taken_at, id
            """,
            [.text(ownerID), kind.map { .text($0.rawValue) } ?? .null,
             interval.map { $0.lowerBound.sqlValue } ?? .integer(.min),
             interval.map { $0.upperBound.sqlValue } ?? .integer(.max)]
        ).map(Self.decode)
    }

    public func latest(ownerID: String, kind: InsulinKind, atOrBefore date: Date) throws -> Dose? {
        try database.queryOne(
            """
            SELECT \(Self.columns) FROM insulin_doses
            WHERE owner_id = ? AND kind = ? AND deleted_at IS NULL AND taken_at <= ?
            ORDER BY taken_at DESC, id DESC LIMIT 1
            """,
            [.text(ownerID), .text(kind.rawValue), date.sqlValue]).map(Self.decode)
    }

    public func earliestTakenAt(ownerID: String) throws -> Date? {
        try database.queryOne(
            "SELECT MIN(taken_at) AS first FROM insulin_doses WHERE owner_id = ? AND deleted_at IS NULL",
            [.text(ownerID)])?.get("first", as: Date?.self)
    }

    static func decode(_ row: Row) throws -> Dose {
        let kindText: String = try row.get("kind")
        guard let kind = InsulinKind(rawValue: kindText) else {
            throw AppError(.internalFailure, code: "database_error", "unknown insulin kind '\(kindText)' in the database")
        }
        return Dose(
            id: try row.get("id"), ownerID: try row.get("owner_id"), kind: kind, units: try row.get("units"),
            takenAt: try row.get("taken_at"), note: try row.get("note"), createdAt: try row.get("created_at"),
            updatedAt: try row.get("updated_at"), deletedAt: try row.get("deleted_at"))
    }
}
