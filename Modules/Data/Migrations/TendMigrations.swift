/// Every migration of Tend's database, in order. Append only: a landed migration never changes.
public enum TendMigrations {
    public static let all: [Migration] = [insulin, accounts, quests, activities, nutrition, workouts, couple, notifications, foodSearch, sync, clientThrottles, insulinStatusIndex, sessionKinds, nightscout, glucoseSync, nightscoutPull, nightscoutOrder, insulinSettingsOrder, foodSearchFolded, questReminderSwitch, readOrder, coupleDates, coupleMarks, bridgeCache]

    public static var migrator: Migrator { Migrator(all) }
}
