import FoundationEssentials
import Core
import Console
import Domain

/// The food table, the day and the week, and the weight trend for a person in a terminal.
public enum NutritionText {
    static func kcal(_ value: Double) -> String { "\(Int(value.rounded())) kcal" }
    static func grams(_ value: Double) -> String { "\(Int(value.rounded())) g" }

    /// Search results: each food's whole name (wrapped, never cut: the preparation at its end
    /// matters) with its other-language name, per 100 g, the first measure and the id.
    /// - Parameter language: "ko" shows Korean names first and a Korean serving first.
    public static func foods(_ foods: [Food], language: String = "en") -> String {
        var table = Table(columns: [(title: "Food", alignment: .left), (title: "kcal/100g", alignment: .right),
                                    (title: "P", alignment: .right), (title: "C", alignment: .right), (title: "F", alignment: .right),
                                    (title: "First measure", alignment: .left), (title: "ID", alignment: .left)])
        for food in foods {
            let nameLines = wrap(fullName(food, language: language, favorite: true), width: nameWidth)
            var measureLines: [String] = []
            if let first = preferredMeasures(food, language: language).first {
                let macros = food.per100g.scaled(first.grams / 100)
                measureLines = wrap("\(formatAmount(first.amount)) \(first.name) (\(formatAmount(first.grams)) g) = \(kcal(macros.kcal))",
                                    width: measureWidth)
            }
            table.addRow([nameLines.first ?? "", formatAmount(round2(food.per100g.kcal)),
                          formatAmount((food.per100g.protein * 10).rounded() / 10), formatAmount((food.per100g.carbs * 10).rounded() / 10),
                          formatAmount((food.per100g.fat * 10).rounded() / 10),
                          measureLines.first ?? "", food.id])
            for index in 1..<max(nameLines.count, measureLines.count, 1) {
                table.addRow([index < nameLines.count ? "  " + nameLines[index] : "", "", "", "", "",
                              index < measureLines.count ? "  " + measureLines[index] : "", ""])
            }
        }
        return table.render()
    }

    static let nameWidth = 46
    static let measureWidth = 34

    /// "Bananas, raw (바나나)", "배추김치 (Kimchi, napa cabbage)"; in Korean, the Korean name first.
    public static func fullName(_ food: Food, language: String, favorite: Bool = false) -> String {
        let shown = food.displayName(language: language)
        let other = food.otherName(language: language).map { " (\($0))" } ?? ""
        return (favorite && food.isFavorite ? "★ " : "") + shown + other
    }

    /// The measures with those written in the screen's language first (a Korean food has its
    /// serving in both: 1인분 and 1 serving).
    static func preferredMeasures(_ food: Food, language: String) -> [FoodMeasure] {
        let isKorean: (FoodMeasure) -> Bool = { $0.name.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }
        let first = food.measures.filter { isKorean($0) == (language == "ko") }
        return first + food.measures.filter { isKorean($0) != (language == "ko") }
    }

    /// Lines of at most `width` display columns, broken after a comma or at a space; a word
    /// wider than the line stands alone. Nothing is dropped.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty, TextWidth.displayWidth(candidate) > width {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `tend food show`: the names, the measures, then every nutrient per 100 g with its unit.
    public static func food(_ food: Food, nutrients: [FoodNutrient], language: String = "en") -> String {
        var text = foods([food], language: language) + "\n"
        for measure in preferredMeasures(food, language: language) {
            text += "\n  \(formatAmount(measure.amount)) \(measure.name) = \(formatAmount(measure.grams)) g"
        }
        if !nutrients.isEmpty {
            var lines: [String] = []
            var line = ""
            for item in nutrients.map(nutrient) {
                if !line.isEmpty, TextWidth.displayWidth(line) + 2 + TextWidth.displayWidth(item) > 94 {
                    lines.append(line + ",")
                    line = item
                } else {
                    line = line.isEmpty ? item : line + ", " + item
                }
            }
            lines.append(line)
            text += "\n\nPer 100 g:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
        }
        return text
    }

