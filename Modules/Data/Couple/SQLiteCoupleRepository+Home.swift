import FoundationEssentials
import Core
import Domain

// The home's narrow reads (CoupleRepository's contract, CoupleHomeReads.swift): what the home
// shows of a year of history, without decoding the year.
extension SQLiteCoupleRepository {
    /// One read transaction (PostgreSQL: one connection, REPEATABLE READ): the home's fifteen
    /// statements then skip beginning and ending one each.
    public func reading<T>(_ body: () throws -> T) throws -> T {
        try database.read(body)
    }

    /// One statement a streak window, each part a range read of one of 0023's indexes that hold
    /// every column it asks for (no table row is read), two short columns a row: the member as
    /// their place in `members` with the kind (`kind × members + place`), so no id is copied out
    /// for every mark; non-members are NULL. Finding the complete days in SQL instead (UNION or
    /// GROUP BY day) measured three to four times the cost of these rows: its temporary B-trees
    /// cost more than the rows.
    public func bridgeMarks(coupleID: String, members: [String], from first: LocalDate, through last: LocalDate) throws -> [BridgeMark] {
        guard !members.isEmpty else { return [] }
        let sql = members.count == 2 ? Self.marksOfTwo : Self.marks(members: members.count)
        let arguments = [.text(coupleID), .text(first.description), .text(last.description)] + members.map(SQLValue.text)
        var marks: [BridgeMark] = []
        var last: (text: String, day: LocalDate)? // rows come by day: a day's text is parsed once
        // Row by row into marks: a `Row` a mark cost more than SQLite's reading of it.
        try database.forEachRow(sql, arguments) { values in
            guard values.count == 2, case .text(let text) = values[1] else { throw Self.invalidMark }
            guard case .integer(let code) = values[0] else { return } // someone outside the couple
            let day: LocalDate
            if let last, last.text == text {
                day = last.day
            } else {
                guard let parsed = LocalDate(storedText: text) else { throw Self.invalidMark }
                day = parsed
                last = (text, parsed)
            }
            let (kind, place) = Int(code).quotientAndRemainder(dividingBy: members.count)
            guard let kind = BridgeMark.Kind(rawValue: kind), members.indices.contains(place) else { throw Self.invalidMark }
            marks.append(BridgeMark(kind: kind, memberID: members[place], day: day))
        }
        return marks
    }

    static let invalidMark = AppError(.internalFailure, code: "database_error", "a bridge row holds an invalid value")

    static let marksOfTwo = marks(members: 2)

    /// The marks of a couple of `count` members, bound after the couple and the dates.
    static func marks(members count: Int) -> String {
        func place(_ column: String, _ kind: BridgeMark.Kind) -> String {
            "CASE \(column)" + (0..<count).map { " WHEN ?\($0 + 4) THEN \(kind.rawValue * count + $0)" }.joined() + " END"
        }
        return """
            SELECT \(place("author_id", .mood)), day FROM couple_moods
            WHERE couple_id = ?1 AND day >= ?2 AND day <= ?3 AND deleted_at IS NULL
            UNION ALL
            SELECT \(place("author_id", .photo)), day FROM couple_photos
            WHERE couple_id = ?1 AND day >= ?2 AND day <= ?3 AND deleted_at IS NULL
            UNION ALL
            SELECT \(place("done_by", .care)), done_day FROM couple_care
            WHERE couple_id = ?1 AND done_day >= ?2 AND done_day <= ?3 AND done_by IS NOT NULL AND deleted_at IS NULL
            UNION ALL
            SELECT \(place("account_id", .calendar)), day FROM couple_calendar_checks
            WHERE couple_id = ?1 AND day >= ?2 AND day <= ?3
            """
    }

