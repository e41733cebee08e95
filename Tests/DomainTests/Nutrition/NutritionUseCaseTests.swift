import Core
import Domain
import Foundation
import Testing

@Suite("Nutrition: goals")
struct NutritionGoalTests {
    @Test func goalValuesAreGramsOrAPercent() {
        #expect(NutritionUseCases.GoalValue("30%") == .percent(30))
        #expect(NutritionUseCases.GoalValue("12.5%") == .percent(12.5))
        #expect(NutritionUseCases.GoalValue("120") == .grams(120))
        #expect(NutritionUseCases.GoalValue("120g") == .grams(120))
        #expect(NutritionUseCases.GoalValue("abc") == nil)
        #expect(NutritionUseCases.GoalValue("%") == nil)
        #expect(NutritionUseCases.GoalValue("") == nil)
    }

    @Test func withoutSavedGoalsTheStandardSplitApplies() throws {
        let world = NutritionWorld()
        let goals = try world.nutrition.goals(ownerID: "local")
        #expect(goals == .standard)
        #expect(goals.kcal == 2000)
        #expect(goals.protein == 100)
        #expect(goals.carbs == 250)
        #expect(nearly(goals.fat, 66.666_666_666, within: 1e-6))
    }

    /// 30 % of 2000 kcal: protein and carbs at 4 kcal/g → 150 g, fat at 9 kcal/g → 66.7 g.
    @Test func aPercentSplitOfKcal() throws {
        let world = NutritionWorld()
        let goals = try world.nutrition.setGoals(ownerID: "local", kcal: 2000, protein: .percent(30), carbs: .percent(30), fat: .percent(30))
        #expect(nearly(goals.protein, 150))
        #expect(nearly(goals.carbs, 150))
        #expect(nearly(goals.fat, 600.0 / 9))
        #expect((goals.fat * 10).rounded() / 10 == 66.7)
        #expect(try world.nutrition.goals(ownerID: "local") == goals)
        #expect(try world.nutrition.goals(ownerID: "someone-else") == .standard)
        #expect(world.transactor.writesOutside == 0)
    }

    /// The percent is taken of the kcal given in the same call.
    @Test func aPercentUsesTheNewKcalAndTheRestIsKept() throws {
        let world = NutritionWorld()
        let goals = try world.nutrition.setGoals(ownerID: "local", kcal: 1800, protein: .percent(30), carbs: .percent(40), fat: .percent(30))
        #expect(goals.kcal == 1800)
        #expect(nearly(goals.protein, 135))
        #expect(nearly(goals.carbs, 180))
        #expect(nearly(goals.fat, 60))
        let grams = try world.nutrition.setGoals(ownerID: "local", kcal: nil, protein: .grams(120), carbs: nil, fat: .grams(60))
        #expect(grams.kcal == 1800)
        #expect(grams.protein == 120)
        #expect(nearly(grams.carbs, 180))
        #expect(grams.fat == 60)
    }

    /// Lowering only the kcal goal keeps the split of the macros (MyFitnessPal's way).
    @Test func onlyTheKcalKeepsTheMacroSplit() throws {
        let world = NutritionWorld()
        let goals = try world.nutrition.setGoals(ownerID: "local", kcal: 1800, protein: nil, carbs: nil, fat: nil)
        #expect(nearly(goals.protein, 90))
        #expect(nearly(goals.carbs, 225))
        #expect(nearly(goals.fat, 60))
    }

    /// Macros are parts of the energy goal: together at most 100 % of it.
    @Test func macrosPastTheWholeAreRefused() throws {
        let world = NutritionWorld()
        for (protein, carbs, fat) in [(NutritionUseCases.GoalValue.percent(50), NutritionUseCases.GoalValue.percent(40),
                                      NutritionUseCases.GoalValue.percent(30)),
                                     (.grams(200), .grams(300), .grams(80)), (.percent(30), nil, .percent(40))] {
            let error = try #require(appError { _ = try world.nutrition.setGoals(ownerID: "local", kcal: 2000, protein: protein, carbs: carbs, fat: fat) })
            #expect(error.code == "invalid_goal")
            #expect(error.message.contains("at most 100 %"), "\(error.message)")
        }
        #expect(try world.nutrition.goals(ownerID: "local") == .standard)
    }

