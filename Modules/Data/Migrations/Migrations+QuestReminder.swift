/// The quest reminder can be switched off. Append only: a landed migration never changes.
extension TendMigrations {
    /// `quest_settings.reminder_enabled`: 1 on (every row so far), 0 off. Nullable with a default,
    /// as a synced table's later column must be: a row imported or pulled from before it existed
    /// leaves it NULL, and NULL reads as on. The table's sync triggers are made again from its
    /// entry in `SyncSchema.tables`, so the switch travels as a field like the time
    /// (0010 made them from the shape frozen in `SyncSchema.asOf0010`).
    static let questReminderSwitch = Migration("0020_quest_reminder_switch", """
            ALTER TABLE quest_settings ADD COLUMN reminder_enabled INTEGER DEFAULT 1;
            DROP TRIGGER sync_quest_settings_insert;
            DROP TRIGGER sync_quest_settings_update;
            DROP TRIGGER sync_quest_settings_delete;

            """ + SyncTriggers.triggers(for: SyncSchema.questSettings))
}

extension PostgresMigrations {
    /// The same on PostgreSQL: one function and one trigger per table (the ALTER comes translated).
    static let questReminderSwitch = """
        DROP TRIGGER sync_quest_settings ON quest_settings;
        DROP FUNCTION sync_quest_settings_record();

        """ + PostgresSyncTriggers.triggers(for: SyncSchema.questSettings)
}
