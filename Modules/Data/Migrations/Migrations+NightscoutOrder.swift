/// Nightscout's pages in their order straight from an index. Append only: a landed migration never changes.
extension TendMigrations {
    /// A page is `ORDER BY date DESC, id DESC LIMIT n` (treatments and device statuses by
    /// `occurred_at`). The indexes of 0014 end at the time, so SQLite sorted every run of equal
    /// times in a temporary b-tree, emptied and refilled for each reading: most of what a day's
    /// page (288 readings) cost. With the id in the index the page is one backward walk that stops
    /// after n rows. The older indexes stay (migrations only add); the planner prefers these.
    static let nightscoutOrder = Migration("0017_nightscout_order", """
            CREATE INDEX glucose_readings_owner_date_id ON glucose_readings (owner_id, date, id) WHERE deleted_at IS NULL;
            CREATE INDEX nightscout_documents_owner_time_id ON nightscout_documents (owner_id, collection, occurred_at, id)
                WHERE deleted_at IS NULL;
            """)
}
