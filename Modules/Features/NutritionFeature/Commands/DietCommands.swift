import Console
import Core
import Domain

/// `tend diet …`: meals against goals.
enum DietCommands {
    static func group(context: @escaping NutritionCommands.ContextProvider) -> Command {
        Command(name: "diet", abstract: "Meals by breakfast, lunch, dinner and snack against your kcal and macro goals.", subcommands: [
            Command(
                name: "log", abstract: "Log a food: tend diet log breakfast \"oat\" \"1 cup\" (or usda:ID, or quick 250kcal).",
                arguments: [
                    Argument("meal", help: "breakfast, lunch, dinner or snack."),
                    Argument("food", help: "A food id (usda:01001), or words to search (the best match is used), or 'quick'."),
                    Argument("amount", help: "40g, 1 cup, 2 tbsp, 1.5 slice, 3 oz — or 250kcal for a quick add."),
                ],
                options: [.value("date", valueName: "DATE", help: "The day (YYYY-MM-DD, today, yesterday; default today).")],
                run: { invocation in
                    let meal = try NutritionInput.meal(invocation)
                    let context = try context(invocation)
                    let today = context.nutrition.today(ownerID: context.ownerID)
                    let date = try invocation.option("date", expected: "YYYY-MM-DD, today or yesterday") { NutritionInput.date($0, today: today) }
                    let entry = try context.nutrition.log(ownerID: context.ownerID, meal: meal, food: invocation.argument("food")!,
                                                          amount: invocation.argument("amount")!, date: date)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(DietEntryJSON(entry))
                        return
                    }
                    let day = try context.nutrition.day(ownerID: context.ownerID, date: entry.date)
                    invocation.output.print("✓ \(meal.rawValue.capitalized): \(entry.name), \(entry.amountText)"
                        + "\(entry.grams.map { " (\(formatAmount(round2($0))) g)" } ?? "") — \(Int(entry.macros.kcal.rounded())) kcal"
                        + "\n  \(Int(day.remainingKcal.rounded())) kcal left \(entry.date == today ? "today" : "on \(entry.date)") · "
                        + "handle \(Handle.of(entry.id))")
                }),
            Command(
                name: "today", abstract: "The day: meals, totals against goals, what is left.",
                options: [
                    .value("date", valueName: "DATE", help: "Another day (YYYY-MM-DD, yesterday)."),
                    .value("svg", valueName: "FILE", help: "Also draw the day as rings in an SVG file."),
                ],
                run: { invocation in
                    let context = try context(invocation)
                    let today = context.nutrition.today(ownerID: context.ownerID)
                    let date = try invocation.option("date", expected: "YYYY-MM-DD, today or yesterday") { NutritionInput.date($0, today: today) }
                    let day = try context.nutrition.day(ownerID: context.ownerID, date: date)
                    if let path = invocation.option("svg") { try TextFile.write(NutritionSVG.day(day), to: path) }
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(DayJSON(day))
                    } else {
                        invocation.output.print(NutritionText.day(day) + (invocation.has("svg") ? "\n" : ""))
                    }
                    if let path = invocation.option("svg") { TextFile.announce(path, in: invocation) }
                }),
            Command(
                name: "week", abstract: "The last seven days: average intake against the goal, days on target (±10 %).",
                run: { invocation in
                    let context = try context(invocation)
                    let week = try context.nutrition.week(ownerID: context.ownerID, ending: nil)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(WeekJSON(week))
                    } else {
                        invocation.output.print(NutritionText.week(week))
                    }
                }),
            Command(
                name: "edit", abstract: "Change the amount of a logged food.",
                arguments: [Argument("id", help: "The entry: its handle from `tend diet today`, its id, or 'last'.")],
                options: [.value("amount", valueName: "AMOUNT", help: "The new amount (required).")],
                run: { invocation in
                    guard let amount = invocation.option("amount") else { throw UsageError.missing("--amount AMOUNT") }
                    let context = try context(invocation)
                    let id = try context.ids.resolve(invocation.argument("id") ?? "", kind: .meal, ownerID: context.ownerID)
                    let entry = try context.nutrition.edit(ownerID: context.ownerID, id: id, amount: amount)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(DietEntryJSON(entry))
                    } else {
                        invocation.output.print("✓ \(entry.name), \(entry.amountText) — \(Int(entry.macros.kcal.rounded())) kcal")
                    }
                }),
            Command(
                name: "delete", abstract: "Delete a logged food.",
                arguments: [Argument("id", help: "The entry: its handle from `tend diet today`, its id, or 'last'.")],
                run: { invocation in
                    let context = try context(invocation)
                    let id = try context.ids.resolve(invocation.argument("id") ?? "", kind: .meal, ownerID: context.ownerID)
                    try context.nutrition.delete(ownerID: context.ownerID, id: id)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(["deleted": id])
                    } else {
                        invocation.output.print("Deleted.")
                    }
                }),
            Command(
                name: "copy", abstract: "Copy a meal from another day: tend diet copy yesterday breakfast.",
                arguments: [
                    Argument("date", help: "The day to copy from (YYYY-MM-DD, yesterday)."),
                    Argument("meal", help: "breakfast, lunch, dinner or snack."),
                ],
                options: [.value("to", valueName: "DATE", help: "The day to copy to (default today).")],
                run: { invocation in
                    let meal = try NutritionInput.meal(invocation)
                    let context = try context(invocation)
                    let today = context.nutrition.today(ownerID: context.ownerID)
                    let from = try invocation.argument("date", expected: "YYYY-MM-DD, today or yesterday") { NutritionInput.date($0, today: today) }!
                    let to = try invocation.option("to", expected: "YYYY-MM-DD, today or yesterday") { NutritionInput.date($0, today: today) }
                    let copies = try context.nutrition.copy(ownerID: context.ownerID, from: from, meal: meal, to: to)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(["entries": copies.map(DietEntryJSON.init)])
                    } else {
                        invocation.output.print("✓ Copied \(counted(copies.count, "item")) of \(meal.rawValue) from \(from).")
                    }
                }),
            Command(
                name: "goals", abstract: "Show or set the daily goals: kcal, and macros in grams or as a percent of kcal (30%).",
                options: [
                    .value("kcal", valueName: "N", help: "Energy per day."),
                    .value("protein", valueName: "G|PCT%", help: "Protein in grams, or percent of kcal."),
                    .value("carbs", valueName: "G|PCT%", help: "Carbohydrates in grams, or percent of kcal."),
                    .value("fat", valueName: "G|PCT%", help: "Fat in grams, or percent of kcal."),
                ],
                run: { invocation in
                    let kcal = try invocation.option("kcal", expected: "kcal", NutritionInput.number)
                    let expected = "grams (120) or a percent (30%)"
                    let protein = try invocation.option("protein", expected: expected) { NutritionUseCases.GoalValue($0) }
                    let carbs = try invocation.option("carbs", expected: expected) { NutritionUseCases.GoalValue($0) }
                    let fat = try invocation.option("fat", expected: expected) { NutritionUseCases.GoalValue($0) }
                    let context = try context(invocation)
                    let goals = kcal == nil && protein == nil && carbs == nil && fat == nil
                        ? try context.nutrition.goals(ownerID: context.ownerID)
                        : try context.nutrition.setGoals(ownerID: context.ownerID, kcal: kcal, protein: protein, carbs: carbs, fat: fat)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(MacrosJSON(goals.macros))
                    } else {
                        invocation.output.print("Goals: \(Int(goals.kcal.rounded())) kcal · protein \(Int(goals.protein.rounded())) g"
                            + " · carbs \(Int(goals.carbs.rounded())) g · fat \(Int(goals.fat.rounded())) g")
                    }
                }),
        ])
    }
}
