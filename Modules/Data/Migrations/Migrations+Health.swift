/// Tables of insulin, quests and accounts. Append only: a landed migration never changes.
extension TendMigrations {
    static let insulin = Migration("0001_insulin", """
            CREATE TABLE insulin_settings (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                long_name TEXT NOT NULL,
                long_units REAL NOT NULL,
                rapid_name TEXT NOT NULL,
                rapid_units REAL NOT NULL,
                day_start_minutes INTEGER NOT NULL,
                time_zone TEXT NOT NULL,
                long_guard_minutes INTEGER NOT NULL,
                rapid_window_minutes INTEGER NOT NULL,
                reminder_minutes INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX insulin_settings_owner ON insulin_settings (owner_id);
            CREATE TABLE insulin_doses (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('long', 'rapid')),
                units REAL NOT NULL CHECK (units > 0 AND units <= 100),
                taken_at INTEGER NOT NULL,
                note TEXT,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX insulin_doses_owner_taken ON insulin_doses (owner_id, taken_at);
            """)

    static let accounts = Migration("0002_accounts", """
            CREATE TABLE accounts (
                id TEXT PRIMARY KEY NOT NULL,
                email TEXT NOT NULL,
                display_name TEXT NOT NULL,
                time_zone TEXT NOT NULL,
                password_hash TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX accounts_email ON accounts (email);
            CREATE TABLE sessions (
                id TEXT PRIMARY KEY NOT NULL,
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                token_hash TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                revoked_at INTEGER
            );
            CREATE INDEX sessions_token_hash ON sessions (token_hash);
            CREATE TABLE login_failures (
                email TEXT PRIMARY KEY NOT NULL,
                count INTEGER NOT NULL,
                last_failure_at INTEGER NOT NULL,
                locked_until INTEGER
            );
            """)

    static let quests = Migration("0003_quests", """
            CREATE TABLE quest_journeys (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                style TEXT NOT NULL,
                nickname TEXT NOT NULL,
                feeling TEXT NOT NULL,
                pace_days INTEGER NOT NULL DEFAULT 1,
                time_zone TEXT NOT NULL,
                started_at INTEGER NOT NULL,
                completed_at INTEGER,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX quest_journeys_owner ON quest_journeys (owner_id, started_at);
            CREATE TABLE quest_entries (
                id TEXT PRIMARY KEY NOT NULL,
                journey_id TEXT NOT NULL REFERENCES quest_journeys (id) ON DELETE CASCADE,
                owner_id TEXT NOT NULL,
                quest_number INTEGER NOT NULL,
                answer TEXT,
                reflection TEXT,
                felt TEXT,
                completed_at INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX quest_entries_journey ON quest_entries (journey_id, quest_number);
            CREATE TABLE quest_settings (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                reminder_minutes INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX quest_settings_owner ON quest_settings (owner_id);
            """)
}
