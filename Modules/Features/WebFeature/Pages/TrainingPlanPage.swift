import Core
import Domain

/// The weekly goal (BarBear's 주간 목표, with the month's optional goals) and what to train on
/// each weekday (오늘의 플랜 comes from it), in one form that works without a script.
struct TrainingPlanPage {
    let context: WebContext

    var words: WebWords { context.words }

    func render(_ settings: WorkoutSettings, notice: String?, error: String?, values: FormBody?) -> [Node] {
        // After a refusal the form shows what was typed, not what is stored.
        func value(_ name: String, _ stored: String?) -> String { values.map { $0[name] ?? "" } ?? stored ?? "" }
        return [
            el("p") { el("a", .href("/training")) { "← " + words.training } },
            el("h1") { words.weeklyPlan },
            Notices.status(notice),
            Notices.alert(error),
            el("form", Attribute("method", "post"), Attribute("action", "/training/plan"), .class("card")) {
                context.csrfField
                el("h2") { words.goals }
                Tags.field(words.weeklyGoal, name: "weekly", type: "number", value: value("weekly", String(settings.weeklySessions)),
                           extra: [.required, Attribute("min", "1"), Attribute("max", "14"), Attribute("inputmode", "numeric")])
                el("div", .class("row")) {
                    Tags.field(words.monthlySessionsGoal, name: "monthly_sessions", type: "number",
                               value: value("monthly_sessions", settings.monthlySessions.map(String.init)),
                               extra: [Attribute("min", "1"), Attribute("max", "62"), Attribute("inputmode", "numeric")])
                    Tags.field(words.monthlyMinutesGoal, name: "monthly_minutes", type: "number",
                               value: value("monthly_minutes", settings.monthlyMinutes.map(String.init)),
                               extra: [Attribute("min", "1"), Attribute("max", "20000"), Attribute("inputmode", "numeric")])
                }
                el("h2") { words.planByWeekday }
                el("p", .class("hint")) { words.planHint }
                for (index, name) in TrainingController.weekdayFields.enumerated() {
                    Tags.field(words.weekdayName(index + 1), name: name, value: value(name, settings.plan[index + 1]),
                               extra: [Attribute("maxlength", "\(TrainingController.maximumPlanLength)"),
                                       Attribute("placeholder", "legs: squat 5x5")])
                }
                el("button", .type("submit"), .class("wide")) { words.save }
            },
        ]
    }
}
