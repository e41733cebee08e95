import FoundationEssentials
import Console
import Core
import Domain

/// `tend insulin list`: the doses of a range of insulin days.
struct ListCommand: Sendable {
    let makeContext: InsulinCommands.ContextProvider

    static let from = Option.value("from", valueName: "DATE", help: "First insulin day, YYYY-MM-DD.")
    static let to = Option.value("to", valueName: "DATE", help: "Last insulin day, YYYY-MM-DD (inclusive).")

    var command: Command {
        Command(name: "list", abstract: "List doses (all of them unless --from/--to narrow it), oldest first.",
                options: [Self.from, Self.to], run: run)
    }

    func run(_ invocation: Invocation) throws {
        let from = try InsulinInput.date(invocation, Self.from.name)
        let to = try InsulinInput.date(invocation, Self.to.name)
        let context = try makeContext(invocation)
        let settings = try context.useCases.settings.current(ownerID: context.ownerID)
        let doses = try context.useCases.listDoses(ownerID: context.ownerID, from: from, through: to)
        let words = CalendarWords(Language(rawValue: invocation.language.rawValue) ?? .en)
        try invocation.respond(json: { DoseListJSON(doses, settings: settings) }, text: {
            doses.isEmpty ? words.noDoses : Self.render(doses, settings: settings, words: words)
        })
    }

    static func render(_ doses: [Dose], settings: InsulinSettings, words: CalendarWords = CalendarWords(.en)) -> String {
        let titles = words.listColumns
        let alignments: [Table.Alignment] = [.left, .left, .left, .right, .left, .left]
        var table = Table(columns: zip(titles, alignments).map { (title: $0, alignment: $1) })
        let zone = settings.timeZone
        let handles = Handle.handles(for: doses.map(\.id))
        for dose in doses {
            let wall = zone.wallClock(of: dose.takenAt)
            let day = settings.insulinDays.day(of: dose.takenAt)
            let time = LocalTime(minutes: wall.secondOfDay / 60)!.description + (wall.date != day ? " (+1)" : "")
            table.addRow([words.day(day), time, words.kind(dose.kind), formatUnits(dose.units), dose.note ?? "", handles[dose.id] ?? dose.id])
        }
        return table.render()
    }
}
