/// The insulin settings read from an index in their order. Append only: a landed migration never changes.
extension TendMigrations {
    /// Every status, dose and calendar request reads the settings with `ORDER BY created_at LIMIT 1`.
    /// The owner index of 0001 ends at the owner, so SQLite opened a temporary b-tree to sort the
    /// one row (about a tenth of a status request's instructions); with `created_at` in a partial
    /// index of the live rows, the first entry is the answer.
    static let insulinSettingsOrder = Migration("0018_insulin_settings_order", """
            CREATE INDEX insulin_settings_owner_created ON insulin_settings (owner_id, created_at) WHERE deleted_at IS NULL;
            """)
}
