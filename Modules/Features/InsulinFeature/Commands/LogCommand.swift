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
        let settings = try result.settings ?? context.useCases.settings.current(ownerID: context.ownerID)
        try invocation.respond(json: { DoseJSON(result.dose, settings: settings) },
                               text: { DoseText.logged(result.dose, settings: settings, now: context.useCases.clock.now,
                                                       language: Language(rawValue: invocation.language.rawValue) ?? .en) })
    }
}

/// Lines that describe a dose to a person, in English or Korean (해요체, `22:14`, `11월 29일`).
enum DoseText {
    static func logged(_ dose: Dose, settings: InsulinSettings, now: Date, mark: String = "✓",
                       language: Language = .en) -> String {
        let handle = Handle.of(dose.id)
        let day = settings.insulinDays.day(of: dose.takenAt)
        let otherDay = day != settings.timeZone.localDate(of: dose.takenAt)
        if language == .ko {
            let name = koreanName(dose.kind, settings: settings)
            let when = StatusText.describe(dose.takenAt, now: now, zone: settings.timeZone, language: .ko)
            var line = "\(mark) \(name) \(formatUnits(dose.units))단위 · \(when)에 맞았어요"
            if otherDay { line += " (인슐린 하루 \(day.month)월 \(day.day)일)" }
            if let note = dose.note { line += " — \(note)" }
            return line + "\n  핸들 \(handle) (tend insulin edit \(handle) …, 또는 'last')"
        }
        let name = settings.name(of: dose.kind)
        let when = StatusText.describe(dose.takenAt, now: now, zone: settings.timeZone)
        var line = "\(mark) \(name) \(formatUnits(dose.units)) u at \(when)"
        if otherDay { line += " (insulin day \(day))" }
        if let note = dose.note { line += " — \(note)" }
        return line + "\n  handle \(handle) (tend insulin edit \(handle) …, or 'last')"
    }

    /// `✓ updated:` in English, `✓ 고쳤어요:` in Korean.
    static func updatedMark(_ language: Language) -> String { language == .ko ? "✓ 고쳤어요:" : "✓ updated:" }

    /// `Deleted the Long-acting dose of 10 u at 22:14.` / `22:14에 맞은 지효성 10단위를 지웠어요.`
    static func deleted(_ dose: Dose, settings: InsulinSettings, now: Date, language: Language = .en) -> String {
        if language == .ko {
            let when = StatusText.describe(dose.takenAt, now: now, zone: settings.timeZone, language: .ko)
            return "\(when)에 맞은 \(koreanName(dose.kind, settings: settings)) \(formatUnits(dose.units))단위를 지웠어요."
        }
        let when = StatusText.describe(dose.takenAt, now: now, zone: settings.timeZone)
        return "Deleted the \(settings.name(of: dose.kind)) dose of \(formatUnits(dose.units)) u at \(when)."
    }

    static func koreanName(_ kind: InsulinKind, settings: InsulinSettings) -> String {
        let names = StatusText.koreanNames(settings)
        return kind == .long ? names.long : names.rapid
    }
}
