import FoundationEssentials
import Console
import Core
import Domain

/// What the food, diet and weight commands work with.
public struct NutritionContext: Sendable {
    public let nutrition: NutritionUseCases
    public let body: BodyUseCases
    public let ownerID: String
    /// Where the USDA table is when `import-usda` is given no path.
    public let defaultUSDAPath: String?
    /// The shared tables' loader; without it `import-usda` loads the USDA table alone.
    public let foodTables: FoodTableUseCases?
    /// The Korean table's folder (`Resources/Foods`), loaded with the USDA table.
    public let koreanFoodsPath: String?
    /// Finds a diet entry by what a person typed: its id, its handle or `last`.
    public let ids: RecordIDs

    public init(nutrition: NutritionUseCases, body: BodyUseCases, ownerID: String, ids: RecordIDs, defaultUSDAPath: String?,
                foodTables: FoodTableUseCases? = nil, koreanFoodsPath: String? = nil) {
        self.nutrition = nutrition
        self.body = body
        self.ownerID = ownerID
        self.ids = ids
        self.defaultUSDAPath = defaultUSDAPath
        self.foodTables = foodTables
        self.koreanFoodsPath = koreanFoodsPath
    }
}

/// `tend food`, `tend diet` and `tend weight`.
public enum NutritionCommands {
    public typealias ContextProvider = @Sendable (Invocation) throws -> NutritionContext

    public static func make(context: @escaping ContextProvider) -> [Command] {
        [FoodCommands(makeContext: context).group, DietCommands(makeContext: context).group, WeightCommands(makeContext: context).group]
    }
}

enum NutritionInput {
    /// `YYYY-MM-DD`, `today` or `yesterday`.
    static func date(_ text: String, today: LocalDate) -> LocalDate? {
        switch text.lowercased() {
        case "today": today
        case "yesterday": today.adding(days: -1)
        default: LocalDate(text)
        }
    }

    static func meal(_ invocation: Invocation, _ name: String = "meal") throws -> Meal {
        try invocation.argument(name, expected: "breakfast, lunch, dinner or snack") { Meal(word: $0) }!
    }

    /// `72.5kg`, `160lb`, or a bare `72.5` in the person's unit; in kilograms.
    static func kilograms(_ text: String, unit: WeightUnit) -> Double? {
        let lower = text.lowercased().trimmed
        var written = unit
        var digits = lower
        for (suffix, suffixUnit) in [("lbs", WeightUnit.lb), ("lb", .lb), ("kg", .kg)] where lower.hasSuffix(suffix) {
            written = suffixUnit
            digits = String(lower.dropLast(suffix.count)).trimmed
            break
        }
        return Double(digits).flatMap { $0.isFinite ? written.kilograms($0) : nil }
    }

    static func number(_ text: String) -> Double? { Double(text).flatMap { $0.isFinite ? $0 : nil } }
}
