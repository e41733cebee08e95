import FoundationEssentials
import Core

/// The food table, meals against goals, and the day and week reviews.
public struct NutritionUseCases: Sendable {
    let foods: any FoodRepository
    let diet: any DietRepository
    let usda: any USDASource
    let transactor: any Transactor
    public let clock: any Clock
    let timeZone: @Sendable (_ ownerID: String) -> String

    public init(foods: any FoodRepository, diet: any DietRepository, usda: any USDASource, transactor: any Transactor,
                clock: any Clock, timeZone: @escaping @Sendable (_ ownerID: String) -> String) {
        self.foods = foods
        self.diet = diet
        self.usda = usda
        self.transactor = transactor
        self.clock = clock
        self.timeZone = timeZone
    }

    public func today(ownerID: String) -> LocalDate {
        TimeZone(stored: timeZone(ownerID)).localDate(of: clock.now)
    }

    // MARK: - The food table

    public struct ImportResult: Sendable, Equatable {
        public let imported: Int
        public let skipped: [String]
    }

    /// Imports (or re-imports: it is idempotent) the USDA table; damaged files are skipped and named.
    public func importUSDA(path: String) throws -> ImportResult {
        var imported = 0
        let skipped = try transactor.write {
            try usda.read(path: path) { batch in
                try foods.upsert(batch)
                imported += batch.count
            }
        }
        guard imported > 0 else {
            throw AppError(.unprocessable, code: "usda_empty", "\(path) holds no USDA food files")
        }
        return ImportResult(imported: imported, skipped: skipped)
    }

    /// How many USDA foods are imported (0 before the first import).
    public func usdaCount() throws -> Int { try foods.count(source: .usda) }

    public func search(_ query: String, ownerID: String, limit: Int = 10) throws -> [Food] {
        let query = query.trimmed
        guard !query.isEmpty else { throw AppError.invalidInput("give some words to search for", code: "empty_query") }
        guard (1...100).contains(limit) else { throw AppError.invalidInput("the limit is 1 to 100", code: "invalid_limit") }
        return try foods.search(query, ownerID: ownerID, limit: limit)
    }

    public func food(id: String, ownerID: String) throws -> Food {
        guard let food = try foods.food(id: id, ownerID: ownerID) else {
            throw AppError.notFound("no food \(id)", code: "food_not_found").with(key: "id", ["id": id])
        }
        return food
    }

    public func nutrients(foodID: String) throws -> [(name: String, amount: Double)] { try foods.nutrients(foodID: foodID) }

    public struct CustomFood: Sendable {
        public var name: String
        public var serving: String
        public var grams: Double
        public var macros: Macros

        public init(name: String, serving: String, grams: Double, macros: Macros) {
            self.name = name
            self.serving = serving
            self.grams = grams
            self.macros = macros
        }
    }

    /// One's own food ("직접 입력"): the values of one serving, kept per 100 g.
    public func addCustom(ownerID: String, _ custom: CustomFood) throws -> Food {
        let name = custom.name.trimmed
        guard (1...120).contains(name.count) else {
            throw AppError.invalidInput("a food's name is 1 to 120 characters", code: "invalid_food").with(key: "name")
        }
        guard custom.grams.isFinite, custom.grams > 0, custom.grams <= 5000 else {
            throw AppError.invalidInput("a serving weighs more than 0 and at most 5000 g", code: "invalid_food").with(key: "serving")
        }
        for (value, field) in [(custom.macros.kcal, "kcal"), (custom.macros.protein, "protein"), (custom.macros.carbs, "carbs"),
                               (custom.macros.fat, "fat")] where !(value.isFinite && value >= 0 && value <= 10_000) {
            throw AppError.invalidInput("\(field) must be 0 or more (and sensible)", code: "invalid_food")
                .with(key: "value", ["field": field])
        }
        // What cannot be true: more protein, carbs and fat than the serving weighs, or more energy
        // than pure fat carries (9 kcal a gram).
        let macroGrams = custom.macros.protein + custom.macros.carbs + custom.macros.fat
        guard macroGrams <= custom.grams * 1.001 else {
            throw AppError.invalidInput("protein, carbs and fat (\(tenths(macroGrams)) g) cannot weigh more than the serving "
                + "(\(tenths(custom.grams)) g)", code: "invalid_food")
                .with(key: "macros", ["macros": tenths(macroGrams), "grams": tenths(custom.grams)])
        }
        guard custom.macros.kcal <= custom.grams * 9.1 else {
            throw AppError.invalidInput("\(tenths(custom.macros.kcal)) kcal in \(tenths(custom.grams)) g is more than "
                + "any food holds (at most 9 kcal a gram)", code: "invalid_food")
                .with(key: "kcal", ["kcal": tenths(custom.macros.kcal), "grams": tenths(custom.grams)])
        }
        let serving = Amount(custom.serving.trimmed)
        let measure = FoodMeasure(amount: serving?.quantity ?? 1, name: serving?.unit ?? custom.serving.trimmed, grams: custom.grams)
        let food = Food(id: "custom:" + UUIDv7.makeString(at: clock.now), ownerID: ownerID, name: name, source: .custom,
                        per100g: custom.macros.scaled(100 / custom.grams), measures: [measure])
        try transactor.write { try foods.saveCustom(food) }
        return food
    }

