import Console
import Core
import Domain

/// `tend insulin edit <ID>`: fix a dose; the same rules as logging run again.
enum EditCommand {
    static func make(context: @escaping InsulinCommands.ContextProvider) -> Command {
        Command(
            name: "edit",
            abstract: "Change a dose's kind, units, time or note.",
            arguments: [Argument("id", help: "The dose: its handle from `tend insulin list`, its id, or 'last'.")],
            options: [
                .value("kind", valueName: "KIND", help: "long or rapid.", allowedValues: InsulinKind.allCases.map(\.rawValue)),
                .value("units", valueName: "N", help: "Units, 0.5 to 100 in steps of 0.5."),
                .value("at", valueName: "TIME", help: "When it was taken: HH:MM, 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' or ISO 8601."),
                .value("note", valueName: "TEXT", help: "A new note; an empty one removes it."),
                .flag("force", short: "f", help: "Save even if the double-dose guard refuses it."),
            ],
            run: { invocation in
                let kind = try invocation.option("kind", expected: "long or rapid", InsulinInput.kind)
                let units = try invocation.option("units", expected: InsulinInput.unitsExpected, InsulinInput.units)
                let context = try context(invocation)
                let id = try context.doseID(invocation)
                let changes = EditDose.Changes(
                    kind: kind, units: units, takenAt: try InsulinInput.time(invocation, "at", context: context),
                    note: invocation.has("note") ? .some(invocation.option("note")) : nil,
                    force: invocation.flag("force"))
                let dose: Dose
                do {
                    dose = try context.useCases.editDose(ownerID: context.ownerID, id: id, changes)
                } catch let error as AppError where error.code == "duplicate_dose" {
                    throw AppError(error.kind, code: error.code, error.message + "; add --force to save it anyway", details: error.details).with(key: error.key, error.arguments.merging(["suffix": "force_save"]) { $1 })
                }
                let settings = try context.useCases.settings.current(ownerID: context.ownerID)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(DoseJSON(dose, settings: settings))
                } else {
                    invocation.output.print(DoseText.logged(dose, settings: settings, now: context.useCases.clock.now, mark: "✓ updated:"))
                }
            }
        )
    }
}
