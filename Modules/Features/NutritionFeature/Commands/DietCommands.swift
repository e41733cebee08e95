import Console
import Core
import Domain

/// `tend diet …`: meals against goals.
struct DietCommands: Sendable {
    let makeContext: NutritionCommands.ContextProvider

    // MARK: Options

    static let date = Option.value("date", valueName: "DATE", help: "The day (YYYY-MM-DD, today, yesterday; default today).")
    static let otherDay = Option.value("date", valueName: "DATE", help: "Another day (YYYY-MM-DD, yesterday).")
    static let svg = Option.value("svg", valueName: "FILE", help: "Also draw the day as rings in an SVG file.")
    static let amount = Option.value("amount", valueName: "AMOUNT", help: "The new amount (required).")
    static let to = Option.value("to", valueName: "DATE", help: "The day to copy to (default today).")
    static let kcal = Option.value("kcal", valueName: "N", help: "Energy per day.")
    static let protein = Option.value("protein", valueName: "G|PCT%", help: "Protein in grams, or percent of kcal.")
    static let carbs = Option.value("carbs", valueName: "G|PCT%", help: "Carbohydrates in grams, or percent of kcal.")
    static let fat = Option.value("fat", valueName: "G|PCT%", help: "Fat in grams, or percent of kcal.")

    static let meal = Argument("meal", help: "breakfast, lunch, dinner or snack.")
    static let entry = Argument("id", help: "The entry: its handle from `tend diet today`, its id, or 'last'.")

    static let dayExpected = "YYYY-MM-DD, today or yesterday"

    // MARK: Commands

    var group: Command {
        Command(name: "diet", abstract: "Meals by breakfast, lunch, dinner and snack against your kcal and macro goals.", subcommands: [
            Command(name: "log", abstract: "Log a food: tend diet log breakfast \"oat\" \"1 cup\" (or usda:ID, or quick 250kcal).",
                    arguments: [
                        Self.meal,
                        Argument("food", help: "A food id (usda:01001), or words to search (the best match is used), or 'quick'."),
                        Argument("amount", help: "40g, 1 cup, 2 tbsp, 1.5 slice, 3 oz — or 250kcal for a quick add."),
                    ],
                    options: [Self.date], run: log),
            Command(name: "today", abstract: "The day: meals, totals against goals, what is left.", options: [Self.otherDay, Self.svg],
                    run: today),
            Command(name: "week", abstract: "The last seven days: average intake against the goal, days on target (±10 %).", run: week),
            Command(name: "edit", abstract: "Change the amount of a logged food.", arguments: [Self.entry], options: [Self.amount],
                    run: edit),
            Command(name: "delete", abstract: "Delete a logged food.", arguments: [Self.entry], run: delete),
            Command(name: "copy", abstract: "Copy a meal from another day: tend diet copy yesterday breakfast.",
                    arguments: [Argument("date", help: "The day to copy from (YYYY-MM-DD, yesterday)."), Self.meal],
                    options: [Self.to], run: copy),
            Command(name: "goals", abstract: "Show or set the daily goals: kcal, and macros in grams or as a percent of kcal (30%).",
                    options: [Self.kcal, Self.protein, Self.carbs, Self.fat], run: goals),
        ])
    }

    func log(_ invocation: Invocation) throws {
        let meal = try NutritionInput.meal(invocation)
        let context = try makeContext(invocation)
        let today = context.nutrition.today(ownerID: context.ownerID)
        let date = try invocation.option(Self.date, expected: Self.dayExpected) { NutritionInput.date($0, today: today) }
        let entry = try context.nutrition.log(ownerID: context.ownerID, meal: meal, food: invocation.argument("food")!,
                                              amount: invocation.argument("amount")!, date: date)
        try invocation.respond(json: { DietEntryJSON(entry) }, text: {
            let day = try context.nutrition.day(ownerID: context.ownerID, date: entry.date)
            let words = Self.words(invocation)
            return "✓ \(words.meal(meal)): \(entry.name), \(entry.amountText)"
                + "\(entry.grams.map { " (\(formatAmount(round2($0))) g)" } ?? "") — \(Int(entry.macros.kcal.rounded())) kcal"
                + "\n  \(words.remaining(day.remainingKcal, on: entry.date, today: today)) · "
                + "\(words.handle) \(Handle.of(entry.id))"
        })
    }

