/// Pulls from a Nightscout site. Append only: a landed migration never changes.
extension TendMigrations {
    /// `nightscout_pull_cursors`: where this device's last `tend glucose pull` from each site
    /// ended (epoch ms of the newest entry and treatment seen). A device's own bookkeeping, like
    /// `sync_state`: not synced, not exported; erased with the person (it has `owner_id`).
    static let nightscoutPull = Migration("0016_nightscout_pull", """
            CREATE TABLE nightscout_pull_cursors (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                site TEXT NOT NULL,
                entries_through INTEGER,
                treatments_through INTEGER,
                pulled_at INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE UNIQUE INDEX nightscout_pull_cursors_site ON nightscout_pull_cursors (owner_id, site);
            """)
}
