/// Every migration of Tend's database, in order. Append only: a landed migration never changes.
public enum TendMigrations {
    public static let all: [Migration] = [
        Migration("0001_insulin", """
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
            """),
        Migration("0002_accounts", """
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
            """),
        Migration("0003_quests", """
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
            """),
        Migration("0004_activities", """
            CREATE TABLE activities (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                kind TEXT NOT NULL,
                name TEXT,
                started_at INTEGER NOT NULL,
                duration_s REAL NOT NULL,
                moving_time_s REAL,
                distance_m REAL NOT NULL,
                elevation_gain_m REAL,
                elevation_loss_m REAL,
                source TEXT NOT NULL,
                track BLOB,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX activities_owner_started ON activities (owner_id, kind, started_at);
            CREATE TABLE places (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                name TEXT NOT NULL,
                latitude REAL NOT NULL,
                longitude REAL NOT NULL,
                elevation REAL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX places_owner ON places (owner_id);
            """),
        Migration("0005_nutrition", """
            CREATE TABLE foods (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT,
                source TEXT NOT NULL,
                name TEXT NOT NULL,
                food_group INTEGER,
                kcal REAL NOT NULL,
                protein_g REAL NOT NULL,
                carbs_g REAL NOT NULL,
                fat_g REAL NOT NULL,
                rank_penalty REAL NOT NULL DEFAULT 0,
                head TEXT NOT NULL DEFAULT '',
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE TABLE food_measures (
                food_id TEXT NOT NULL REFERENCES foods (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                amount REAL NOT NULL,
                name TEXT NOT NULL,
                grams REAL NOT NULL,
                PRIMARY KEY (food_id, position)
            );
            CREATE TABLE food_nutrients (
                food_id TEXT NOT NULL REFERENCES foods (id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                amount REAL NOT NULL,
                PRIMARY KEY (food_id, name)
            );
            CREATE VIRTUAL TABLE foods_fts USING fts5(name, content = 'foods', content_rowid = 'rowid',
                tokenize = 'unicode61 remove_diacritics 2');
            CREATE TRIGGER foods_fts_insert AFTER INSERT ON foods BEGIN
                INSERT INTO foods_fts (rowid, name) VALUES (new.rowid, new.name);
            END;
            CREATE TRIGGER foods_fts_delete AFTER DELETE ON foods BEGIN
                INSERT INTO foods_fts (foods_fts, rowid, name) VALUES ('delete', old.rowid, old.name);
            END;
            CREATE TRIGGER foods_fts_update AFTER UPDATE OF name ON foods BEGIN
                INSERT INTO foods_fts (foods_fts, rowid, name) VALUES ('delete', old.rowid, old.name);
                INSERT INTO foods_fts (rowid, name) VALUES (new.rowid, new.name);
            END;
            CREATE TABLE food_favorites (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                food_id TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX food_favorites_owner ON food_favorites (owner_id, food_id);
            CREATE TABLE diet_entries (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                day TEXT NOT NULL,
                meal TEXT NOT NULL,
                food_id TEXT,
                name TEXT NOT NULL,
                grams REAL,
                amount_text TEXT NOT NULL,
                kcal REAL NOT NULL,
                protein_g REAL NOT NULL,
                carbs_g REAL NOT NULL,
                fat_g REAL NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX diet_entries_owner_day ON diet_entries (owner_id, day);
            CREATE INDEX diet_entries_owner_food ON diet_entries (owner_id, food_id, created_at);
            CREATE TABLE nutrition_goals (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                kcal REAL NOT NULL,
                protein_g REAL NOT NULL,
                carbs_g REAL NOT NULL,
                fat_g REAL NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX nutrition_goals_owner ON nutrition_goals (owner_id);
            CREATE TABLE weights (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                taken_at INTEGER NOT NULL,
                kg REAL NOT NULL,
                fat_percent REAL,
                muscle_kg REAL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX weights_owner_taken ON weights (owner_id, taken_at);
            """),
        Migration("0006_workouts", """
            CREATE TABLE workouts (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                started_at INTEGER NOT NULL,
                kind TEXT NOT NULL,
                title TEXT,
                notes TEXT,
                duration_min REAL,
                felt INTEGER,
                wod TEXT,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX workouts_owner_started ON workouts (owner_id, started_at);
            CREATE TABLE workout_sets (
                workout_id TEXT NOT NULL REFERENCES workouts (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                exercise TEXT NOT NULL,
                weight_kg REAL,
                reps INTEGER,
                seconds REAL,
                metres REAL,
                calories REAL,
                warmup INTEGER NOT NULL DEFAULT 0,
                rpe REAL,
                rir INTEGER,
                PRIMARY KEY (workout_id, position)
            );
            CREATE TABLE workout_settings (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                weekly_sessions INTEGER NOT NULL,
                monthly_sessions INTEGER,
                monthly_minutes INTEGER,
                plan TEXT NOT NULL DEFAULT '{}',
                display_unit TEXT NOT NULL DEFAULT 'kg',
                one_rep_max_formula TEXT NOT NULL DEFAULT 'epley',
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX workout_settings_owner ON workout_settings (owner_id);
            CREATE TABLE custom_exercises (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                name TEXT NOT NULL,
                measure TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX custom_exercises_owner ON custom_exercises (owner_id);
            CREATE TABLE supplements (
                id TEXT PRIMARY KEY NOT NULL,
                owner_id TEXT NOT NULL,
                name TEXT NOT NULL,
                amount REAL NOT NULL,
                unit TEXT NOT NULL,
                times TEXT NOT NULL,
                weekdays TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX supplements_owner ON supplements (owner_id);
            CREATE TABLE supplement_intakes (
                id TEXT PRIMARY KEY NOT NULL,
                supplement_id TEXT NOT NULL REFERENCES supplements (id) ON DELETE CASCADE,
                owner_id TEXT NOT NULL,
                day TEXT NOT NULL,
                slot_minutes INTEGER,
                taken_at INTEGER NOT NULL,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted_at INTEGER
            );
            CREATE INDEX supplement_intakes_owner_day ON supplement_intakes (owner_id, day);
            """),
        Migration("0007_couple", """
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
            """),
        Migration("0008_notifications", """
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
            """),
    ]

    public static var migrator: Migrator { Migrator(all) }
}