    @Test(arguments: [
        (100.0 as Double?, nil as NutritionUseCases.GoalValue?),
        (20_000, nil),
        (Double.nan, nil),
        (nil, .percent(120)),
        (nil, .percent(-5)),
        (nil, .grams(-5)),
        (nil, .grams(5000)),
    ])
    func refusedGoalsChangeNothing(kcal: Double?, protein: NutritionUseCases.GoalValue?) throws {
        let world = NutritionWorld()
        let error = try #require(appError {
            _ = try world.nutrition.setGoals(ownerID: "local", kcal: kcal, protein: protein, carbs: nil, fat: nil)
        })
        #expect(error.kind == .invalidInput)
        #expect(error.code == "invalid_goal")
        #expect(try world.diet.goals(ownerID: "local") == nil)
    }
}

@Suite("Nutrition: logging, editing, copying")
struct NutritionLogTests {
    @Test func mealsInEnglishAndKorean() {
        #expect(Meal(word: "Breakfast") == .breakfast)
        #expect(Meal(word: "점심") == .lunch)
        #expect(Meal(word: "저녁") == .dinner)
        #expect(Meal(word: "snacks") == .snack)
        #expect(Meal(word: "간식") == .snack)
        #expect(Meal(word: "brunch") == nil)
        #expect(Meal.allCases.map(\.rawValue) == ["breakfast", "lunch", "dinner", "snack"])
    }

    @Test func logByIDWithAHouseholdMeasure() throws {
        let world = NutritionWorld()
        let entry = try world.nutrition.log(ownerID: "local", meal: .breakfast, food: "usda:01001", amount: "1 tbsp", date: nil)
        #expect(entry.foodID == "usda:01001")
        #expect(entry.name == "Butter, salted")
        #expect(nearly(entry.grams, 14.2))
        #expect(nearly(entry.macros.kcal, 717 * 0.142))
        #expect(nearly(entry.macros.fat, 81.11 * 0.142))
        #expect(entry.amountText == "1 tbsp")
        #expect(entry.date == NutritionTime.day("2026-11-30"))
        #expect(world.diet.stored.count == 1)
        #expect(world.transactor.writesOutside == 0)
    }

    /// Words resolve to the best match of the search, which the entry is named after.
    @Test func logBySearchWords() throws {
        let world = NutritionWorld()
        let entry = try world.nutrition.log(ownerID: "local", meal: .lunch, food: "apple raw", amount: "1 cup", date: nil)
        #expect(entry.foodID == "usda:09003")
        #expect(entry.name == "Apples, raw, with skin")
        #expect(nearly(entry.grams, 125))
        #expect(nearly(entry.macros.kcal, 65))
    }

    @Test func quickAddOfBareCalories() throws {
        let world = NutritionWorld()
        let entry = try world.nutrition.log(ownerID: "local", meal: .snack, food: "quick", amount: "250kcal", date: nil)
        #expect(entry.foodID == nil)
        #expect(entry.grams == nil)
        #expect(entry.name == "Quick add")
        #expect(entry.macros == Macros(kcal: 250, protein: 0, carbs: 0, fat: 0))
        let named = try world.nutrition.log(ownerID: "local", meal: .snack, food: "cake at work", amount: "320 kcal", date: nil)
        #expect(named.name == "cake at work")
        let error = try #require(appError { _ = try world.nutrition.log(ownerID: "local", meal: .snack, food: "quick", amount: "10001kcal", date: nil) })
        #expect(error.code == "invalid_amount")
    }

