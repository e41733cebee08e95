import FoundationEssentials
import Console
import Core
import Domain

/// `tend timer …`: AMRAP, EMOM, Tabata, For Time, intervals and rest, live in the terminal or
/// as a plan for scripts.
struct TimerCommand: Sendable {
    let makeContext: WorkoutCommands.ContextProvider

    static let cap = Option.value("cap", valueName: "MIN", help: "For Time: the cap in minutes.")
    static let work = Option.value("work", valueName: "S", help: "Intervals (and Tabata): work seconds.")
    static let rest = Option.value("rest", valueName: "S", help: "Intervals (and Tabata): rest seconds.")
    static let rounds = Option.value("rounds", valueName: "N", help: "Intervals (and Tabata): rounds.")
    static let planOnly = Option.flag("plan", help: "Print the schedule instead of running it.")
    static let log = Option.flag("log", help: "Record the result into a session at the end.")

    var command: Command {
        Command(
            name: "timer",
            abstract: "WOD and interval timers: amrap 12 | emom 10x1m | tabata | fortime --cap 20 | intervals --work 40 --rest 20 "
                + "--rounds 8 | rest 90.",
            discussion: "Live in a terminal: the time left, the phase and round, a bar and a bell at each change; space pauses, q stops. "
                + "Without a terminal, or with --plan, it prints the schedule. "
                + "Durations take s or m (emom 10x1m is 10 rounds of one minute).",
            arguments: [
                Argument("type", help: "amrap, emom, tabata, fortime, intervals or rest.",
                         allowedValues: ["amrap", "emom", "tabata", "fortime", "intervals", "rest"]),
                Argument("value", help: "amrap MINUTES, emom ROUNDSxINTERVAL, rest SECONDS.", isOptional: true),
            ],
            options: [Self.cap, Self.work, Self.rest, Self.rounds, Self.planOnly, Self.log],
            run: run)
    }

