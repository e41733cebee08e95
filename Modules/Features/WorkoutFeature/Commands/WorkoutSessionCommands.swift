import Console
import Core
import Domain

/// `tend workout log`, `wod`, `list`, `show`, `edit` and `delete`: the sessions of the training log.
struct WorkoutSessionCommands: Sendable {
    let makeContext: WorkoutCommands.ContextProvider

    // MARK: Options

    /// The options of a session, shared by `log`, `wod` and `edit`.
    static let title = Option.value("title", valueName: "T", help: "A title.")
    static let at = Option.value("at", valueName: "TIME",
                                 help: "When: HH:MM, 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' or ISO 8601 (default now).")
    static let duration = Option.value("duration", valueName: "MIN", help: "How long, in minutes.")
    static let notes = Option.value("notes", valueName: "T", help: "Notes.")
    static let felt = Option.value("felt", valueName: "1-5", help: "How it felt: 1 awful … 5 great.")
    static let sessionOptions = [title, at, duration, notes, felt]

    static let kind = Option.value("kind", valueName: "KIND", help: "strength, wod or cardio (guessed when left out).",
                                   allowedValues: WorkoutKind.allCases.map(\.rawValue))
    static let result = Option.value(
        "result", valueName: "R", help: "AMRAP 12+5 or 12; For Time 7:32 or cap+45; EMOM/Tabata rounds (required).")
    static let benchmark = Option.value("name", valueName: "NAME", help: "A benchmark such as Fran or Murph (its best result is a PR).")
    static let cap = Option.value("cap", valueName: "MIN", help: "The time cap in minutes.")
    static let movements = Option.value("movements", valueName: "TEXT", help: "What was in it.")
    static let rx = Option.flag("rx", help: "As prescribed (the default).")
    static let scaled = Option.flag("scaled", help: "Scaled.")
    static let sets = Option.value("set", valueName: "SET", help: "Replace the sets (repeat --set for each).")
    static let from = Option.value("from", valueName: "DATE", help: "First day.")
    static let to = Option.value("to", valueName: "DATE", help: "Last day (inclusive).")

    static let session = Argument("id", help: "The session: its handle from `tend workout list`, its id, or 'last'.")

    // MARK: Commands

    var commands: [Command] {
        [
            Command(name: "log", abstract: "Log sets: tend workout log \"back squat 100kg 5x5\" \"pull-up 3x10\".",
                    discussion: "A SET is one argument: \"deadlift 140kg 3\", \"bench 225lb 1x5\", \"row 2000m 7:32\", \"burpee 50\", "
                        + "\"bike 20cal\", \"squat 60kg 5 warmup\", \"deadlift 180kg 3 @9\".",
                    arguments: [Argument("set", help: "One set as a lifter writes it.", isVariadic: true)],
                    options: Self.sessionOptions + [Self.kind], run: log),
            Command(name: "wod", abstract: "Log a WOD result: AMRAP R+r, For Time M:SS or cap+N, EMOM rounds.",
                    arguments: [Argument("format", help: "amrap, fortime, emom or tabata.",
                                         allowedValues: WODResult.Format.allCases.map(\.rawValue))],
                    options: Self.sessionOptions + [Self.result, Self.benchmark, Self.cap, Self.movements, Self.rx, Self.scaled],
                    run: wod),
            Command(name: "list", abstract: "List sessions.", options: [Self.from, Self.to], run: list),
            Command(name: "show", abstract: "Show a session.", arguments: [Self.session], run: show),
            Command(name: "edit", abstract: "Change a session (records are recomputed).", arguments: [Self.session],
                    options: Self.sessionOptions + [Self.sets], run: edit),
            Command(name: "delete", abstract: "Delete a session (records are recomputed).", arguments: [Self.session], run: delete),
        ]
    }

    func log(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        var entry = try Self.entry(invocation, context: context)
        entry.sets = invocation.arguments("set")
        entry.kind = invocation.option(Self.kind).flatMap(WorkoutKind.init(rawValue:))
        try Self.respond(logged: context.workouts.log(ownerID: context.ownerID, entry), invocation: invocation, context: context)
    }

