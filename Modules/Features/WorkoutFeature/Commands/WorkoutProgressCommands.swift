import FoundationEssentials
import Console
import Core
import Domain

/// `tend workout prs`, `stats`, `calendar` and `goal`: what the log adds up to.
struct WorkoutProgressCommands: Sendable {
    let makeContext: WorkoutCommands.ContextProvider

    // MARK: Options

    static let month = Option.value("month", valueName: "YYYY-MM", help: "The month (default this one).")
    static let svg = Option.value("svg", valueName: "FILE", help: "Also draw it as an SVG picture.")
    static let weekly = Option.value("weekly", valueName: "N", help: "Sessions a week (week from Monday).")
    static let monthlySessions = Option.value("monthly-sessions", valueName: "N", help: "Sessions a month.")
    static let monthlyMinutes = Option.value("monthly-minutes", valueName: "N", help: "Minutes a month.")
    static let formula = Option.value("formula", valueName: "F", help: "Estimated 1RM formula: epley or brzycki.",
                                      allowedValues: ["epley", "brzycki"])
    static let unit = Option.value("unit", valueName: "U", help: "Display unit: kg or lb.", allowedValues: ["kg", "lb"])

    // MARK: Commands

    var commands: [Command] {
        [
            Command(name: "prs", abstract: "Personal records: heaviest, estimated 1RM, rep maxes, best set volume; benchmark WODs.",
                    arguments: [Argument("exercise", help: "One exercise (all when left out).", isOptional: true)], run: records),
            Command(name: "stats", abstract: "XP and level, streaks, this week against the goal, this month's time, today's plan.",
                    run: stats),
            Command(name: "calendar", abstract: "The month's training days at a glance.", options: [Self.month, Self.svg], run: calendar),
            Command(name: "goal", abstract: "Show or set the goals: sessions a week, sessions or minutes a month.",
                    options: [Self.weekly, Self.monthlySessions, Self.monthlyMinutes, Self.formula, Self.unit], run: goal),
        ]
    }

    func records(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let all = try context.workouts.records(ownerID: context.ownerID)
        if let name = invocation.argument("exercise") {
            let exercises = try context.workouts.allExercises(ownerID: context.ownerID)
            guard let exercise = exercises.first(where: { $0.keys.contains(name.lowercased()) }) else {
                throw Self.unknownExercise(name, among: exercises)
            }
            let record = all[exercise.name] ?? PersonalRecords(exercise: exercise.name)
            try invocation.respond(json: { RecordsJSON(record) }, text: {
                WorkoutText.records([record], unit: try context.unit(), language: WorkoutSessionCommands.language(invocation))
            })
            return
        }
        // Records are about weight: exercises never done with a weight have none to show.
        let records = all.values.filter { $0.heaviestKg != nil }.sorted { $0.exercise < $1.exercise }
        let benchmarks = try context.workouts.benchmarks(ownerID: context.ownerID)
        try invocation.respond(json: {
            AllRecordsJSON(records: records.map(RecordsJSON.init), benchmarks: benchmarks.mapValues(WODJSON.init))
        }, text: {
            let language = WorkoutSessionCommands.language(invocation)
            let words = WorkoutWords(language)
            var text = records.isEmpty ? words.noRecords : WorkoutText.records(records, unit: try context.unit(), language: language)
            for (name, wod) in benchmarks.sorted(by: { $0.key < $1.key }) {
                text += "\n\(name.capitalized): \(words.wodSummary(wod))\(wod.rx ? " Rx" : " \(words.scaled)")"
            }
            return text
        })
    }

    func stats(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let stats = try context.workouts.stats(ownerID: context.ownerID)
        try invocation.respond(json: { StatsJSON(stats) }, text: {
            WorkoutText.stats(stats, language: Language(rawValue: invocation.language.rawValue) ?? .en)
        })
    }

    func calendar(_ invocation: Invocation) throws {
        let month = try invocation.option(Self.month, expected: "a month as YYYY-MM") { YearMonth($0) }
        let context = try makeContext(invocation)
        let zone = context.zone
        let today = context.workouts.today(ownerID: context.ownerID)
        let shown = month ?? today.yearMonth
        let sessions = try context.workouts.list(ownerID: context.ownerID, from: shown.firstDay, through: shown.lastDay)
        var minutes: [LocalDate: Double] = [:]
        // A session without a duration marks its day trained and adds no time, as in `workout stats`.
        for session in sessions { minutes[zone.localDate(of: session.startedAt), default: 0] += session.durationMinutes ?? 0 }
        let path = invocation.option(Self.svg)
        if let path { try TextFile.write(WorkoutSVG.calendar(shown, minutes: minutes, today: today), to: path) }
        try invocation.respond(json: { CalendarJSON(shown, sessions: sessions, minutes: minutes, zone: zone) }, text: {
            WorkoutText.calendar(shown, minutes: minutes, today: today, language: WorkoutSessionCommands.language(invocation))
                + (path != nil ? "\n" : "")
        })
        if let path { TextFile.announce(path, in: invocation) }
    }

    func goal(_ invocation: Invocation) throws {
        let weekly = try invocation.option(Self.weekly, expected: "a number") { Int($0) }
        let sessions = try invocation.option(Self.monthlySessions, expected: "a number") { Int($0) }
        let minutes = try invocation.option(Self.monthlyMinutes, expected: "a number") { Int($0) }
        let context = try makeContext(invocation)
        let settings = try context.workouts.updateSettings(ownerID: context.ownerID) { settings in
            if let weekly { settings.weeklySessions = weekly }
            if let sessions { settings.monthlySessions = sessions }
            if let minutes { settings.monthlyMinutes = minutes }
            if let formula = invocation.option(Self.formula) { settings.oneRepMaxFormula = formula }
            if let unit = invocation.option(Self.unit) { settings.displayUnit = unit }
        }
        try invocation.respond(json: { GoalJSON(settings) }, text: {
            "Goal: \(settings.weeklySessions) a week"
                + (settings.monthlySessions.map { ", \($0) sessions a month" } ?? "")
                + (settings.monthlyMinutes.map { ", \($0) min a month" } ?? "") + " · 1RM by \(settings.oneRepMaxFormula)"
                + " · weights in \(settings.displayUnit)"
        })
    }

    /// An exercise neither in the catalog nor of your own, with the closest name when one is near.
    static func unknownExercise(_ name: String, among exercises: [Exercise]) -> AppError {
        let suggestion = SetParser.closest(to: name.lowercased(), among: exercises.flatMap(\.keys))
        return AppError.invalidInput(
            "unknown exercise '\(name)'\(suggestion.map { "; did you mean '\($0)'?" } ?? "") (tend exercises list)",
            code: "unknown_exercise"
        ).with(key: suggestion == nil ? nil : "suggested", ["name": name, "suggestion": suggestion ?? ""])
    }
}
