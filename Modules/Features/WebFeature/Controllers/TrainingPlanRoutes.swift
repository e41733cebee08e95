import FoundationEssentials
import Core
import Domain
import HTTP

/// `/training/plan`: the weekly goal and the plan of each weekday — what `tend workout goal
/// --weekly/--monthly-sessions/--monthly-minutes` and `tend plan set` (`PUT /v1/plan`) change,
/// through the same `updateSettings`, which checks the goals and writes in one transaction.
extension TrainingController {
    /// The API's field names: `weekly`, `monthly_sessions`, `monthly_minutes` (GoalJSON) and `mon` … `sun` (PlanJSON).
    static let weekdayFields = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    static let maximumPlanLength = 200

    func planRoutes() -> [Route] {
        [
            routes.get("/training/plan") { context in
                try planPage(context, notice: context.request.query["done"] == "saved" ? context.words.planSaved : nil)
            },
            routes.post("/training/plan") { context, form in
                do {
                    let change = try Self.planChange(form)
                    _ = try workouts.updateSettings(ownerID: context.account!.id, change)
                } catch let error as AppError where error.kind == .invalidInput {
                    return try planPage(context, error: message(error, context.language), values: form, status: 400)
                }
                return WebResponses.redirect("/training/plan?done=saved", context: context)
            },
        ]
    }

    /// Reads the whole form before anything is written: a field that is not a number, or a plan
    /// too long, refuses the form; the goals' ranges are the use case's.
    static func planChange(_ form: FormBody) throws -> (inout WorkoutSettings) throws -> Void {
        func number(_ name: String) throws -> Int? {
            guard let text = form.text(name) else { return nil }
            guard let value = Int(text) else {
                throw AppError.invalidInput("'\(name)' must be a whole number (got '\(text)')", code: "invalid_goal")
                    .with(key: "number", ["field": name, "text": text])
            }
            return value
        }
        guard let weekly = try number("weekly") else {
            throw AppError.invalidInput("the weekly goal is 1 to 14 sessions", code: "invalid_goal").with(key: "weekly")
        }
        let monthlySessions = try number("monthly_sessions")
        let monthlyMinutes = try number("monthly_minutes")
        var plan: [Int: String] = [:]
        for (index, name) in weekdayFields.enumerated() {
            let text = (form[name] ?? "").trimmed
            guard text.count <= maximumPlanLength else {
                throw AppError.invalidInput("a plan is at most \(maximumPlanLength) characters", code: "invalid_field").with(key: "plan")
            }
            plan[index + 1] = text.isEmpty ? nil : text
        }
        return { settings in
            settings.weeklySessions = weekly
            // An emptied monthly field clears that goal: the form shows every goal, so blank means none.
            settings.monthlySessions = monthlySessions
            settings.monthlyMinutes = monthlyMinutes
            settings.plan = plan
        }
    }

    func planPage(_ context: WebContext, notice: String? = nil, error: String? = nil, values: FormBody? = nil,
                  status: Int = 200) throws -> HTTPResponse {
        let settings = try workouts.settings(ownerID: context.account!.id)
        let html = layout.document(context, title: context.words.weeklyPlan, tab: .training) {
            TrainingPlanPage(context: context).render(settings, notice: notice, error: error, values: values)
        }
        return WebResponses.page(html, context: context, status: status)
    }
}
