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
        let titles = NutritionWords(Language(rawValue: language) ?? .en).foodColumns
        let alignments: [Table.Alignment] = [.left, .right, .right, .right, .right, .left, .left]
        var table = Table(columns: zip(titles, alignments).map { (title: $0, alignment: $1) })
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
        let words = NutritionWords(Language(rawValue: language) ?? .en)
        var text = foods([food], language: language) + "\n"
        for measure in preferredMeasures(food, language: language) {
            text += "\n  \(formatAmount(measure.amount)) \(measure.name) = \(formatAmount(measure.grams)) g"
        }
        if !nutrients.isEmpty {
            var lines: [String] = []
            var line = ""
            for item in nutrients.map({ nutrient($0, words: words) }) {
                if !line.isEmpty, TextWidth.displayWidth(line) + 2 + TextWidth.displayWidth(item) > 94 {
                    lines.append(line + ",")
                    line = item
                } else {
                    line = line.isEmpty ? item : line + ", " + item
                }
            }
            lines.append(line)
            text += "\n\n" + words.per100g + "\n" + lines.map { "  " + $0 }.joined(separator: "\n")
        }
        return text
    }

    /// "Protein 3.15 g", "Sodium 43 mg", "Energy 61 kcal".
    /// In Korean the common nutrients are named in Korean ("단백질 3.15 g"), the rarer ones as the table names them.
    public static func nutrient(_ nutrient: FoodNutrient, words: NutritionWords = NutritionWords(.en)) -> String {
        "\(words.nutrient(nutrient.name)) \(formatAmount(round2(nutrient.amount))) \(nutrient.unit)"
    }

    /// A gauge of eaten against goal, with the percent.
    static func gauge(_ label: String, _ value: Double, _ goal: Double, unit: (Double) -> String) -> String {
        let ratio = goal > 0 ? value / goal : 0
        let filled = min(20, Int((ratio * 20).rounded()))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled)
        return "\(label) \(bar) \(unit(value)) / \(unit(goal)) (\(Int((ratio * 100).rounded()))%)"
    }

    public static func day(_ day: NutritionUseCases.Day, language: Language = .en) -> String {
        let words = NutritionWords(language)
        var lines = [words.dayHeading(day.date), ""]
        let handles = Handle.handles(for: day.entries.map(\.id))
        for meal in Meal.allCases {
            let entries = day.entries(meal)
            lines.append("\(words.meal(meal)) — \(kcal(day.totals(meal).kcal))")
            for entry in entries {
                lines.append("  \(entry.name), \(entry.amountText)"
                    + " · \(kcal(entry.macros.kcal))"
                    + " · \(words.macros(entry.macros))"
                    + "  [\(handles[entry.id] ?? entry.id)]")
            }
        }
        lines.append("")
        let totals = day.totals
        let labels = words.gaugeLabels
        lines.append(gauge(labels[0], totals.kcal, day.goals.kcal, unit: kcal))
        lines.append(gauge(labels[1], totals.protein, day.goals.protein, unit: grams))
        lines.append(gauge(labels[2], totals.carbs, day.goals.carbs, unit: grams))
        lines.append(gauge(labels[3], totals.fat, day.goals.fat, unit: grams))
        lines.append("")
        lines.append(words.left(day.remainingKcal))
        return lines.joined(separator: "\n")
    }

    public static func week(_ week: NutritionUseCases.Week, language: Language = .en) -> String {
        let words = NutritionWords(language)
        let titles = words.weekColumns
        let alignments: [Table.Alignment] = [.left, .right, .right, .right, .right, .left]
        var table = Table(columns: zip(titles, alignments).map { (title: $0, alignment: $1) })
        for day in week.days {
            let onTarget = abs(day.totals.kcal - week.goals.kcal) <= week.goals.kcal * 0.1
            table.addRow([words.date(day.date), "\(Int(day.totals.kcal.rounded()))", grams(day.totals.protein), grams(day.totals.carbs),
                          grams(day.totals.fat), day.totals.kcal == 0 ? "" : (onTarget ? words.onTarget : "")])
        }
        return table.render() + "\n\n" + words.weekSummary(week) + "\n" + Chart.sparkline(week.days.map(\.totals.kcal))
    }

    public static func trend(_ trend: WeightTrend, unit: WeightUnit, language: Language = .en) -> String {
        let words = NutritionWords(language)
        guard !trend.points.isEmpty else { return words.noWeighings }
        let titles = words.trendColumns
        var table = Table(columns: [(title: titles[0], alignment: .left), (title: titles[1], alignment: .right),
                                    (title: titles[2], alignment: .right)])
        for point in trend.points.suffix(14) {
            table.addRow([words.date(point.date), weight(point.kilograms, unit), weight(point.trend, unit)])
        }
        var text = table.render() + "\n\n" + Chart.sparkline(trend.points.suffix(60).map(\.trend))
        if let weekly = trend.weeklyChange {
            text += "\n" + words.weeklyChange("\(weekly >= 0 ? "+" : "")\(weight(weekly, unit))")
        }
        return text
    }

    /// A weight in the person's unit: `72.35 kg`, `159.5 lb`.
    public static func weight(_ kilograms: Double, _ unit: WeightUnit) -> String {
        "\(format2(unit.value(ofKilograms: kilograms))) \(unit.rawValue)"
    }

    static func format2(_ value: Double) -> String { String(round2(value)) }
}

