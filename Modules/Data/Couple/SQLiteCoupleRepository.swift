import FoundationEssentials
import Core
import Domain

/// The couple space in SQLite (migration 0007). Soft-deleted rows stay for sync and are
/// filtered where a use case expects only live ones; erasing a couple removes its rows.
public struct SQLiteCoupleRepository: CoupleRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    // MARK: Couples

    public func insert(_ couple: Couple) throws {
        try database.write {
            try database.execute(
                "INSERT INTO couples (id, created_at, updated_at, disconnected_at, disconnected_by) VALUES (?, ?, ?, ?, ?)",
                [.text(couple.id), couple.createdAt.sqlValue, couple.createdAt.sqlValue, couple.disconnectedAt.sqlValue,
                 couple.disconnectedBy.sqlValue])
            for (index, member) in couple.memberIDs.enumerated() {
                // The position keeps the inviter first: ids made in the same millisecond sort by it.
                try database.execute(
                    "INSERT INTO couple_members (id, couple_id, account_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
                    [.text("\(couple.id)-\(index)"), .text(couple.id), .text(member), couple.createdAt.sqlValue, couple.createdAt.sqlValue])
            }
        }
    }

    public func update(_ couple: Couple) throws {
        try database.execute(
            "UPDATE couples SET disconnected_at = ?, disconnected_by = ?, updated_at = ? WHERE id = ?",
            [couple.disconnectedAt.sqlValue, couple.disconnectedBy.sqlValue, (couple.disconnectedAt ?? couple.createdAt).sqlValue,
             .text(couple.id)])
    }

    public func couple(id: String) throws -> Couple? {
        guard let row = try database.queryOne("SELECT * FROM couples WHERE id = ? AND deleted_at IS NULL", [.text(id)]) else { return nil }
        return try couple(row)
    }

    public func couples(accountID: String) throws -> [Couple] {
        try database.query(
            """
            SELECT c.* FROM couples c JOIN couple_members m ON m.couple_id = c.id
            WHERE m.account_id = ? AND c.deleted_at IS NULL ORDER BY c.created_at DESC, c.id DESC
            """, [.text(accountID)]).map(couple)
    }

    public func disconnectedCouples(before date: Date) throws -> [Couple] {
        try database.query("SELECT * FROM couples WHERE disconnected_at IS NOT NULL AND disconnected_at < ? AND deleted_at IS NULL",
                           [date.sqlValue]).map(couple)
    }

    public func erase(coupleID: String) throws {
        // Every couple table references couples ON DELETE CASCADE.
        try database.execute("DELETE FROM couples WHERE id = ?", [.text(coupleID)])
    }

    private func couple(_ row: Row) throws -> Couple {
        let id: String = try row.get("id")
        let members = try database.query("SELECT account_id FROM couple_members WHERE couple_id = ? ORDER BY id", [.text(id)])
            .map { try $0.get("account_id", as: String.self) }
        return Couple(id: id, memberIDs: members, createdAt: try row.get("created_at"), disconnectedAt: try row.get("disconnected_at"),
                      disconnectedBy: try row.get("disconnected_by"))
    }

    // MARK: Invites

    public func insert(_ invite: Invite) throws {
        try database.execute(
            """
            INSERT INTO couple_invites (id, code, account_id, created_at, updated_at, expires_at, used_at, revoked_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [.text(invite.id), .text(invite.code), .text(invite.accountID), invite.createdAt.sqlValue, invite.createdAt.sqlValue,
             invite.expiresAt.sqlValue, invite.usedAt.sqlValue, invite.revokedAt.sqlValue])
    }

    public func update(_ invite: Invite) throws {
        try database.execute(
            "UPDATE couple_invites SET used_at = ?, revoked_at = ?, updated_at = ? WHERE id = ?",
            [invite.usedAt.sqlValue, invite.revokedAt.sqlValue, (invite.usedAt ?? invite.revokedAt ?? invite.createdAt).sqlValue,
             .text(invite.id)])
    }

    public func invite(code: String) throws -> Invite? {
        try database.queryOne("SELECT * FROM couple_invites WHERE code = ? ORDER BY created_at DESC LIMIT 1", [.text(code)]).map(invite)
    }

    public func usableInvites(accountID: String, at date: Date) throws -> [Invite] {
        try database.query(
            "SELECT * FROM couple_invites WHERE account_id = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?",
            [.text(accountID), date.sqlValue]).map(invite)
    }

    private func invite(_ row: Row) throws -> Invite {
        Invite(id: try row.get("id"), code: try row.get("code"), accountID: try row.get("account_id"), createdAt: try row.get("created_at"),
               expiresAt: try row.get("expires_at"), usedAt: try row.get("used_at"), revokedAt: try row.get("revoked_at"))
    }

    public func joinFailures(accountID: String) throws -> JoinFailures? {
        try database.queryOne("SELECT * FROM couple_join_failures WHERE account_id = ?", [.text(accountID)]).map { row in
            JoinFailures(accountID: accountID, count: try row.get("count"), lastFailureAt: try row.get("last_failure_at"),
                         lockedUntil: try row.get("locked_until"))
        }
    }

    public func save(_ failures: JoinFailures) throws {
        try database.execute(
            """
            INSERT INTO couple_join_failures (account_id, count, last_failure_at, locked_until) VALUES (?, ?, ?, ?)
            ON CONFLICT (account_id) DO UPDATE SET count = excluded.count, last_failure_at = excluded.last_failure_at,
                locked_until = excluded.locked_until
            """,
            [.text(failures.accountID), .integer(Int64(failures.count)), failures.lastFailureAt.sqlValue, failures.lockedUntil.sqlValue])
    }

    public func clearJoinFailures(accountID: String) throws {
        try database.execute("DELETE FROM couple_join_failures WHERE account_id = ?", [.text(accountID)])
    }

    // MARK: Locations

    public func location(accountID: String) throws -> MemberLocation? {
        try database.queryOne("SELECT * FROM account_locations WHERE account_id = ?", [.text(accountID)]).map { row in
            MemberLocation(accountID: accountID, city: try row.get("city"), latitude: try row.get("latitude"),
                           longitude: try row.get("longitude"), createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"))
        }
    }

    public func save(_ location: MemberLocation) throws {
        try database.execute(
            """
            INSERT INTO account_locations (account_id, city, latitude, longitude, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (account_id) DO UPDATE SET city = excluded.city, latitude = excluded.latitude,
                longitude = excluded.longitude, updated_at = excluded.updated_at
            """,
            [.text(location.accountID), .text(location.city), .real(location.latitude), .real(location.longitude),
             location.createdAt.sqlValue, location.updatedAt.sqlValue])
    }

    // MARK: Moods

    public func save(_ mood: MoodEntry) throws {
        try database.execute(
            """
            INSERT INTO couple_moods (id, couple_id, author_id, day, mood, status, note, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET mood = excluded.mood, status = excluded.status, note = excluded.note,
                updated_at = excluded.updated_at
            """,
            [.text(mood.id), .text(mood.coupleID), .text(mood.authorID), .text(mood.day.description), .text(mood.mood.rawValue),
             mood.status.sqlValue, mood.note.sqlValue, mood.createdAt.sqlValue, mood.updatedAt.sqlValue])
    }

    public func mood(coupleID: String, authorID: String, day: LocalDate) throws -> MoodEntry? {
        try database.queryOne(
            "SELECT * FROM couple_moods WHERE couple_id = ? AND author_id = ? AND day = ? AND deleted_at IS NULL",
            [.text(coupleID), .text(authorID), .text(day.description)]).map(mood)
    }

    public func moods(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [MoodEntry] {
        try database.query(
            "SELECT * FROM couple_moods WHERE couple_id = ? AND day >= ? AND day <= ? AND deleted_at IS NULL "
                + "ORDER BY day DESC, updated_at DESC",
            [.text(coupleID), .text(first.description), .text(last.description)]).map(mood)
    }

    private func mood(_ row: Row) throws -> MoodEntry {
        MoodEntry(id: try row.get("id"), coupleID: try row.get("couple_id"), authorID: try row.get("author_id"),
                  day: try Self.date(row, "day"), mood: Mood(rawValue: try row.get("mood")) ?? .calm,
                  status: try row.get("status"), note: try row.get("note"), createdAt: try row.get("created_at"),
                  updatedAt: try row.get("updated_at"))
    }

    // MARK: Meetings

    public func save(_ meeting: Meeting) throws {
        try database.execute(
            """
            INSERT INTO couple_meetings (id, couple_id, author_id, day, place, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET author_id = excluded.author_id, day = excluded.day, place = excluded.place,
                updated_at = excluded.updated_at
            """,
            [.text(meeting.id), .text(meeting.coupleID), .text(meeting.authorID), .text(meeting.day.description),
             meeting.place.sqlValue, meeting.createdAt.sqlValue, meeting.updatedAt.sqlValue])
    }

    public func meetings(coupleID: String) throws -> [Meeting] {
        try database.query("SELECT * FROM couple_meetings WHERE couple_id = ? AND deleted_at IS NULL ORDER BY day", [.text(coupleID)])
            .map { row in
                Meeting(id: try row.get("id"), coupleID: coupleID, authorID: try row.get("author_id"), day: try Self.date(row, "day"),
                        place: try row.get("place"), createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"))
            }
    }

    // MARK: Calendar

    public func save(_ event: CalendarEvent) throws {
        try database.execute(
            """
            INSERT INTO couple_events (id, couple_id, author_id, title, whose, all_day, start_day, end_day, starts_at, ends_at,
                time_zone, repeat, created_at, updated_at, deleted_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET title = excluded.title, whose = excluded.whose, all_day = excluded.all_day,
                start_day = excluded.start_day, end_day = excluded.end_day, starts_at = excluded.starts_at,
                ends_at = excluded.ends_at, time_zone = excluded.time_zone, repeat = excluded.repeat,
                updated_at = excluded.updated_at, deleted_at = excluded.deleted_at
            """,
            [.text(event.id), .text(event.coupleID), .text(event.authorID), .text(event.title), event.whoseAccountID.sqlValue,
             event.isAllDay.sqlValue, .text(event.startDay.description), .text(event.endDay.description), event.startsAt.sqlValue,
             event.endsAt.sqlValue, .text(event.timeZone), event.recurrence?.rawValue.sqlValue ?? .null,
             event.createdAt.sqlValue, event.updatedAt.sqlValue, event.deletedAt.sqlValue])
    }

    public func events(coupleID: String) throws -> [CalendarEvent] {
        try database.query("SELECT * FROM couple_events WHERE couple_id = ? AND deleted_at IS NULL ORDER BY start_day", [.text(coupleID)])
            .map(event)
    }

    public func event(coupleID: String, id: String) throws -> CalendarEvent? {
        try database.queryOne("SELECT * FROM couple_events WHERE couple_id = ? AND id = ? AND deleted_at IS NULL",
                              [.text(coupleID), .text(id)]).map(event)
    }

    func event(_ row: Row) throws -> CalendarEvent {
        CalendarEvent(
            id: try row.get("id"), coupleID: try row.get("couple_id"), authorID: try row.get("author_id"), title: try row.get("title"),
            whoseAccountID: try row.get("whose"), isAllDay: try row.get("all_day"), startDay: try Self.date(row, "start_day"),
            endDay: try Self.date(row, "end_day"), startsAt: try row.get("starts_at"), endsAt: try row.get("ends_at"),
            timeZone: try row.get("time_zone"), recurrence: (try row.get("repeat", as: String?.self)).flatMap(EventRecurrence.init),
            createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"), deletedAt: try row.get("deleted_at"))
    }

    public func insert(_ check: CalendarCheck) throws {
        try database.execute(
            "INSERT INTO couple_calendar_checks (id, couple_id, account_id, day, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            [.text(check.id), .text(check.coupleID), .text(check.accountID), .text(check.day.description), check.createdAt.sqlValue,
             check.createdAt.sqlValue])
    }

    public func checks(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [CalendarCheck] {
        try database.query("SELECT * FROM couple_calendar_checks WHERE couple_id = ? AND day >= ? AND day <= ? ORDER BY day",
                           [.text(coupleID), .text(first.description), .text(last.description)]).map { row in
            CalendarCheck(id: try row.get("id"), coupleID: coupleID, accountID: try row.get("account_id"), day: try Self.date(row, "day"),
                          createdAt: try row.get("created_at"))
        }
    }

    // MARK: Care

    public func save(_ item: CareItem) throws {
        try database.execute(
            """
            INSERT INTO couple_care (id, couple_id, author_id, for_account_id, text, due, done_by, done_at, done_day,
                created_at, updated_at, deleted_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET text = excluded.text, due = excluded.due, done_by = excluded.done_by,
                done_at = excluded.done_at, done_day = excluded.done_day, updated_at = excluded.updated_at,
                deleted_at = excluded.deleted_at
            """,
            [.text(item.id), .text(item.coupleID), .text(item.authorID), .text(item.forAccountID), .text(item.text),
             item.due?.description.sqlValue ?? .null, item.doneBy.sqlValue, item.doneAt.sqlValue,
             item.doneDay?.description.sqlValue ?? .null, item.createdAt.sqlValue, item.updatedAt.sqlValue, item.deletedAt.sqlValue])
    }

    public func careItems(coupleID: String) throws -> [CareItem] {
        try database.query("SELECT * FROM couple_care WHERE couple_id = ? AND deleted_at IS NULL ORDER BY created_at", [.text(coupleID)])
            .map(careItem)
    }

    public func careItem(coupleID: String, id: String) throws -> CareItem? {
        try database.queryOne("SELECT * FROM couple_care WHERE couple_id = ? AND id = ? AND deleted_at IS NULL",
                              [.text(coupleID), .text(id)]).map(careItem)
    }

    func careItem(_ row: Row) throws -> CareItem {
        CareItem(id: try row.get("id"), coupleID: try row.get("couple_id"), authorID: try row.get("author_id"),
                 forAccountID: try row.get("for_account_id"), text: try row.get("text"),
                 due: (try row.get("due", as: String?.self)).flatMap(LocalDate.init(storedText:)), doneBy: try row.get("done_by"),
                 doneAt: try row.get("done_at"), doneDay: (try row.get("done_day", as: String?.self)).flatMap(LocalDate.init(storedText:)),
                 createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"), deletedAt: try row.get("deleted_at"))
    }

    // MARK: Photos

    public func save(_ photo: CouplePhoto) throws {
        try database.execute(
            """
            INSERT INTO couple_photos (id, couple_id, author_id, day, sha256, format, byte_count, caption,
                created_at, updated_at, deleted_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET sha256 = excluded.sha256, format = excluded.format, byte_count = excluded.byte_count,
                caption = excluded.caption, updated_at = excluded.updated_at, deleted_at = excluded.deleted_at
            """,
            [.text(photo.id), .text(photo.coupleID), .text(photo.authorID), .text(photo.day.description), .text(photo.sha256),
             .text(photo.format.rawValue), .integer(Int64(photo.byteCount)), photo.caption.sqlValue, photo.createdAt.sqlValue,
             photo.updatedAt.sqlValue, photo.deletedAt.sqlValue])
    }

    public func photos(coupleID: String, from first: LocalDate, through last: LocalDate) throws -> [CouplePhoto] {
        try database.query(
            "SELECT * FROM couple_photos WHERE couple_id = ? AND day >= ? AND day <= ? AND deleted_at IS NULL "
                + "ORDER BY day DESC, updated_at DESC",
            [.text(coupleID), .text(first.description), .text(last.description)]).map(photo)
    }

    public func photo(coupleID: String, id: String) throws -> CouplePhoto? {
        try database.queryOne("SELECT * FROM couple_photos WHERE couple_id = ? AND id = ? AND deleted_at IS NULL",
                              [.text(coupleID), .text(id)]).map(photo)
    }

    public func photoReferences(sha256: String) throws -> Int {
        try database.queryOne("SELECT count(*) AS n FROM couple_photos WHERE sha256 = ? AND deleted_at IS NULL", [.text(sha256)])?
            .get("n") ?? 0
    }

    private func photo(_ row: Row) throws -> CouplePhoto {
        CouplePhoto(id: try row.get("id"), coupleID: try row.get("couple_id"), authorID: try row.get("author_id"),
                    day: try Self.date(row, "day"), sha256: try row.get("sha256"),
                    format: PhotoFormat(rawValue: try row.get("format")) ?? .jpeg, byteCount: try row.get("byte_count"),
                    caption: try row.get("caption"), createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"),
                    deletedAt: try row.get("deleted_at"))
    }

    static func date(_ row: Row, _ column: String) throws -> LocalDate {
        guard let date = LocalDate(storedText: try row.get(column, as: String.self)) else {
            throw AppError(.internalFailure, code: "database_error", "column '\(column)' holds an invalid date")
        }
        return date
    }
}
