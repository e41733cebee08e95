import FoundationEssentials
import Core

public enum Meal: String, Sendable, Codable, CaseIterable {
    case breakfast, lunch, dinner, snack

    public init?(word: String) {
        switch word.lowercased() {
        case "breakfast", "아침": self = .breakfast
        case "lunch", "점심": self = .lunch
        case "dinner", "저녁": self = .dinner
        case "snack", "snacks", "간식": self = .snack
        default: return nil
        }
    }
}

/// One logged food: what was eaten, how much, and its energy and macros at the time.
public struct DietEntry: Sendable, Equatable, Identifiable {
    public let id: String
    public let ownerID: String
    public var date: LocalDate
    public var meal: Meal
    /// nil for a quick-add of bare calories.
    public var foodID: String?
    public var name: String
    public var grams: Double?
    /// How it was said: "1 cup", "40g", "250kcal".
    public var amountText: String
    public var macros: Macros
    public let createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?

    public init(id: String, ownerID: String, date: LocalDate, meal: Meal, foodID: String?, name: String, grams: Double?,
                amountText: String, macros: Macros, createdAt: Date, updatedAt: Date, deletedAt: Date? = nil) {
        self.id = id
        self.ownerID = ownerID
        self.date = date
        self.meal = meal
        self.foodID = foodID
        self.name = name
        self.grams = grams
        self.amountText = amountText
        self.macros = macros
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }
}

/// Daily goals: kcal and the three macros in grams.
public struct NutritionGoals: Sendable, Equatable {
    public var kcal: Double
    public var protein: Double
    public var carbs: Double
    public var fat: Double

    public init(kcal: Double, protein: Double, carbs: Double, fat: Double) {
        self.kcal = kcal
        self.protein = protein
        self.carbs = carbs
        self.fat = fat
    }

    /// 2000 kcal split 20 % protein, 50 % carbs, 30 % fat.
    public static let standard = NutritionGoals(kcal: 2000, protein: 100, carbs: 250, fat: 2000 * 0.3 / 9)

    public var macros: Macros { Macros(kcal: kcal, protein: protein, carbs: carbs, fat: fat) }
}

public protocol DietRepository: Sendable {
    func insert(_ entry: DietEntry) throws
    func update(_ entry: DietEntry) throws
    func entry(id: String, ownerID: String) throws -> DietEntry?
    func entries(ownerID: String, from: LocalDate, through: LocalDate) throws -> [DietEntry]
    func goals(ownerID: String) throws -> NutritionGoals?
    func saveGoals(_ goals: NutritionGoals, ownerID: String, at date: Date) throws
}
