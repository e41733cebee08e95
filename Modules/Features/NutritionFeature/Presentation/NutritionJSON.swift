import FoundationEssentials
import Core
import Domain


/// `{kcal, protein_g, carbs_g, fat_g}`.
public struct MacrosJSON: Encodable, Sendable {
    let kcal: Double
    let proteinG: Double
    let carbsG: Double
    let fatG: Double

    public init(_ macros: Macros) {
        kcal = round2(macros.kcal)
        proteinG = round2(macros.protein)
        carbsG = round2(macros.carbs)
        fatG = round2(macros.fat)
    }

    enum CodingKeys: String, CodingKey { case kcal, proteinG = "protein_g", carbsG = "carbs_g", fatG = "fat_g" }
}

/// A food in search results and details.
public struct FoodJSON: Encodable, Sendable {
    struct Measure: Encodable, Sendable {
        let name: String
        let grams: Double
    }

    let id: String
    let name: String
    let source: String
    let kcalPer100g: Double
    let proteinGPer100g: Double
    let carbsGPer100g: Double
    let fatGPer100g: Double
    let measures: [Measure]
    let favorite: Bool
    /// A Korean food's names, a USDA staple's Korean name; null when the food has none.
    let nameKo: String?
    let nameEn: String?

    public init(_ food: Food) {
        id = food.id
        name = food.name
        nameKo = food.nameKo
        nameEn = food.nameEn
        source = food.source.rawValue
        kcalPer100g = round2(food.per100g.kcal)
        proteinGPer100g = round2(food.per100g.protein)
        carbsGPer100g = round2(food.per100g.carbs)
        fatGPer100g = round2(food.per100g.fat)
        measures = food.measures.map { measure in
            let label = measure.amount == 1 ? measure.name : "\(formatAmount(measure.amount)) \(measure.name)"
            return Measure(name: label, grams: round2(measure.grams))
        }
        favorite = food.isFavorite
    }

    enum CodingKeys: String, CodingKey {
        case id, name, source, kcalPer100g = "kcal_per_100g", proteinGPer100g = "protein_g_per_100g"
        case carbsGPer100g = "carbs_g_per_100g", fatGPer100g = "fat_g_per_100g", measures, favorite, nameKo = "name_ko", nameEn = "name_en"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(source, forKey: .source)
        try container.encode(kcalPer100g, forKey: .kcalPer100g)
        try container.encode(proteinGPer100g, forKey: .proteinGPer100g)
        try container.encode(carbsGPer100g, forKey: .carbsGPer100g)
        try container.encode(fatGPer100g, forKey: .fatGPer100g)
        try container.encode(measures, forKey: .measures)
        try container.encode(favorite, forKey: .favorite)
        try container.encode(nameKo, forKey: .nameKo)
        try container.encode(nameEn, forKey: .nameEn)
    }
}

public struct FoodListJSON: Encodable, Sendable {
    let foods: [FoodJSON]
    public init(_ foods: [Food]) { self.foods = foods.map(FoodJSON.init) }
}

/// A food with every nutrient the table names, each with its unit (`{"name": "Sodium",
/// "amount": 43, "unit": "mg"}`).
public struct FoodDetailJSON: Encodable, Sendable {
    struct Nutrient: Encodable, Sendable {
        let name: String
        let amount: Double
        let unit: String
    }

    let food: FoodJSON
    let nutrients: [Nutrient]

    public init(_ food: Food, nutrients: [FoodNutrient]) {
        self.food = FoodJSON(food)
        self.nutrients = nutrients.map { Nutrient(name: $0.name, amount: $0.amount, unit: $0.unit) }
    }

    /// Nutrients without stored units take those of their names (`FoodNutrient.units`).
    public init(_ food: Food, nutrients: [(name: String, amount: Double)]) {
        self.init(food, nutrients: nutrients.map { FoodNutrient(name: $0.name, amount: $0.amount) })
    }

    enum CodingKeys: String, CodingKey { case food, nutrients }
}

/// One logged food.
public struct DietEntryJSON: Encodable, Sendable {
    let id: String
    let handle: String
    let date: String
    let meal: String
    let foodID: String?
    let name: String
    let amount: String
    let grams: Double?
    let kcal: Double
    let proteinG: Double
    let carbsG: Double
    let fatG: Double

    public init(_ entry: DietEntry) {
        id = entry.id
        handle = Handle.of(entry.id)
        date = entry.date.description
        meal = entry.meal.rawValue
        foodID = entry.foodID
        name = entry.name
        amount = entry.amountText
        grams = entry.grams.map(round2)
        kcal = round2(entry.macros.kcal)
        proteinG = round2(entry.macros.protein)
        carbsG = round2(entry.macros.carbs)
        fatG = round2(entry.macros.fat)
    }

