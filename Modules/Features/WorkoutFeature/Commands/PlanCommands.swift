import Console
import Core
import Domain

/// `tend plan …`: what to train on which weekday, shown as today's quest.
enum PlanCommands {
    static func group(context: @escaping WorkoutCommands.ContextProvider) -> Command {
        Command(name: "plan", abstract: "The weekly plan: what to train on which weekday.", subcommands: [
            Command(
                name: "set", abstract: "Plan a weekday: tend plan set mon \"legs: squat 5x5\" (an empty TEXT clears it).",
                arguments: [Argument("weekday", help: "mon, tue, wed, thu, fri, sat or sun."), Argument("text", help: "What to train.")],
                run: { invocation in
                    let day = try invocation.argument("weekday", expected: "mon, tue, wed, thu, fri, sat or sun", WorkoutInput.weekday)!
                    let text = invocation.argument("text")!.trimmed
                    guard text.count <= 200 else { throw UsageError("a plan is at most 200 characters") }
                    let context = try context(invocation)
                    let settings = try context.workouts.updateSettings(ownerID: context.ownerID) { $0.plan[day] = text.nilIfBlank }
                    try show(settings, invocation: invocation)
                }),
            Command(
                name: "show", abstract: "The week's plan.",
                run: { invocation in
                    let context = try context(invocation)
                    try show(try context.workouts.settings(ownerID: context.ownerID), invocation: invocation)
                }),
            Command(
                name: "today", abstract: "Today's plan: the quest of the day.",
                run: { invocation in
                    let context = try context(invocation)
                    let today = context.workouts.today(ownerID: context.ownerID)
                    let plan = try context.workouts.settings(ownerID: context.ownerID).plan[today.isoWeekday]
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(["date": today.description, "plan": plan]) // null on a day without one
                    } else {
                        invocation.output.print(plan.map { "Today (\(WorkoutInput.weekdayNames[today.isoWeekday - 1])): \($0)" }
                            ?? "Nothing planned today: rest, or tend plan set \(WorkoutInput.weekdayNames[today.isoWeekday - 1]) \"…\"")
                    }
                }),
        ])
    }

    static func show(_ settings: WorkoutSettings, invocation: Invocation) throws {
        if GlobalOptions.wantsJSON(invocation) {
            try invocation.output.printJSON(PlanJSON(settings))
            return
        }
        let lines = (1...7).map { day in "\(WorkoutInput.weekdayNames[day - 1])  \(settings.plan[day] ?? "—")" }
        invocation.output.print(lines.joined(separator: "\n"))
    }
}
