import FoundationEssentials
import Console
import Core
import Domain

/// `tend insulin log <long|rapid> [UNITS]`: the one-step log.
struct LogCommand: Sendable {
    let makeContext: InsulinCommands.ContextProvider

    static let at = Option.value(
        "at", valueName: "TIME", help: "When it was taken: HH:MM (today), 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' or ISO 8601.")
    static let note = Option.value("note", valueName: "TEXT", help: "A short note (meal, correction, site…).")
    static let force = Option.flag("force", short: "f", help: "Log even if the double-dose guard refuses it.")

    var command: Command {
        Command(
            name: "log",
            abstract: "Log a dose now (or at --at), with your default units unless you give them.",
            arguments: [
                Argument("kind", help: "Which insulin.", allowedValues: InsulinKind.allCases.map(\.rawValue)),
                Argument("units", help: "Units taken, 0.5 to 100 in steps of 0.5 (default: from settings).", isOptional: true),
            ],
            options: [Self.at, Self.note, Self.force],
            run: run)
    }

    func run(_ invocation: Invocation) throws {
        let kind = try invocation.argument("kind", expected: "long or rapid", InsulinInput.kind)!
        let units = try invocation.argument("units", expected: InsulinInput.unitsExpected, InsulinInput.units)
        let context = try makeContext(invocation)
        let request = LogDose.Request(
            kind: kind, units: units, takenAt: try InsulinInput.time(invocation, Self.at.name, context: context),
            note: invocation.option(Self.note), force: invocation.flag(Self.force))
        let result: LogDose.Result
        do {
            result = try context.useCases.logDose(ownerID: context.ownerID, request)
        } catch let error as AppError where error.code == "duplicate_dose" {
            throw InsulinInput.duplicate(error, hint: "; add --force to log it anyway", suffix: "force_log")
        }
        let settings = try context.useCases.settings.current(ownerID: context.ownerID)
        try invocation.respond(json: { DoseJSON(result.dose, settings: settings) },
                               text: { DoseText.logged(result.dose, settings: settings, now: context.useCases.clock.now) })
    }
}

/// Lines that describe a dose to a person.
enum DoseText {
    static func logged(_ dose: Dose, settings: InsulinSettings, now: Date, mark: String = "✓") -> String {
        let name = settings.name(of: dose.kind)
        let when = StatusText.describe(dose.takenAt, now: now, zone: settings.timeZone)
        var line = "\(mark) \(name) \(formatUnits(dose.units)) u at \(when)"
        let day = settings.insulinDays.day(of: dose.takenAt)
        if day != settings.timeZone.localDate(of: dose.takenAt) { line += " (insulin day \(day))" }
        if let note = dose.note { line += " — \(note)" }
        return line + "\n  handle \(Handle.of(dose.id)) (tend insulin edit \(Handle.of(dose.id)) …, or 'last')"
    }
}
