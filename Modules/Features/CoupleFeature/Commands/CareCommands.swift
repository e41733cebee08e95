import FoundationEssentials
import Client
import Console
import Core
import Domain
import HTTP

/// `tend couple care add | list | done | delete`: the small things to care about (서로 챙김).
enum CareCommands {
    static func make(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "care", abstract: "The care list: small things to remember, for you or your partner.",
                subcommands: [add(context), list(context), done(context), delete(context)])
    }

    /// The options of these commands, declared once.
    enum Options {
        static let whose = Option.value("for", valueName: "WHO", help: "me or partner (default me).", allowedValues: ["me", "partner"])
        static let due = Option.value("due", valueName: "YYYY-MM-DD", help: "By when.")
    }

    static func add(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "add", abstract: "Add an item.",
            arguments: [Argument("text", help: "What to care about.")],
            options: [Options.whose, Options.due]
        ) { invocation in
            let due = try invocation.option(Options.due.name, expected: "a date YYYY-MM-DD") { LocalDate($0) }
            let body = CareBody(text: invocation.argument("text") ?? "", whose: invocation.option(Options.whose.name) ?? "me",
                                due: due?.description)
            let item = try context(invocation).client.call(CoupleAPI.addCare, body: body)
            try invocation.respond(json: { item }, text: {
                "Added for \(item.whose == "me" ? "you" : "your partner"): \(item.text)\(item.due.map { " (by \($0))" } ?? "")"
                    + "  (handle \(Handle.of(item.id)))"
            })
        }
    }

    static func list(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "list", abstract: "Open items by due date, then the done ones.") { invocation in
            let list = try context(invocation).client.call(CoupleAPI.careList)
            try invocation.respond(json: { list }, text: {
                guard !list.care.isEmpty else { return "Nothing on the care list yet." }
                var table = Table(columns: [("", .left), ("For", .left), ("Care", .left), ("Due", .left), ("Handle", .left)])
                for item in list.care {
                    table.addRow([item.done ? "✓" : "○", item.whose == "me" ? "you" : "partner", item.text, item.due ?? "",
                                  Handle.of(item.id)])
                }
                return table.render()
            })
        }
    }

    static func done(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "done", abstract: "Mark an item done (either of you can).",
                arguments: [Argument("id", help: "The item: its handle from 'care list', its id, or 'last'.")]) { invocation in
            let item = try context(invocation).client.call(CoupleAPI.completeCare, ItemID(invocation.argument("id") ?? ""))
            try invocation.respond(json: { item }, text: { "Done: \(item.text) ✓" })
        }
    }

    static func delete(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "delete", abstract: "Remove an item.",
                arguments: [Argument("id", help: "The item: its handle from 'care list', its id, or 'last'.")]) { invocation in
            // The list says which item the handle (or `last`) names, so the person reads what went.
            let context = try context(invocation)
            let list = try context.client.call(CoupleAPI.careList)
            let typed = invocation.argument("id") ?? ""
            guard let id = try Handle.pick(typed, among: list.care.map(\.id).sorted(), noun: "care item"),
                  let item = list.care.first(where: { $0.id == id }) else {
                throw AppError.notFound("no care item \(typed)", code: "care_not_found").with(["id": typed])
            }
            try context.client.call(CoupleAPI.deleteCare, ItemID(id))
            try invocation.respond(json: { ["deleted": id] }, text: { "Removed: \(item.text)" })
        }
    }
}
