import FoundationEssentials
import Core
import Domain

/// The JSON bodies the food, diet and weight routes read.
struct CustomFoodBody: Decodable {
    let name: String
    let serving: String
    let grams: Double
    let kcal: Double
    let proteinG: Double?
    let carbsG: Double?
    let fatG: Double?

    enum CodingKeys: String, CodingKey { case name, serving, grams, kcal, proteinG = "protein_g", carbsG = "carbs_g", fatG = "fat_g" }
}

struct DietEntryBody: Decodable {
    let meal: String
    let food: String
    let amount: String
    let date: String?
}

struct AmountBody: Decodable {
    let amount: String
}

struct CopyBody: Decodable {
    let from: String
    let meal: String
    let to: String?
}

/// Each macro as grams (`protein_g`) or as a percent of kcal (`protein_pct`), not both.
struct GoalsBody: Decodable {
    let kcal: Double?
    let proteinG: Double?
    let proteinPct: Double?
    let carbsG: Double?
    let carbsPct: Double?
    let fatG: Double?
    let fatPct: Double?

    enum CodingKeys: String, CodingKey {
        case kcal, proteinG = "protein_g", proteinPct = "protein_pct", carbsG = "carbs_g", carbsPct = "carbs_pct"
        case fatG = "fat_g", fatPct = "fat_pct"
    }

    func value(_ grams: Double?, _ percent: Double?, _ name: String) throws -> NutritionUseCases.GoalValue? {
        switch (grams, percent) {
        case (nil, nil): return nil
        case (let grams?, nil): return .grams(grams)
        case (nil, let percent?): return .percent(percent)
        case (_?, _?):
            throw AppError.invalidInput("give '\(name)_g' or '\(name)_pct', not both", code: "invalid_field")
        }
    }
}

struct WeightBody: Decodable {
    let kg: Double
    let takenAt: String?
    let fatPct: Double?
    let muscleKg: Double?

    enum CodingKeys: String, CodingKey { case kg, takenAt = "taken_at", fatPct = "fat_pct", muscleKg = "muscle_kg" }

    /// `taken_at`: ISO 8601 with an offset; nil (now) when left out.
    func instant() throws -> Date? {
        guard let takenAt else { return nil }
        guard let instant = ISO8601.parseInstant(takenAt) else {
            throw AppError.invalidInput("field 'taken_at' must be ISO 8601 with an offset", code: "invalid_field")
        }
        return instant
    }
}
