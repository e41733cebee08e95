import Console
import Core
import Domain

/// `tend insulin delete <ID>`: remove a dose logged by mistake.
struct DeleteCommand: Sendable {
    let makeContext: InsulinCommands.ContextProvider

    var command: Command {
        Command(name: "delete", abstract: "Delete a dose logged by mistake.",
                arguments: [Argument("id", help: "The dose: its handle from `tend insulin list`, its id, or 'last'.")], run: run)
    }

    func run(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let dose = try context.useCases.deleteDose(ownerID: context.ownerID, id: context.doseID(invocation))
        let settings = try context.useCases.settings.current(ownerID: context.ownerID)
        try invocation.respond(json: { DeletedJSON(deleted: DoseJSON(dose, settings: settings)) }, text: {
            DoseText.deleted(dose, settings: settings, now: context.useCases.clock.now, language: Language(rawValue: invocation.language.rawValue) ?? .en)
        })
    }

    struct DeletedJSON: Encodable {
        let deleted: DoseJSON
    }
}