    /// "Protein 3.15 g", "Sodium 43 mg", "Energy 61 kcal".
    public static func nutrient(_ nutrient: FoodNutrient) -> String {
        "\(nutrient.name) \(formatAmount(round2(nutrient.amount))) \(nutrient.unit)"
    }

    /// A gauge of eaten against goal, with the percent.
    static func gauge(_ label: String, _ value: Double, _ goal: Double, unit: (Double) -> String) -> String {
        let ratio = goal > 0 ? value / goal : 0
        let filled = min(20, Int((ratio * 20).rounded()))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled)
        return "\(label) \(bar) \(unit(value)) / \(unit(goal)) (\(Int((ratio * 100).rounded()))%)"
    }

    public static func day(_ day: NutritionUseCases.Day) -> String {
        var lines = ["Diet · \(day.date)", ""]
        let handles = Handle.handles(for: day.entries.map(\.id))
        for meal in Meal.allCases {
            let entries = day.entries(meal)
            lines.append("\(meal.rawValue.capitalized) — \(kcal(day.totals(meal).kcal))")
            for entry in entries {
                lines.append("  \(entry.name), \(entry.amountText)"
                    + " · \(kcal(entry.macros.kcal))"
                    + " · P \(grams(entry.macros.protein)) C \(grams(entry.macros.carbs)) F \(grams(entry.macros.fat))"
                    + "  [\(handles[entry.id] ?? entry.id)]")
            }
        }
        lines.append("")
        let totals = day.totals
        lines.append(gauge("Energy ", totals.kcal, day.goals.kcal, unit: kcal))
        lines.append(gauge("Protein", totals.protein, day.goals.protein, unit: grams))
        lines.append(gauge("Carbs  ", totals.carbs, day.goals.carbs, unit: grams))
        lines.append(gauge("Fat    ", totals.fat, day.goals.fat, unit: grams))
        let left = day.remainingKcal
        lines.append("")
        lines.append(left >= 0 ? "\(kcal(left)) left today." : "\(kcal(-left)) over today's goal.")
        return lines.joined(separator: "\n")
    }

    public static func week(_ week: NutritionUseCases.Week) -> String {
        var table = Table(columns: [(title: "Day", alignment: .left), (title: "kcal", alignment: .right), (title: "P", alignment: .right),
                                    (title: "C", alignment: .right), (title: "F", alignment: .right), (title: "", alignment: .left)])
        for day in week.days {
            let onTarget = abs(day.totals.kcal - week.goals.kcal) <= week.goals.kcal * 0.1
            table.addRow([day.date.description, "\(Int(day.totals.kcal.rounded()))", grams(day.totals.protein), grams(day.totals.carbs),
                          grams(day.totals.fat), day.totals.kcal == 0 ? "" : (onTarget ? "✓ on target" : "")])
        }
        let average = week.average
        return table.render()
            + "\n\nAverage of \(counted(week.loggedDays, "logged day")): \(kcal(average.kcal)) against \(kcal(week.goals.kcal)); "
            + "\(week.daysOnTarget) of 7 days within ±10 % of the goal.\n"
            + Chart.sparkline(week.days.map(\.totals.kcal))
    }

    public static func trend(_ trend: WeightTrend, unit: WeightUnit) -> String {
        guard !trend.points.isEmpty else { return "No weighings yet: tend weight log 72.5" }
        var table = Table(columns: [(title: "Date", alignment: .left), (title: "Weight", alignment: .right),
                                    (title: "Trend", alignment: .right)])
        for point in trend.points.suffix(14) {
            table.addRow([point.date.description, weight(point.kilograms, unit), weight(point.trend, unit)])
        }
        var text = table.render() + "\n\n" + Chart.sparkline(trend.points.suffix(60).map(\.trend))
        if let weekly = trend.weeklyChange {
            text += "\nTrend: \(weekly >= 0 ? "+" : "")\(weight(weekly, unit)) a week"
        }
        return text
    }

    /// A weight in the person's unit: `72.35 kg`, `159.5 lb`.
    public static func weight(_ kilograms: Double, _ unit: WeightUnit) -> String {
        "\(format2(unit.value(ofKilograms: kilograms))) \(unit.rawValue)"
    }

    static func format2(_ value: Double) -> String { String(round2(value)) }
}
