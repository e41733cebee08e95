import Console
import Core
import Domain

/// `tend workout …`: the log, records, stats, calendar and goals.
enum WorkoutLogCommands {
    static func group(context: @escaping WorkoutCommands.ContextProvider) -> Command {
        Command(name: "workout", abstract: "Training log: sets, WODs, personal records, XP, streaks and goals.", subcommands: [
            log(context: context), wod(context: context), list(context: context), show(context: context), edit(context: context),
            delete(context: context), prs(context: context), stats(context: context), WorkoutCalendar.command(context: context),
            goal(context: context),
        ])
    }

    static let sessionOptions: [Option] = [
        .value("title", valueName: "T", help: "A title."),
        .value("at", valueName: "TIME", help: "When: HH:MM, 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' or ISO 8601 (default now)."),
        .value("duration", valueName: "MIN", help: "How long, in minutes."),
        .value("notes", valueName: "T", help: "Notes."),
        .value("felt", valueName: "1-5", help: "How it felt: 1 awful … 5 great."),
    ]

    static func log(context: @escaping WorkoutCommands.ContextProvider) -> Command {
        Command(
            name: "log", abstract: "Log sets: tend workout log \"back squat 100kg 5x5\" \"pull-up 3x10\".",
            discussion: "A SET is one argument: \"deadlift 140kg 3\", \"bench 225lb 1x5\", \"row 2000m 7:32\", \"burpee 50\", \"bike 20cal\", \"squat 60kg 5 warmup\", \"deadlift 180kg 3 @9\".",
            arguments: [Argument("set", help: "One set as a lifter writes it.", isVariadic: true)],
            options: sessionOptions + [.value("kind", valueName: "KIND", help: "strength, wod or cardio (guessed when left out).",
                                              allowedValues: WorkoutKind.allCases.map(\.rawValue))],
            run: { invocation in
                let context = try context(invocation)
                var entry = try entry(invocation, context: context)
                entry.sets = invocation.arguments("set")
                entry.kind = invocation.option("kind").flatMap(WorkoutKind.init(rawValue:))
                let logged = try context.workouts.log(ownerID: context.ownerID, entry)
                try printLogged(logged, invocation: invocation, context: context)
            })
    }

    static func wod(context: @escaping WorkoutCommands.ContextProvider) -> Command {
        Command(
            name: "wod", abstract: "Log a WOD result: AMRAP R+r, For Time M:SS or cap+N, EMOM rounds.",
            arguments: [Argument("format", help: "amrap, fortime, emom or tabata.", allowedValues: WODResult.Format.allCases.map(\.rawValue))],
            options: sessionOptions + [
                .value("result", valueName: "R", help: "AMRAP 12+5 or 12; For Time 7:32 or cap+45; EMOM/Tabata rounds (required)."),
                .value("name", valueName: "NAME", help: "A benchmark such as Fran or Murph (its best result is a PR)."),
                .value("cap", valueName: "MIN", help: "The time cap in minutes."),
                .value("movements", valueName: "TEXT", help: "What was in it."),
                .flag("rx", help: "As prescribed (the default)."),
                .flag("scaled", help: "Scaled."),
            ],
            run: { invocation in
                let format = WODResult.Format(rawValue: invocation.argument("format")!)!
                guard let text = invocation.option("result") else { throw UsageError.missing("--result R") }
                guard let parsed = WODResult.parse(text, format: format) else {
                    let expected = switch format {
                    case .amrap: "rounds+reps such as 12+5"
                    case .fortime: "a time such as 7:32, or cap+45"
                    case .emom, .tabata: "the rounds completed"
                    }
                    throw UsageError("'\(text)' is not \(format.withArticle) result: \(expected)")
                }
                if invocation.flag("rx") && invocation.flag("scaled") { throw UsageError("--rx and --scaled together") }
                let cap = try invocation.option("cap", expected: "minutes") { Double($0).flatMap { WODResult.isValidCap($0) ? $0 : nil } }
                let context = try context(invocation)
                var entry = try entry(invocation, context: context)
                entry.kind = .wod
                entry.wod = WODResult(format: format, name: invocation.option("name")?.trimmed, rounds: parsed.rounds, reps: parsed.reps,
                                      seconds: parsed.seconds, capped: parsed.capped, capMinutes: cap, rx: !invocation.flag("scaled"),
                                      movements: invocation.option("movements"))
                let logged = try context.workouts.log(ownerID: context.ownerID, entry)
                try printLogged(logged, invocation: invocation, context: context)
            })
    }

    static func entry(_ invocation: Invocation, context: WorkoutContext) throws -> WorkoutUseCases.Entry {
        WorkoutUseCases.Entry(
            title: invocation.option("title"), startedAt: try WorkoutInput.time(invocation, context: context),
            durationMinutes: try invocation.option("duration", expected: "minutes") { Double($0) },
            notes: invocation.option("notes"), felt: try invocation.option("felt", expected: "1 to 5") { Int($0) })
    }

