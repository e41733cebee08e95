import Console
import Core
import Domain

/// `tend supps …` and `tend exercises …`.
enum SupplementCommands {
    static func group(context: @escaping WorkoutCommands.ContextProvider) -> Command {
        Command(name: "supps", abstract: "Supplements: a schedule, today's checklist, adherence.", subcommands: [
            Command(
                name: "add", abstract: "Add a supplement with its times (and weekdays).",
                arguments: [Argument("name", help: "e.g. creatine.")],
                options: [
                    .value("amount", valueName: "N", help: "How much at a time (required)."),
                    .value("unit", valueName: "U", help: "g, mg, capsule, scoop … (required)."),
                    .value("at", valueName: "HH:MM[,HH:MM]", help: "When (required)."),
                    .value("days", valueName: "mon,wed,…", help: "Which weekdays (default every day)."),
                ],
                run: { invocation in
                    guard let amount = try invocation.option("amount", expected: "a number", { Double($0) }) else { throw UsageError.missing("--amount N") }
                    guard let unit = invocation.option("unit") else { throw UsageError.missing("--unit U") }
                    guard let times = try invocation.option("at", expected: "HH:MM[,HH:MM]", { text in
                        let times = text.split(separator: ",").map { LocalTime(String($0).trimmed) }
                        return times.contains(where: { $0 == nil }) ? nil : times.compactMap { $0 }
                    }) else { throw UsageError.missing("--at HH:MM") }
                    let days: [Int] = try invocation.option("days", expected: "weekdays such as mon,wed,fri") { (text: String) -> [Int]? in
                        let days = text.split(separator: ",").map { WorkoutInput.weekday(String($0)) }
                        return days.contains(where: { $0 == nil }) ? nil : days.compactMap { $0 }
                    } ?? []
                    let context = try context(invocation)
                    let supplement = try context.supplements.add(ownerID: context.ownerID, name: invocation.argument("name")!, amount: amount,
                                                                 unit: unit, times: times, weekdays: days)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(SupplementJSON(supplement))
                    } else {
                        invocation.output.print("✓ \(supplement.name) \(WorkoutText.number(supplement.amount)) \(supplement.unit) at "
                            + supplement.times.map(\.description).joined(separator: ", "))
                    }
                }),
            Command(
                name: "list", abstract: "Your supplements and this month's adherence.",
                run: { invocation in
                    let context = try context(invocation)
                    let adherence = try context.supplements.adherence(ownerID: context.ownerID, month: nil)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(["supplements": adherence.map { AdherenceJSON(supplement: SupplementJSON($0.supplement), taken: $0.taken, scheduled: $0.scheduled) }])
                        return
                    }
                    var table = Table(columns: [(title: "Supplement", alignment: .left), (title: "Amount", alignment: .right),
                                                (title: "When", alignment: .left), (title: "This month", alignment: .right)])
                    for item in adherence {
                        let days = item.supplement.weekdays.isEmpty ? "daily" : item.supplement.weekdays.map { WorkoutInput.weekdayNames[$0 - 1] }.joined(separator: ",")
                        table.addRow([item.supplement.name, "\(WorkoutText.number(item.supplement.amount)) \(item.supplement.unit)",
                                      item.supplement.times.map(\.description).joined(separator: ", ") + " (\(days))",
                                      "\(item.taken)/\(item.scheduled)"])
                    }
                    invocation.output.print(adherence.isEmpty ? "No supplements yet: tend supps add creatine --amount 5 --unit g --at 08:00" : table.render())
                }),
            Command(
                name: "take", abstract: "Take one now (once per scheduled time unless --force).",
                arguments: [Argument("name", help: "The supplement.")],
                options: [.flag("force", short: "f", help: "Take another even if every time of today is taken.")],
                run: { invocation in
                    let context = try context(invocation)
                    let intake: SupplementIntake
                    do {
                        intake = try context.supplements.take(ownerID: context.ownerID, name: invocation.argument("name")!, force: invocation.flag("force"))
                    } catch let error as AppError where error.code == "already_taken" {
                        // The way past the guard is this command's flag (the API's is force=true).
                        throw AppError(error.kind, code: error.code, error.message + "; add --force to take another", details: error.details)
                            .with(key: error.key, error.arguments.merging(["suffix": "force_take"]) { $1 })
                    }
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(["name": invocation.argument("name")!, "slot": intake.slot?.description ?? "extra"])
                    } else {
                        let supplement = try context.supplements.list(ownerID: context.ownerID).first { $0.id == intake.supplementID }
                        let note = intake.slot.map { " (the \($0) dose)" }
                            ?? (supplement.map { $0.isScheduled(on: intake.day) } == false
                                ? " (today is not on its schedule: \(supplement!.weekdays.map { WorkoutInput.weekdayNames[$0 - 1] }.joined(separator: ", ")); recorded as an extra)" : " (an extra dose)")
                        invocation.output.print("✓ \(invocation.argument("name")!) taken" + note)
                    }
                }),
            Command(
                name: "today", abstract: "Today's checklist.",
                run: { invocation in
                    let context = try context(invocation)
                    let checklist = try context.supplements.today(ownerID: context.ownerID)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(ChecklistJSON(checklist))
                    } else {
                        invocation.output.print(checklist.items.isEmpty ? "Nothing scheduled today." : checklist.items.map {
                            "\($0.taken ? "☑" : "☐") \($0.slot) \($0.supplement.name) \(WorkoutText.number($0.supplement.amount)) \($0.supplement.unit)\($0.overdue ? "  (overdue)" : "")"
                        }.joined(separator: "\n"))
                    }
                }),
            Command(
                name: "remove", abstract: "Remove a supplement.", arguments: [Argument("name", help: "The supplement.")],
                run: { invocation in
                    let context = try context(invocation)
                    try context.supplements.remove(ownerID: context.ownerID, name: invocation.argument("name")!)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(["removed": invocation.argument("name")!])
                    } else {
                        invocation.output.print("Removed \(invocation.argument("name")!).")
                    }
                }),
        ])
    }

    struct AdherenceJSON: Encodable {
        let supplement: SupplementJSON
        let taken: Int
        let scheduled: Int
    }

    struct ChecklistJSON: Encodable {
        struct Item: Encodable {
            let name: String
            let slot: String
            let taken: Bool
            let overdue: Bool
        }

        let date: String
        let items: [Item]

        init(_ checklist: SupplementUseCases.Checklist) {
            date = checklist.date.description
            items = checklist.items.map { Item(name: $0.supplement.name, slot: $0.slot.description, taken: $0.taken, overdue: $0.overdue) }
        }
    }

    static func exercises(context: @escaping WorkoutCommands.ContextProvider) -> Command {
        Command(name: "exercises", abstract: "The exercise catalog, and your own exercises.", subcommands: [
            Command(
                name: "list", abstract: "List exercises (matching QUERY).", arguments: [Argument("query", help: "Part of a name.", isOptional: true)],
                run: { invocation in
                    let context = try context(invocation)
                    let query = invocation.argument("query")?.lowercased()
                    let exercises = try context.workouts.allExercises(ownerID: context.ownerID).filter { exercise in
                        query.map { q in exercise.keys.contains { $0.contains(q) } } ?? true
                    }
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(["exercises": exercises.map(ExerciseJSON.init)])
                        return
                    }
                    var table = Table(columns: [(title: "Exercise", alignment: .left), (title: "Measured by", alignment: .left),
                                                (title: "Also", alignment: .left)])
                    for exercise in exercises {
                        table.addRow([exercise.name + (exercise.isCustom ? " *" : ""), exercise.measure.rawValue, exercise.aliases.joined(separator: ", ")])
                    }
                    invocation.output.print(exercises.isEmpty ? "No exercise matches." : table.render())
                }),
            Command(
                name: "add", abstract: "Add your own exercise.", arguments: [Argument("name", help: "Its name.")],
                options: [.value("measure", valueName: "M", help: "weight-reps, reps, time, distance or calories (required).",
                                 allowedValues: Measure.allCases.map(\.rawValue))],
                run: { invocation in
                    guard let measure = invocation.option("measure").flatMap(Measure.init(rawValue:)) else { throw UsageError.missing("--measure M") }
                    let context = try context(invocation)
                    let exercise = try context.workouts.addExercise(ownerID: context.ownerID, name: invocation.argument("name")!, measure: measure)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(ExerciseJSON(exercise))
                    } else {
                        invocation.output.print("✓ Added \(exercise.name) (\(exercise.measure.rawValue))")
                    }
                }),
        ])
    }
}

extension WorkoutText {
    static func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(round2(value)) }
}
