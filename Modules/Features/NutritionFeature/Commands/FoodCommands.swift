import Console
import Core
import Domain

/// `tend food …`: the USDA and Korean tables, search, custom foods and favourites.
struct FoodCommands: Sendable {
    let makeContext: NutritionCommands.ContextProvider

    // MARK: Options

    static let ifEmpty = Option.flag(
        "if-empty", help: "Load only a table that is missing or out of date (the Korean table changed, Tend updated).")
    static let limit = Option.value("limit", valueName: "N", help: "How many results (default 10).")
    static let serving = Option.value("serving", valueName: "TEXT", help: "What one serving is, e.g. \"1 bowl\" (required).")
    static let grams = Option.value("grams", valueName: "G", help: "Grams in one serving (required).")
    static let kcal = Option.value("kcal", valueName: "N", help: "kcal in one serving (required).")
    static let protein = Option.value("protein", valueName: "G", help: "Protein in one serving.")
    static let carbs = Option.value("carbs", valueName: "G", help: "Carbohydrates in one serving.")
    static let fat = Option.value("fat", valueName: "G", help: "Fat in one serving.")

    static let food = Argument("id", help: "e.g. usda:01001.")

    // MARK: Commands

    var group: Command {
        let abstract = "The food tables: USDA SR24 (8,858 foods), Korean dishes and staples, and your own, searchable offline."
        return Command(name: "food", abstract: abstract, subcommands: [
            Command(name: "import-usda",
                    abstract: "Load the food tables: USDA SR24 (the cronometer jar, or its folder) and the Korean table. Idempotent.",
                    arguments: [Argument("path", help: "usda_sr24.jar or a folder of its XML files "
                                            + "(default: the one Scripts/setup fetched).", isOptional: true)],
                    options: [Self.ifEmpty], run: importTables),
            Command(name: "search",
                    abstract: "Search foods in English or Korean: every word matches as a prefix "
                        + "(\"chick bre\", \"김치\", \"ㄱㅊㅉㄱ\").",
                    arguments: [Argument("query", help: "Words to look for.")], options: [Self.limit], run: search),
            Command(name: "show", abstract: "A food with its measures and every nutrient, with units.",
                    arguments: [Argument("id", help: "e.g. usda:01001 or kr:kr0001.")], run: show),
            Command(name: "add", abstract: "Add your own food (the values of one serving).",
                    arguments: [Argument("name", help: "The food's name.")],
                    options: [Self.serving, Self.grams, Self.kcal, Self.protein, Self.carbs, Self.fat], run: add),
            Command(name: "fav", abstract: "Mark a food as a favourite (it comes first in searches).", arguments: [Self.food],
                    run: { try favorite(true, $0) }),
            Command(name: "unfav", abstract: "Remove a favourite.", arguments: [Self.food], run: { try favorite(false, $0) }),
        ])
    }

    func importTables(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let onlyMissing = invocation.flag(Self.ifEmpty)
        let path = invocation.argument("path") ?? context.defaultUSDAPath
        guard let tables = context.foodTables else {
            // Without the tables' loader (a bare context): the USDA table alone, as before.
            if onlyMissing, try context.nutrition.usdaCount() > 0 { return }
            guard let path else { throw Self.missingJar() }
            let result = try context.nutrition.importUSDA(path: path)
            try Self.printImport(invocation, usda: .loaded(result.imported), path: path, report: nil, skipped: result.skipped)
            return
        }
        let report = try tables.load(usdaPath: path, koreanFolder: context.koreanFoodsPath, onlyMissing: onlyMissing)
        try Self.printImport(invocation, usda: report.usda, path: path, report: report, skipped: report.usdaSkipped)
        if case .missing = report.usda, !onlyMissing, path == nil { throw Self.missingJar() }
    }

    func search(_ invocation: Invocation) throws {
        let limit = try invocation.option(Self.limit, expected: "a number 1-100") { Int($0) } ?? 10
        let context = try makeContext(invocation)
        let query = invocation.argument("query")!
        let foods = try context.nutrition.search(query, ownerID: context.ownerID, limit: limit)
        try invocation.respond(json: { FoodListJSON(foods) }, text: {
            foods.isEmpty ? try Self.noMatch(query, context: context, words: DietCommands.words(invocation)) : NutritionText.foods(foods, language: invocation.language.rawValue)
        })
    }

    func show(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let food = try context.nutrition.food(id: invocation.argument("id")!, ownerID: context.ownerID)
        let nutrients = try context.foodTables?.nutrients(foodID: food.id)
            ?? context.nutrition.nutrients(foodID: food.id).map { FoodNutrient(name: $0.name, amount: $0.amount) }
        try invocation.respond(json: { FoodDetailJSON(food, nutrients: nutrients) }, text: {
            NutritionText.food(food, nutrients: nutrients, language: invocation.language.rawValue)
        })
    }

    func add(_ invocation: Invocation) throws {
        guard let serving = invocation.option(Self.serving) else { throw UsageError("missing --serving, e.g. \"1 bowl\"") }
        guard let grams = try invocation.option(Self.grams, expected: "grams", NutritionInput.number) else {
            throw UsageError("missing --grams G")
        }
        guard let kcal = try invocation.option(Self.kcal, expected: "kcal", NutritionInput.number) else {
            throw UsageError("missing --kcal N")
        }
        let macros = Macros(kcal: kcal, protein: try Self.macroGrams(Self.protein, invocation) ?? 0,
                            carbs: try Self.macroGrams(Self.carbs, invocation) ?? 0, fat: try Self.macroGrams(Self.fat, invocation) ?? 0)
        let context = try makeContext(invocation)
        let food = try context.nutrition.addCustom(ownerID: context.ownerID, .init(
            name: invocation.argument("name")!, serving: serving, grams: grams, macros: macros))
        try invocation.respond(json: { FoodJSON(food) }, text: { "✓ Added \(food.name) (\(food.id))" })
    }