    func run(_ invocation: Invocation) throws {
        let schedule = try Self.schedule(invocation)
        let context = try makeContext(invocation)
        if invocation.flag(Self.planOnly) || !context.isInteractive || GlobalOptions.wantsJSON(invocation) {
            try invocation.respond(json: { TimerJSON(schedule) }, text: { Self.plan(schedule) })
            return
        }
        let outcome = try LiveTimer(schedule: schedule, output: invocation.output).run()
        invocation.output.print("\n\(outcome.finished ? "Done" : "Stopped") after \(DurationText.clock(outcome.elapsed)).")
        guard invocation.flag(Self.log) else { return }
        // Quitting early may be a slip of the finger: nothing is logged unless the person says so.
        if !outcome.finished {
            let question = invocation.argument("type") == "fortime"
                ? "Log \(DurationText.clock(outcome.elapsed)) as your finished time? [y/N]"
                : "Stopped before the end (\(DurationText.clock(outcome.elapsed)) of \(DurationText.clock(schedule.total))). "
                    + "Log it anyway? [y/N]"
            let answer = try Terminal.ask(question, output: invocation.output)?.trimmed.lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                invocation.output.print("Not logged.")
                return
            }
        }
        guard let entry = try Self.entry(schedule, outcome: outcome, invocation: invocation) else {
            invocation.output.print("Not logged.")
            return
        }
        let logged = try context.workouts.log(ownerID: context.ownerID, entry)
        invocation.output.print("✓ Logged: \(logged.session.wod?.summary ?? DurationText.clock(outcome.elapsed)) · "
            + "handle \(Handle.of(logged.session.id))")
    }

    /// A rest asks for SECONDS: a plain number is a count of seconds (`rest 90`); anything else
    /// is a duration as everywhere (`90s`, `1:30`, `2m`).
    static func restSeconds(_ text: String) -> Double? {
        if let seconds = Double(text) { return seconds.isFinite && seconds > 0 ? seconds : nil }
        return DurationText.seconds(text)
    }

    static func schedule(_ invocation: Invocation) throws -> TimerSchedule {
        let value = invocation.argument("value")
        func number(_ name: String, _ range: ClosedRange<Double>) throws -> Double? {
            try invocation.option(name, expected: "a number") { Double($0).flatMap { range.contains($0) ? $0 : nil } }
        }
        switch invocation.argument("type")! {
        case "amrap":
            guard let value, let minutes = Double(value.hasSuffix("m") ? String(value.dropLast()) : value),
                  (0.5...240).contains(minutes) else {
                throw UsageError("amrap MINUTES, e.g. tend timer amrap 12")
            }
            return .amrap(minutes: minutes)
        case "emom":
            let parts = value?.lowercased().split(separator: "x") ?? []
            // The interval is a duration: a bare number is minutes ("emom 10x1" is ten one-minute rounds).
            guard parts.count == 2, let rounds = Int(parts[0]), (1...100).contains(rounds),
                  let seconds = DurationText.seconds(String(parts[1])), seconds <= 3600 else {
                throw UsageError("emom ROUNDSxINTERVAL with rounds of at most an hour, e.g. emom 10x1m or emom 12x90s")
            }
            return .emom(rounds: rounds, interval: seconds)
        case "tabata":
            return .tabata(work: try number(Self.work.name, 1...600) ?? 20, rest: try number(Self.rest.name, 1...600) ?? 10,
                           rounds: Int(try number(Self.rounds.name, 1...100) ?? 8))
        case "fortime":
            guard let cap = try number(Self.cap.name, 0.5...600) else { throw UsageError("fortime needs --cap MIN") }
            return .forTime(capMinutes: cap)
        case "intervals":
            guard let work = try number(Self.work.name, 1...3600), let rest = try number(Self.rest.name, 0...3600),
                  let rounds = try number(Self.rounds.name, 1...200) else {
                throw UsageError("intervals --work S --rest S --rounds N")
            }
            return .intervals(work: work, rest: rest, rounds: Int(rounds))
        default:
            guard let value, let seconds = restSeconds(value), seconds <= 3600 else {
                throw UsageError("rest SECONDS, e.g. tend timer rest 90")
            }
            return .rest(seconds: seconds)
        }
    }

    static func plan(_ schedule: TimerSchedule) -> String {
        var lines = ["\(schedule.name) · \(DurationText.clock(schedule.total))"]
        for phase in schedule.phases.prefix(40) {
            lines.append("  \(DurationText.clock(phase.start))–\(DurationText.clock(phase.end))  \(phase.kind.rawValue) · "
                + "round \(phase.round)/\(schedule.rounds)")
        }
        if schedule.phases.count > 40 { lines.append("  … \(schedule.phases.count - 40) more") }
        return lines.joined(separator: "\n")
    }

    /// The session a timer run logs; nil when the person gave no AMRAP score.
    static func entry(_ schedule: TimerSchedule, outcome: LiveTimer.Outcome,
                      invocation: Invocation) throws -> WorkoutUseCases.Entry? {
        let completedRounds = schedule.phases.filter { $0.kind == .work && $0.end <= outcome.elapsed + 0.5 }.count
        var wod: WODResult?
        switch invocation.argument("type")! {
        case "fortime":
            let cap = schedule.total / 60
            wod = outcome.finished ? WODResult(format: .fortime, reps: 0, capped: true, capMinutes: cap)
                : WODResult(format: .fortime, seconds: outcome.elapsed.rounded(), capMinutes: cap)
        case "emom":
            wod = WODResult(format: .emom, rounds: completedRounds)
        case "tabata":
            wod = WODResult(format: .tabata, rounds: completedRounds)
        case "amrap":
            // A score that cannot be read is asked again, never stored as 0+0; an empty answer logs nothing.
            var parsed: (rounds: Int?, reps: Int?, seconds: Double?, capped: Bool)?
            while parsed == nil {
                let answer = try Terminal.ask("Rounds+reps (e.g. 7+12; empty to skip)?", output: invocation.output)?.trimmed ?? ""
                if answer.isEmpty { return nil }
                parsed = WODResult.parse(answer, format: .amrap)
                if parsed == nil { invocation.output.print("'\(answer)' is not rounds+reps: write 7+12, or 7 for whole rounds.") }
            }
            wod = WODResult(format: .amrap, rounds: parsed?.rounds, reps: parsed?.reps, capMinutes: schedule.total / 60)
        default:
            break
        }
        return WorkoutUseCases.Entry(sets: [], kind: wod == nil ? .cardio : .wod, title: schedule.name,
                                     durationMinutes: max(outcome.elapsed / 60, 0.1),
                                     wod: wod ?? WODResult(format: .emom, rounds: completedRounds))
    }
}
