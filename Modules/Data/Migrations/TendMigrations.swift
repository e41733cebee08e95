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
    ]

    public static var migrator: Migrator { Migrator(all) }
}