    /// The day is the owner's (Seoul) day: 23:30 in Seoul on the 30th is still the 30th, although
    /// it is 14:30 UTC, and 00:30 on the 1st is the 1st although it is still the 30th in UTC.
    @Test func theDefaultDayIsTheLocalDay() throws {
        let late = NutritionWorld(now: NutritionTime.seoul("2026-11-30 23:30"))
        #expect(try late.nutrition.log(ownerID: "local", meal: .snack, food: "usda:09003", amount: "100g", date: nil).date
            == NutritionTime.day("2026-11-30"))
        let early = NutritionWorld(now: NutritionTime.seoul("2026-12-01 00:30"))
        #expect(try early.nutrition.log(ownerID: "local", meal: .snack, food: "usda:09003", amount: "100g", date: nil).date
            == NutritionTime.day("2026-12-01"))
        #expect(early.nutrition.today(ownerID: "local") == NutritionTime.day("2026-12-01"))
    }

    @Test(arguments: ["20 kg", "10001g", "0g", "-5g", "abc", "", "1e9g", "1e9"])
    func absurdOrMeaninglessAmountsAreRefused(amount: String) throws {
        let world = NutritionWorld()
        let error = try #require(appError { _ = try world.nutrition.log(ownerID: "local", meal: .lunch, food: "usda:01001", amount: amount, date: nil) })
        #expect(error.kind == .invalidInput, "\(amount): \(error.code) \(error.message)")
        #expect(world.diet.stored.isEmpty)
    }

    @Test func tenKilogramsIsTheMostAtOnce() throws {
        let world = NutritionWorld()
        let entry = try world.nutrition.log(ownerID: "local", meal: .lunch, food: "usda:09003", amount: "10 kg", date: nil)
        #expect(entry.grams == 10_000)
    }

    @Test func anUnknownMeasureIsInvalidInputNamingTheMeasures() throws {
        let world = NutritionWorld()
        let error = try #require(appError { _ = try world.nutrition.log(ownerID: "local", meal: .lunch, food: "usda:01001", amount: "1 bowl", date: nil) })
        #expect(error.kind == .invalidInput)
        #expect(error.code == "unknown_measure")
        #expect(error.message.contains("tbsp"))
    }

    @Test func anUnknownFoodNamesTheClosestFoods() throws {
        let world = NutritionWorld()
        let error = try #require(appError { _ = try world.nutrition.log(ownerID: "local", meal: .lunch, food: "butter xyzzy", amount: "10g", date: nil) })
        #expect(error.kind == .notFound)
        #expect(error.code == "food_not_found")
        #expect(error.message.contains("butter xyzzy"))
        #expect(error.message.contains("Butter, salted"))
        let byID = try #require(appError { _ = try world.nutrition.log(ownerID: "local", meal: .lunch, food: "usda:99999", amount: "10g", date: nil) })
        #expect(byID.kind == .notFound)
        #expect(world.diet.stored.isEmpty)
    }

    @Test func customFoodsKeepPer100gAndTheirServing() throws {
        let world = NutritionWorld()
        let food = try world.nutrition.addCustom(ownerID: "local", .init(
            name: "  Mom's kimchi stew ", serving: "1 bowl", grams: 250, macros: Macros(kcal: 300, protein: 10, carbs: 40, fat: 8)))
        #expect(food.id.hasPrefix("custom:"))
        #expect(food.name == "Mom's kimchi stew")
        #expect(food.source == .custom)
        #expect(food.ownerID == "local")
        #expect(nearly(food.per100g.kcal, 120))
        #expect(nearly(food.per100g.protein, 4))
        #expect(nearly(food.per100g.carbs, 16))
        #expect(nearly(food.per100g.fat, 3.2))
        #expect(food.measures == [FoodMeasure(amount: 1, name: "bowl", grams: 250)])
        let entry = try world.nutrition.log(ownerID: "local", meal: .dinner, food: food.id, amount: "1 bowl", date: nil)
        #expect(nearly(entry.grams, 250))
        #expect(nearly(entry.macros.kcal, 300))
        let byWords = try world.nutrition.log(ownerID: "local", meal: .dinner, food: "kimchi stew", amount: "0.5 bowl", date: nil)
        #expect(byWords.foodID == food.id)
        #expect(nearly(byWords.macros.kcal, 150))
        // Private to its owner.
        #expect(throws: AppError.self) { _ = try world.nutrition.food(id: food.id, ownerID: "someone-else") }
        #expect(try world.nutrition.search("kimchi", ownerID: "someone-else").isEmpty)
    }

    @Test(arguments: [
        ("", 100.0, 100.0), ("x", 0, 100), ("x", -1, 100), ("x", 6000, 100), ("x", 100, -1), ("x", .nan, 100), ("x", 100, .infinity),
        (String(repeating: "a", count: 121), 100, 100),
    ])
    func customFoodsRefuseNonsense(name: String, grams: Double, kcal: Double) {
        let world = NutritionWorld()
        let error = appError {
            _ = try world.nutrition.addCustom(ownerID: "local", .init(name: name, serving: "1 bowl", grams: grams,
                                                                    macros: Macros(kcal: kcal, protein: 0, carbs: 0, fat: 0)))
        }
        #expect(error?.code == "invalid_food")
        #expect(world.foods.allFoods.filter { $0.source == .custom }.isEmpty)
    }

    /// What no food can be: more protein than it weighs, macros heavier than the serving, more than 9 kcal a gram.
    @Test(arguments: [
        Macros(kcal: 100, protein: 30, carbs: 0, fat: 0), Macros(kcal: 200, protein: 10, carbs: 10, fat: 10),
        Macros(kcal: 300, protein: 0, carbs: 0, fat: 0),
    ])
    func customFoodsRefuseImpossibleMacros(macros: Macros) {
        let world = NutritionWorld()
        let error = appError {
            _ = try world.nutrition.addCustom(ownerID: "local", .init(name: "bar", serving: "1 bar", grams: 25, macros: macros))
        }
        #expect(error?.code == "invalid_food")
        #expect(world.foods.allFoods.filter { $0.source == .custom }.isEmpty)
    }

    @Test func aMealFarInTheFutureOrLongAgoIsRefused() throws {
        let world = NutritionWorld() // 2026-11-30 21:00 in Seoul
        for day in ["2026-12-02", "2027-11-30", "1899-12-31"] {
            let error = appError {
                _ = try world.nutrition.log(ownerID: "local", meal: .lunch, food: "quick", amount: "300kcal", date: NutritionTime.day(day))
            }
            #expect(error?.kind == .invalidInput, "\(day)")
        }
        // Tomorrow's breakfast may be planned.
        let planned = try world.nutrition.log(ownerID: "local", meal: .breakfast, food: "quick", amount: "300kcal",
                                              date: NutritionTime.day("2026-12-01"))
        #expect(planned.date == NutritionTime.day("2026-12-01"))
    }

    @Test func editRecomputesFromTheFood() throws {
        let world = NutritionWorld()
        let entry = try world.nutrition.log(ownerID: "local", meal: .breakfast, food: "usda:01001", amount: "1 tbsp", date: nil)
        let edited = try world.nutrition.edit(ownerID: "local", id: entry.id, amount: "2 tbsp")
        #expect(edited.id == entry.id)
        #expect(nearly(edited.grams, 28.4))
        #expect(nearly(edited.macros.kcal, 717 * 0.284))
        #expect(edited.amountText == "2 tbsp")
        #expect(try world.diet.entry(id: entry.id, ownerID: "local") == edited)
        // Upper-case ids are the same id.
        #expect(try world.nutrition.edit(ownerID: "local", id: entry.id.uppercased(), amount: "10g").grams == 10)
        #expect(appError { _ = try world.nutrition.edit(ownerID: "someone-else", id: entry.id, amount: "10g") }?.kind == .notFound)
        #expect(appError { _ = try world.nutrition.edit(ownerID: "local", id: entry.id, amount: "20 kg") }?.kind == .invalidInput)
        #expect(appError { _ = try world.nutrition.edit(ownerID: "local", id: entry.id, amount: "1 bowl") }?.code == "unknown_measure")
        #expect(try world.diet.entry(id: entry.id, ownerID: "local")?.grams == 10)
    }

    @Test func aQuickAddIsEditedInKcal() throws {
        let world = NutritionWorld()
        let entry = try world.nutrition.log(ownerID: "local", meal: .snack, food: "quick", amount: "250kcal", date: nil)
        #expect(try world.nutrition.edit(ownerID: "local", id: entry.id, amount: "300kcal").macros.kcal == 300)
        #expect(appError { _ = try world.nutrition.edit(ownerID: "local", id: entry.id, amount: "100g") }?.kind == .invalidInput)
    }

    @Test func deleteIsSoftAndOnlyForTheOwner() throws {
        let world = NutritionWorld()
        let entry = try world.nutrition.log(ownerID: "local", meal: .snack, food: "usda:09003", amount: "100g", date: nil)
        #expect(appError { try world.nutrition.delete(ownerID: "someone-else", id: entry.id) }?.kind == .notFound)
        try world.nutrition.delete(ownerID: "local", id: entry.id)
        #expect(world.diet.stored.first?.deletedAt == world.now)
        #expect(try world.nutrition.day(ownerID: "local", date: nil).entries.isEmpty)
        #expect(appError { try world.nutrition.delete(ownerID: "local", id: entry.id) }?.code == "entry_not_found")
    }

    @Test func copyAMealFromYesterday() throws {
        let world = NutritionWorld()
        let yesterday = NutritionTime.day("2026-11-29")
        let egg = try world.nutrition.log(ownerID: "local", meal: .breakfast, food: "usda:01123", amount: "2 large", date: yesterday)
        let toast = try world.nutrition.log(ownerID: "local", meal: .breakfast, food: "usda:18069", amount: "1 slice", date: yesterday)
        _ = try world.nutrition.log(ownerID: "local", meal: .lunch, food: "usda:09003", amount: "1 cup", date: yesterday)
        let copies = try world.nutrition.copy(ownerID: "local", from: yesterday, meal: .breakfast, to: nil)
        #expect(copies.count == 2)
        #expect(copies.map(\.foodID) == [egg.foodID, toast.foodID])
        #expect(copies.map(\.macros) == [egg.macros, toast.macros])
        #expect(copies.allSatisfy { $0.date == NutritionTime.day("2026-11-30") && $0.meal == .breakfast })
        #expect(Set(copies.map(\.id)).isDisjoint(with: [egg.id, toast.id]))
        let today = try world.nutrition.day(ownerID: "local", date: nil)
        #expect(today.entries.count == 2)
        #expect(nearly(today.totals.kcal, egg.macros.kcal + toast.macros.kcal))
        // The source day is untouched.
        #expect(try world.nutrition.day(ownerID: "local", date: yesterday).entries.count == 3)
        let empty = try #require(appError { _ = try world.nutrition.copy(ownerID: "local", from: yesterday, meal: .dinner, to: nil) })
        #expect(empty.kind == .notFound)
        #expect(empty.code == "meal_empty")
    }

    @Test func searchRefusesEmptyQueriesAndSillyLimits() {
        let world = NutritionWorld()
        #expect(appError { _ = try world.nutrition.search("   ", ownerID: "local") }?.code == "empty_query")
        #expect(appError { _ = try world.nutrition.search("butter", ownerID: "local", limit: 0) }?.code == "invalid_limit")
        #expect(appError { _ = try world.nutrition.search("butter", ownerID: "local", limit: 101) }?.code == "invalid_limit")
    }

    @Test func favouritesAreSetAndCleared() throws {
        let world = NutritionWorld()
        #expect(try world.nutrition.setFavorite(true, foodID: "usda:09003", ownerID: "local").isFavorite)
        #expect(try world.nutrition.food(id: "usda:09003", ownerID: "local").isFavorite)
        #expect(try !world.nutrition.food(id: "usda:09003", ownerID: "someone-else").isFavorite)
        #expect(try !world.nutrition.setFavorite(false, foodID: "usda:09003", ownerID: "local").isFavorite)
        #expect(appError { _ = try world.nutrition.setFavorite(true, foodID: "usda:99999", ownerID: "local") }?.kind == .notFound)
    }
}