    func wod(_ invocation: Invocation) throws {
        let format = WODResult.Format(rawValue: invocation.argument("format")!)!
        guard let text = invocation.option(Self.result) else { throw UsageError.missing("--result R") }
        guard let parsed = WODResult.parse(text, format: format) else {
            let expected = switch format {
            case .amrap: "rounds+reps such as 12+5"
            case .fortime: "a time such as 7:32, or cap+45"
            case .emom, .tabata: "the rounds completed"
            }
            throw UsageError("'\(text)' is not \(format.withArticle) result: \(expected)")
        }
        if invocation.flag(Self.rx) && invocation.flag(Self.scaled) { throw UsageError("--rx and --scaled together") }
        let cap = try invocation.option(Self.cap, expected: "minutes") { text in
            Double(text).flatMap { WODResult.isValidCap($0) ? $0 : nil }
        }
        let context = try makeContext(invocation)
        var entry = try Self.entry(invocation, context: context)
        entry.kind = .wod
        entry.wod = WODResult(format: format, name: invocation.option(Self.benchmark)?.trimmed, rounds: parsed.rounds,
                              reps: parsed.reps, seconds: parsed.seconds, capped: parsed.capped, capMinutes: cap,
                              rx: !invocation.flag(Self.scaled), movements: invocation.option(Self.movements))
        try Self.respond(logged: context.workouts.log(ownerID: context.ownerID, entry), invocation: invocation, context: context)
    }

    func list(_ invocation: Invocation) throws {
        let from = try WorkoutInput.date(invocation, Self.from.name)
        let to = try WorkoutInput.date(invocation, Self.to.name)
        let context = try makeContext(invocation)
        let sessions = try context.workouts.list(ownerID: context.ownerID, from: from, through: to)
        try invocation.respond(json: { ["sessions": sessions.map { SessionJSON($0, zone: context.zone) }] }, text: {
            sessions.isEmpty ? WorkoutWords(Self.language(invocation)).noSessions
                : WorkoutText.list(sessions, zone: context.zone, language: Self.language(invocation))
        })
    }

    func show(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let session = try context.workouts.session(ownerID: context.ownerID, id: context.sessionID(invocation))
        try invocation.respond(json: { SessionJSON(session, zone: context.zone) },
                               text: { WorkoutText.session(session, zone: context.zone, unit: try context.unit(),
                                                           language: Self.language(invocation)) })
    }

    func edit(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let sets = invocation.options(Self.sets)
        let changes = WorkoutUseCases.Changes(
            title: invocation.option(Self.title), notes: invocation.option(Self.notes),
            felt: try Self.parseFelt(invocation), durationMinutes: try Self.parseDuration(invocation),
            startedAt: try WorkoutInput.time(invocation, context: context), sets: sets.isEmpty ? nil : sets)
        let session = try context.workouts.edit(ownerID: context.ownerID, id: context.sessionID(invocation), changes)
        try invocation.respond(json: { SessionJSON(session, zone: context.zone) },
                               text: {
            WorkoutWords(Self.language(invocation)).updated + "\n"
                + WorkoutText.session(session, zone: context.zone, unit: try context.unit(), language: Self.language(invocation))
        })
    }

    func delete(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let id = try context.sessionID(invocation)
        try context.workouts.delete(ownerID: context.ownerID, id: id)
        try invocation.respond(json: { ["deleted": id] }, text: { WorkoutWords(Self.language(invocation)).deleted })
    }

    // MARK: Shared

    /// The session options of `log` and `wod`.
    static func entry(_ invocation: Invocation, context: WorkoutContext) throws -> WorkoutUseCases.Entry {
        WorkoutUseCases.Entry(
            title: invocation.option(title.name), startedAt: try WorkoutInput.time(invocation, context: context),
            durationMinutes: try parseDuration(invocation), notes: invocation.option(notes.name), felt: try parseFelt(invocation))
    }

    static func language(_ invocation: Invocation) -> Language {
        Language(rawValue: invocation.language.rawValue) ?? .en
    }

    static func parseDuration(_ invocation: Invocation) throws -> Double? {
        try invocation.option(duration.name, expected: "minutes") { Double($0) }
    }

    static func parseFelt(_ invocation: Invocation) throws -> Int? {
        try invocation.option(felt.name, expected: "1 to 5") { Int($0) }
    }

    /// The logged session, its new records and the XP it earned (or its JSON).
    static func respond(logged: WorkoutUseCases.Logged, invocation: Invocation, context: WorkoutContext) throws {
        try invocation.respond(json: { SessionJSON(logged.session, zone: context.zone, logged: logged) }, text: {
            let language = Self.language(invocation)
            let words = WorkoutWords(language)
            var lines = [WorkoutText.session(logged.session, zone: context.zone, unit: try context.unit(), language: language)]
            for (exercise, records) in logged.newRecords.sorted(by: { $0.key < $1.key }) {
                lines.append(words.newRecord(exercise, records))
            }
            lines.append(words.earned(logged.xpEarned, handle: Handle.of(logged.session.id)))
            return lines.joined(separator: "\n")
        })
    }
}
