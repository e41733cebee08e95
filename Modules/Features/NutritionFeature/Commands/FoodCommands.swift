import Console
import Core
import Domain

/// `tend food …`: the USDA table, search, custom foods and favourites.
enum FoodCommands {
    static func group(context: @escaping NutritionCommands.ContextProvider) -> Command {
        Command(name: "food", abstract: "The food table: USDA SR24 (8,860 foods) and your own, searchable offline.", subcommands: [
            Command(
                name: "import-usda", abstract: "Import the USDA SR24 table (the cronometer jar, or its folder). Idempotent.",
                arguments: [Argument("path", help: "usda_sr24.jar or a folder of its XML files (default: the one Scripts/setup fetched).", isOptional: true)],
                options: [.flag("if-empty", help: "Do nothing when the table is already imported.")],
                run: { invocation in
                    let context = try context(invocation)
                    if invocation.flag("if-empty"), try context.nutrition.usdaCount() > 0 { return }
                    guard let path = invocation.argument("path") ?? context.defaultUSDAPath else {
                        throw UsageError("give the path of usda_sr24.jar (Scripts/setup fetches it from Debian's cronometer package)")
                    }
                    let result = try context.nutrition.importUSDA(path: path)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(ImportJSON(imported: result.imported, skipped: result.skipped))
                    } else {
                        invocation.output.print("Imported \(result.imported) foods from \(path).")
                        if !result.skipped.isEmpty {
                            invocation.output.printError("warning: skipped \(result.skipped.count) damaged file(s): \(result.skipped.joined(separator: ", "))")
                        }
                    }
                }),
            Command(
                name: "search", abstract: "Search foods: every word matches as a prefix (\"chick bre\").",
                arguments: [Argument("query", help: "Words to look for.")],
                options: [.value("limit", valueName: "N", help: "How many results (default 10).")],
                run: { invocation in
                    let limit = try invocation.option("limit", expected: "a number 1-100") { Int($0) } ?? 10
                    let context = try context(invocation)
                    let foods = try context.nutrition.search(invocation.argument("query")!, ownerID: context.ownerID, limit: limit)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(FoodListJSON(foods))
                    } else {
                        invocation.output.print(foods.isEmpty ? "No food matches." : NutritionText.foods(foods))
                    }
                }),
            Command(
                name: "show", abstract: "A food with its measures and every nutrient.",
                arguments: [Argument("id", help: "e.g. usda:01001.")],
                run: { invocation in
                    let context = try context(invocation)
                    let food = try context.nutrition.food(id: invocation.argument("id")!, ownerID: context.ownerID)
                    let nutrients = try context.nutrition.nutrients(foodID: food.id)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(FoodDetailJSON(food, nutrients: nutrients))
                        return
                    }
                    var text = NutritionText.foods([food]) + "\n"
                    for measure in food.measures {
                        text += "\n  \(formatAmount(measure.amount)) \(measure.name) = \(formatAmount(measure.grams)) g"
                    }
                    if !nutrients.isEmpty {
                        text += "\n\nPer 100 g: " + nutrients.map { "\($0.name) \(formatAmount(round2($0.amount)))" }.joined(separator: ", ")
                    }
                    invocation.output.print(text)
                }),
            Command(
                name: "add", abstract: "Add your own food (the values of one serving).",
                arguments: [Argument("name", help: "The food's name.")],
                options: [
                    .value("serving", valueName: "TEXT", help: "What one serving is, e.g. \"1 bowl\" (required)."),
                    .value("grams", valueName: "G", help: "Grams in one serving (required)."),
                    .value("kcal", valueName: "N", help: "kcal in one serving (required)."),
                    .value("protein", valueName: "G", help: "Protein in one serving."),
                    .value("carbs", valueName: "G", help: "Carbohydrates in one serving."),
                    .value("fat", valueName: "G", help: "Fat in one serving."),
                ],
                run: { invocation in
                    guard let serving = invocation.option("serving") else { throw UsageError("missing --serving, e.g. \"1 bowl\"") }
                    guard let grams = try invocation.option("grams", expected: "grams", NutritionInput.number) else { throw UsageError("missing --grams G") }
                    guard let kcal = try invocation.option("kcal", expected: "kcal", NutritionInput.number) else { throw UsageError("missing --kcal N") }
                    let macros = Macros(kcal: kcal, protein: try invocation.option("protein", expected: "grams", NutritionInput.number) ?? 0,
                                        carbs: try invocation.option("carbs", expected: "grams", NutritionInput.number) ?? 0,
                                        fat: try invocation.option("fat", expected: "grams", NutritionInput.number) ?? 0)
                    let context = try context(invocation)
                    let food = try context.nutrition.addCustom(ownerID: context.ownerID, .init(
                        name: invocation.argument("name")!, serving: serving, grams: grams, macros: macros))
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(FoodJSON(food))
                    } else {
                        invocation.output.print("✓ Added \(food.name) (\(food.id))")
                    }
                }),
            favorite(true, context: context),
            favorite(false, context: context),
        ])
    }

    static func favorite(_ on: Bool, context: @escaping NutritionCommands.ContextProvider) -> Command {
        Command(
            name: on ? "fav" : "unfav", abstract: on ? "Mark a food as a favourite (it comes first in searches)." : "Remove a favourite.",
            arguments: [Argument("id", help: "e.g. usda:01001.")],
            run: { invocation in
                let context = try context(invocation)
                let food = try context.nutrition.setFavorite(on, foodID: invocation.argument("id")!, ownerID: context.ownerID)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(FoodJSON(food))
                } else {
                    invocation.output.print(on ? "★ \(food.name)" : "☆ \(food.name)")
                }
            })
    }

    struct ImportJSON: Encodable {
        let imported: Int
        let skipped: [String]
    }
}
