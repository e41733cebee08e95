/// What counts toward the couple's bridge, read from indexes alone. Append only: a landed migration never changes.
extension TendMigrations {
    /// The streak reads (kind, member, day) of every mood, photo, care done and calendar look back
    /// through its run; with (couple, day) indexes each row was also a read of its table row (for
    /// the member and the soft delete). These hold every column that read asks for.
    static let coupleMarks = Migration("0023_couple_marks", """
            CREATE INDEX couple_moods_marks ON couple_moods (couple_id, day, author_id, deleted_at);
            CREATE INDEX couple_photos_marks ON couple_photos (couple_id, day, author_id, deleted_at);
            CREATE INDEX couple_care_marks ON couple_care (couple_id, done_day, done_by, deleted_at);
            CREATE INDEX couple_calendar_checks_marks ON couple_calendar_checks (couple_id, day, account_id);
            """)
}
