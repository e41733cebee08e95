import Console
import Core
import Domain

/// `tend supps …`: a schedule, today's checklist, adherence.
struct SupplementCommands: Sendable {
    let makeContext: WorkoutCommands.ContextProvider

    static let amount = Option.value("amount", valueName: "N", help: "How much at a time (required).")
    static let unit = Option.value("unit", valueName: "U", help: "g, mg, capsule, scoop … (required).")
    static let at = Option.value("at", valueName: "HH:MM[,HH:MM]", help: "When (required).")
    static let days = Option.value("days", valueName: "mon,wed,…", help: "Which weekdays (default every day).")
    static let force = Option.flag("force", short: "f", help: "Take another even if every time of today is taken.")

    static let supplement = Argument("name", help: "The supplement.")

    var group: Command {
        Command(name: "supps", abstract: "Supplements: a schedule, today's checklist, adherence.", subcommands: [
            Command(name: "add", abstract: "Add a supplement with its times (and weekdays).",
                    arguments: [Argument("name", help: "e.g. creatine.")],
                    options: [Self.amount, Self.unit, Self.at, Self.days], run: add),
            Command(name: "list", abstract: "Your supplements and this month's adherence.", run: list),
            Command(name: "take", abstract: "Take one now (once per scheduled time unless --force).", arguments: [Self.supplement],
                    options: [Self.force], run: take),
            Command(name: "today", abstract: "Today's checklist.", run: today),
            Command(name: "remove", abstract: "Remove a supplement.", arguments: [Self.supplement], run: remove),
        ])
    }

    func add(_ invocation: Invocation) throws {
        guard let amount = try invocation.option(Self.amount, expected: "a number", { Double($0) }) else {
            throw UsageError.missing("--amount N")
        }
        guard let unit = invocation.option(Self.unit) else { throw UsageError.missing("--unit U") }
        guard let times = try invocation.option(Self.at, expected: "HH:MM[,HH:MM]", Self.times) else {
            throw UsageError.missing("--at HH:MM")
        }
        let days = try invocation.option(Self.days, expected: "weekdays such as mon,wed,fri", Self.weekdays) ?? []
        let context = try makeContext(invocation)
        let supplement = try context.supplements.add(ownerID: context.ownerID, name: invocation.argument("name")!, amount: amount,
                                                     unit: unit, times: times, weekdays: days)
        try invocation.respond(json: { SupplementJSON(supplement) }, text: {
            "✓ \(supplement.name) \(WorkoutText.number(supplement.amount)) \(supplement.unit) at "
                + supplement.times.map(\.description).joined(separator: ", ")
        })
    }

    func list(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let adherence = try context.supplements.adherence(ownerID: context.ownerID, month: nil)
        try invocation.respond(json: {
            ["supplements": adherence.map { item in
                AdherenceJSON(supplement: SupplementJSON(item.supplement), taken: item.taken, scheduled: item.scheduled)
            }]
        }, text: {
            let words = WorkoutWords(Language(rawValue: invocation.language.rawValue) ?? .en)
            guard !adherence.isEmpty else { return words.noSupplements }
            let alignments: [Table.Alignment] = [.left, .right, .left, .right]
            var table = Table(columns: zip(words.supplementColumns, alignments).map { (title: $0, alignment: $1) })
            for item in adherence {
                let supplement = item.supplement
                let days = words.schedule(supplement.weekdays)
                table.addRow([supplement.name, "\(WorkoutText.number(supplement.amount)) \(supplement.unit)",
                              supplement.times.map(\.description).joined(separator: ", ") + " (\(days))",
                              "\(item.taken)/\(item.scheduled)"])
            }
            return table.render()
        })
    }

    func take(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let name = invocation.argument("name")!
        let intake: SupplementIntake
        do {
            intake = try context.supplements.take(ownerID: context.ownerID, name: name, force: invocation.flag(Self.force))
        } catch let error as AppError where error.code == "already_taken" {
            // The way past the guard is this command's flag (the API's is force=true).
            throw AppError(error.kind, code: error.code, error.message + "; add --force to take another", details: error.details)
                .with(key: error.key, error.arguments.merging(["suffix": "force_take"]) { $1 })
        }
        try invocation.respond(json: { ["name": name, "slot": intake.slot?.description ?? "extra"] }, text: {
            let supplement = try context.supplements.list(ownerID: context.ownerID).first { $0.id == intake.supplementID }
            let offSchedule = intake.slot == nil ? supplement.flatMap { $0.isScheduled(on: intake.day) ? nil : $0.weekdays } : nil
            return WorkoutWords(Language(rawValue: invocation.language.rawValue) ?? .en)
                .taken(name, slot: intake.slot, offSchedule: offSchedule)
        })
    }