    public func setFavorite(_ favorite: Bool, foodID: String, ownerID: String) throws -> Food {
        let food = try food(id: foodID, ownerID: ownerID)
        try transactor.write { try foods.setFavorite(favorite, foodID: food.id, ownerID: ownerID) }
        return try self.food(id: food.id, ownerID: ownerID)
    }

    /// A food by id, or the best match of a search (an error names the closest foods).
    /// - Parameter amount: when given, the best match that can measure it ("egg", "2 large":
    ///   the egg that has a "large" measure), else the best match.
    public func resolve(_ reference: String, ownerID: String, fitting amount: Amount? = nil) throws -> Food {
        if Self.isFoodID(reference) {
            return try food(id: reference, ownerID: ownerID)
        }
        let matches = try search(reference, ownerID: ownerID, limit: amount == nil ? 1 : 5)
        if let best = matches.first {
            return matches.first { food in amount.map { (try? $0.grams(of: food)) != nil } ?? true } ?? best
        }
        // A misspelling ("chiken brest"): the first three letters of each word still find the neighbours.
        let stems = reference.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { String($0.prefix(3)) }.joined(separator: " ")
        var closest = try foods.search(stems, ownerID: ownerID, limit: 3).map(\.name)
        if closest.isEmpty {
            closest = try reference.split(separator: " ").flatMap { try foods.search(String($0.prefix(3)), ownerID: ownerID, limit: 1) }
                .prefix(3).map(\.name)
        }
        throw AppError.notFound(
            "no food matches '\(reference)'\(closest.isEmpty ? "" : "; closest: \(closest.joined(separator: "; "))")",
            code: "food_not_found")
            .with(key: closest.isEmpty ? "match" : "closest", ["query": reference, "closest": closest.joined(separator: "; ")])
    }

    /// `usda:01001`, `kr:kr0001`, `custom:<uuid>`: a food's id rather than words to search.
    public static func isFoodID(_ reference: String) -> Bool {
        let parts = reference.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 2 && ["usda", "kr", "custom"].contains(parts[0]) && !parts[1].isEmpty && !parts[1].contains(" ")
    }

    // MARK: - Meals

    public func log(ownerID: String, meal: Meal, food reference: String, amount text: String, date: LocalDate?) throws -> DietEntry {
        guard let amount = Amount(text) else {
            throw AppError.invalidInput("'\(text)' is not an amount: say 40g, 1 cup, 2 tbsp, 1.5 slice or 250kcal", code: "invalid_amount")
                .with(key: "text_kcal", ["text": text])
        }
        let now = clock.now
        let day = try checked(day: date, ownerID: ownerID)
        var entry: DietEntry
        if amount.isCalories {
            guard amount.quantity <= 10_000 else {
                throw AppError.invalidInput("at most 10,000 kcal at once", code: "invalid_amount").with(key: "kcal")
            }
            let named = Self.isFoodID(reference)
                ? try food(id: reference, ownerID: ownerID).name : reference.trimmed
            entry = DietEntry(id: UUIDv7.makeString(at: now), ownerID: ownerID, date: day, meal: meal, foodID: nil,
                              name: named.isEmpty || named == "quick" ? "Quick add" : named, grams: nil,
                              amountText: text, macros: Macros(kcal: amount.quantity, protein: 0, carbs: 0, fat: 0),
                              createdAt: now, updatedAt: now)
        } else {
            let food = try resolve(reference, ownerID: ownerID, fitting: amount)
            let grams = try Self.checked(grams: amount.grams(of: food))
            entry = DietEntry(id: UUIDv7.makeString(at: now), ownerID: ownerID, date: day, meal: meal, foodID: food.id, name: food.name,
                              grams: grams, amountText: text, macros: food.per100g.scaled(grams / 100), createdAt: now, updatedAt: now)
        }
        try transactor.write { try diet.insert(entry) }
        return entry
    }