@Suite("Nutrition: importing the USDA table")
struct NutritionImportTests {
    static func imported(_ uid: String, _ name: String) -> ImportedFood {
        ImportedFood(uid: uid, name: name, measures: [FoodMeasure(amount: 1, name: "cup", grams: 200)],
                     nutrients: [("Energy", 100), ("Protein", 5), ("Carbs", 10), ("Fat", 2), ("Fiber", 1)])
    }

    @Test func importsEveryBatchInOneTransactionAndNamesTheSkippedFiles() throws {
        let usda = NutritionFakeUSDA(batches: [[Self.imported("01001", "A"), Self.imported("01002", "B")], [Self.imported("01003", "C")]],
                                     skipped: ["01004.xml"])
        let world = NutritionWorld(foods: [], usda: usda)
        #expect(try world.nutrition.usdaCount() == 0)
        let result = try world.nutrition.importUSDA(path: "/somewhere/usda_sr24.jar")
        #expect(result.imported == 3)
        #expect(result.skipped == ["01004.xml"])
        #expect(world.transactor.commits == 1)
        #expect(world.transactor.writesOutside == 0)
        #expect(try world.nutrition.usdaCount() == 3)
        let food = try world.nutrition.food(id: "usda:01002", ownerID: "local")
        #expect(food.per100g == Macros(kcal: 100, protein: 5, carbs: 10, fat: 2))
        #expect(try world.nutrition.nutrients(foodID: "usda:01002").map(\.name) == ["Energy", "Protein", "Carbs", "Fat", "Fiber"])
    }

