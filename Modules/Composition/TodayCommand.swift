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
enum TodayCommand {
    static func make(insulin: @escaping InsulinCommands.ContextProvider, quest: @escaping QuestCommands.ContextProvider,
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
                        date: today.description, insulin: StatusJSON(status),
                        activity: ActivityWeekJSON(week), diet: DayJSON(diet), weight: TrendJSON(trend), workout: StatsJSON(training),
                        quest: questToday.map { QuestFeature.TodayJSON($0, language: questContext.language) }, couple: coupleCard))
                    return
                }
                let card = StatusText.card(status)
                invocation.output.print("Today · \(today)\n")
                // Unread reminders stay at the top until read with 'tend notify inbox'.
                if let notifyContext = try? notify(invocation),
                   let unread = try? notifyContext.notifications.inbox(ownerID: notifyContext.ownerID, markRead: false), !unread.isEmpty {
                    invocation.output.print("Inbox (\(unread.count) unread: tend notify inbox)")
                    for item in unread.prefix(3) { invocation.output.print("  • \(item.title): \(item.body.split(separator: "\n").first ?? "")") }
                    invocation.output.print("")
                }
                invocation.output.print(status.insulinDay == today
                    ? "Insulin"
                    : "Insulin · insulin day \(status.insulinDay) (it starts at \(status.settings.dayStart))")
                invocation.output.print(card.map { "  " + $0 }.joined(separator: "\n"))
                invocation.output.print("\nTraining")
                invocation.output.print("  \(training.currentStreakDays)-day streak · \(Int(training.monthMinutes.rounded())) min this month · "
                    + "\(training.weekDone)/\(training.weekGoal) this week · level \(training.level)")
                if let plan = training.todayPlan { invocation.output.print("  Today's plan: \(plan)") }
                if !checklist.items.isEmpty {
                    invocation.output.print("  Supplements: " + checklist.items.map { "\($0.taken ? "☑" : "☐") \($0.supplement.name) \($0.slot)" }
                        .joined(separator: " · "))
                }
                invocation.output.print("\nActivity")
                invocation.output.print(week.count == 0
                    ? "  No runs or hikes this week yet."
                    : "  This week: \(ActivityText.km(week.distance)) in \(week.count) \(week.count == 1 ? "session" : "sessions"), "
                        + "\(ActivityText.duration(week.duration)), +\(Int(week.elevationGain.rounded())) m")
                invocation.output.print("\nDiet")
                let totals = diet.totals
                let left = Int(diet.remainingKcal.rounded())
                invocation.output.print("  \(left >= 0 ? "\(left) kcal left" : "\(-left) kcal over") of \(Int(diet.goals.kcal.rounded())) · "
                    + "protein \(Int(totals.protein.rounded()))/\(Int(diet.goals.protein.rounded())) g · "
                    + "carbs \(Int(totals.carbs.rounded()))/\(Int(diet.goals.carbs.rounded())) g · "
                    + "fat \(Int(totals.fat.rounded()))/\(Int(diet.goals.fat.rounded())) g")
                if let last = trend.points.last {
                    let change = trend.weeklyChange.map { " (\($0 >= 0 ? "+" : "")\((($0 * 100).rounded() / 100)) kg/week)" } ?? ""
                    invocation.output.print("  Weight trend \((last.trend * 100).rounded() / 100) kg\(change)")
                }
                if let coupleCard {
                    invocation.output.print("\nUs")
                    invocation.output.print(coupleCard.lines.map { "  " + $0 }.joined(separator: "\n"))
                }
                if let questToday {
                    invocation.output.print("\nQuest")
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

    struct ActivityWeekJSON: Encodable {
        let weekSessions: Int
        let weekDistanceM: Double

        init(_ totals: ActivityUseCases.Totals) {
            weekSessions = totals.count
            weekDistanceM = (totals.distance * 100).rounded() / 100
        }

        enum CodingKeys: String, CodingKey { case weekSessions = "week_sessions", weekDistanceM = "week_distance_m" }
    }
}
