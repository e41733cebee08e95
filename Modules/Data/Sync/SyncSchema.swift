import FoundationEssentials

/// Which tables sync and how their columns travel. The triggers of `0010_sync` are generated from
/// `SyncSchema.tables`, so it must describe the tables as they are at that migration; a table
/// that joins sync later is in `SyncSchema.later`, beside the migration that installs its
/// triggers from the same entry (`0015_glucose_sync`), and must describe the table as it is there. A later migration that
/// adds a column to a synced table first freezes 0010 (the table's shape then kept in
/// `SyncSchema.asOf0010`, so a fresh database still runs the same 0010; a test holds 0010's
/// fingerprint), then adds the column here and re-creates that table's triggers. A change to a
/// parent's children (a child table, or a child's column) also re-creates PostgreSQL's
/// `sync_dirty_record()` (`pg_0004_sync_dirty_at_commit`, made from these entries; a test holds
/// its fingerprint), which records a dirty parent's children at COMMIT.
///
/// Every synced table has a UUIDv7 `id`, an `owner_id` (never sent: the server sets the account,
/// a device its local owner) and a soft delete `deleted_at` (sent as the change's operation, not
/// as a field). Child tables without ids of their own (a session's sets, a food's measures) travel
/// as one field of their parent: a JSON array of their rows.
public struct SyncTable: Sendable {
    public enum ColumnType: String, Sendable { case text = "TEXT", integer = "INTEGER", real = "REAL", blob = "BLOB" }

    public struct Column: Sendable {
        public let name: String
        public let type: ColumnType
        public let required: Bool
    }

    public struct Child: Sendable {
        /// The parent's field that carries the rows, e.g. `sets`.
        public let field: String
        public let table: String
        public let parentColumn: String
        public let orderBy: String
        public let columns: [Column]
    }

    public let name: String
    public let columns: [Column]
    /// One row per owner (settings, goals): on the wire its record id is `singleton`, and each
    /// side keeps its own row id.
    public let isSingleton: Bool
    /// Rows with a NULL owner are shared reference data (the USDA foods) and never sync.
    public let ownerOptional: Bool
    public let children: [Child]

    public static let singletonRecordID = "singleton"

    public func column(_ name: String) -> Column? { columns.first { $0.name == name } }
    public func child(_ field: String) -> Child? { children.first { $0.field == field } }
}

public enum SyncSchema {
    /// The tables `0010_sync` made triggers for, parents before children (the order a first push
    /// sends them in). Never add to it: 0010's SQL is generated from it (a new table goes in `later`).
    public static let tables: [SyncTable] = [
        table("insulin_settings", "long_name:T! long_units:R! rapid_name:T! rapid_units:R! day_start_minutes:I! time_zone:T! "
              + "long_guard_minutes:I! rapid_window_minutes:I! reminder_minutes:I! created_at:I! updated_at:I!", singleton: true),
        table("insulin_doses", "kind:T! units:R! taken_at:I! note:T created_at:I! updated_at:I!"),
        table("quest_journeys", "style:T! nickname:T! feeling:T! pace_days:I! time_zone:T! started_at:I! completed_at:I "
              + "created_at:I! updated_at:I!"),
        table("quest_entries", "journey_id:T! quest_number:I! answer:T reflection:T felt:T completed_at:I! created_at:I! updated_at:I!"),
        questSettings,
        table("activities", "kind:T! name:T started_at:I! duration_s:R! moving_time_s:R distance_m:R! elevation_gain_m:R "
              + "elevation_loss_m:R source:T! track:B created_at:I! updated_at:I!"),
        table("places", "name:T! latitude:R! longitude:R! elevation:R created_at:I! updated_at:I!"),
        table("foods", "source:T! name:T! food_group:I kcal:R! protein_g:R! carbs_g:R! fat_g:R! rank_penalty:R! head:T! "
              + "created_at:I! updated_at:I! name_en:T name_ko:T search_terms:T head2:T heads_ko:T", ownerOptional: true,
              children: [
                child("measures", "food_measures", parent: "food_id", orderBy: "position", "position:I! amount:R! name:T! grams:R!"),
                child("nutrients", "food_nutrients", parent: "food_id", orderBy: "name", "name:T! amount:R! unit:T"),
              ]),
        table("food_favorites", "food_id:T! created_at:I! updated_at:I!"),
        table("diet_entries", "day:T! meal:T! food_id:T name:T! grams:R amount_text:T! kcal:R! protein_g:R! carbs_g:R! fat_g:R! "
              + "created_at:I! updated_at:I!"),
        table("nutrition_goals", "kcal:R! protein_g:R! carbs_g:R! fat_g:R! created_at:I! updated_at:I!", singleton: true),
        table("weights", "taken_at:I! kg:R! fat_percent:R muscle_kg:R created_at:I! updated_at:I!"),
        table("workouts", "started_at:I! kind:T! title:T notes:T duration_min:R felt:I wod:T created_at:I! updated_at:I!",
              children: [
                child("sets", "workout_sets", parent: "workout_id", orderBy: "position",
                      "position:I! exercise:T! weight_kg:R reps:I seconds:R metres:R calories:R warmup:I! rpe:R rir:I"),
              ]),
        table("workout_settings", "weekly_sessions:I! monthly_sessions:I monthly_minutes:I plan:T! display_unit:T! "
              + "one_rep_max_formula:T! created_at:I! updated_at:I!", singleton: true),
        table("custom_exercises", "name:T! measure:T! created_at:I! updated_at:I!"),
        table("supplements", "name:T! amount:R! unit:T! times:T! weekdays:T! created_at:I! updated_at:I!"),
        table("supplement_intakes", "supplement_id:T! day:T! slot_minutes:I taken_at:I! created_at:I! updated_at:I!"),
    ]

