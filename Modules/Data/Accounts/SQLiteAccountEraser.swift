import FoundationEssentials
import Core
import Domain

/// `AccountEraser` on SQLite: an account's traces outside its own data, removed with hard
/// deletes (the couple tables and the account tables do not sync, so nothing is recorded).
public struct SQLiteAccountEraser: AccountEraser {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func erase(accountID: String, email: String) throws -> AccountErasure {
        try database.write {
            var counts: [String: Int] = [:]
            let account: [SQLValue] = [.text(accountID)]
            func run(_ table: String, _ sql: String, _ arguments: [SQLValue]) throws {
                try database.execute(sql, arguments)
                counts[table, default: 0] += database.changes
            }
            let hashes = Set(try database.query("SELECT DISTINCT sha256 FROM couple_photos WHERE author_id = ?", account)
                .map { try $0.get("sha256", as: String.self) })
            let coupleIDs = try database.query("SELECT DISTINCT couple_id FROM couple_members WHERE account_id = ?", account)
                .map { try $0.get("couple_id", as: String.self) }

            for coupleID in coupleIDs {
                let couple: [SQLValue] = [.text(coupleID), .text(accountID)]
                // The partner's notifications that quote the account: its news ("… shared a
                // mood") from the time of this couple, and the reminders of meetings it set.
                try run("notifications",
                        """
                        DELETE FROM notifications WHERE rule = 'couple' AND owner_id IN
                            (SELECT account_id FROM couple_members WHERE couple_id = ?1 AND account_id <> ?2)
                        AND (
                            (occasion LIKE 'partner:%' AND EXISTS (SELECT 1 FROM couples c WHERE c.id = ?1
                                AND notifications.created_at >= c.created_at
                                AND (c.disconnected_at IS NULL OR notifications.created_at <= c.disconnected_at)))
                            OR EXISTS (SELECT 1 FROM couple_meetings m WHERE m.couple_id = ?1 AND m.author_id = ?2
                                AND substr(notifications.occasion, 1, length('meeting:' || m.id || ':')) = 'meeting:' || m.id || ':'))
                        """, couple)
                // What the account wrote in the space.
                for table in ["couple_moods", "couple_meetings", "couple_events", "couple_care", "couple_photos"] {
                    try run(table, "DELETE FROM \(table) WHERE couple_id = ?1 AND author_id = ?2", couple)
                }
                try run("couple_calendar_checks", "DELETE FROM couple_calendar_checks WHERE couple_id = ?1 AND account_id = ?2", couple)
                // The bridges remembered with the account's part in them (counted again without it).
                try database.execute("DELETE FROM couple_bridges WHERE couple_id = ?", [.text(coupleID)])
                // The partner's own rows stay, without the account in them.
                try database.execute("UPDATE couple_care SET done_by = NULL, done_at = NULL, done_day = NULL "
                                     + "WHERE couple_id = ?1 AND done_by = ?2", couple)
                try database.execute("UPDATE couple_care SET for_account_id = '' WHERE couple_id = ?1 AND for_account_id = ?2", couple)
                try database.execute("UPDATE couple_events SET whose = NULL WHERE couple_id = ?1 AND whose = ?2", couple)
                try database.execute("UPDATE couples SET disconnected_by = NULL WHERE id = ?1 AND disconnected_by = ?2", couple)
                try run("couple_members", "DELETE FROM couple_members WHERE couple_id = ?1 AND account_id = ?2", couple)
                // A space nobody is in any more goes whole (its tables cascade).
                try run("couples", "DELETE FROM couples WHERE id = ? AND NOT EXISTS (SELECT 1 FROM couple_members WHERE couple_id = couples.id)",
                        [.text(coupleID)])
            }
            for table in ["couple_invites", "couple_join_failures", "account_locations", "sessions"] {
                try run(table, "DELETE FROM \(table) WHERE account_id = ?", account)
            }
            try run("login_failures", "DELETE FROM login_failures WHERE email = ?", [.text(email)])
            try run("accounts", "DELETE FROM accounts WHERE id = ?", account)
            return AccountErasure(counts: counts, photoHashes: hashes)
        }
    }

    public func compact() {
        // PostgreSQL: VACUUM cannot run in the caller's transaction (a failed statement would abort
        // it); its autovacuum reclaims the erased rows' space.
        guard database.dialect == .sqlite else { return }
        try? database.checkpoint()
        try? database.executeScript("VACUUM")
        try? database.checkpoint()
    }
}