/// The words of `tend diet today`, `diet week`, `weight list` and `weight trend` in English and
/// Korean (해요체, dates as `11월 30일`, times `22:14`, units as `1200 kcal`, `72.5 kg`).
public struct NutritionWords: Sendable {
    let ko: Bool

    public init(_ language: Language) { ko = language == .ko }

    private func t(_ en: String, _ korean: String) -> String { ko ? korean : en }

    static let weekdays = ["월", "화", "수", "목", "금", "토", "일"]

    /// `2026-11-30`, `11월 30일 (월)`.
    func date(_ date: LocalDate) -> String {
        ko ? "\(date.month)월 \(date.day)일 (\(Self.weekdays[date.isoWeekday - 1]))" : date.description
    }

    func dayHeading(_ date: LocalDate) -> String { ko ? "식단 · \(date.month)월 \(date.day)일" : "Diet · \(date)" }

    func meal(_ meal: Meal) -> String {
        guard ko else { return meal.rawValue.capitalized }
        switch meal {
        case .breakfast: return "아침"
        case .lunch: return "점심"
        case .dinner: return "저녁"
        case .snack: return "간식"
        }
    }

    func macros(_ macros: Macros) -> String {
        let g = NutritionText.grams
        return ko
            ? "단 \(g(macros.protein)) 탄 \(g(macros.carbs)) 지 \(g(macros.fat))"
            : "P \(g(macros.protein)) C \(g(macros.carbs)) F \(g(macros.fat))"
    }

    /// Padded to one width so that the gauges line up.
    var gaugeLabels: [String] {
        guard ko else { return ["Energy ", "Protein", "Carbs  ", "Fat    "] }
        let labels = ["열량", "단백질", "탄수화물", "지방"]
        let width = labels.map(TextWidth.displayWidth).max() ?? 0
        return labels.map { TextWidth.pad($0, to: width, alignment: .left) }
    }

    func left(_ kcal: Double) -> String {
        let text = NutritionText.kcal(abs(kcal))
        if ko { return kcal >= 0 ? "오늘 \(text) 남았어요." : "오늘 목표보다 \(text) 넘었어요." }
        return kcal >= 0 ? "\(text) left today." : "\(text) over today's goal."
    }

    var weekColumns: [String] { ko ? ["날짜", "kcal", "단", "탄", "지", ""] : ["Day", "kcal", "P", "C", "F", ""] }

    var onTarget: String { t("✓ on target", "✓ 목표 범위") }

    func weekSummary(_ week: NutritionUseCases.Week) -> String {
        let average = NutritionText.kcal(week.average.kcal)
        let goal = NutritionText.kcal(week.goals.kcal)
        if ko {
            return "기록한 \(week.loggedDays)일 평균 \(average) (목표 \(goal)) · "
                + "7일 중 \(week.daysOnTarget)일이 목표의 ±10 % 안이에요."
        }
        return "Average of \(counted(week.loggedDays, "logged day")): \(average) against \(goal); "
            + "\(week.daysOnTarget) of 7 days within ±10 % of the goal."
    }

    var noWeighings: String { t("No weighings yet: tend weight log 72.5", "아직 체중 기록이 없어요: tend weight log 72.5") }

    var trendColumns: [String] { ko ? ["날짜", "체중", "추이"] : ["Date", "Weight", "Trend"] }

    func weeklyChange(_ change: String) -> String { ko ? "추이: 주당 \(change)" : "Trend: \(change) a week" }