    enum CodingKeys: String, CodingKey {
        case id, handle, date, meal, foodID = "food_id", name, amount, grams
        case kcal, proteinG = "protein_g", carbsG = "carbs_g", fatG = "fat_g"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(handle, forKey: .handle)
        try container.encode(date, forKey: .date)
        try container.encode(meal, forKey: .meal)
        try container.encode(foodID, forKey: .foodID)
        try container.encode(name, forKey: .name)
        try container.encode(amount, forKey: .amount)
        try container.encode(grams, forKey: .grams)
        try container.encode(kcal, forKey: .kcal)
        try container.encode(proteinG, forKey: .proteinG)
        try container.encode(carbsG, forKey: .carbsG)
        try container.encode(fatG, forKey: .fatG)
    }
}

/// `tend --json diet today`.
public struct DayJSON: Encodable, Sendable {
    let date: String
    let totals: MacrosJSON
    let goals: MacrosJSON
    let remainingKcal: Double
    let meals: [String: [DietEntryJSON]]

    public init(_ day: NutritionUseCases.Day) {
        date = day.date.description
        totals = MacrosJSON(day.totals)
        goals = MacrosJSON(day.goals.macros)
        remainingKcal = round2(day.remainingKcal)
        meals = Dictionary(uniqueKeysWithValues: Meal.allCases.map { ($0.rawValue, day.entries($0).map(DietEntryJSON.init)) })
    }

    enum CodingKeys: String, CodingKey { case date, totals, goals, remainingKcal = "remaining_kcal", meals }
}

/// `tend --json diet week`.
public struct WeekJSON: Encodable, Sendable {
    /// A day of the week: `totals` and `on_target` are null on a day with nothing logged (not 0 kcal eaten).
    struct Day: Encodable, Sendable {
        let date: String
        let totals: MacrosJSON?
        let onTarget: Bool?

        enum CodingKeys: String, CodingKey { case date, totals, onTarget = "on_target" }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(totals, forKey: .totals)
            try container.encode(onTarget, forKey: .onTarget)
        }
    }

    let days: [Day]
    /// Over the logged days; null when none was.
    let average: MacrosJSON?
    let goals: MacrosJSON
    let loggedDays: Int
    let daysOnTarget: Int

    public init(_ week: NutritionUseCases.Week) {
        days = week.days.map { day in
            let logged = day.totals.kcal > 0 // as `logged_days` counts them
            return Day(date: day.date.description, totals: logged ? MacrosJSON(day.totals) : nil,
                       onTarget: logged ? abs(day.totals.kcal - week.goals.kcal) <= week.goals.kcal * 0.1 : nil)
        }
        average = week.loggedDays == 0 ? nil : MacrosJSON(week.average)
        goals = MacrosJSON(week.goals.macros)
        loggedDays = week.loggedDays
        daysOnTarget = week.daysOnTarget
    }

    enum CodingKeys: String, CodingKey { case days, average, goals, loggedDays = "logged_days", daysOnTarget = "days_on_target" }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(days, forKey: .days)
        try container.encode(average, forKey: .average)
        try container.encode(goals, forKey: .goals)
        try container.encode(loggedDays, forKey: .loggedDays)
        try container.encode(daysOnTarget, forKey: .daysOnTarget)
    }
}

/// `tend --json weight trend`.
public struct TrendJSON: Encodable, Sendable {
    struct Entry: Encodable, Sendable {
        let date: String
        let kg: Double
        let trendKg: Double

        enum CodingKeys: String, CodingKey { case date, kg, trendKg = "trend_kg" }
    }

    let entries: [Entry]
    let weeklyChangeKg: Double?

    public init(_ trend: WeightTrend) {
        entries = trend.points.map { Entry(date: $0.date.description, kg: round2($0.kilograms), trendKg: round2($0.trend)) }
        weeklyChangeKg = trend.weeklyChange.map(round2)
    }

    enum CodingKeys: String, CodingKey { case entries, weeklyChangeKg = "weekly_change_kg" }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(weeklyChangeKg, forKey: .weeklyChangeKg)
    }
}

/// One weighing.
public struct WeightJSON: Encodable, Sendable {
    let id: String
    let handle: String
    let takenAt: String
    let kg: Double
    let fatPct: Double?
    let muscleKg: Double?

    public init(_ entry: WeightEntry, zone: TimeZone) {
        id = entry.id
        handle = Handle.of(entry.id)
        takenAt = ISO8601.format(entry.takenAt, in: zone)
        kg = round2(entry.kilograms)
        fatPct = entry.fatPercent.map(round2)
        muscleKg = entry.muscleKilograms.map(round2)
    }

    enum CodingKeys: String, CodingKey { case id, handle, takenAt = "taken_at", kg, fatPct = "fat_pct", muscleKg = "muscle_kg" }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(handle, forKey: .handle)
        try container.encode(takenAt, forKey: .takenAt)
        try container.encode(kg, forKey: .kg)
        try container.encode(fatPct, forKey: .fatPct)
        try container.encode(muscleKg, forKey: .muscleKg)
    }
}

func formatAmount(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(round2(value))
}
