import Console
import Core
import Domain
import InsulinFeature
import QuestFeature
import ActivityFeature
import NutritionFeature
import WorkoutFeature
import CoupleFeature
import NotificationFeature

/// `tend today`: the home screen, one card per feature.
public enum TodayCommand {
    public static func make(insulin: @escaping InsulinCommands.ContextProvider, quest: @escaping QuestCommands.ContextProvider,
                     activity: @escaping ActivityCommands.ContextProvider,
                     nutrition: @escaping NutritionCommands.ContextProvider,
                     workout: @escaping WorkoutCommands.ContextProvider,
                     couple: @escaping CoupleCommands.ContextProvider,
                     notify: @escaping NotifyCommands.ContextProvider) -> Command {
        Command(
            name: "today",
            abstract: "The home screen: today's cards from every feature.",
            run: { invocation in
                let context = try insulin(invocation)
                let status = try context.useCases.status(ownerID: context.ownerID)
                let warnings = try context.doubleDoseWarnings()
                // The quest card shows only for someone on a journey: Tend never brings it up unasked.
                let questContext = try quest(invocation)
                let questToday = try? questContext.useCases.today(ownerID: questContext.ownerID)
                let activityContext = try activity(invocation)
                let week = try activityContext.useCases.totals(ownerID: activityContext.ownerID, kind: nil).week
                let nutritionContext = try nutrition(invocation)
                // One "today" for every card: the calendar date in the person's zone. Only the
                // insulin card counts its own insulin day (from 04:00 by default) and says so.
                let today = nutritionContext.nutrition.today(ownerID: nutritionContext.ownerID)
                let diet = try nutritionContext.nutrition.day(ownerID: nutritionContext.ownerID, date: today)
                let trend = try nutritionContext.body.trend(ownerID: nutritionContext.ownerID)
                let workoutContext = try workout(invocation)
                let training = try workoutContext.workouts.stats(ownerID: workoutContext.ownerID)
                let checklist = try workoutContext.supplements.today(ownerID: workoutContext.ownerID)
                // The couple card needs a login and a partner; without them it is left out, never an error.
                let coupleCard = (try? couple(invocation)).flatMap(CoupleCard.load)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(HomeJSON(
                        date: today.description, insulin: StatusJSON(status, warnings: warnings),
                        activity: ActivityWeekJSON(week), diet: DayJSON(diet), weight: TrendJSON(trend), workout: StatsJSON(training),
                        quest: questToday.map { QuestFeature.TodayJSON($0, language: questContext.language) }, couple: coupleCard))
                    return
                }
                let language = Language(rawValue: invocation.language.rawValue) ?? .en
                let words = TodayWords(language)
                let card = StatusText.card(status, language: language)
                    + warnings.flatMap { $0.lines(settings: status.settings, language: language) }
                invocation.output.print(words.header(today))
                // Unread reminders stay at the top until read with 'tend notify inbox'.
                if let notifyContext = try? notify(invocation),
                   let unread = try? notifyContext.notifications.inbox(ownerID: notifyContext.ownerID, markRead: false), !unread.isEmpty {
                    invocation.output.print(words.inbox(unread.count))
                    for item in unread.prefix(3) {
                        invocation.output.print("  • \(item.title): \(item.body.split(separator: "\n").first ?? "")")
                    }
                    invocation.output.print("")
                }
                invocation.output.print(status.insulinDay == today
                    ? words.insulin
                    : words.insulinDay(status.insulinDay, starts: status.settings.dayStart))
                invocation.output.print(card.map { "  " + $0 }.joined(separator: "\n"))
                invocation.output.print("\n" + words.training)
                invocation.output.print("  " + words.trainingLine(training))
                if let plan = training.todayPlan { invocation.output.print("  " + words.todaysPlan(plan)) }
                if !checklist.items.isEmpty {
                    let items = checklist.items.map { "\($0.taken ? "☑" : "☐") \($0.supplement.name) \($0.slot)" }
                    invocation.output.print("  \(words.supplements): " + items.joined(separator: " · "))
                }
                invocation.output.print("\n" + words.activity)
                invocation.output.print("  " + words.activityWeek(week))
                invocation.output.print("\n" + words.diet)
                invocation.output.print("  " + words.dietLine(diet))
                if let last = trend.points.last {
                    let unit = nutritionContext.body.unit(ownerID: nutritionContext.ownerID)
                    invocation.output.print("  " + words.weightTrend(kilograms: last.trend, weeklyChange: trend.weeklyChange, unit: unit))
                }
                if let coupleCard {
                    invocation.output.print("\n" + words.couple)
                    invocation.output.print(coupleCard.lines(language: language).map { "  " + $0 }.joined(separator: "\n"))
                }
                if let questToday {
                    invocation.output.print("\n" + words.quest)
                    invocation.output.print(QuestText.today(questToday, language: questContext.language)
                        .split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
                }
            }
        )
    }

    struct HomeJSON: Encodable {
        let date: String
        let insulin: StatusJSON
        let activity: ActivityWeekJSON
        let diet: DayJSON
        let weight: TrendJSON
        let workout: StatsJSON
        let quest: QuestFeature.TodayJSON?
        let couple: CoupleCard?

