/// Tables of activities, nutrition and workouts. Append only: a landed migration never changes.
extension TendMigrations {
    static let activities = Migration("0004_activities", """
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
            """)

    static let nutrition = Migration("0005_nutrition", """
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
            """)

    static let workouts = Migration("0006_workouts", """
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
            """)
}
