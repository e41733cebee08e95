import Core
import Domain

/// The Today page's words: the lines of `tend today` (`TodayWords` in TodayFeature), for the web.
extension WebWords {
    func todayHeader(_ date: LocalDate) -> String { ko ? "오늘 · \(self.date(date))" : "Today · \(self.date(date))" }
    var training: String { t("Training", "운동") }
    var diet: String { t("Diet", "식단") }
    var weight: String { t("Weight", "체중") }

    func trainingLine(_ stats: TrainingStats) -> String {
        let minutes = Int(stats.monthMinutes.rounded())
        return ko
            ? "\(stats.currentStreakDays)일 연속 · 이번 달 \(minutes)분 · 이번 주 \(stats.weekDone)/\(stats.weekGoal)회 · 레벨 \(stats.level)"
            : "\(stats.currentStreakDays)-day streak · \(minutes) min this month · \(stats.weekDone)/\(stats.weekGoal) this week · level \(stats.level)"
    }

    func todaysPlan(_ plan: String) -> String { ko ? "오늘의 플랜: \(plan)" : "Today's plan: \(plan)" }

    func dietLine(_ day: NutritionUseCases.Day) -> String {
        let left = Int(day.remainingKcal.rounded()), goal = Int(day.goals.kcal.rounded())
        if ko {
            return left >= 0 ? "목표 \(goal) kcal 중 \(left) kcal 남았어요" : "목표 \(goal) kcal보다 \(-left) kcal 넘었어요"
        }
        return left >= 0 ? "\(left) kcal left of \(goal)" : "\(-left) kcal over \(goal)"
    }

    func macros(_ day: NutritionUseCases.Day) -> String {
        func grams(_ eaten: Double, _ goal: Double) -> String { "\(Int(eaten.rounded()))/\(Int(goal.rounded())) g" }
        let totals = day.totals, goals = day.goals
        return ko
            ? "단백질 \(grams(totals.protein, goals.protein)) · 탄수화물 \(grams(totals.carbs, goals.carbs)) · 지방 \(grams(totals.fat, goals.fat))"
            : "protein \(grams(totals.protein, goals.protein)) · carbs \(grams(totals.carbs, goals.carbs)) · fat \(grams(totals.fat, goals.fat))"
    }

    func weightTrend(_ kilograms: Double, weeklyChange: Double?, unit: WeightUnit) -> String {
        func shown(_ value: Double) -> String { "\((unit.value(ofKilograms: value) * 10).rounded() / 10) \(unit.rawValue)" }
        let change = weeklyChange.map { ($0 >= 0 ? "+" : "") + shown($0) }
        if ko { return "체중 추이 \(shown(kilograms))" + (change.map { " (주당 \($0))" } ?? "") }
        return "Trend \(shown(kilograms))" + (change.map { " (\($0)/week)" } ?? "")
    }

    var noWeightYet: String { t("No weighing yet.", "아직 체중 기록이 없어요.") }
    var openInsulin: String { t("Open the insulin log", "인슐린 기록 열기") }
}
