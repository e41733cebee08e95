import FoundationEssentials
import Client
import Console
import Core
import Domain

/// `tend couple cal add | list | delete`: the shared calendar.
enum CalendarCommands {
    static func make(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "cal", abstract: "The shared calendar: events, anniversaries, whose they are.",
                subcommands: [add(context), list(context), delete(context)])
    }

    static let whose = Option.value("for", valueName: "WHO", help: "Whose event: me, partner or us (default us).", allowedValues: ["me", "partner", "us"])

    static func add(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "add", abstract: "Add an event.",
            arguments: [Argument("title", help: "What it is.")],
            options: [
                .value("at", valueName: "TIME", help: "When: YYYY-MM-DD (all day), 'YYYY-MM-DD HH:MM' in your zone, or ISO 8601 (required)."),
                .value("until", valueName: "TIME", help: "When it ends (same forms)."),
                .flag("all-day", help: "An all-day event."),
                .value("repeat", valueName: "EVERY", help: "yearly, monthly or weekly.", allowedValues: EventRecurrence.allCases.map(\.rawValue)),
                whose,
            ]
        ) { invocation in
            guard let start = invocation.option("at") else { throw UsageError("missing --at TIME") }
            let body = EventBody(title: invocation.argument("title") ?? "", start: start, end: invocation.option("until"),
                                 allDay: invocation.flag("all-day") ? true : nil, repeats: invocation.option("repeat"),
                                 whose: invocation.option("for") ?? "us")
            let event: EventJSON = try context(invocation).call(.json("POST", "/v1/couple/events", body))
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(event) }
            invocation.output.print("Added: \(describe(event))  (handle \(Handle.of(event.id)))")
        }
    }

    static func list(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "list", abstract: "A month of the calendar (looking counts toward today's bridge).",
            options: [.value("month", valueName: "YYYY-MM", help: "The month (default this month).")]
        ) { invocation in
            var request = ServerRequest("GET", "/v1/couple/events")
            if let month = try invocation.option("month", expected: "a month YYYY-MM", { YearMonth($0) }) {
                request.query = [("month", month.description)]
            }
            let list: EventList = try context(invocation).call(request)
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(list) }
            guard !list.events.isEmpty else { return invocation.output.print("No events this month.") }
            var table = Table(columns: [("Date", .left), ("Time", .left), ("Title", .left), ("For", .left), ("Repeat", .left), ("Handle", .left)])
            let handles = Handle.handles(for: Array(Set(list.events.map(\.id))))
            for event in list.events {
                let time = event.allDay ? "all day" : CoupleText.clock(event.start) + (event.end.map { "–" + CoupleText.clock($0) } ?? "")
                table.addRow([String(event.start.prefix(10)), time, event.title, event.whose, event.repeats ?? "", handles[event.id] ?? event.id])
            }
            invocation.output.print(table.render())
        }
    }

    static func delete(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "delete", abstract: "Delete an event.", arguments: [Argument("id", help: "The event: its handle from 'cal list', its id, or 'last'.")]) { invocation in
            let id = invocation.argument("id") ?? ""
            _ = try context(invocation).client.send(ServerRequest("DELETE", "/v1/couple/events/\(ServerRequest.segment(id))"))
            if GlobalOptions.wantsJSON(invocation) { return try invocation.output.printJSON(["deleted": id]) }
            invocation.output.print("Deleted the event \(id).")
        }
    }

    static func describe(_ event: EventJSON) -> String {
        let when = event.allDay ? event.start + (event.end.map { " to \($0)" } ?? "") + " (all day)" : CoupleText.shortTime(event.start)
        return "\(event.title) · \(when)\(event.repeats.map { " · every \($0.dropLast(2))" } ?? "") · \(event.whose)"
    }
}

struct EventList: Codable {
    let events: [EventJSON]
}
