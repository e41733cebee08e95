import HTTP

/// The OpenAPI description of each food, diet and weight endpoint, named as its handler is.
enum NutritionOperations {
    typealias S = OpenAPISchema

    static let foodID = S.pathParameter("id", "A food id such as usda:01001")
    static let entryID = S.pathParameter("id", "A diet entry's id")

    // MARK: Foods

    static let searchFoods = OpenAPIOperation(
        summary: "Search foods: every word matches as a prefix", tag: "nutrition",
        parameters: [["name": "q", "in": "query", "required": true, "description": "Words to look for",
                      "schema": ["type": "string", "minLength": 1]],
                     S.queryParameter("limit", "1-100 (default 10)", ["type": "integer", "minimum": 1, "maximum": 100])],
        responses: [("200", S.jsonResponse("Matches, best first", S.ref("FoodList")))])

    static let showFood = OpenAPIOperation(
        summary: "A food with every nutrient", tag: "nutrition", parameters: [foodID],
        responses: [("200", S.jsonResponse("The food", S.ref("FoodDetail")))])

    static let addFood = OpenAPIOperation(
        summary: "Add your own food (the values of one serving)", tag: "nutrition", requestBody: S.jsonBody(S.ref("CustomFood")),
        responses: [("201", S.jsonResponse("The food", S.ref("Food")))])

    static let markFavorite = OpenAPIOperation(
        summary: "Mark a favourite", tag: "nutrition", parameters: [foodID],
        responses: [("200", S.jsonResponse("The food", S.ref("Food")))])

    static let unmarkFavorite = OpenAPIOperation(
        summary: "Remove a favourite", tag: "nutrition", parameters: [foodID],
        responses: [("200", S.jsonResponse("The food", S.ref("Food")))])

    // MARK: Diet

    static let logEntry = OpenAPIOperation(
        summary: "Log a food in a meal", tag: "nutrition", requestBody: S.jsonBody(S.ref("NewDietEntry")),
        responses: [("201", S.jsonResponse("The entry", S.ref("DietEntry")))])

    static let editEntry = OpenAPIOperation(
        summary: "Change the amount of an entry", tag: "nutrition", parameters: [entryID], requestBody: S.jsonBody(S.ref("DietAmount")),
        responses: [("200", S.jsonResponse("The entry", S.ref("DietEntry")))])

    static let deleteEntry = OpenAPIOperation(
        summary: "Delete an entry", tag: "nutrition", parameters: [entryID], responses: [("204", S.emptyResponse("Deleted"))])

    static let day = OpenAPIOperation(
        summary: "A day's meals against the goals (as tend --json diet today)", tag: "nutrition",
        parameters: [S.queryParameter("date", "YYYY-MM-DD (default today)", S.date)],
        responses: [("200", S.jsonResponse("The day", S.ref("DietDay")))])

    static let week = OpenAPIOperation(
        summary: "The last seven days against the goal", tag: "nutrition",
        responses: [("200", S.jsonResponse("The week", S.ref("DietWeek")))])

    static let copyMeal = OpenAPIOperation(
        summary: "Copy a meal from another day", tag: "nutrition", requestBody: S.jsonBody(S.ref("DietCopy")),
        responses: [("201", S.jsonResponse("The copies", S.ref("DietEntryList")))])

    static let goals = OpenAPIOperation(
        summary: "The daily goals", tag: "nutrition", responses: [("200", S.jsonResponse("The goals", S.ref("Macros")))])

    static let setGoals = OpenAPIOperation(
        summary: "Set the daily goals: kcal, and each macro as grams (protein_g) or a percent of kcal (protein_pct)", tag: "nutrition",
        requestBody: S.jsonBody(S.ref("GoalsUpdate")), responses: [("200", S.jsonResponse("The goals", S.ref("Macros")))])

    // MARK: Weight

    static let logWeight = OpenAPIOperation(
        summary: "Log a weighing", tag: "nutrition", requestBody: S.jsonBody(S.ref("NewWeight")),
        responses: [("201", S.jsonResponse("The weighing", S.ref("Weight")))])

    static let listWeights = OpenAPIOperation(
        summary: "Every weighing", tag: "nutrition", responses: [("200", S.jsonResponse("The weighings", S.ref("WeightList")))])

    static let deleteWeight = OpenAPIOperation(
        summary: "Delete a weighing logged by mistake (its id, its handle, or last)", tag: "nutrition",
        parameters: [S.pathParameter("id", "A weighing's id or handle, or last")], responses: [("204", S.emptyResponse("Deleted"))])

    static let trend = OpenAPIOperation(
        summary: "The trend (as tend --json weight trend)", tag: "nutrition",
        responses: [("200", S.jsonResponse("The trend", S.ref("WeightTrend")))])
}
