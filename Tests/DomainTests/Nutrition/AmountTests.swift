import Core
import Domain
import Foundation
import Testing

@Suite("Nutrition: amounts as a person writes them")
struct AmountParsingTests {
    @Test(arguments: [
        ("40g", 40.0, "g" as String?),
        ("40 g", 40, "g"),
        ("1 cup", 1, "cup"),
        ("2 tbsp", 2, "tbsp"),
        ("1.5 slice", 1.5, "slice"),
        ("1/2 cup", 0.5, "cup"),
        ("3 oz", 3, "oz"),
        ("250kcal", 250, "kcal"),
        ("100", 100, nil),
        ("1,5 cup", 1.5, "cup"),
        ("  2 TBSP ", 2, "tbsp"),
        (".5 cup", 0.5, "cup"),
    ] as [(String, Double, String?)])
    func parses(text: String, quantity: Double, unit: String?) throws {
        let amount = try #require(Amount(text), "'\(text)' should parse")
        #expect(nearly(amount.quantity, quantity))
        #expect(amount.unit == unit)
    }

    @Test func onlyKcalIsAQuickAdd() throws {
        #expect(try #require(Amount("250kcal")).isCalories)
        #expect(try #require(Amount("250 kcal")).isCalories)
        #expect(try !#require(Amount("250g")).isCalories)
        #expect(try !#require(Amount("1 cup")).isCalories)
        #expect(try !#require(Amount("100")).isCalories)
    }

    @Test(arguments: ["0g", "-5g", "abc", "", "   ", "0", "1/0 cup", "0/2 cup", "1/2/3 cup", "100001g", "g", "..5g", "½ cup"])
    func refuses(text: String) {
        #expect(Amount(text) == nil, "'\(text)' should not parse")
    }

    /// "1e9g" must never become a billion grams: either it does not parse, or its unit is not one
    /// a food has, so that no food can be logged with it.
    @Test func scientificNotationNeverBecomesAnAbsurdAmount() {
        let parsed = Amount("1e9g")
        if let parsed {
            #expect(throws: AppError.self) { _ = try parsed.grams(of: NutritionSamples.butter) }
        }
        #expect(Amount("1e9g").flatMap { try? $0.grams(of: NutritionSamples.butter) } == nil)
    }
}

@Suite("Nutrition: grams of a food for an amount")
struct AmountGramsTests {
    @Test(arguments: [
        ("40g", 40.0), ("40 g", 40), ("100", 100), ("0.5kg", 500), ("3 oz", 3 * 28.349_523_125), ("1 lb", 453.592_37),
        ("2 ounces", 2 * 28.349_523_125),
    ] as [(String, Double)])
    func weightUnitsNeedNoMeasure(text: String, grams: Double) throws {
        let amount = try #require(Amount(text))
        #expect(nearly(try amount.grams(of: NutritionSamples.noMeasures), grams))
        #expect(nearly(try amount.grams(of: NutritionSamples.butter), grams))
    }

    @Test(arguments: [
        ("1 cup", 227.0), ("2 cups", 454), ("1 tbsp", 14.2), ("2 tbsp", 28.4), ("1 tablespoon", 14.2), ("2 tablespoons", 28.4),
        ("1 stick", 113), ("1 pat", 5), ("1/2 cup", 113.5), ("1,5 cup", 340.5),
    ] as [(String, Double)])
    func householdMeasuresOfButter(text: String, grams: Double) throws {
        let amount = try #require(Amount(text))
        #expect(nearly(try amount.grams(of: NutritionSamples.butter), grams, within: 1e-9))
    }

    /// Cheese spread lists "2.0 tablespoon = 32 g": one tablespoon is 16 g, and "tbsp" is its alias.
    @Test func aMeasureWithAmountTwoAndTheTablespoonAlias() throws {
        #expect(nearly(try #require(Amount("2 tbsp")).grams(of: NutritionSamples.cheeseSpread), 32))
        #expect(nearly(try #require(Amount("1 tbsp")).grams(of: NutritionSamples.cheeseSpread), 16))
        #expect(nearly(try #require(Amount("3 tablespoon")).grams(of: NutritionSamples.cheeseSpread), 48))
    }

    @Test func slicesOfBread() throws {
        #expect(nearly(try #require(Amount("1 slice")).grams(of: NutritionSamples.bread), 28))
        #expect(nearly(try #require(Amount("1.5 slice")).grams(of: NutritionSamples.bread), 42))
        #expect(nearly(try #require(Amount("2 slices")).grams(of: NutritionSamples.bread), 56))
    }

    /// "slice" vs "slices": Pastrami, turkey (usda:07052) lists its only slice measure in the
    /// plural, "2.0 slices" = 57 g, so one slice is 28.5 g whichever way it is written.
    @Test func aMeasureListedOnlyInThePluralAnswersToSingularAndPlural() throws {
        #expect(nearly(try? #require(Amount("1 slice")).grams(of: NutritionSamples.pastrami), 28.5))
        #expect(nearly(try? #require(Amount("2 slices")).grams(of: NutritionSamples.pastrami), 57))
        #expect(nearly(try? #require(Amount("1.5 slice")).grams(of: NutritionSamples.pastrami), 42.75))
    }

    /// The same with pieces: "6.0 pieces" = 96 g of boneless fried chicken (usda:21229).
    @Test func piecesListedOnlyInThePlural() throws {
        #expect(nearly(try? #require(Amount("4 pieces")).grams(of: NutritionSamples.nuggets), 64))
        #expect(nearly(try? #require(Amount("1 piece")).grams(of: NutritionSamples.nuggets), 16))
    }

    @Test func aWordMatchesTheWholeFirstWordOfAMeasure() throws {
        // "cup" is "cup, quartered or chopped", the first cup measure of the apple.
        #expect(nearly(try #require(Amount("1 cup")).grams(of: NutritionSamples.apple), 125))
        // "large" is the large egg, not "extra large" nor "cup (4.86 large eggs)".
        #expect(nearly(try #require(Amount("1 large")).grams(of: NutritionSamples.egg), 50))
        #expect(nearly(try #require(Amount("2 medium")).grams(of: NutritionSamples.egg), 88))
        #expect(nearly(try #require(Amount("1 medium")).grams(of: NutritionSamples.apple), 182))
        // A measure listed as "0.5 breast" weighs 236 g a breast.
        #expect(nearly(try #require(Amount("1 breast")).grams(of: NutritionSamples.chickenBreast), 236))
    }

    @Test func anUnknownMeasureNamesTheMeasuresTheFoodHas() throws {
        let error = try #require(appError { _ = try Amount("1 bowl")!.grams(of: NutritionSamples.butter) })
        #expect(error.kind == .invalidInput)
        #expect(error.code == "unknown_measure")
        #expect(error.message.contains("Butter, salted"))
        #expect(error.message.contains("bowl"))
        for measure in ["cup", "tbsp", "stick", "pat"] {
            #expect(error.message.contains(measure), "the message should list \(measure): \(error.message)")
        }
    }

    @Test func aFoodWithoutMeasuresAsksForGrams() throws {
        let error = try #require(appError { _ = try Amount("1 cup")!.grams(of: NutritionSamples.noMeasures) })
        #expect(error.code == "unknown_measure")
        #expect(error.message.contains("100g"))
    }
}