    // The lines `tend diet log/edit/delete/copy` and `tend weight log/delete` print.

    /// `1200 kcal left today` / `오늘 1200 kcal 남았어요`, for the day an entry went to.
    func remaining(_ kcal: Double, on date: LocalDate, today: LocalDate) -> String {
        let rounded = Int(kcal.rounded())
        guard ko else { return "\(rounded) kcal left \(date == today ? "today" : "on \(date)")" }
        let day = date == today ? "오늘" : "\(date.month)월 \(date.day)일"
        return rounded >= 0 ? "\(day) \(rounded) kcal 남았어요" : "\(day) 목표보다 \(-rounded) kcal 넘었어요"
    }

    var handle: String { t("handle", "핸들") }

    var edited: String { t("✓", "✓ 고쳤어요:") }

    var deleted: String { t("Deleted.", "지웠어요.") }

    func copied(_ count: Int, _ meal: Meal, from date: LocalDate) -> String {
        ko ? "✓ \(date.month)월 \(date.day)일 \(self.meal(meal))에서 \(count)개를 복사했어요."
            : "✓ Copied \(counted(count, "item")) of \(meal.rawValue) from \(date)."
    }

    var trend: String { t("trend", "추이") }

    func deletedWeighing(_ weight: String, at instant: Date, zone: TimeZone) -> String {
        ko ? "\(dateTime(instant, zone: zone))에 잰 \(weight) 기록을 지웠어요."
            : "Deleted the weighing of \(weight) at \(zone.dateTimeText(of: instant))."
    }

    // `tend food search`, `food show`, `food fav`/`unfav`

    var foodColumns: [String] {
        ko ? ["음식", "kcal/100g", "단", "탄", "지", "대표 분량", "ID"]
            : ["Food", "kcal/100g", "P", "C", "F", "First measure", "ID"]
    }

    var noFoodMatches: String { t("No food matches.", "맞는 음식이 없어요.") }

    func closestFoods(_ names: [String]) -> String {
        ko ? "모든 단어에 맞는 음식은 없어요. 가장 가까운 음식: " + names.joined(separator: "; ")
            : "No food matches every word; closest: " + names.joined(separator: "; ")
    }

    var per100g: String { t("Per 100 g:", "100 g당:") }

    /// The common nutrients in Korean; the rarer ones keep the table's name.
    func nutrient(_ name: String) -> String { ko ? Self.koreanNutrients[name] ?? name : name }

    static let koreanNutrients: [String: String] = [
        "Energy": "열량", "Protein": "단백질", "Fat": "지방", "Total lipid (fat)": "지방", "Total lipid": "지방",
        "Carbs": "탄수화물", "Carbohydrate": "탄수화물", "Carbohydrate, by difference": "탄수화물", "Carbohydrates": "탄수화물",
        "Fiber": "식이섬유", "Fiber, total dietary": "식이섬유", "Sugars": "당류", "Sugars, total": "당류",
        "Sodium": "나트륨", "Calcium": "칼슘", "Iron": "철", "Potassium": "칼륨", "Cholesterol": "콜레스테롤",
        "Magnesium": "마그네슘", "Phosphorus": "인", "Zinc": "아연", "Water": "수분", "Caffeine": "카페인",
        "Alcohol": "알코올", "Saturated": "포화지방", "Trans-Fats": "트랜스지방", "Folate": "엽산",
        "Vitamin A": "비타민 A", "Vitamin C": "비타민 C", "Vitamin D": "비타민 D", "Vitamin E": "비타민 E",
        "Vitamin K": "비타민 K",
    ]

    /// `★ Bananas, raw` / `★ 즐겨찾기에 넣었어요: 바나나`.
    func favorite(_ on: Bool, _ name: String) -> String {
        guard ko else { return on ? "★ \(name)" : "☆ \(name)" }
        return on ? "★ 즐겨찾기에 넣었어요: \(name)" : "☆ 즐겨찾기에서 뺐어요: \(name)"
    }

    // `tend weight list`
    var listColumns: [String] { ko ? ["시각", "체중", "체지방", "근육량", "핸들"] : ["When", "Weight", "Fat", "Muscle", "Handle"] }

    func dateTime(_ instant: Date, zone: TimeZone) -> String {
        guard ko else { return zone.dateTimeText(of: instant) }
        let wall = zone.wallClock(of: instant)
        return "\(wall.date.month)월 \(wall.date.day)일 \(LocalTime(minutes: wall.secondOfDay / 60)!)"
    }
}