    public func edit(ownerID: String, id: String, amount text: String) throws -> DietEntry {
        guard let amount = Amount(text) else {
            throw AppError.invalidInput("'\(text)' is not an amount: say 40g, 1 cup, 2 tbsp or 1.5 slice", code: "invalid_amount")
                .with(key: "text", ["text": text])
        }
        return try transactor.write {
            guard var entry = try diet.entry(id: id.lowercased(), ownerID: ownerID) else {
                throw AppError.notFound("no diet entry \(id)", code: "entry_not_found").with(["id": id])
            }
            if let foodID = entry.foodID {
                let food = try food(id: foodID, ownerID: ownerID)
                let grams = try Self.checked(grams: amount.grams(of: food))
                entry.grams = grams
                entry.macros = food.per100g.scaled(grams / 100)
            } else {
                guard amount.isCalories else {
                    throw AppError.invalidInput("a quick-add is changed in kcal, e.g. 300kcal", code: "invalid_amount").with(key: "quick")
                }
                entry.macros = Macros(kcal: amount.quantity, protein: 0, carbs: 0, fat: 0)
            }
            entry.amountText = text
            entry.updatedAt = clock.now
            try diet.update(entry)
            return entry
        }
    }

    public func delete(ownerID: String, id: String) throws {
        try transactor.write {
            guard var entry = try diet.entry(id: id.lowercased(), ownerID: ownerID) else {
                throw AppError.notFound("no diet entry \(id)", code: "entry_not_found").with(["id": id])
            }
            entry.deletedAt = clock.now
            entry.updatedAt = clock.now
            try diet.update(entry)
        }
    }

    /// Copies a meal of one day to another (today by default): "yesterday's breakfast".
    public func copy(ownerID: String, from date: LocalDate, meal: Meal, to target: LocalDate?) throws -> [DietEntry] {
        try PlausibleTime.check(date, "the day to copy from")
        let target = try checked(day: target, ownerID: ownerID)
        return try transactor.write {
            let source = try diet.entries(ownerID: ownerID, from: date, through: date).filter { $0.meal == meal }
            guard !source.isEmpty else {
                throw AppError.notFound("nothing was logged for \(meal.rawValue) on \(date)", code: "meal_empty")
                    .with(["meal": meal.rawValue, "date": "\(date)"])
            }
            let now = clock.now
            return try source.map { original in
                let copy = DietEntry(id: UUIDv7.makeString(at: now), ownerID: ownerID, date: target, meal: meal, foodID: original.foodID,
                                     name: original.name, grams: original.grams, amountText: original.amountText,
                                     macros: original.macros, createdAt: now, updatedAt: now)
                try diet.insert(copy)
                return copy
            }
        }
    }

    private func tenths(_ value: Double) -> String { formatUnits(rounded(value, places: 1)) }

    /// A meal's day: today by default; planned at most a day ahead, and not before 1900.
    func checked(day: LocalDate?, ownerID: String) throws -> LocalDate {
        let today = today(ownerID: ownerID)
        guard let day else { return today }
        guard day <= today.adding(days: 1) else {
            throw AppError.invalidInput("\(day) is too far ahead: meals are logged up to a day in advance", code: "future_meal")
                .with(["date": "\(day)"])
        }
        try PlausibleTime.check(day, "the meal's day")
        return day
    }

    // MARK: - Goals and reviews

    public func goals(ownerID: String) throws -> NutritionGoals { try diet.goals(ownerID: ownerID) ?? .standard }