    func today(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let checklist = try context.supplements.today(ownerID: context.ownerID)
        let words = WorkoutWords(Language(rawValue: invocation.language.rawValue) ?? .en)
        try invocation.respond(json: { ChecklistJSON(checklist) }, text: {
            guard !checklist.items.isEmpty else { return words.nothingScheduled }
            return checklist.items.map { item in
                "\(item.taken ? "☑" : "☐") \(item.slot) \(item.supplement.name) \(WorkoutText.number(item.supplement.amount)) "
                    + "\(item.supplement.unit)\(item.overdue ? words.overdue : "")"
            }.joined(separator: "\n")
        })
    }

    func remove(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let name = invocation.argument("name")!
        try context.supplements.remove(ownerID: context.ownerID, name: name)
        try invocation.respond(json: { ["removed": name] }, text: { "Removed \(name)." })
    }

    // MARK: Values

    /// `HH:MM[,HH:MM]`.
    static func times(_ text: String) -> [LocalTime]? {
        let times = text.split(separator: ",").map { LocalTime(String($0).trimmed) }
        return times.contains(where: { $0 == nil }) ? nil : times.compactMap { $0 }
    }

    /// `mon,wed,fri`: ISO weekdays.
    static func weekdays(_ text: String) -> [Int]? {
        let days = text.split(separator: ",").map { WorkoutInput.weekday(String($0)) }
        return days.contains(where: { $0 == nil }) ? nil : days.compactMap { $0 }
    }

    static func weekdayNames(_ days: [Int], separator: String) -> String {
        days.map { WorkoutInput.weekdayNames[$0 - 1] }.joined(separator: separator)
    }
}

/// `tend exercises …`: the catalog, and your own exercises.
struct ExerciseCommands: Sendable {
    let makeContext: WorkoutCommands.ContextProvider

    static let measure = Option.value("measure", valueName: "M", help: "weight-reps, reps, time, distance or calories (required).",
                                      allowedValues: Measure.allCases.map(\.rawValue))

    var group: Command {
        Command(name: "exercises", abstract: "The exercise catalog, and your own exercises.", subcommands: [
            Command(name: "list", abstract: "List exercises (matching QUERY).",
                    arguments: [Argument("query", help: "Part of a name.", isOptional: true)], run: list),
            Command(name: "add", abstract: "Add your own exercise.", arguments: [Argument("name", help: "Its name.")],
                    options: [Self.measure], run: add),
        ])
    }

    func list(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let query = invocation.argument("query")?.lowercased()
        let exercises = try context.workouts.allExercises(ownerID: context.ownerID).filter { exercise in
            query.map { query in exercise.keys.contains { $0.contains(query) } } ?? true
        }
        try invocation.respond(json: { ["exercises": exercises.map(ExerciseJSON.init)] }, text: {
            guard !exercises.isEmpty else { return "No exercise matches." }
            var table = Table(columns: [(title: "Exercise", alignment: .left), (title: "Measured by", alignment: .left),
                                        (title: "Also", alignment: .left)])
            for exercise in exercises {
                table.addRow([exercise.name + (exercise.isCustom ? " *" : ""), exercise.measure.rawValue,
                              exercise.aliases.joined(separator: ", ")])
            }
            return table.render()
        })
    }

    func add(_ invocation: Invocation) throws {
        guard let measure = invocation.option(Self.measure).flatMap(Measure.init(rawValue:)) else {
            throw UsageError.missing("--measure M")
        }
        let context = try makeContext(invocation)
        let exercise = try context.workouts.addExercise(ownerID: context.ownerID, name: invocation.argument("name")!, measure: measure)
        try invocation.respond(json: { ExerciseJSON(exercise) }, text: { "✓ Added \(exercise.name) (\(exercise.measure.rawValue))" })
    }
}