    @Test func aTableWithoutFoodsIsAnError() throws {
        let world = NutritionWorld(foods: [], usda: NutritionFakeUSDA(batches: [], skipped: ["a.xml"]))
        let error = try #require(appError { _ = try world.nutrition.importUSDA(path: "/empty") })
        #expect(error.code == "usda_empty")
        #expect(error.kind == .unprocessable)
    }

    @Test func importedFoodMacrosComeFromTheNamedNutrients() {
        let food = ImportedFood(uid: "1", name: "x", measures: [], nutrients: [("Water", 50), ("Fat", 3), ("Energy", 42)])
        #expect(food.per100g == Macros(kcal: 42, protein: 0, carbs: 0, fat: 3))
        #expect(food.nutrient("Water") == 50)
        #expect(food.nutrient("Iron") == nil)
    }

    @Test func aMeasureKnowsTheGramsOfOneUnit() {
        #expect(FoodMeasure(amount: 2, name: "slices", grams: 57).gramsPerUnit == 28.5)
        #expect(FoodMeasure(amount: 1, name: "cup", grams: 227).gramsPerUnit == 227)
        #expect(FoodMeasure(amount: 0, name: "odd", grams: 10).gramsPerUnit == 10)
    }
}

@Suite("Nutrition: the day and the week")
struct NutritionReviewTests {
    @Test func theDayTotalsEachMealAndWhatIsLeft() throws {
        let world = NutritionWorld()
        _ = try world.nutrition.log(ownerID: "local", meal: .breakfast, food: "usda:01001", amount: "10g", date: nil)
        _ = try world.nutrition.log(ownerID: "local", meal: .lunch, food: "usda:09003", amount: "1 cup", date: nil)
        _ = try world.nutrition.log(ownerID: "local", meal: .snack, food: "quick", amount: "250kcal", date: nil)
        _ = try world.nutrition.log(ownerID: "local", meal: .lunch, food: "usda:09003", amount: "100g", date: NutritionTime.day("2026-11-29"))
        _ = try world.nutrition.log(ownerID: "someone-else", meal: .lunch, food: "usda:09003", amount: "100g", date: nil)
        let day = try world.nutrition.day(ownerID: "local", date: nil)
        #expect(day.date == NutritionTime.day("2026-11-30"))
        #expect(day.entries.count == 3)
        #expect(nearly(day.totals.kcal, 71.7 + 65 + 250))
        #expect(nearly(day.totals.protein, 0.085 + 0.325))
        #expect(nearly(day.totals.carbs, 0.006 + 17.2625))
        #expect(nearly(day.totals.fat, 8.111 + 0.2125))
        #expect(nearly(day.totals(.breakfast).kcal, 71.7))
        #expect(nearly(day.totals(.lunch).kcal, 65))
        #expect(day.totals(.dinner) == .zero)
        #expect(day.entries(.dinner).isEmpty)
        #expect(nearly(day.remainingKcal, 2000 - 386.7))
        #expect(day.goals == .standard)
    }

