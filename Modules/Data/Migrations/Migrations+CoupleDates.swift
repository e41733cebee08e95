/// The couple space's care list and events read by date. Append only: a landed migration never changes.
extension TendMigrations {
    /// The home of a couple with a year of history reads the care done in each streak window and
    /// the care and events of the last week; `couple_care` had only an index by couple, so each of
    /// those reads walked every care item the couple ever had. These make them range reads.
    static let coupleDates = Migration("0022_couple_dates", """
            CREATE INDEX couple_care_done_day ON couple_care (couple_id, done_day) WHERE deleted_at IS NULL AND done_by IS NOT NULL;
            CREATE INDEX couple_care_created ON couple_care (couple_id, created_at) WHERE deleted_at IS NULL;
            CREATE INDEX couple_care_done_at ON couple_care (couple_id, done_at) WHERE deleted_at IS NULL;
            CREATE INDEX couple_events_created ON couple_events (couple_id, created_at) WHERE deleted_at IS NULL;
            """)
}
