import Console
import Core
import Domain

/// `tend plan …`: what to train on which weekday, shown as today's quest.
struct PlanCommands: Sendable {
    let makeContext: WorkoutCommands.ContextProvider

    var group: Command {
        Command(name: "plan", abstract: "The weekly plan: what to train on which weekday.", subcommands: [
            Command(name: "set", abstract: "Plan a weekday: tend plan set mon \"legs: squat 5x5\" (an empty TEXT clears it).",
                    arguments: [Argument("weekday", help: "mon, tue, wed, thu, fri, sat or sun."),
                                Argument("text", help: "What to train.")],
                    run: setWeekday),
            Command(name: "show", abstract: "The week's plan.", run: show),
            Command(name: "today", abstract: "Today's plan: the quest of the day.", run: today),
        ])
    }

    func setWeekday(_ invocation: Invocation) throws {
        let day = try invocation.argument("weekday", expected: "mon, tue, wed, thu, fri, sat or sun", WorkoutInput.weekday)!
        let text = invocation.argument("text")!.trimmed
        guard text.count <= 200 else { throw UsageError("a plan is at most 200 characters") }
        let context = try makeContext(invocation)
        let settings = try context.workouts.updateSettings(ownerID: context.ownerID) { $0.plan[day] = text.nilIfBlank }
        try Self.respond(settings, invocation: invocation)
    }

    func show(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        try Self.respond(try context.workouts.settings(ownerID: context.ownerID), invocation: invocation)
    }

    func today(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let today = context.workouts.today(ownerID: context.ownerID)
        let plan = try context.workouts.settings(ownerID: context.ownerID).plan[today.isoWeekday]
        let weekday = WorkoutInput.weekdayNames[today.isoWeekday - 1]
        let json: [String: String?] = ["date": today.description, "plan": plan] // null on a day without one
        try invocation.respond(json: { json }, text: {
            plan.map { "Today (\(weekday)): \($0)" } ?? "Nothing planned today: rest, or tend plan set \(weekday) \"…\""
        })
    }

    /// The week's plan, a weekday a line.
    static func respond(_ settings: WorkoutSettings, invocation: Invocation) throws {
        try invocation.respond(json: { PlanJSON(settings) }, text: {
            (1...7).map { day in "\(WorkoutInput.weekdayNames[day - 1])  \(settings.plan[day] ?? "—")" }.joined(separator: "\n")
        })
    }
}