    func today(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let today = context.nutrition.today(ownerID: context.ownerID)
        let date = try invocation.option(Self.otherDay, expected: Self.dayExpected) { NutritionInput.date($0, today: today) }
        let day = try context.nutrition.day(ownerID: context.ownerID, date: date)
        let path = invocation.option(Self.svg)
        if let path { try TextFile.write(NutritionSVG.day(day, language: Language(rawValue: invocation.language.rawValue) ?? .en), to: path) }
        try invocation.respond(json: { DayJSON(day) }, text: {
            NutritionText.day(day, language: Language(rawValue: invocation.language.rawValue) ?? .en) + (path != nil ? "\n" : "")
        })
        if let path { TextFile.announce(path, in: invocation) }
    }

    func week(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let week = try context.nutrition.week(ownerID: context.ownerID, ending: nil)
        try invocation.respond(json: { WeekJSON(week) }, text: {
            NutritionText.week(week, language: Language(rawValue: invocation.language.rawValue) ?? .en)
        })
    }

    func edit(_ invocation: Invocation) throws {
        guard let amount = invocation.option(Self.amount) else { throw UsageError.missing("--amount AMOUNT") }
        let context = try makeContext(invocation)
        let entry = try context.nutrition.edit(ownerID: context.ownerID, id: try Self.entryID(invocation, context: context), amount: amount)
        try invocation.respond(json: { DietEntryJSON(entry) }, text: {
            "\(Self.words(invocation).edited) \(entry.name), \(entry.amountText) — \(Int(entry.macros.kcal.rounded())) kcal"
        })
    }

    func delete(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let id = try Self.entryID(invocation, context: context)
        try context.nutrition.delete(ownerID: context.ownerID, id: id)
        try invocation.respond(json: { ["deleted": id] }, text: { Self.words(invocation).deleted })
    }

    func copy(_ invocation: Invocation) throws {
        let meal = try NutritionInput.meal(invocation)
        let context = try makeContext(invocation)
        let today = context.nutrition.today(ownerID: context.ownerID)
        let from = try invocation.argument("date", expected: Self.dayExpected) { NutritionInput.date($0, today: today) }!
        let to = try invocation.option(Self.to, expected: Self.dayExpected) { NutritionInput.date($0, today: today) }
        let copies = try context.nutrition.copy(ownerID: context.ownerID, from: from, meal: meal, to: to)
        try invocation.respond(json: { ["entries": copies.map(DietEntryJSON.init)] }, text: {
            Self.words(invocation).copied(copies.count, meal, from: from)
        })
    }

    func goals(_ invocation: Invocation) throws {
        let kcal = try invocation.option(Self.kcal, expected: "kcal", NutritionInput.number)
        let protein = try Self.goal(Self.protein, invocation)
        let carbs = try Self.goal(Self.carbs, invocation)
        let fat = try Self.goal(Self.fat, invocation)
        let context = try makeContext(invocation)
        let goals = kcal == nil && protein == nil && carbs == nil && fat == nil
            ? try context.nutrition.goals(ownerID: context.ownerID)
            : try context.nutrition.setGoals(ownerID: context.ownerID, kcal: kcal, protein: protein, carbs: carbs, fat: fat)
        try invocation.respond(json: { MacrosJSON(goals.macros) }, text: {
            "Goals: \(Int(goals.kcal.rounded())) kcal · protein \(Int(goals.protein.rounded())) g"
                + " · carbs \(Int(goals.carbs.rounded())) g · fat \(Int(goals.fat.rounded())) g"
        })
    }

    // MARK: Values

    /// A macro goal: grams (120) or a percent of kcal (30%).
    static func goal(_ option: Option, _ invocation: Invocation) throws -> NutritionUseCases.GoalValue? {
        try invocation.option(option.name, expected: "grams (120) or a percent (30%)") { NutritionUseCases.GoalValue($0) }
    }

    static func words(_ invocation: Invocation) -> NutritionWords {
        NutritionWords(Language(rawValue: invocation.language.rawValue) ?? .en)
    }

    static func entryID(_ invocation: Invocation, context: NutritionContext) throws -> String {
        try context.ids.resolve(invocation.argument("id") ?? "", kind: .meal, ownerID: context.ownerID)
    }
}
