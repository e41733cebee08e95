/// Tables of the couple space and notifications. Append only: a landed migration never changes.
extension TendMigrations {
    static let couple = Migration("0007_couple", """
            CREATE TABLE couples (
                id TEXT PRIMARY KEY NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                disconnected_at INTEGER,
                disconnected_by TEXT,
                deleted_at INTEGER
            );
            CREATE TABLE couple_members (
                id TEXT PRIMARY KEY NOT NULL,
                couple_id TEXT NOT NULL REFERENCES couples (id) ON DELETE CASCADE,
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE INDEX couple_members_account ON couple_members (account_id);
            CREATE INDEX couple_members_couple ON couple_members (couple_id);
            CREATE TABLE couple_invites (
                id TEXT PRIMARY KEY NOT NULL,
                code TEXT NOT NULL,
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                used_at INTEGER,
                revoked_at INTEGER
            );
            CREATE INDEX couple_invites_code ON couple_invites (code);
            CREATE INDEX couple_invites_account ON couple_invites (account_id);
            CREATE TABLE couple_join_failures (
                account_id TEXT PRIMARY KEY NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                count INTEGER NOT NULL,
                last_failure_at INTEGER NOT NULL,
                locked_until INTEGER
            );
            CREATE TABLE account_locations (
                account_id TEXT PRIMARY KEY NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                city TEXT NOT NULL,
                latitude REAL NOT NULL,
                longitude REAL NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE TABLE couple_moods (
                id TEXT PRIMARY KEY NOT NULL,
                couple_id TEXT NOT NULL REFERENCES couples (id) ON DELETE CASCADE,
                author_id TEXT NOT NULL,
                day TEXT NOT NULL,
                mood TEXT NOT NULL,
                status TEXT,
                note TEXT,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX couple_moods_couple_day ON couple_moods (couple_id, day);
            CREATE TABLE couple_meetings (
                id TEXT PRIMARY KEY NOT NULL,
                couple_id TEXT NOT NULL REFERENCES couples (id) ON DELETE CASCADE,
                author_id TEXT NOT NULL,
                day TEXT NOT NULL,
                place TEXT,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX couple_meetings_couple ON couple_meetings (couple_id, day);
            CREATE TABLE couple_events (
                id TEXT PRIMARY KEY NOT NULL,
                couple_id TEXT NOT NULL REFERENCES couples (id) ON DELETE CASCADE,
                author_id TEXT NOT NULL,
                title TEXT NOT NULL,
                whose TEXT,
                all_day INTEGER NOT NULL,
                start_day TEXT NOT NULL,
                end_day TEXT NOT NULL,
                starts_at INTEGER,
                ends_at INTEGER,
                time_zone TEXT NOT NULL,
                repeat TEXT,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX couple_events_couple ON couple_events (couple_id, start_day);
            CREATE TABLE couple_calendar_checks (
                id TEXT PRIMARY KEY NOT NULL,
                couple_id TEXT NOT NULL REFERENCES couples (id) ON DELETE CASCADE,
                account_id TEXT NOT NULL,
                day TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE INDEX couple_calendar_checks_couple_day ON couple_calendar_checks (couple_id, day);
            CREATE TABLE couple_care (
                id TEXT PRIMARY KEY NOT NULL,
                couple_id TEXT NOT NULL REFERENCES couples (id) ON DELETE CASCADE,
                author_id TEXT NOT NULL,
                for_account_id TEXT NOT NULL,
                text TEXT NOT NULL,
                due TEXT,
                done_by TEXT,
                done_at INTEGER,
                done_day TEXT,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX couple_care_couple ON couple_care (couple_id);
            CREATE TABLE couple_photos (
                id TEXT PRIMARY KEY NOT NULL,
                couple_id TEXT NOT NULL REFERENCES couples (id) ON DELETE CASCADE,
                author_id TEXT NOT NULL,
                day TEXT NOT NULL,
                sha256 TEXT NOT NULL,
                format TEXT NOT NULL,
                byte_count INTEGER NOT NULL,
                caption TEXT,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX couple_photos_couple_day ON couple_photos (couple_id, day);
            CREATE INDEX couple_photos_sha ON couple_photos (sha256);
            CREATE TABLE weather_cache (
                key TEXT PRIMARY KEY NOT NULL,
                payload TEXT NOT NULL,
                fetched_at INTEGER NOT NULL
            );
            CREATE TABLE client_cache (
                key TEXT PRIMARY KEY NOT NULL,
                payload TEXT NOT NULL,
                saved_at INTEGER NOT NULL
            );
            """)

    static let notifications = Migration("0008_notifications", """
            CREATE TABLE notifications (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                rule TEXT NOT NULL,
                occasion TEXT NOT NULL,
                title TEXT NOT NULL,
                body TEXT NOT NULL,
                priority INTEGER NOT NULL DEFAULT 3,
                tags TEXT NOT NULL DEFAULT '',
                due_at INTEGER NOT NULL,
                state TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at INTEGER NOT NULL,
                first_attempt_at INTEGER,
                last_error TEXT,
                delivered_to TEXT NOT NULL DEFAULT '',
                sent_at INTEGER,
                read_at INTEGER,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX notifications_next ON notifications (state, next_attempt_at);
            CREATE INDEX notifications_owner ON notifications (owner_id, rule, occasion);
            CREATE TABLE notification_channels (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                kind TEXT NOT NULL,
                url TEXT NOT NULL,
                token TEXT,
                secret TEXT,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX notification_channels_owner ON notification_channels (owner_id);
            CREATE TABLE notification_settings (
                owner_id TEXT PRIMARY KEY NOT NULL,
                quiet_from INTEGER NOT NULL,
                quiet_to INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            """)
}
