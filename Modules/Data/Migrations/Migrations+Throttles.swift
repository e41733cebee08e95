/// Limits per client address. Append only: a landed migration never changes.
extension TendMigrations {
    /// One row per scope and client: the client is a digest of its address, never the address,
    /// and a row goes as soon as its allowance is whole again (`full_at` has passed). Not user
    /// data: no owner, no sync, no soft delete.
    static let clientThrottles = Migration("0011_client_throttles", """
            CREATE TABLE client_throttles (
                scope TEXT NOT NULL,
                client TEXT NOT NULL,
                full_at INTEGER NOT NULL,
                PRIMARY KEY (scope, client)
            ) WITHOUT ROWID;
            CREATE INDEX client_throttles_full_at ON client_throttles (full_at);
            """)
}