        enum CodingKeys: String, CodingKey { case date, insulin, activity, diet, weight, workout, quest, couple }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(insulin, forKey: .insulin)
            try container.encode(activity, forKey: .activity)
            try container.encode(diet, forKey: .diet)
            try container.encode(weight, forKey: .weight)
            try container.encode(workout, forKey: .workout)
            try container.encode(quest, forKey: .quest)
            try container.encode(couple, forKey: .couple)
        }
    }

    /// `{"week": {count, distance_m, duration_s, elevation_gain_m}}`, as `tend run list --json` totals it.
    struct ActivityWeekJSON: Encodable {
        let week: ActivityTotalsJSON

        init(_ totals: ActivityUseCases.Totals) { week = ActivityTotalsJSON(totals) }
    }
}

/// The words of `tend today` in English and Korean (해요체, dates as `11월 30일 월요일`, times
/// `22:14` as the couple home writes them).
struct TodayWords {
    let ko: Bool

    init(_ language: Language) { ko = language == .ko }

    private func t(_ en: String, _ korean: String) -> String { ko ? korean : en }

    static let weekdays = ["월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"]

    func header(_ date: LocalDate) -> String {
        ko ? "오늘 · \(date.month)월 \(date.day)일 \(Self.weekdays[date.isoWeekday - 1])\n" : "Today · \(date)\n"
    }

    func inbox(_ unread: Int) -> String {
        ko ? "알림함 (읽지 않은 알림 \(unread)개: tend notify inbox)" : "Inbox (\(unread) unread: tend notify inbox)"
    }

    var insulin: String { t("Insulin", "인슐린") }

    /// The insulin day differs from the calendar day (after midnight, before the day starts).
    func insulinDay(_ day: LocalDate, starts: LocalTime) -> String {
        ko ? "인슐린 · \(day.month)월 \(day.day)일의 인슐린 하루예요 (하루는 \(starts)에 시작해요)"
            : "Insulin · insulin day \(day) (it starts at \(starts))"
    }

    var training: String { t("Training", "운동") }

    func trainingLine(_ stats: TrainingStats) -> String {
        let minutes = Int(stats.monthMinutes.rounded())
        return ko
            ? "\(stats.currentStreakDays)일 연속 · 이번 달 \(minutes)분 · "
                + "이번 주 \(stats.weekDone)/\(stats.weekGoal)회 · 레벨 \(stats.level)"
            : "\(stats.currentStreakDays)-day streak · \(minutes) min this month · "
                + "\(stats.weekDone)/\(stats.weekGoal) this week · level \(stats.level)"
    }

    func todaysPlan(_ plan: String) -> String { ko ? "오늘의 플랜: \(plan)" : "Today's plan: \(plan)" }

    var supplements: String { t("Supplements", "보충제") }

    var activity: String { t("Activity", "러닝·등산") }

    func activityWeek(_ week: ActivityUseCases.Totals) -> String {
        if week.count == 0 {
            return t("No runs or hikes this week yet.", "이번 주에는 아직 러닝이나 등산 기록이 없어요.")
        }
        let climb = "+\(Int(week.elevationGain.rounded())) m"
        return ko
            ? "이번 주: \(week.count)회, \(ActivityText.km(week.distance)), \(ActivityText.duration(week.duration)), \(climb)"
            : "This week: \(ActivityText.km(week.distance)) in \(week.count) \(week.count == 1 ? "session" : "sessions"), "
                + "\(ActivityText.duration(week.duration)), \(climb)"
    }

    var diet: String { t("Diet", "식단") }

    func dietLine(_ day: NutritionUseCases.Day) -> String {
        let totals = day.totals
        let goals = day.goals
        let left = Int(day.remainingKcal.rounded())
        let goal = Int(goals.kcal.rounded())
        func grams(_ eaten: Double, _ goal: Double) -> String { "\(Int(eaten.rounded()))/\(Int(goal.rounded())) g" }
        if ko {
            let energy = left >= 0
                ? "목표 \(goal) kcal 중 \(left) kcal 남았어요"
                : "목표 \(goal) kcal보다 \(-left) kcal 넘었어요"
            return "\(energy) · 단백질 \(grams(totals.protein, goals.protein)) · 탄수화물 \(grams(totals.carbs, goals.carbs)) · "
                + "지방 \(grams(totals.fat, goals.fat))"
        }
        return "\(left >= 0 ? "\(left) kcal left" : "\(-left) kcal over") of \(goal) · "
            + "protein \(grams(totals.protein, goals.protein)) · carbs \(grams(totals.carbs, goals.carbs)) · "
            + "fat \(grams(totals.fat, goals.fat))"
    }

    func weightTrend(kilograms: Double, weeklyChange: Double?, unit: WeightUnit) -> String {
        let trend = NutritionText.weight(kilograms, unit)
        let change = weeklyChange.map { ($0 >= 0 ? "+" : "") + NutritionText.weight($0, unit) }
        if ko { return "체중 추이 \(trend)" + (change.map { " (주당 \($0))" } ?? "") }
        return "Weight trend \(trend)" + (change.map { " (\($0)/week)" } ?? "")
    }

    var couple: String { t("Us", "우리") }
    var quest: String { t("Quest", "퀘스트") }
}
