import FoundationEssentials
import Core

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

/// A food of a shared table (USDA SR24, the Korean table; read-only) or a person's own.
public struct Food: Sendable, Equatable, Identifiable {
    public enum Source: String, Sendable, Codable {
        case usda, custom, korean
    }

    /// `usda:01001` for the USDA table, `kr:kr0001` for the Korean table, `custom:<uuid>` for one's own.
    public let id: String
    /// nil for the shared tables.
    public let ownerID: String?
    /// The name in the table's own language: English for USDA, Korean (배추김치) for the Korean table.
    public var name: String
    public var source: Source
    public var per100g: Macros
    public var measures: [FoodMeasure]
    public var isFavorite: Bool
    /// The Korean name: a Korean food's own, or the first Korean name of a USDA staple (바나나).
    public var nameKo: String?
    /// The English name of a Korean food (a USDA food's `name` is already English).
    public var nameEn: String?

    public init(id: String, ownerID: String?, name: String, source: Source, per100g: Macros, measures: [FoodMeasure],
                isFavorite: Bool = false, nameKo: String? = nil, nameEn: String? = nil) {
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.source = source
        self.per100g = per100g
        self.measures = measures
        self.isFavorite = isFavorite
        self.nameKo = nameKo
        self.nameEn = nameEn
    }

    /// The ids of the shared tables and of one's own foods start with one of these.
    public static let idPrefixes = ["usda:", "kr:", "custom:"]

    /// Whether `reference` is a food id rather than words to search for.
    public static func isID(_ reference: String) -> Bool { idPrefixes.contains { reference.hasPrefix($0) } }

    /// The name to show in `language` ("en" or "ko"): the Korean name in Korean when there is
    /// one, else the English one when there is one, else the stored name.
    public func displayName(language: String) -> String {
        language == "ko" ? (nameKo ?? name) : (source == .korean ? (nameEn ?? name) : name)
    }

    /// The other language's name, shown beside the display name, or nil.
    public func otherName(language: String) -> String? {
        let shown = displayName(language: language)
        let other = language == "ko" ? (source == .korean ? nameEn : name) : nameKo
        return other == shown ? nil : other
    }
}

/// One nutrient of a food per 100 g, with its unit (g, mg, µg, kcal, IU).
public struct FoodNutrient: Sendable, Equatable, Codable {
    public let name: String
    public let amount: Double
    public let unit: String

    public init(name: String, amount: Double, unit: String? = nil) {
        self.name = name
        self.amount = amount
        self.unit = unit ?? Self.unit(of: name)
    }

    /// The unit of each nutrient the tables name: the USDA SR24 table of Debian's cronometer
    /// package names its nutrients in cronometer's vocabulary, whose units are those of
    /// cronometer's `nutrients.xml` (the SR nutrient definitions: Vitamin A and D in IU). The
    /// Korean table uses the same names for what it carries.
    public static let units: [String: String] = {
        var units: [String: String] = ["Energy": "kcal", "Caffeine": "mg", "Calcium": "mg", "Copper": "mg", "Iron": "mg",
                                       "Magnesium": "mg", "Manganese": "mg", "Phosphorus": "mg", "Potassium": "mg", "Sodium": "mg",
                                       "Zinc": "mg", "Vitamin A": "IU", "Vitamin D": "IU", "B1 (Thiamine)": "mg",
                                       "B2 (Riboflavin)": "mg", "B3 (Niacin)": "mg", "B5 (Pantothenic Acid)": "mg",
                                       "B6 (Pyridoxine)": "mg", "Vitamin C": "mg", "Vitamin E": "mg", "Beta Tocopherol": "mg",
                                       "Delta Tocopherol": "mg", "Gamma Tocopherol": "mg", "Choline": "mg", "Cholesterol": "mg",
                                       "Phytosterol": "mg"]
        for name in ["Chromium", "Fluoride", "Selenium", "Retinol", "Alpha-carotene", "Beta-carotene", "Beta-cryptoxanthin",
                     "Lycopene", "Lutein+Zeaxanthin", "Folate", "B12 (Cyanocobalamin)", "Vitamin K", "Biotin"] {
            units[name] = "µg"
        }
        return units
    }()

    /// Grams unless the table above says otherwise (macronutrients, water, fatty and amino acids).
    public static func unit(of name: String) -> String { units[name] ?? "g" }
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

/// The Korean table (`Resources/Foods`): Korean dishes and staples, and Korean names of USDA staples.
public struct KoreanFoodTable: Sendable, Equatable {
    public let foods: [KoreanFood]
    /// USDA NDB id (`09040`) → its Korean names (바나나), the first one shown.
    public let usdaNames: [String: [String]]
    /// Changes whenever either file changes: a load is skipped when this version is in place.
    public let version: String
    /// Lines that could not be read ("korean-foods.tsv:12"), skipped and named.
    public let skipped: [String]

