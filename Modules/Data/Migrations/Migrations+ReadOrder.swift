/// The settings rows and the training history read from indexes in their order. Append only: a
/// landed migration never changes.
extension TendMigrations {
    /// 0018 did this for the insulin settings; the other settings are read the same way
    /// (`ORDER BY created_at LIMIT 1`) on every Today page, and each sorted its one row in a
    /// temporary b-tree. The workouts are read oldest first with the id breaking ties, which the
    /// owner/start index left to a sort of its own.
    static let readOrder = Migration("0021_read_order", """
            CREATE INDEX workout_settings_owner_created ON workout_settings (owner_id, created_at) WHERE deleted_at IS NULL;
            CREATE INDEX nutrition_goals_owner_created ON nutrition_goals (owner_id, created_at) WHERE deleted_at IS NULL;
            CREATE INDEX quest_settings_owner_created ON quest_settings (owner_id, created_at) WHERE deleted_at IS NULL;
            CREATE INDEX workouts_owner_live_started ON workouts (owner_id, started_at, id) WHERE deleted_at IS NULL;
            """)
}