    /// The quest reminder's time and, since `0020_quest_reminder_switch`, its switch (optional:
    /// a change or an archive from before it leaves it out, and the row keeps it on).
    static let questSettings = table("quest_settings", "reminder_minutes:I! reminder_enabled:I created_at:I! updated_at:I!",
                                     singleton: true)

    /// `tables` as `0010_sync` made their triggers and history from them, so that its SQL stays as
    /// it landed: a table a later migration changed is here in its shape before that migration.
    static var asOf0010: [SyncTable] { tables.map { shapesAt0010[$0.name] ?? $0 } }

    private static let shapesAt0010 = [
        "quest_settings": table("quest_settings", "reminder_minutes:I! created_at:I! updated_at:I!", singleton: true),
    ]

    /// Glucose readings (`0015_glucose_sync`). A reading is the one of its time and type, whichever
    /// device imported it: when two live ones meet, the smaller id is kept (`SQLiteSyncStore.settleReadings`).
    public static let glucoseReadings = table(
        "glucose_readings", "ns_id:T! date:I! type:T! mgdl:R source:T! document:T! created_at:I! updated_at:I!")

    /// Tables that joined sync after 0010, each with its own migration.
    public static let later: [SyncTable] = [glucoseReadings]

    /// Every synced table: what a change may name.
    public static var all: [SyncTable] { tables + later }

    private static let byName = Dictionary(uniqueKeysWithValues: (tables + later).map { ($0.name, $0) })

    public static func table(named name: String) -> SyncTable? { byName[name] }

    /// The child table → its parent table, for the child triggers.
    static var childParents: [(child: SyncTable.Child, parent: SyncTable)] {
        tables.flatMap { parent in parent.children.map { ($0, parent) } }
    }

    private static func table(_ name: String, _ columns: String, singleton: Bool = false, ownerOptional: Bool = false,
                              children: [SyncTable.Child] = []) -> SyncTable {
        SyncTable(name: name, columns: parse(columns), isSingleton: singleton, ownerOptional: ownerOptional, children: children)
    }

    private static func child(_ field: String, _ table: String, parent: String, orderBy: String, _ columns: String) -> SyncTable.Child {
        SyncTable.Child(field: field, table: table, parentColumn: parent, orderBy: orderBy, columns: parse(columns))
    }

    /// `name:T!` — T text, I integer, R real, B blob; `!` not null.
    private static func parse(_ text: String) -> [SyncTable.Column] {
        text.split(separator: " ").map { item in
            let parts = item.split(separator: ":")
            let code = parts[1].filter { $0 != "!" }
            let type: SyncTable.ColumnType = switch code {
            case "I": .integer
            case "R": .real
            case "B": .blob
            default: .text
            }
            return SyncTable.Column(name: String(parts[0]), type: type, required: parts[1].hasSuffix("!"))
        }
    }
}