    static func printLogged(_ logged: WorkoutUseCases.Logged, invocation: Invocation, context: WorkoutContext) throws {
        if GlobalOptions.wantsJSON(invocation) {
            try invocation.output.printJSON(SessionJSON(logged.session, zone: context.zone, logged: logged))
            return
        }
        invocation.output.print(WorkoutText.session(logged.session, zone: context.zone, unit: try context.unit()))
        for (exercise, records) in logged.newRecords.sorted(by: { $0.key < $1.key }) {
            invocation.output.print("🏆 new PR: \(exercise) (\(records.joined(separator: ", ")))")
        }
        invocation.output.print("+\(logged.xpEarned) XP · handle \(Handle.of(logged.session.id))")
    }

    static func list(context: @escaping WorkoutCommands.ContextProvider) -> Command {
        Command(
            name: "list", abstract: "List sessions.",
            options: [.value("from", valueName: "DATE", help: "First day."), .value("to", valueName: "DATE", help: "Last day (inclusive).")],
            run: { invocation in
                let from = try WorkoutInput.date(invocation, "from")
                let to = try WorkoutInput.date(invocation, "to")
                let context = try context(invocation)
                let sessions = try context.workouts.list(ownerID: context.ownerID, from: from, through: to)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(["sessions": sessions.map { SessionJSON($0, zone: context.zone) }])
                } else {
                    invocation.output.print(sessions.isEmpty ? "No sessions yet: tend workout log \"back squat 100kg 5x5\"" : WorkoutText.list(sessions, zone: context.zone))
                }
            })
    }

    static func show(context: @escaping WorkoutCommands.ContextProvider) -> Command {
        Command(
            name: "show", abstract: "Show a session.", arguments: [Argument("id", help: "The session: its handle from `tend workout list`, its id, or 'last'.")],
            run: { invocation in
                let context = try context(invocation)
                let session = try context.workouts.session(ownerID: context.ownerID, id: context.sessionID(invocation))
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(SessionJSON(session, zone: context.zone))
                } else {
                    invocation.output.print(WorkoutText.session(session, zone: context.zone, unit: try context.unit()))
                }
            })
    }

    static func edit(context: @escaping WorkoutCommands.ContextProvider) -> Command {
        Command(
            name: "edit", abstract: "Change a session (records are recomputed).",
            arguments: [Argument("id", help: "The session: its handle from `tend workout list`, its id, or 'last'.")],
            options: sessionOptions + [.value("set", valueName: "SET", help: "Replace the sets (repeat --set for each).")],
            run: { invocation in
                let context = try context(invocation)
                let sets = invocation.options("set")
                let changes = WorkoutUseCases.Changes(
                    title: invocation.option("title"), notes: invocation.option("notes"),
                    felt: try invocation.option("felt", expected: "1 to 5") { Int($0) },
                    durationMinutes: try invocation.option("duration", expected: "minutes") { Double($0) },
                    startedAt: try WorkoutInput.time(invocation, context: context), sets: sets.isEmpty ? nil : sets)
                let session = try context.workouts.edit(ownerID: context.ownerID, id: context.sessionID(invocation), changes)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(SessionJSON(session, zone: context.zone))
                } else {
                    invocation.output.print("✓ Updated.\n" + WorkoutText.session(session, zone: context.zone, unit: try context.unit()))
                }
            })
    }

    static func delete(context: @escaping WorkoutCommands.ContextProvider) -> Command {
        Command(
            name: "delete", abstract: "Delete a session (records are recomputed).", arguments: [Argument("id", help: "The session: its handle from `tend workout list`, its id, or 'last'.")],
            run: { invocation in
                let context = try context(invocation)
                let id = try context.sessionID(invocation)
                try context.workouts.delete(ownerID: context.ownerID, id: id)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(["deleted": id])
                } else {
                    invocation.output.print("Deleted.")
                }
            })
    }

    static func prs(context: @escaping WorkoutCommands.ContextProvider) -> Command {
        Command(
            name: "prs", abstract: "Personal records: heaviest, estimated 1RM, rep maxes, best set volume; benchmark WODs.",
            arguments: [Argument("exercise", help: "One exercise (all when left out).", isOptional: true)],
            run: { invocation in
                let context = try context(invocation)
                let all = try context.workouts.records(ownerID: context.ownerID)
                // Records are about weight: exercises never done with a weight have none to show.
                let records = all.filter { $0.value.heaviestKg != nil }
                if let name = invocation.argument("exercise") {
                    let exercises = try context.workouts.allExercises(ownerID: context.ownerID)
                    guard let exercise = exercises.first(where: { $0.keys.contains(name.lowercased()) }) else {
                        let suggestion = SetParser.closest(to: name.lowercased(), among: exercises.flatMap(\.keys))
                        throw AppError.invalidInput("unknown exercise '\(name)'\(suggestion.map { "; did you mean '\($0)'?" } ?? "") (tend exercises list)",
                                                    code: "unknown_exercise").with(key: suggestion == nil ? nil : "suggested", ["name": name, "suggestion": suggestion ?? ""])
                    }
                    let record = all[exercise.name] ?? PersonalRecords(exercise: exercise.name)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(RecordsJSON(record))
                    } else {
                        invocation.output.print(WorkoutText.records([record], unit: try context.unit()))
                    }
                    return
                }
                let benchmarks = try context.workouts.benchmarks(ownerID: context.ownerID)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(AllRecordsJSON(records: records.values.sorted { $0.exercise < $1.exercise }.map(RecordsJSON.init),
                                                                   benchmarks: benchmarks.mapValues(WODJSON.init)))
                    return
                }
                var text = records.isEmpty ? "No records yet."
                    : WorkoutText.records(records.values.sorted { $0.exercise < $1.exercise }, unit: try context.unit())
                for (name, wod) in benchmarks.sorted(by: { $0.key < $1.key }) {
                    text += "\n\(name.capitalized): \(wod.summary)\(wod.rx ? " Rx" : " scaled")"
                }
                invocation.output.print(text)
            })
    }

    struct AllRecordsJSON: Encodable {
        let records: [RecordsJSON]
        let benchmarks: [String: WODJSON]
    }

    static func stats(context: @escaping WorkoutCommands.ContextProvider) -> Command {
        Command(
            name: "stats", abstract: "XP and level, streaks, this week against the goal, this month's time, today's plan.",
            run: { invocation in
                let context = try context(invocation)
                let stats = try context.workouts.stats(ownerID: context.ownerID)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(StatsJSON(stats))
                } else {
                    invocation.output.print(WorkoutText.stats(stats))
                }
            })
    }

    static func goal(context: @escaping WorkoutCommands.ContextProvider) -> Command {
        Command(
            name: "goal", abstract: "Show or set the goals: sessions a week, sessions or minutes a month.",
            options: [
                .value("weekly", valueName: "N", help: "Sessions a week (week from Monday)."),
                .value("monthly-sessions", valueName: "N", help: "Sessions a month."),
                .value("monthly-minutes", valueName: "N", help: "Minutes a month."),
                .value("formula", valueName: "F", help: "Estimated 1RM formula: epley or brzycki.", allowedValues: ["epley", "brzycki"]),
                .value("unit", valueName: "U", help: "Display unit: kg or lb.", allowedValues: ["kg", "lb"]),
            ],
            run: { invocation in
                let weekly = try invocation.option("weekly", expected: "a number") { Int($0) }
                let sessions = try invocation.option("monthly-sessions", expected: "a number") { Int($0) }
                let minutes = try invocation.option("monthly-minutes", expected: "a number") { Int($0) }
                let context = try context(invocation)
                let settings = try context.workouts.updateSettings(ownerID: context.ownerID) { settings in
                    if let weekly { settings.weeklySessions = weekly }
                    if let sessions { settings.monthlySessions = sessions }
                    if let minutes { settings.monthlyMinutes = minutes }
                    if let formula = invocation.option("formula") { settings.oneRepMaxFormula = formula }
                    if let unit = invocation.option("unit") { settings.displayUnit = unit }
                }
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(GoalJSON(settings))
                } else {
                    invocation.output.print("Goal: \(settings.weeklySessions) a week"
                        + (settings.monthlySessions.map { ", \($0) sessions a month" } ?? "")
                        + (settings.monthlyMinutes.map { ", \($0) min a month" } ?? "") + " · 1RM by \(settings.oneRepMaxFormula)"
                        + " · weights in \(settings.displayUnit)")
                }
            })
    }

    struct GoalJSON: Encodable {
        let weekly: Int
        let monthlySessions: Int?
        let monthlyMinutes: Int?
        let formula: String
        let unit: String

        init(_ settings: WorkoutSettings) {
            weekly = settings.weeklySessions
            monthlySessions = settings.monthlySessions
            monthlyMinutes = settings.monthlyMinutes
            formula = settings.oneRepMaxFormula
            unit = settings.displayUnit
        }

        enum CodingKeys: String, CodingKey { case weekly, monthlySessions = "monthly_sessions", monthlyDurationS = "monthly_duration_s", formula, unit }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(weekly, forKey: .weekly)
            try container.encode(monthlySessions, forKey: .monthlySessions)
            try container.encode(monthlyMinutes.map { $0 * 60 }, forKey: .monthlyDurationS)
            try container.encode(formula, forKey: .formula)
            try container.encode(unit, forKey: .unit)
        }
    }
}