    /// The week's moods and photos as the moments show them: a few short columns, not whole
    /// rows decoded by name (the home read ten days of both whole before), newest day first as
    /// the index walked backwards gives them; sorting each day's rows by change too made SQLite
    /// sort every day apart ("TEMP B-TREE FOR RIGHT PART OF ORDER BY"), dearer than the reading.
    public func moodMoments(coupleID: String, from first: LocalDate, through last: LocalDate, since: Date) throws -> [Moment] {
        try database.query(Self.moodMoments, [.text(coupleID), .text(first.description), .text(last.description), since.sqlValue])
            .map { row in
                guard row.values.count == 5, case .text(let id) = row.values[0], case .text(let author) = row.values[1],
                      case .text(let mood) = row.values[2], let status = Optional<String>(sqlValue: row.values[3]),
                      let updated = Date(sqlValue: row.values[4]) else {
                    throw AppError(.internalFailure, code: "database_error", "a mood row holds an invalid value")
                }
                let name = (Mood(rawValue: mood) ?? .calm).rawValue // as `moods(coupleID:from:through:)` decodes it
                return Moment(kind: .mood, accountID: author, at: updated, text: status.map { "\(name) · \($0)" } ?? name, id: id)
            }
    }

    static let moodMoments = """
        SELECT id, author_id, mood, status, updated_at FROM couple_moods
        WHERE couple_id = ? AND day >= ? AND day <= ? AND deleted_at IS NULL AND updated_at >= ?
        ORDER BY day DESC
        """

    public func photoMoments(coupleID: String, from first: LocalDate, through last: LocalDate, since: Date) throws -> [Moment] {
        try database.query(Self.photoMoments, [.text(coupleID), .text(first.description), .text(last.description), since.sqlValue])
            .map { row in
                guard row.values.count == 4, case .text(let id) = row.values[0], case .text(let author) = row.values[1],
                      let caption = Optional<String>(sqlValue: row.values[2]), let updated = Date(sqlValue: row.values[3]) else {
                    throw AppError(.internalFailure, code: "database_error", "a photo row holds an invalid value")
                }
                return Moment(kind: .photo, accountID: author, at: updated, text: caption ?? "", id: id)
            }
    }

    static let photoMoments = """
        SELECT id, author_id, caption, updated_at FROM couple_photos
        WHERE couple_id = ? AND day >= ? AND day <= ? AND deleted_at IS NULL AND updated_at >= ?
        ORDER BY day DESC
        """

    public func careMoments(coupleID: String, since: Date) throws -> [Moment] {
        let bound = since.sqlValue // the stored millisecond; a row of that millisecond is kept (filter exactly)
        var moments: [Moment] = []
        // Oldest item first (the second range read comes unsorted: sorting here is cheaper than
        // SQLite's temporary B-tree).
        let rows = try database.query(Self.careAddedOrDoneSince, [.text(coupleID), bound]).sorted { created($0) < created($1) }
        for row in rows {
            guard row.values.count == 6, case .text(let id) = row.values[0], case .text(let author) = row.values[1],
                  case .text(let text) = row.values[2], let created = Date(sqlValue: row.values[3]),
                  let doneBy = Optional<String>(sqlValue: row.values[4]), let doneAt = Optional<Date>(sqlValue: row.values[5]) else {
                throw AppError(.internalFailure, code: "database_error", "a care row holds an invalid value")
            }
            if created >= since { moments.append(Moment(kind: .careAdded, accountID: author, at: created, text: text, id: id)) }
            if let doneBy, let doneAt, doneAt >= since {
                moments.append(Moment(kind: .careDone, accountID: doneBy, at: doneAt, text: text, id: id))
            }
        }
        return moments
    }

    /// Two range reads (0022's indexes by creation and by completion) of the six columns the
    /// moments show; the second keeps only items the first did not, so nothing is compared
    /// whole (a UNION of every column cost four times as much). `+created_at` keeps the second
    /// on the completion index (by creation, it walked every older item).
    static let careAddedOrDoneSince = """
        SELECT id, author_id, text, created_at, done_by, done_at FROM couple_care
        WHERE couple_id = ?1 AND deleted_at IS NULL AND created_at >= ?2
        UNION ALL
        SELECT id, author_id, text, created_at, done_by, done_at FROM couple_care
        WHERE couple_id = ?1 AND deleted_at IS NULL AND done_at >= ?2 AND +created_at < ?2
        """

    private func created(_ row: Row) -> Int64 {
        if row.values.count > 3, case .integer(let milliseconds) = row.values[3] { milliseconds } else { 0 }
    }

    public func events(coupleID: String, createdSince since: Date) throws -> [CalendarEvent] {
        try database.query(
            "SELECT * FROM couple_events WHERE couple_id = ? AND deleted_at IS NULL AND created_at >= ? ORDER BY start_day",
            [.text(coupleID), since.sqlValue]).map(event)
    }
}