    public init(foods: [KoreanFood], usdaNames: [String: [String]], version: String, skipped: [String] = []) {
        self.foods = foods
        self.usdaNames = usdaNames
        self.version = version
        self.skipped = skipped
    }
}

/// One row of `korean-foods.tsv`: nutrients per 100 g, one serving in both languages.
public struct KoreanFood: Sendable, Equatable {
    public let code: String
    public let nameKo: String
    public let nameEn: String
    public let servingKo: String
    public let servingEn: String
    public let servingGrams: Double
    public let per100g: Macros
    public let sugar: Double?
    public let fiber: Double?
    public let sodium: Double?

    public init(code: String, nameKo: String, nameEn: String, servingKo: String, servingEn: String, servingGrams: Double,
                per100g: Macros, sugar: Double?, fiber: Double?, sodium: Double?) {
        self.code = code
        self.nameKo = nameKo
        self.nameEn = nameEn
        self.servingKo = servingKo
        self.servingEn = servingEn
        self.servingGrams = servingGrams
        self.per100g = per100g
        self.sugar = sugar
        self.fiber = fiber
        self.sodium = sodium
    }

    /// `kr:kr0001`.
    public var id: String { "kr:" + code }

    /// Every nutrient the table gives, in the names and units of the USDA table.
    public var nutrients: [FoodNutrient] {
        var list = [FoodNutrient(name: "Energy", amount: per100g.kcal), FoodNutrient(name: "Protein", amount: per100g.protein),
                    FoodNutrient(name: "Carbs", amount: per100g.carbs), FoodNutrient(name: "Fat", amount: per100g.fat)]
        if let sugar { list.append(FoodNutrient(name: "Sugars", amount: sugar)) }
        if let fiber { list.append(FoodNutrient(name: "Fiber", amount: fiber)) }
        if let sodium { list.append(FoodNutrient(name: "Sodium", amount: sodium)) }
        return list
    }

    /// The serving as measures, Korean first then English: "1인분" → (1, 인분), "1 bowl" → (1, bowl).
    public var measures: [FoodMeasure] {
        var result: [FoodMeasure] = []
        for text in [servingKo, servingEn] where !text.isEmpty {
            let measure = FoodMeasure.parse(text, grams: servingGrams)
            if !result.contains(measure) { result.append(measure) }
        }
        return result
    }
}

extension FoodMeasure {
    /// A serving as written ("1 bowl", "1공기", "½ cup"): its leading number becomes the amount.
    public static func parse(_ text: String, grams: Double) -> FoodMeasure {
        let text = text.trimmed
        let numberEnd = text.firstIndex { !($0.isASCII && ($0.isNumber || $0 == ".")) } ?? text.endIndex
        let name = String(text[numberEnd...]).trimmed
        if let amount = Double(text[..<numberEnd]), amount > 0, !name.isEmpty {
            return FoodMeasure(amount: amount, name: name, grams: grams)
        }
        return FoodMeasure(amount: 1, name: text, grams: grams)
    }
}

/// The shared tables' bookkeeping and the Korean table's rows: what `tend food import-usda`
/// needs beyond `FoodRepository`.
public protocol FoodTableRepository: Sendable {
    /// The version of the shared table `source` in place (nil: never loaded).
    func tableVersion(_ source: Food.Source) throws -> String?
    func recordTable(_ source: Food.Source, version: String, foods: Int) throws
    /// Adds or replaces the Korean foods; Korean foods no longer in the table are removed.
    func upsertKorean(_ foods: [KoreanFood]) throws
    /// Sets the Korean names of USDA foods (replacing earlier ones); returns how many foods got one.
    func applyKoreanNames(_ names: [String: [String]]) throws -> Int
    /// Every nutrient of a food with its unit, in the table's order.
    func nutrientList(foodID: String) throws -> [FoodNutrient]
    /// What the repository derives from a food when it stores it (search terms, ranking): when
    /// this changes, `--if-empty` loads the tables again.
    var indexVersion: String { get }
}

/// Reads the Korean table from its folder (`korean-foods.tsv`, `usda-korean-names.tsv`).
public protocol KoreanFoodSource: Sendable {
    func read(folder: String) throws -> KoreanFoodTable
}

/// Reads the USDA SR24 table (the zip shipped in Debian's cronometer package, or its folder).
public protocol USDASource: Sendable {
    /// Calls `body` with batches of foods; damaged entries are skipped and returned by name.
    func read(path: String, batch: ([ImportedFood]) throws -> Void) throws -> [String]
}
