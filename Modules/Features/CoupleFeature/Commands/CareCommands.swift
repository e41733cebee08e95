import FoundationEssentials
import Client
import Console
import Core
import Domain

/// `tend couple care add | list | done | delete`: the small things to care about (서로 챙김).
enum CareCommands {
    static func make(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "care", abstract: "The care list: small things to remember, for you or your partner.",
                subcommands: [add(context), list(context), done(context), delete(context)])
    }

    static func add(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "add", abstract: "Add an item.",
            arguments: [Argument("text", help: "What to care about.")],
            options: [
                .value("for", valueName: "WHO", help: "me or partner (default me).", allowedValues: ["me", "partner"]),
                .value("due", valueName: "YYYY-MM-DD", help: "By when."),
            ]
        ) { invocation in
            let due = try invocation.option("due", expected: "a date YYYY-MM-DD") { LocalDate($0) }
            let body = CareBody(text: invocation.argument("text") ?? "", whose: invocation.option("for") ?? "me", due: due?.description)
            let item: CareJSON = try context(invocation).call(.json("POST", "/v1/couple/care", body))
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(item) }
            invocation.output.print("Added for \(item.whose == "me" ? "you" : "your partner"): \(item.text)\(item.due.map { " (by \($0))" } ?? "")  (handle \(Handle.of(item.id)))")
        }
    }

    static func list(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "list", abstract: "Open items by due date, then the done ones.") { invocation in
            let list: CareList = try context(invocation).call(ServerRequest("GET", "/v1/couple/care"))
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(list) }
            guard !list.care.isEmpty else { return invocation.output.print("Nothing on the care list yet.") }
            var table = Table(columns: [("", .left), ("For", .left), ("Care", .left), ("Due", .left), ("Handle", .left)])
            for item in list.care {
                table.addRow([item.done ? "✓" : "○", item.whose == "me" ? "you" : "partner", item.text, item.due ?? "", Handle.of(item.id)])
            }
            invocation.output.print(table.render())
        }
    }

    static func done(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "done", abstract: "Mark an item done (either of you can).", arguments: [Argument("id", help: "The item: its handle from 'care list', its id, or 'last'.")]) { invocation in
            let id = invocation.argument("id") ?? ""
            let item: CareJSON = try context(invocation).call(ServerRequest("POST", "/v1/couple/care/\(ServerRequest.segment(id))/done"))
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(item) }
            invocation.output.print("Done: \(item.text) ✓")
        }
    }

    static func delete(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "delete", abstract: "Remove an item.", arguments: [Argument("id", help: "The item: its handle from 'care list', its id, or 'last'.")]) { invocation in
            // The list says which item the handle (or `last`) names, so the person reads what went.
            let context = try context(invocation)
            let list: CareList = try context.call(ServerRequest("GET", "/v1/couple/care"))
            let typed = invocation.argument("id") ?? ""
            guard let id = try Handle.pick(typed, among: list.care.map(\.id).sorted(), noun: "care item"),
                  let item = list.care.first(where: { $0.id == id }) else {
                throw AppError.notFound("no care item \(typed)", code: "care_not_found").with(["id": typed])
            }
            _ = try context.client.send(ServerRequest("DELETE", "/v1/couple/care/\(ServerRequest.segment(id))"))
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(["deleted": id]) }
            invocation.output.print("Removed: \(item.text)")
        }
    }
}

struct CareList: Codable {
    let care: [CareJSON]
}
