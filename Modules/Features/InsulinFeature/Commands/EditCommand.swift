import Console
import Core
import Domain

/// `tend insulin edit <ID>`: fix a dose; the same rules as logging run again.
struct EditCommand: Sendable {
    let makeContext: InsulinCommands.ContextProvider

    static let kind = Option.value("kind", valueName: "KIND", help: "long or rapid.", allowedValues: InsulinKind.allCases.map(\.rawValue))
    static let units = Option.value("units", valueName: "N", help: "Units, 0.5 to 100 in steps of 0.5.")
    static let at = Option.value("at", valueName: "TIME",
                                 help: "When it was taken: HH:MM, 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' or ISO 8601.")
    static let note = Option.value("note", valueName: "TEXT", help: "A new note; an empty one removes it.")
    static let force = Option.flag("force", short: "f", help: "Save even if the double-dose guard refuses it.")

    var command: Command {
        Command(name: "edit", abstract: "Change a dose's kind, units, time or note.",
                arguments: [Argument("id", help: "The dose: its handle from `tend insulin list`, its id, or 'last'.")],
                options: [Self.kind, Self.units, Self.at, Self.note, Self.force], run: run)
    }

    func run(_ invocation: Invocation) throws {
        let kind = try invocation.option(Self.kind, expected: "long or rapid", InsulinInput.kind)
        let units = try invocation.option(Self.units, expected: InsulinInput.unitsExpected, InsulinInput.units)
        let context = try makeContext(invocation)
        let id = try context.doseID(invocation)
        let changes = EditDose.Changes(
            kind: kind, units: units, takenAt: try InsulinInput.time(invocation, Self.at.name, context: context),
            note: invocation.has(Self.note) ? .some(invocation.option(Self.note)) : nil,
            force: invocation.flag(Self.force))
        let dose: Dose
        do {
            dose = try context.useCases.editDose(ownerID: context.ownerID, id: id, changes)
        } catch let error as AppError where error.code == "duplicate_dose" {
            throw InsulinInput.duplicate(error, hint: "; add --force to save it anyway", suffix: "force_save")
        }
        let settings = try context.useCases.settings.current(ownerID: context.ownerID)
        try invocation.respond(json: { DoseJSON(dose, settings: settings) }, text: {
            DoseText.logged(dose, settings: settings, now: context.useCases.clock.now,
                            mark: DoseText.updatedMark(Language(rawValue: invocation.language.rawValue) ?? .en), language: Language(rawValue: invocation.language.rawValue) ?? .en)
        })
    }
}
