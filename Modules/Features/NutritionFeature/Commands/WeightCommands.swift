import Console
import Core
import Domain

/// `tend weight …`: weighings and The Hacker's Diet trend.
struct WeightCommands: Sendable {
    let makeContext: NutritionCommands.ContextProvider

    static let at = Option.value("at", valueName: "TIME",
                                 help: "When: HH:MM, 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' or ISO 8601 (default now).")
    static let fat = Option.value("fat", valueName: "PCT", help: "Body fat in percent.")
    static let muscle = Option.value("muscle", valueName: "WEIGHT", help: "Muscle mass (your unit, or with kg or lb).")
    static let svg = Option.value("svg", valueName: "FILE", help: "Also draw weight and trend in an SVG file.")

    var group: Command {
        Command(name: "weight", abstract: "Body weight, body fat and muscle, and the smoothed trend.", subcommands: [
            Command(name: "log", abstract: "Log a weighing (in your unit, or with kg or lb: 72.5kg, 160lb).",
                    arguments: [Argument("weight", help: "72.5 (your unit: tend workout goal --unit kg|lb), 72.5kg or 160lb.")],
                    options: [Self.at, Self.fat, Self.muscle], run: log),
            Command(name: "list", abstract: "Every weighing.", run: list),
            Command(name: "delete", abstract: "Delete a weighing logged by mistake.",
                    arguments: [Argument("id", help: "The weighing: its handle from `tend weight list`, its id, or 'last'.")], run: delete),
            Command(name: "trend", abstract: "The trend (The Hacker's Diet) and its weekly change.", options: [Self.svg], run: trend),
        ])
    }

    func log(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let unit = context.body.unit(ownerID: context.ownerID)
        let kilograms = try invocation.argument("weight", expected: "a weight such as 72.5 or 160lb") {
            NutritionInput.kilograms($0, unit: unit)
        }!
        let fat = try invocation.option(Self.fat, expected: "a percent", NutritionInput.number)
        let muscle = try invocation.option(Self.muscle, expected: "a weight") { NutritionInput.kilograms($0, unit: unit) }
        let zone = context.body.zone(ownerID: context.ownerID)
        let now = context.body.clock.now
        let at = try invocation.option(Self.at, expected: TimeInput.expected) { TimeInput.parse($0, now: now, timeZone: zone) }
        let entry = try context.body.log(ownerID: context.ownerID, kilograms: kilograms, at: at, fatPercent: fat, muscleKilograms: muscle)
        try invocation.respond(json: { WeightJSON(entry, zone: zone) }, text: {
            let trend = try context.body.trend(ownerID: context.ownerID)
            let words = NutritionWords(Language(rawValue: invocation.language.rawValue) ?? .en)
            return "✓ \(NutritionText.weight(entry.kilograms, unit)) · \(words.trend) "
                + "\(NutritionText.weight(trend.points.last?.trend ?? entry.kilograms, unit)) · \(words.handle) \(Handle.of(entry.id))"
        })
    }

    func list(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let zone = context.body.zone(ownerID: context.ownerID)
        let unit = context.body.unit(ownerID: context.ownerID)
        let entries = try context.body.entries(ownerID: context.ownerID)
        try invocation.respond(json: { ["entries": entries.map { WeightJSON($0, zone: zone) }] }, text: {
            let words = NutritionWords(Language(rawValue: invocation.language.rawValue) ?? .en)
            guard !entries.isEmpty else { return words.noWeighings }
            let titles = words.listColumns
            let alignments: [Table.Alignment] = [.left, .right, .right, .right, .left]
            var table = Table(columns: zip(titles, alignments).map { (title: $0, alignment: $1) })
            let handles = Handle.handles(for: entries.map(\.id))
            for entry in entries {
                table.addRow([words.dateTime(entry.takenAt, zone: zone), NutritionText.weight(entry.kilograms, unit),
                              entry.fatPercent.map { "\(round2($0)) %" } ?? "",
                              entry.muscleKilograms.map { NutritionText.weight($0, unit) } ?? "", handles[entry.id] ?? entry.id])
            }
            return table.render()
        })
    }

    func delete(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let entry = try context.body.delete(ownerID: context.ownerID, id: invocation.argument("id") ?? "")
        try invocation.respond(json: { ["deleted": entry.id] }, text: {
            let zone = context.body.zone(ownerID: context.ownerID)
            let weight = NutritionText.weight(entry.kilograms, context.body.unit(ownerID: context.ownerID))
            return NutritionWords(Language(rawValue: invocation.language.rawValue) ?? .en)
                .deletedWeighing(weight, at: entry.takenAt, zone: zone)
        })
    }

    func trend(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let trend = try context.body.trend(ownerID: context.ownerID)
        let path = invocation.option(Self.svg)
        if let path { try TextFile.write(NutritionSVG.trend(
            trend, unit: context.body.unit(ownerID: context.ownerID), language: Language(rawValue: invocation.language.rawValue) ?? .en), to: path) }
        try invocation.respond(json: { TrendJSON(trend) }, text: {
            NutritionText.trend(trend, unit: context.body.unit(ownerID: context.ownerID),
                                language: Language(rawValue: invocation.language.rawValue) ?? .en) + (path != nil ? "\n" : "")
        })
        if let path { TextFile.announce(path, in: invocation) }
    }
}
