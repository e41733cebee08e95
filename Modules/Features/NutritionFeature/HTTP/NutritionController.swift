import FoundationEssentials
import Core
import Domain
import HTTP

/// `/v1/foods` and `/v1/diet`: the food tables, meals and goals, for the account of the token.
/// The USDA table is shared and read-only; custom foods, favourites and meals are private.
struct NutritionController: Sendable {
    let nutrition: NutritionUseCases

    func routes() -> [Route] {
        typealias Doc = NutritionOperations
        return [
            Route("GET", "/v1/foods", operation: Doc.searchFoods, handler: searchFoods),
            Route("GET", "/v1/foods/{id}", operation: Doc.showFood, handler: showFood),
            Route("POST", "/v1/foods", operation: Doc.addFood, handler: addFood),
            Route("PUT", "/v1/foods/{id}/favorite", operation: Doc.markFavorite, handler: markFavorite),
            Route("DELETE", "/v1/foods/{id}/favorite", operation: Doc.unmarkFavorite, handler: unmarkFavorite),
            Route("POST", "/v1/diet/entries", operation: Doc.logEntry, handler: logEntry),
            Route("PATCH", "/v1/diet/entries/{id}", operation: Doc.editEntry, handler: editEntry),
            Route("DELETE", "/v1/diet/entries/{id}", operation: Doc.deleteEntry, handler: deleteEntry),
            Route("GET", "/v1/diet/day", operation: Doc.day, handler: day),
            Route("GET", "/v1/diet/week", operation: Doc.week, handler: week),
            Route("POST", "/v1/diet/copy", operation: Doc.copyMeal, handler: copyMeal),
            Route("GET", "/v1/diet/goals", operation: Doc.goals, handler: goals),
            Route("PUT", "/v1/diet/goals", operation: Doc.setGoals, handler: setGoals),
        ]
    }

    // MARK: Foods

    func searchFoods(_ request: HTTPRequest) throws -> HTTPResponse {
        var limit = 10
        if let text = request.query["limit"] {
            guard let parsed = Int(text) else { throw AppError.invalidInput("'limit' must be a number 1-100", code: "invalid_limit") }
            limit = parsed
        }
        return try .json(FoodListJSON(try nutrition.search(request.query["q"] ?? "", ownerID: owner(request), limit: limit)))
    }

    func showFood(_ request: HTTPRequest) throws -> HTTPResponse {
        let food = try nutrition.food(id: request.pathParameters["id"] ?? "", ownerID: owner(request))
        return try .json(FoodDetailJSON(food, nutrients: try nutrition.nutrients(foodID: food.id)))
    }

    func addFood(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try request.decode(CustomFoodBody.self)
        let food = try nutrition.addCustom(ownerID: owner(request), .init(
            name: body.name, serving: body.serving, grams: body.grams,
            macros: Macros(kcal: body.kcal, protein: body.proteinG ?? 0, carbs: body.carbsG ?? 0, fat: body.fatG ?? 0)))
        return try .json(FoodJSON(food), status: 201)
    }

    func markFavorite(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(FoodJSON(try nutrition.setFavorite(true, foodID: request.pathParameters["id"] ?? "", ownerID: owner(request))))
    }

    func unmarkFavorite(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(FoodJSON(try nutrition.setFavorite(false, foodID: request.pathParameters["id"] ?? "", ownerID: owner(request))))
    }

    // MARK: Diet

    func logEntry(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try request.decode(DietEntryBody.self)
        let meal = try Self.meal(body.meal)
        let entry = try nutrition.log(ownerID: owner(request), meal: meal, food: body.food, amount: body.amount,
                                      date: try date(body.date, request, "date"))
        return try .json(DietEntryJSON(entry), status: 201)
    }

    func editEntry(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try request.decode(AmountBody.self)
        let entry = try nutrition.edit(ownerID: owner(request), id: request.pathParameters["id"] ?? "", amount: body.amount)
        return try .json(DietEntryJSON(entry))
    }

