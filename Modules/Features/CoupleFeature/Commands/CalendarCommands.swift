import FoundationEssentials
import Client
import Console
import Core
import Domain
import HTTP

/// `tend couple cal add | list | delete`: the shared calendar.
enum CalendarCommands {
    static func make(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "cal", abstract: "The shared calendar: events, anniversaries, whose they are.",
                subcommands: [add(context), list(context), delete(context)])
    }

    /// The options of these commands, declared once.
    enum Options {
        static let at = Option.value("at", valueName: "TIME",
                                     help: "When: YYYY-MM-DD (all day), 'YYYY-MM-DD HH:MM' in your zone, or ISO 8601 (required).")
        static let until = Option.value("until", valueName: "TIME", help: "When it ends (same forms).")
        static let allDay = Option.flag("all-day", help: "An all-day event.")
        static let repeats = Option.value("repeat", valueName: "EVERY", help: "yearly, monthly or weekly.",
                                          allowedValues: EventRecurrence.allCases.map(\.rawValue))
        static let whose = Option.value("for", valueName: "WHO", help: "Whose event: me, partner or us (default us).",
                                        allowedValues: ["me", "partner", "us"])
        static let month = Option.value("month", valueName: "YYYY-MM", help: "The month (default this month).")
    }

    static func add(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(
            name: "add", abstract: "Add an event.",
            arguments: [Argument("title", help: "What it is.")],
            options: [Options.at, Options.until, Options.allDay, Options.repeats, Options.whose]
        ) { invocation in
            guard let start = invocation.option(Options.at.name) else { throw UsageError("missing --at TIME") }
            let body = EventBody(title: invocation.argument("title") ?? "", start: start, end: invocation.option(Options.until.name),
                                 allDay: invocation.flag(Options.allDay.name) ? true : nil,
                                 repeats: invocation.option(Options.repeats.name),
                                 whose: invocation.option(Options.whose.name) ?? "us")
            let event = try context(invocation).client.call(CoupleAPI.addEvent, body: body)
            try invocation.respond(json: { event }, text: { "Added: \(describe(event))  (handle \(Handle.of(event.id)))" })
        }
    }

    static func list(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "list", abstract: "A month of the calendar (looking counts toward today's bridge).",
                options: [Options.month]) { invocation in
            let month = try invocation.option(Options.month.name, expected: "a month YYYY-MM", { YearMonth($0) })
            let list = try context(invocation).client.call(CoupleAPI.events, MonthQuery(month))
            try invocation.respond(json: { list }, text: {
                guard !list.events.isEmpty else { return "No events this month." }
                var table = Table(columns: [("Date", .left), ("Time", .left), ("Title", .left), ("For", .left), ("Repeat", .left),
                                            ("Handle", .left)])
                let handles = Handle.handles(for: Array(Set(list.events.map(\.id))))
                for event in list.events {
                    let until = event.end.map { "–" + CoupleText.clock($0) } ?? ""
                    let time = event.allDay ? "all day" : CoupleText.clock(event.start) + until
                    table.addRow([String(event.start.prefix(10)), time, event.title, event.whose, event.repeats ?? "",
                                  handles[event.id] ?? event.id])
                }
                return table.render()
            })
        }
    }

    static func delete(_ context: @escaping CoupleCommands.ContextProvider) -> Command {
        Command(name: "delete", abstract: "Delete an event.",
                arguments: [Argument("id", help: "The event: its handle from 'cal list', its id, or 'last'.")]) { invocation in
            let id = invocation.argument("id") ?? ""
            try context(invocation).client.call(CoupleAPI.deleteEvent, ItemID(id))
            try invocation.respond(json: { ["deleted": id] }, text: { "Deleted the event \(id)." })
        }
    }

    static func describe(_ event: EventJSON) -> String {
        let when = event.allDay ? event.start + (event.end.map { " to \($0)" } ?? "") + " (all day)" : CoupleText.shortTime(event.start)
        return "\(event.title) · \(when)\(event.repeats.map { " · every \($0.dropLast(2))" } ?? "") · \(event.whose)"
    }
}
