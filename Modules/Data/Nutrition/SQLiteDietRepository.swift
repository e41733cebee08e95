import FoundationEssentials
import Core
import Domain

/// Diet entries in `diet_entries`, goals in `nutrition_goals`.
public struct SQLiteDietRepository: DietRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func insert(_ entry: DietEntry) throws {
        try database.execute(
            """
            INSERT INTO diet_entries (id, owner_id, day, meal, food_id, name, grams, amount_text, kcal, protein_g, carbs_g, fat_g,
                created_at, updated_at, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [.text(entry.id), .text(entry.ownerID), .text(entry.date.description), .text(entry.meal.rawValue), entry.foodID.sqlValue,
             .text(entry.name), entry.grams.sqlValue, .text(entry.amountText), .real(entry.macros.kcal), .real(entry.macros.protein),
             .real(entry.macros.carbs), .real(entry.macros.fat), entry.createdAt.sqlValue, entry.updatedAt.sqlValue,
             entry.deletedAt.sqlValue])
    }

    /// Saves every field that can change (only the owner's entry changes).
    public func update(_ entry: DietEntry) throws {
        try database.execute(
            """
            UPDATE diet_entries SET day = ?, meal = ?, food_id = ?, name = ?, grams = ?, amount_text = ?, kcal = ?, protein_g = ?,
                carbs_g = ?, fat_g = ?, updated_at = ?, deleted_at = ? WHERE id = ? AND owner_id = ?
            """,
            [.text(entry.date.description), .text(entry.meal.rawValue), entry.foodID.sqlValue, .text(entry.name), entry.grams.sqlValue,
             .text(entry.amountText), .real(entry.macros.kcal), .real(entry.macros.protein), .real(entry.macros.carbs),
             .real(entry.macros.fat), entry.updatedAt.sqlValue, entry.deletedAt.sqlValue, .text(entry.id), .text(entry.ownerID)])
    }

    public func entry(id: String, ownerID: String) throws -> DietEntry? {
        try database.queryOne("SELECT * FROM diet_entries WHERE id = ? AND owner_id = ? AND deleted_at IS NULL",
                              [.text(id), .text(ownerID)]).map(Self.decode)
    }

    /// By day, then as logged: entries made in the same millisecond (a copied meal) keep the
    /// order they were added in (the rowid), not the random order of their ids' tails.
    public func entries(ownerID: String, from: LocalDate, through: LocalDate) throws -> [DietEntry] {
        try database.query(
            "SELECT * FROM diet_entries WHERE owner_id = ? AND day >= ? AND day <= ? AND deleted_at IS NULL "
                + "ORDER BY day, created_at, rowid",
            [.text(ownerID), .text(from.description), .text(through.description)]).map(Self.decode)
    }

    /// The live goals, from the index of 0021 in its order (no sort).
    static let currentGoals = "SELECT * FROM nutrition_goals WHERE owner_id = ? AND deleted_at IS NULL ORDER BY created_at LIMIT 1"

    public func goals(ownerID: String) throws -> NutritionGoals? {
        try database.queryOne(Self.currentGoals, [.text(ownerID)]).map { row in
            NutritionGoals(kcal: try row.get("kcal"), protein: try row.get("protein_g"), carbs: try row.get("carbs_g"),
                           fat: try row.get("fat_g"))
        }
    }

    public func saveGoals(_ goals: NutritionGoals, ownerID: String, at date: Date) throws {
        if let row = try database.queryOne(
            "SELECT id FROM nutrition_goals WHERE owner_id = ? AND deleted_at IS NULL ORDER BY created_at LIMIT 1",
            [.text(ownerID)]) {
            try database.execute("UPDATE nutrition_goals SET kcal = ?, protein_g = ?, carbs_g = ?, fat_g = ?, updated_at = ? WHERE id = ?",
                                 [.real(goals.kcal), .real(goals.protein), .real(goals.carbs), .real(goals.fat), date.sqlValue,
                                  .text(try row.get("id"))])
        } else {
            try database.execute(
                "INSERT INTO nutrition_goals (id, owner_id, kcal, protein_g, carbs_g, fat_g, created_at, updated_at) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [.text(UUIDv7.makeString(at: date)), .text(ownerID), .real(goals.kcal), .real(goals.protein), .real(goals.carbs),
                 .real(goals.fat), date.sqlValue, date.sqlValue])
        }
    }

    static func decode(_ row: Row) throws -> DietEntry {
        guard let date = LocalDate(try row.get("day", as: String.self)), let meal = Meal(rawValue: try row.get("meal")) else {
            throw AppError(.internalFailure, code: "database_error", "a stored diet entry has a bad day or meal")
        }
        return DietEntry(id: try row.get("id"), ownerID: try row.get("owner_id"), date: date, meal: meal, foodID: try row.get("food_id"),
                         name: try row.get("name"), grams: try row.get("grams"), amountText: try row.get("amount_text"),
                         macros: Macros(kcal: try row.get("kcal"), protein: try row.get("protein_g"), carbs: try row.get("carbs_g"),
                                        fat: try row.get("fat_g")),
                         createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"), deletedAt: try row.get("deleted_at"))
    }
}

/// Weighings in `weights`.
public struct SQLiteWeightRepository: WeightRepository {
    let database: any SQLDatabase

    public init(database: any SQLDatabase) {
        self.database = database
    }

    public func insert(_ entry: WeightEntry) throws {
        try database.execute(
            "INSERT INTO weights (id, owner_id, taken_at, kg, fat_percent, muscle_kg, created_at, updated_at) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [.text(entry.id), .text(entry.ownerID), entry.takenAt.sqlValue, .real(entry.kilograms), entry.fatPercent.sqlValue,
             entry.muscleKilograms.sqlValue, entry.createdAt.sqlValue, entry.updatedAt.sqlValue])
    }

    public func entries(ownerID: String) throws -> [WeightEntry] {
        try database.query("SELECT * FROM weights WHERE owner_id = ? AND deleted_at IS NULL ORDER BY taken_at, id",
                           [.text(ownerID)]).map { row in
            WeightEntry(id: try row.get("id"), ownerID: try row.get("owner_id"), takenAt: try row.get("taken_at"),
                        kilograms: try row.get("kg"),
                        fatPercent: try row.get("fat_percent"), muscleKilograms: try row.get("muscle_kg"),
                        createdAt: try row.get("created_at"), updatedAt: try row.get("updated_at"))
        }
    }

    public func markDeleted(id: String, ownerID: String, at date: Date) throws -> Bool {
        try database.execute("UPDATE weights SET deleted_at = ?, updated_at = ? WHERE id = ? AND owner_id = ? AND deleted_at IS NULL",
                             [date.sqlValue, date.sqlValue, .text(id), .text(ownerID)])
        return database.changes > 0
    }
}