    func deleteEntry(_ request: HTTPRequest) throws -> HTTPResponse {
        try nutrition.delete(ownerID: owner(request), id: request.pathParameters["id"] ?? "")
        return .noContent()
    }

    func day(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(DayJSON(try nutrition.day(ownerID: owner(request), date: try date(request.query["date"], request, "date"))))
    }

    func week(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(WeekJSON(try nutrition.week(ownerID: owner(request), ending: nil)))
    }

    func copyMeal(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try request.decode(CopyBody.self)
        let meal = try Self.meal(body.meal)
        guard let from = try date(body.from, request, "from") else {
            throw AppError.invalidInput("field 'from' is required", code: "invalid_field")
        }
        let copies = try nutrition.copy(ownerID: owner(request), from: from, meal: meal, to: try date(body.to, request, "to"))
        return try .json(["entries": copies.map(DietEntryJSON.init)], status: 201)
    }

    func goals(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(MacrosJSON(try nutrition.goals(ownerID: owner(request)).macros))
    }

    func setGoals(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try request.decode(GoalsBody.self)
        let goals = try nutrition.setGoals(ownerID: owner(request), kcal: body.kcal,
                                           protein: try body.value(body.proteinG, body.proteinPct, "protein"),
                                           carbs: try body.value(body.carbsG, body.carbsPct, "carbs"),
                                           fat: try body.value(body.fatG, body.fatPct, "fat"))
        return try .json(MacrosJSON(goals.macros))
    }

    // MARK: Reading a request

    private func owner(_ request: HTTPRequest) -> String { request.accountID ?? "" }

    /// A day field: YYYY-MM-DD, `today` or `yesterday` (in the account's zone); nil when left out.
    private func date(_ text: String?, _ request: HTTPRequest, _ name: String) throws -> LocalDate? {
        guard let text, !text.isEmpty else { return nil }
        let today = nutrition.today(ownerID: owner(request))
        switch text {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default:
            guard let date = PlausibleTime.day(text) else {
                throw AppError.invalidInput("'\(name)' must be YYYY-MM-DD \(PlausibleTime.span) (got '\(text)')", code: "invalid_field")
            }
            return date
        }
    }

    static func meal(_ word: String) throws -> Meal {
        guard let meal = Meal(word: word) else {
            throw AppError.invalidInput("field 'meal' must be breakfast, lunch, dinner or snack", code: "invalid_field")
        }
        return meal
    }
}

/// `/v1/weight`: weighings and the trend, for the account of the token.
struct WeightController: Sendable {
    let body: BodyUseCases

    func routes() -> [Route] {
        typealias Doc = NutritionOperations
        return [
            Route("POST", "/v1/weight", operation: Doc.logWeight, handler: log),
            Route("GET", "/v1/weight", operation: Doc.listWeights, handler: list),
            Route("DELETE", "/v1/weight/{id}", operation: Doc.deleteWeight, handler: delete),
            Route("GET", "/v1/weight/trend", operation: Doc.trend, handler: trend),
        ]
    }

    func log(_ request: HTTPRequest) throws -> HTTPResponse {
        let payload = try request.decode(WeightBody.self)
        let entry = try body.log(ownerID: owner(request), kilograms: payload.kg, at: try payload.instant(), fatPercent: payload.fatPct,
                                 muscleKilograms: payload.muscleKg)
        return try .json(WeightJSON(entry, zone: body.zone(ownerID: owner(request))), status: 201)
    }

    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        let zone = body.zone(ownerID: owner(request))
        return try .json(["entries": try body.entries(ownerID: owner(request)).map { WeightJSON($0, zone: zone) }])
    }

    func delete(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try body.delete(ownerID: owner(request), id: request.pathParameters["id"] ?? "")
        return .noContent()
    }

    func trend(_ request: HTTPRequest) throws -> HTTPResponse {
        try .json(TrendJSON(try body.trend(ownerID: owner(request))))
    }

    private func owner(_ request: HTTPRequest) -> String { request.accountID ?? "" }
}
