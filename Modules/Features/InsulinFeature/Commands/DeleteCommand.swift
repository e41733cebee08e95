import Console
import Core
import Domain

/// `tend insulin delete <ID>`: remove a dose logged by mistake.
enum DeleteCommand {
    static func make(context: @escaping InsulinCommands.ContextProvider) -> Command {
        Command(
            name: "delete",
            abstract: "Delete a dose logged by mistake.",
            arguments: [Argument("id", help: "The dose: its handle from `tend insulin list`, its id, or 'last'.")],
            run: { invocation in
                let context = try context(invocation)
                let dose = try context.useCases.deleteDose(ownerID: context.ownerID, id: context.doseID(invocation))
                let settings = try context.useCases.settings.current(ownerID: context.ownerID)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(DeletedJSON(deleted: DoseJSON(dose, settings: settings)))
                } else {
                    let when = StatusText.describe(dose.takenAt, now: context.useCases.clock.now, zone: settings.timeZone)
                    invocation.output.print("Deleted the \(settings.name(of: dose.kind)) dose of \(formatUnits(dose.units)) u at \(when).")
                }
            }
        )
    }

    struct DeletedJSON: Encodable {
        let deleted: DoseJSON
    }
}