    func favorite(_ on: Bool, _ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let food = try context.nutrition.setFavorite(on, foodID: invocation.argument("id")!, ownerID: context.ownerID)
        try invocation.respond(json: { FoodJSON(food) }, text: {
            let language = invocation.language.rawValue
            let name = language == "ko" ? food.displayName(language: language) : food.name
            return DietCommands.words(invocation).favorite(on, name)
        })
    }

    static func macroGrams(_ option: Option, _ invocation: Invocation) throws -> Double? {
        try invocation.option(option.name, expected: "grams", NutritionInput.number)
    }

    static func missingJar() -> UsageError {
        UsageError("give the path of usda_sr24.jar (Scripts/setup fetches it from Debian's cronometer package)")
    }

    /// Nothing matched every word: say so, and name the best match of each word alone.
    static func noMatch(_ query: String, context: NutritionContext, words language: NutritionWords) throws -> String {
        let words = query.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        guard words.count > 1 else { return language.noFoodMatches }
        var closest: [String] = []
        for word in words {
            for food in try context.nutrition.search(String(word), ownerID: context.ownerID, limit: 1)
            where !closest.contains(food.name) {
                closest.append(food.name)
            }
        }
        return closest.isEmpty ? language.noFoodMatches : language.closestFoods(closest)
    }

    static func printImport(_ invocation: Invocation, usda: FoodTableUseCases.Report.Outcome, path: String?,
                            report: FoodTableUseCases.Report?, skipped: [String]) throws {
        // Not respond(json:text:): the text may be no line at all, and its warnings go to stderr.
        if GlobalOptions.wantsJSON(invocation) {
            try invocation.output.printJSON(ImportJSON(usda: usda, skipped: skipped, report: report))
            return
        }
        switch usda {
        case .loaded(let count):
            invocation.output.print("Imported \(count) foods from \(path ?? "the USDA table").")
            if !skipped.isEmpty {
                invocation.output.printError("warning: skipped \(counted(skipped.count, "damaged file")): "
                    + skipped.joined(separator: ", "))
            }
        case .missing:
            if let report, report.korean.isLoaded || report.koreanNamed != nil {
                invocation.output.printError(path == nil
                    ? "warning: the USDA table was not found: give the path of usda_sr24.jar (Scripts/setup fetches it)"
                    : "warning: the USDA table was not found at \(path!); the foods in place stay")
            }
        case .upToDate, .notAsked:
            break
        }
        guard let report else { return }
        if case .loaded(let count) = report.korean {
            let named = report.koreanNamed.map { " and the Korean names of \($0) USDA foods" } ?? ""
            invocation.output.print("Loaded \(count) Korean foods\(named).")
        } else if report.korean.isUpToDate, usda.isLoaded, let named = report.koreanNamed {
            invocation.output.print("Korean names given to \(named) USDA foods.")
        }
        if !report.koreanSkipped.isEmpty {
            invocation.output.printError("warning: skipped \(counted(report.koreanSkipped.count, "unreadable line")) "
                + "of the Korean table: " + report.koreanSkipped.joined(separator: ", "))
        }
    }

    /// `{"imported", "skipped"}` of the USDA table, `"usda"`: loaded, up_to_date, missing or
    /// not_asked, and the Korean table's `{"status", "foods", "named", "skipped"}` (null when
    /// this run has no Korean table to load).
    struct ImportJSON: Encodable {
        struct Korean: Encodable {
            let status: String
            let foods: Int
            let named: Int?
            let skipped: [String]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(status, forKey: .status)
                try container.encode(foods, forKey: .foods)
                try container.encode(named, forKey: .named)
                try container.encode(skipped, forKey: .skipped)
            }

            enum CodingKeys: String, CodingKey { case status, foods, named, skipped }
        }

        let imported: Int
        let skipped: [String]
        let usda: String
        let korean: Korean?

        init(usda: FoodTableUseCases.Report.Outcome, skipped: [String], report: FoodTableUseCases.Report?) {
            imported = if case .loaded(let count) = usda { count } else { 0 }
            self.skipped = skipped
            self.usda = Self.status(usda)
            korean = report.map { report in
                let foods = switch report.korean {
                case .loaded(let count), .upToDate(let count): count
                default: 0
                }
                return Korean(status: Self.status(report.korean), foods: foods, named: report.koreanNamed, skipped: report.koreanSkipped)
            }
        }

        static func status(_ outcome: FoodTableUseCases.Report.Outcome) -> String {
            switch outcome {
            case .loaded: "loaded"
            case .upToDate: "up_to_date"
            case .missing: "missing"
            case .notAsked: "not_asked"
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(imported, forKey: .imported)
            try container.encode(skipped, forKey: .skipped)
            try container.encode(usda, forKey: .usda)
            try container.encode(korean, forKey: .korean)
        }

        enum CodingKeys: String, CodingKey { case imported, skipped, usda, korean }
    }
}

extension FoodTableUseCases.Report.Outcome {
    var isUpToDate: Bool {
        if case .upToDate = self { return true }
        return false
    }
}
