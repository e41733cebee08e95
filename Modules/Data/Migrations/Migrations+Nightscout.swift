/// Nightscout's API and glucose. Append only: a landed migration never changes.
extension TendMigrations {
    /// - `nightscout_credentials`: the API secret and access tokens of an account, as verifiers
    ///   only (digests of what a client presents; `NightscoutCredentials` says why). Server-side,
    ///   like sessions: no sync.
    /// - `glucose_readings`: the `entries` collection, a reading's value in mg/dL beside the
    ///   document as it came; `nightscout_documents`: treatments and device statuses, with the
    ///   doses a treatment made. Per person, soft-deleted, UUIDv7 ids; not synced (yet).
    /// - `glucose_settings`: the unit each person reads glucose in.
    static let nightscout = Migration("0014_nightscout", """
            CREATE TABLE nightscout_credentials (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('secret', 'token')),
                name TEXT NOT NULL,
                role TEXT NOT NULL CHECK (role IN ('admin', 'readable', 'careportal')),
                created_at INTEGER NOT NULL,
                revoked_at INTEGER
            );
            CREATE INDEX nightscout_credentials_owner ON nightscout_credentials (owner_id, created_at);
            CREATE TABLE nightscout_verifiers (
                verifier TEXT PRIMARY KEY NOT NULL,
                credential_id TEXT NOT NULL REFERENCES nightscout_credentials (id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            CREATE TABLE glucose_readings (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                ns_id TEXT NOT NULL,
                date INTEGER NOT NULL,
                type TEXT NOT NULL,
                mgdl REAL,
                source TEXT NOT NULL,
                document TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX glucose_readings_owner_date ON glucose_readings (owner_id, date) WHERE deleted_at IS NULL;
            CREATE INDEX glucose_readings_owner_ns_id ON glucose_readings (owner_id, ns_id);
            CREATE TABLE nightscout_documents (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                collection TEXT NOT NULL CHECK (collection IN ('treatments', 'devicestatus')),
                ns_id TEXT NOT NULL,
                occurred_at INTEGER NOT NULL,
                type TEXT,
                identifier TEXT,
                source TEXT NOT NULL,
                document TEXT NOT NULL,
                dose_ids TEXT NOT NULL DEFAULT '[]',
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX nightscout_documents_owner_time ON nightscout_documents (owner_id, collection, occurred_at)
                WHERE deleted_at IS NULL;
            CREATE INDEX nightscout_documents_owner_ns_id ON nightscout_documents (owner_id, collection, ns_id);
            CREATE INDEX nightscout_documents_identifier ON nightscout_documents (owner_id, identifier) WHERE identifier IS NOT NULL;
            CREATE TABLE glucose_settings (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                unit TEXT NOT NULL CHECK (unit IN ('mg/dL', 'mmol/L')),
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX glucose_settings_owner ON glucose_settings (owner_id);
            """)
}
