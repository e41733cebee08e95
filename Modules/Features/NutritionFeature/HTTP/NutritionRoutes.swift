import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/foods`, `/v1/diet` and `/v1/weight`: the same use cases as the commands. The USDA
/// table is shared and read-only; custom foods, favourites, meals and weights are private.
public enum NutritionRoutes {
    public static func make(nutrition: NutritionUseCases, body: BodyUseCases) -> [Route] {
        typealias S = OpenAPISchema
        let foodID = S.pathParameter("id", "A food id such as usda:01001")
        let entryID = S.pathParameter("id", "A diet entry's id")
        @Sendable func owner(_ request: HTTPRequest) -> String { request.accountID ?? "" }
        @Sendable func date(_ text: String?, _ request: HTTPRequest, _ name: String) throws -> LocalDate? {
            guard let text, !text.isEmpty else { return nil }
            let today = nutrition.today(ownerID: request.accountID ?? "")
            switch text {
            case "today": return today
            case "yesterday": return today.adding(days: -1)
            default:
                guard let date = LocalDate(text) else {
                    throw AppError.invalidInput("'\(name)' must be YYYY-MM-DD (got '\(text)')", code: "invalid_field")
                }
                return date
            }
        }
        return [
            Route("GET", "/v1/foods", operation: OpenAPIOperation(
                summary: "Search foods: every word matches as a prefix", tag: "nutrition",
                parameters: [["name": "q", "in": "query", "required": true, "description": "Words to look for", "schema": ["type": "string", "minLength": 1]],
                             S.queryParameter("limit", "1-100 (default 10)", ["type": "integer", "minimum": 1, "maximum": 100])],
                responses: [("200", S.jsonResponse("Matches, best first", S.ref("FoodList")))]
            )) { request in
                var limit = 10
                if let text = request.query["limit"] {
                    guard let parsed = Int(text) else { throw AppError.invalidInput("'limit' must be a number 1-100", code: "invalid_limit") }
                    limit = parsed
                }
                return try .json(FoodListJSON(try nutrition.search(request.query["q"] ?? "", ownerID: owner(request), limit: limit)))
            },
            Route("GET", "/v1/foods/{id}", operation: OpenAPIOperation(
                summary: "A food with every nutrient", tag: "nutrition", parameters: [foodID],
                responses: [("200", S.jsonResponse("The food", S.ref("FoodDetail")))]
            )) { request in
                let food = try nutrition.food(id: request.pathParameters["id"] ?? "", ownerID: owner(request))
                return try .json(FoodDetailJSON(food, nutrients: try nutrition.nutrients(foodID: food.id)))
            },
            Route("POST", "/v1/foods", operation: OpenAPIOperation(
                summary: "Add your own food (the values of one serving)", tag: "nutrition", requestBody: S.jsonBody(S.ref("CustomFood")),
                responses: [("201", S.jsonResponse("The food", S.ref("Food")))]
            )) { request in
                let body = try request.decode(CustomFoodBody.self)
                let food = try nutrition.addCustom(ownerID: owner(request), .init(
                    name: body.name, serving: body.serving, grams: body.grams,
                    macros: Macros(kcal: body.kcal, protein: body.proteinG ?? 0, carbs: body.carbsG ?? 0, fat: body.fatG ?? 0)))
                return try .json(FoodJSON(food), status: 201)
            },
            Route("PUT", "/v1/foods/{id}/favorite", operation: OpenAPIOperation(
                summary: "Mark a favourite", tag: "nutrition", parameters: [foodID], responses: [("200", S.jsonResponse("The food", S.ref("Food")))]
            )) { request in
                try .json(FoodJSON(try nutrition.setFavorite(true, foodID: request.pathParameters["id"] ?? "", ownerID: owner(request))))
            },
            Route("DELETE", "/v1/foods/{id}/favorite", operation: OpenAPIOperation(
                summary: "Remove a favourite", tag: "nutrition", parameters: [foodID], responses: [("200", S.jsonResponse("The food", S.ref("Food")))]
            )) { request in
                try .json(FoodJSON(try nutrition.setFavorite(false, foodID: request.pathParameters["id"] ?? "", ownerID: owner(request))))
            },
            Route("POST", "/v1/diet/entries", operation: OpenAPIOperation(
                summary: "Log a food in a meal", tag: "nutrition", requestBody: S.jsonBody(S.ref("NewDietEntry")),
                responses: [("201", S.jsonResponse("The entry", S.ref("DietEntry")))]
            )) { request in
                let body = try request.decode(DietEntryBody.self)
                guard let meal = Meal(word: body.meal) else {
                    throw AppError.invalidInput("field 'meal' must be breakfast, lunch, dinner or snack", code: "invalid_field")
                }
                let entry = try nutrition.log(ownerID: owner(request), meal: meal, food: body.food, amount: body.amount,
                                              date: try date(body.date, request, "date"))
                return try .json(DietEntryJSON(entry), status: 201)
            },
            Route("PATCH", "/v1/diet/entries/{id}", operation: OpenAPIOperation(
                summary: "Change the amount of an entry", tag: "nutrition", parameters: [entryID], requestBody: S.jsonBody(S.ref("DietAmount")),
                responses: [("200", S.jsonResponse("The entry", S.ref("DietEntry")))]
            )) { request in
                let body = try request.decode(AmountBody.self)
                return try .json(DietEntryJSON(try nutrition.edit(ownerID: owner(request), id: request.pathParameters["id"] ?? "", amount: body.amount)))
            },
            Route("DELETE", "/v1/diet/entries/{id}", operation: OpenAPIOperation(
                summary: "Delete an entry", tag: "nutrition", parameters: [entryID], responses: [("204", S.emptyResponse("Deleted"))]
            )) { request in
                try nutrition.delete(ownerID: owner(request), id: request.pathParameters["id"] ?? "")
                return .noContent()
            },
            Route("GET", "/v1/diet/day", operation: OpenAPIOperation(
                summary: "A day's meals against the goals (as tend --json diet today)", tag: "nutrition",
                parameters: [S.queryParameter("date", "YYYY-MM-DD (default today)", S.date)],
                responses: [("200", S.jsonResponse("The day", S.ref("DietDay")))]
            )) { request in
                try .json(DayJSON(try nutrition.day(ownerID: owner(request), date: try date(request.query["date"], request, "date"))))
            },
            Route("GET", "/v1/diet/week", operation: OpenAPIOperation(
                summary: "The last seven days against the goal", tag: "nutrition",
                responses: [("200", S.jsonResponse("The week", S.ref("DietWeek")))]
            )) { request in
                try .json(WeekJSON(try nutrition.week(ownerID: owner(request), ending: nil)))
            },
            Route("POST", "/v1/diet/copy", operation: OpenAPIOperation(
                summary: "Copy a meal from another day", tag: "nutrition", requestBody: S.jsonBody(S.ref("DietCopy")),
                responses: [("201", S.jsonResponse("The copies", S.ref("DietEntryList")))]
            )) { request in
                let body = try request.decode(CopyBody.self)
                guard let meal = Meal(word: body.meal) else {
                    throw AppError.invalidInput("field 'meal' must be breakfast, lunch, dinner or snack", code: "invalid_field")
                }
                guard let from = try date(body.from, request, "from") else { throw AppError.invalidInput("field 'from' is required", code: "invalid_field") }
                let copies = try nutrition.copy(ownerID: owner(request), from: from, meal: meal, to: try date(body.to, request, "to"))
                return try .json(["entries": copies.map(DietEntryJSON.init)], status: 201)
            },
            Route("GET", "/v1/diet/goals", operation: OpenAPIOperation(
                summary: "The daily goals", tag: "nutrition", responses: [("200", S.jsonResponse("The goals", S.ref("Macros")))]
            )) { request in
                try .json(MacrosJSON(try nutrition.goals(ownerID: owner(request)).macros))
            },
            Route("PUT", "/v1/diet/goals", operation: OpenAPIOperation(
                summary: "Set the daily goals: kcal, and each macro as grams (protein_g) or a percent of kcal (protein_pct)", tag: "nutrition",
                requestBody: S.jsonBody(S.ref("GoalsUpdate")), responses: [("200", S.jsonResponse("The goals", S.ref("Macros")))]
            )) { request in
                let body = try request.decode(GoalsBody.self)
                let goals = try nutrition.setGoals(ownerID: owner(request), kcal: body.kcal,
                                                   protein: try body.value(body.proteinG, body.proteinPct, "protein"),
                                                   carbs: try body.value(body.carbsG, body.carbsPct, "carbs"),
                                                   fat: try body.value(body.fatG, body.fatPct, "fat"))
                return try .json(MacrosJSON(goals.macros))
            },
            Route("POST", "/v1/weight", operation: OpenAPIOperation(
                summary: "Log a weighing", tag: "nutrition", requestBody: S.jsonBody(S.ref("NewWeight")),
                responses: [("201", S.jsonResponse("The weighing", S.ref("Weight")))]
            )) { request in
                let payload = try request.decode(WeightBody.self)
                var at: Date?
                if let text = payload.takenAt {
                    guard let parsed = ISO8601.parseInstant(text) else {
                        throw AppError.invalidInput("field 'taken_at' must be ISO 8601 with an offset", code: "invalid_field")
                    }
                    at = parsed
                }
                let entry = try body.log(ownerID: owner(request), kilograms: payload.kg, at: at, fatPercent: payload.fatPct,
                                         muscleKilograms: payload.muscleKg)
                return try .json(WeightJSON(entry, zone: body.zone(ownerID: owner(request))), status: 201)
            },
            Route("GET", "/v1/weight", operation: OpenAPIOperation(
                summary: "Every weighing", tag: "nutrition", responses: [("200", S.jsonResponse("The weighings", S.ref("WeightList")))]
            )) { request in
                let zone = body.zone(ownerID: owner(request))
                return try .json(["entries": try body.entries(ownerID: owner(request)).map { WeightJSON($0, zone: zone) }])
            },
            Route("DELETE", "/v1/weight/{id}", operation: OpenAPIOperation(
                summary: "Delete a weighing logged by mistake (its id, its handle, or last)", tag: "nutrition",
                parameters: [S.pathParameter("id", "A weighing's id or handle, or last")], responses: [("204", S.emptyResponse("Deleted"))]
            )) { request in
                _ = try body.delete(ownerID: owner(request), id: request.pathParameters["id"] ?? "")
                return .noContent()
            },
            Route("GET", "/v1/weight/trend", operation: OpenAPIOperation(
                summary: "The trend (as tend --json weight trend)", tag: "nutrition",
                responses: [("200", S.jsonResponse("The trend", S.ref("WeightTrend")))]
            )) { request in
                try .json(TrendJSON(try body.trend(ownerID: owner(request))))
            },
        ]
    }
}

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
        case kcal, proteinG = "protein_g", proteinPct = "protein_pct", carbsG = "carbs_g", carbsPct = "carbs_pct", fatG = "fat_g", fatPct = "fat_pct"
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
}