    /// Sets goals; macros in grams, or as a percent of kcal (`30%`).
    public func setGoals(ownerID: String, kcal: Double?, protein: GoalValue?, carbs: GoalValue?, fat: GoalValue?) throws -> NutritionGoals {
        try transactor.write {
            var goals = try goals(ownerID: ownerID)
            if let kcal {
                guard kcal.isFinite, (500...10_000).contains(kcal) else {
                    throw AppError.invalidInput("the kcal goal is 500 to 10,000", code: "invalid_goal").with(key: "kcal")
                }
                // The macros keep their share of the energy when only the kcal goal moves.
                let scale = kcal / goals.kcal
                goals = NutritionGoals(kcal: kcal, protein: goals.protein * scale, carbs: goals.carbs * scale, fat: goals.fat * scale)
            }
            func grams(_ value: GoalValue?, kcalPerGram: Double) throws -> Double? {
                guard let value else { return nil }
                switch value {
                case .grams(let grams):
                    guard grams.isFinite, (0...2000).contains(grams) else {
                        throw AppError.invalidInput("a macro goal is 0 to 2000 g", code: "invalid_goal").with(key: "macro")
                    }
                    return grams
                case .percent(let percent):
                    guard percent.isFinite, (0...100).contains(percent) else {
                        throw AppError.invalidInput("a percent is 0 to 100", code: "invalid_goal").with(key: "percent")
                    }
                    return goals.kcal * percent / 100 / kcalPerGram
                }
            }
            goals.protein = try grams(protein, kcalPerGram: 4) ?? goals.protein
            goals.carbs = try grams(carbs, kcalPerGram: 4) ?? goals.carbs
            goals.fat = try grams(fat, kcalPerGram: 9) ?? goals.fat
            // Macros are part of the energy goal: together they make at most 100 % of it.
            let share = (goals.protein * 4 + goals.carbs * 4 + goals.fat * 9) / goals.kcal * 100
            guard share <= 101 else {
                throw AppError.invalidInput(
                    "protein, carbs and fat make \(Int(share.rounded())) % of the \(Int(goals.kcal.rounded())) kcal goal; "
                        + "together they are at most 100 % (lower a macro or raise the kcal goal)", code: "invalid_goal")
                    .with(key: "share", ["percent": "\(Int(share.rounded()))", "kcal": "\(Int(goals.kcal.rounded()))"])
            }
            try diet.saveGoals(goals, ownerID: ownerID, at: clock.now)
            return goals
        }
    }

    public enum GoalValue: Sendable, Equatable {
        case grams(Double)
        case percent(Double)

        public init?(_ text: String) {
            let text = text.trimmed
            if text.hasSuffix("%"), let value = Double(text.dropLast()) { self = .percent(value); return }
            let digits = text.hasSuffix("g") ? String(text.dropLast()) : text
            guard let value = Double(digits) else { return nil }
            self = .grams(value)
        }
    }

    public struct Day: Sendable, Equatable {
        public let date: LocalDate
        public let entries: [DietEntry]
        public let goals: NutritionGoals

        public var totals: Macros { entries.reduce(.zero) { $0 + $1.macros } }
        public func entries(_ meal: Meal) -> [DietEntry] { entries.filter { $0.meal == meal } }
        public func totals(_ meal: Meal) -> Macros { entries(meal).reduce(.zero) { $0 + $1.macros } }
        public var remainingKcal: Double { goals.kcal - totals.kcal }
    }

    public func day(ownerID: String, date: LocalDate?) throws -> Day {
        let date = date ?? today(ownerID: ownerID)
        return Day(date: date, entries: try diet.entries(ownerID: ownerID, from: date, through: date), goals: try goals(ownerID: ownerID))
    }

    public struct Week: Sendable, Equatable {
        public let days: [(date: LocalDate, totals: Macros)]
        public let goals: NutritionGoals
        /// Days with anything logged.
        public var loggedDays: Int { days.filter { $0.totals.kcal > 0 }.count }
        /// The average over the days with anything logged.
        public var average: Macros {
            let logged = days.filter { $0.totals.kcal > 0 }
            guard !logged.isEmpty else { return .zero }
            return logged.reduce(.zero) { $0 + $1.totals }.scaled(1 / Double(logged.count))
        }
        /// Days within ±10 % of the kcal goal.
        public var daysOnTarget: Int { days.filter { abs($0.totals.kcal - goals.kcal) <= goals.kcal * 0.1 }.count }

        public static func == (lhs: Week, rhs: Week) -> Bool {
            lhs.goals == rhs.goals && lhs.days.map(\.date) == rhs.days.map(\.date) && lhs.days.map(\.totals) == rhs.days.map(\.totals)
        }
    }

    /// The seven days ending `date` (today by default).
    public func week(ownerID: String, ending date: LocalDate?) throws -> Week {
        let last = date ?? today(ownerID: ownerID)
        let first = last.adding(days: -6)
        let entries = try diet.entries(ownerID: ownerID, from: first, through: last)
        let days = (0..<7).map { offset -> (date: LocalDate, totals: Macros) in
            let day = first.adding(days: offset)
            return (day, entries.filter { $0.date == day }.reduce(.zero) { $0 + $1.macros })
        }
        return Week(days: days, goals: try goals(ownerID: ownerID))
    }

    static func checked(grams: Double) throws -> Double {
        guard grams.isFinite, grams > 0, grams <= 10_000 else {
            throw AppError.invalidInput("that is \(Int(grams)) g: an amount is more than 0 and at most 10 kg", code: "invalid_amount")
                .with(key: "grams", ["grams": "\(Int(grams))"])
        }
        return grams
    }
}
