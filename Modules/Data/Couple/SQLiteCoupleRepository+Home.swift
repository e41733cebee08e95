import FoundationEssentials
import Core
import Domain

// The home's narrow reads (CoupleRepository's contract, CoupleHomeReads.swift): what the home
// shows of a year of history, without decoding the year.
extension SQLiteCoupleRepository {
    /// One statement over the three tables indexed by date, three short columns a row: the
    /// streak reads back a window at a time, and every row here was a whole decoded entity before.
    public func bridgeMarks(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [BridgeMark] {
        try marks(database.query(
            """
            SELECT 0, author_id, day FROM couple_moods WHERE couple_id = ?1 AND day >= ?2 AND day <= ?3 AND deleted_at IS NULL
            UNION ALL
            SELECT 1, author_id, day FROM couple_photos WHERE couple_id = ?1 AND day >= ?2 AND day <= ?3 AND deleted_at IS NULL
            UNION ALL
            SELECT 3, account_id, day FROM couple_calendar_checks WHERE couple_id = ?1 AND day >= ?2 AND day <= ?3
            """, [.text(coupleID), .text(first.description), .text(last.description)]))
    }

    public func careMarks(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [BridgeMark] {
        try marks(database.query(Self.careDone, [.text(coupleID), .text(first.description), .text(last.description)]))
    }

    /// A range read of 0022's index of the care done, by day.
    static let careDone = """
        SELECT 2, done_by, done_day FROM couple_care
        WHERE couple_id = ? AND done_day >= ? AND done_day <= ? AND done_by IS NOT NULL AND deleted_at IS NULL
        """

    /// Rows of (kind, member, day).
    private func marks(_ rows: [Row]) throws -> [BridgeMark] {
        try rows.map { row in
            guard row.values.count == 3, case .integer(let kind) = row.values[0], let kind = BridgeMark.Kind(rawValue: Int(kind)),
                  case .text(let member) = row.values[1], case .text(let text) = row.values[2], let day = LocalDate(storedText: text) else {
                throw AppError(.internalFailure, code: "database_error", "a bridge row holds an invalid value")
            }
            return BridgeMark(kind: kind, memberID: member, day: day)
        }
    }

    public func careItems(coupleID: String, addedOrDoneSince since: Date) throws -> [CareItem] {
        let bound = since.sqlValue // the stored millisecond; a row of that millisecond is kept (filter exactly)
        return try database.query(Self.careAddedOrDoneSince, [.text(coupleID), bound]).map(careItem)
    }

    /// Two range reads (0022's indexes by creation and by completion) instead of an OR, which
    /// SQLite answered by walking every live care item of the couple.
    static let careAddedOrDoneSince = """
        SELECT * FROM couple_care WHERE couple_id = ?1 AND deleted_at IS NULL AND created_at >= ?2
        UNION
        SELECT * FROM couple_care WHERE couple_id = ?1 AND deleted_at IS NULL AND done_at >= ?2
        ORDER BY created_at
        """

    public func events(coupleID: String, createdSince since: Date) throws -> [CalendarEvent] {
        try database.query(
            "SELECT * FROM couple_events WHERE couple_id = ? AND deleted_at IS NULL AND created_at >= ? ORDER BY start_day",
            [.text(coupleID), since.sqlValue]).map(event)
    }
}
