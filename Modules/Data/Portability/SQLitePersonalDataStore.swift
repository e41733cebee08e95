import FoundationEssentials
import Core
import Domain

/// A person's data in SQLite, as a whole: the export zip (`+Export`), its import (`+Import`) and
/// erasure (`+Erase`). Every kind of record comes from `SyncSchema`, so a table that syncs is
/// exported, imported and erased without a list of its own.
public final class SQLitePersonalDataStore: PersonalDataStore, @unchecked Sendable {
    let database: any SQLDatabase
    let clock: any Clock
    /// The quests' texts, for the titles in the export's Markdown.
    let questContent: (any QuestContentSource)?

    public init(database: any SQLDatabase, clock: any Clock, questContent: (any QuestContentSource)? = nil) {
        self.database = database
        self.clock = clock
        self.questContent = questContent
    }
}