    @Test func remainingGoesNegativeWhenOver() throws {
        let world = NutritionWorld()
        _ = try world.nutrition.setGoals(ownerID: "local", kcal: 1800, protein: nil, carbs: nil, fat: nil)
        _ = try world.nutrition.log(ownerID: "local", meal: .dinner, food: "quick", amount: "2000kcal", date: nil)
        #expect(try world.nutrition.day(ownerID: "local", date: nil).remainingKcal == -200)
    }

    /// Goal 2000 kcal: 1800 and 2200 are on target (±10 % inclusive), 1799 and 2500 are not;
    /// the average is over the five logged days only.
    @Test func theWeekAveragesLoggedDaysAndCountsDaysOnTarget() throws {
        let world = NutritionWorld()
        let today = NutritionTime.day("2026-11-30")
        let kcal: [Int: Int] = [-7: 3000, -6: 1800, -4: 2200, -3: 1799, -2: 2500, 0: 2000]
        for (offset, value) in kcal {
            _ = try world.nutrition.log(ownerID: "local", meal: .lunch, food: "quick", amount: "\(value)kcal", date: today.adding(days: offset))
        }
        let week = try world.nutrition.week(ownerID: "local", ending: nil)
        #expect(week.days.map(\.date) == (0..<7).map { today.adding(days: $0 - 6) })
        #expect(week.days.map(\.totals.kcal) == [1800, 0, 2200, 1799, 2500, 0, 2000])
        #expect(week.loggedDays == 5)
        #expect(nearly(week.average.kcal, 10_299.0 / 5))
        #expect(week.daysOnTarget == 3)
        #expect(week.goals == .standard)
    }

    @Test func anEmptyWeekAveragesZero() throws {
        let world = NutritionWorld()
        let week = try world.nutrition.week(ownerID: "local", ending: NutritionTime.day("2026-01-07"))
        #expect(week.days.first?.date == NutritionTime.day("2026-01-01"))
        #expect(week.loggedDays == 0)
        #expect(week.average == .zero)
        #expect(week.daysOnTarget == 0)
    }
}

@Suite("Nutrition: words and ids that name a food")
struct FoodReferenceTests {
    @Test func anIdOfAnyTableIsAnIdNotWordsToSearch() {
        #expect(NutritionUseCases.isFoodID("usda:01001"))
        #expect(NutritionUseCases.isFoodID("kr:kr0186"))
        #expect(NutritionUseCases.isFoodID("custom:019ad3c2-1111-7aaa-8bbb-00000abc1234"))
        #expect(!NutritionUseCases.isFoodID("egg"))
        #expect(!NutritionUseCases.isFoodID("kr:"))
        #expect(!NutritionUseCases.isFoodID("note: egg white"))
    }
}
