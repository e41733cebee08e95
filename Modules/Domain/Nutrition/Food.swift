import FoundationEssentials

/// A household measure of a food: "1 cup" weighs 227 g.
public struct FoodMeasure: Sendable, Equatable, Codable {
    public let amount: Double
    public let name: String
    public let grams: Double

    public init(amount: Double, name: String, grams: Double) {
        self.amount = amount
        self.name = name
        self.grams = grams
    }

    /// Grams of one unit of the measure ("1 cup" → 227; "2 slices" listed → half).
    public var gramsPerUnit: Double { amount > 0 ? grams / amount : grams }
}

/// Energy and the three macronutrients.
public struct Macros: Sendable, Equatable, Codable {
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

    public static let zero = Macros(kcal: 0, protein: 0, carbs: 0, fat: 0)

    public func scaled(_ factor: Double) -> Macros {
        Macros(kcal: kcal * factor, protein: protein * factor, carbs: carbs * factor, fat: fat * factor)
    }

    public static func + (lhs: Macros, rhs: Macros) -> Macros {
        Macros(kcal: lhs.kcal + rhs.kcal, protein: lhs.protein + rhs.protein, carbs: lhs.carbs + rhs.carbs, fat: lhs.fat + rhs.fat)
    }
}

/// A food of the USDA table (shared, read-only) or a person's own.
public struct Food: Sendable, Equatable, Identifiable {
    public enum Source: String, Sendable, Codable {
        case usda, custom
    }

    /// `usda:01001` for the USDA table, `custom:<uuid>` for one's own.
    public let id: String
    /// nil for the shared USDA table.
    public let ownerID: String?
    public var name: String
    public var source: Source
    public var per100g: Macros
    public var measures: [FoodMeasure]
    public var isFavorite: Bool

    public init(id: String, ownerID: String?, name: String, source: Source, per100g: Macros, measures: [FoodMeasure],
                isFavorite: Bool = false) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.source = source
        self.per100g = per100g
        self.measures = measures
        self.isFavorite = isFavorite
    }
}

/// A food as the USDA file describes it, with every nutrient it names (per 100 g).
public struct ImportedFood: Sendable, Equatable {
    public let uid: String
    public let name: String
    public let measures: [FoodMeasure]
    public let nutrients: [(name: String, amount: Double)]

    public init(uid: String, name: String, measures: [FoodMeasure], nutrients: [(name: String, amount: Double)]) {
        self.uid = uid
        self.name = name
        self.measures = measures
        self.nutrients = nutrients
    }

    public static func == (lhs: ImportedFood, rhs: ImportedFood) -> Bool {
        lhs.uid == rhs.uid && lhs.name == rhs.name && lhs.measures == rhs.measures
            && lhs.nutrients.map(\.name) == rhs.nutrients.map(\.name) && lhs.nutrients.map(\.amount) == rhs.nutrients.map(\.amount)
    }

    public func nutrient(_ name: String) -> Double? { nutrients.first { $0.name == name }?.amount }

    public var per100g: Macros {
        Macros(kcal: nutrient("Energy") ?? 0, protein: nutrient("Protein") ?? 0, carbs: nutrient("Carbs") ?? 0, fat: nutrient("Fat") ?? 0)
    }
}

public protocol FoodRepository: Sendable {
    /// Adds or replaces USDA foods (with every nutrient), in one transaction of the caller.
    func upsert(_ foods: [ImportedFood]) throws
    func saveCustom(_ food: Food) throws
    /// A food visible to the owner: USDA or theirs.
    func food(id: String, ownerID: String) throws -> Food?
    func nutrients(foodID: String) throws -> [(name: String, amount: Double)]
    /// Full-text search; every word must match as a prefix. Ranked: favourites and recent foods
    /// first, then by relevance with plain whole foods before branded and composite entries.
    func search(_ query: String, ownerID: String, limit: Int) throws -> [Food]
    func setFavorite(_ favorite: Bool, foodID: String, ownerID: String) throws
    func count(source: Food.Source) throws -> Int
}

/// Reads the USDA SR24 table (the zip shipped in Debian's cronometer package, or its folder).
public protocol USDASource: Sendable {
    /// Calls `body` with batches of foods; damaged entries are skipped and returned by name.
    func read(path: String, batch: ([ImportedFood]) throws -> Void) throws -> [String]
}
