import Console
import Core
import Domain

/// `tend weight …`: weighings and The Hacker's Diet trend.
enum WeightCommands {
    static func group(context: @escaping NutritionCommands.ContextProvider) -> Command {
        Command(name: "weight", abstract: "Body weight, body fat and muscle, and the smoothed trend.", subcommands: [
            Command(
                name: "log", abstract: "Log a weighing (in your unit, or with kg or lb: 72.5kg, 160lb).",
                arguments: [Argument("weight", help: "72.5 (your unit: tend workout goal --unit kg|lb), 72.5kg or 160lb.")],
                options: [
                    .value("at", valueName: "TIME", help: "When: HH:MM, 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' or ISO 8601 (default now)."),
                    .value("fat", valueName: "PCT", help: "Body fat in percent."),
                    .value("muscle", valueName: "WEIGHT", help: "Muscle mass (your unit, or with kg or lb)."),
                ],
                run: { invocation in
                    let context = try context(invocation)
                    let unit = context.body.unit(ownerID: context.ownerID)
                    let kilograms = try invocation.argument("weight", expected: "a weight such as 72.5 or 160lb") {
                        NutritionInput.kilograms($0, unit: unit)
                    }!
                    let fat = try invocation.option("fat", expected: "a percent", NutritionInput.number)
                    let muscle = try invocation.option("muscle", expected: "a weight") { NutritionInput.kilograms($0, unit: unit) }
                    let zone = context.body.zone(ownerID: context.ownerID)
                    let now = context.body.clock.now
                    let at = try invocation.option("at", expected: TimeInput.expected) { TimeInput.parse($0, now: now, timeZone: zone) }
                    let entry = try context.body.log(ownerID: context.ownerID, kilograms: kilograms, at: at, fatPercent: fat, muscleKilograms: muscle)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(WeightJSON(entry, zone: zone))
                        return
                    }
                    let trend = try context.body.trend(ownerID: context.ownerID)
                    invocation.output.print("✓ \(NutritionText.weight(entry.kilograms, unit)) · trend "
                        + "\(NutritionText.weight(trend.points.last?.trend ?? entry.kilograms, unit)) · handle \(Handle.of(entry.id))")
                }),
            Command(
                name: "list", abstract: "Every weighing.",
                run: { invocation in
                    let context = try context(invocation)
                    let zone = context.body.zone(ownerID: context.ownerID)
                    let unit = context.body.unit(ownerID: context.ownerID)
                    let entries = try context.body.entries(ownerID: context.ownerID)
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(["entries": entries.map { WeightJSON($0, zone: zone) }])
                        return
                    }
                    var table = Table(columns: [(title: "When", alignment: .left), (title: "Weight", alignment: .right),
                                                (title: "Fat", alignment: .right), (title: "Muscle", alignment: .right),
                                                (title: "Handle", alignment: .left)])
                    let handles = Handle.handles(for: entries.map(\.id))
                    for entry in entries {
                        table.addRow([zone.dateTimeText(of: entry.takenAt), NutritionText.weight(entry.kilograms, unit),
                                      entry.fatPercent.map { "\(round2($0)) %" } ?? "",
                                      entry.muscleKilograms.map { NutritionText.weight($0, unit) } ?? "", handles[entry.id] ?? entry.id])
                    }
                    invocation.output.print(entries.isEmpty ? "No weighings yet: tend weight log 72.5" : table.render())
                }),
            Command(
                name: "delete", abstract: "Delete a weighing logged by mistake.",
                arguments: [Argument("id", help: "The weighing: its handle from `tend weight list`, its id, or 'last'.")],
                run: { invocation in
                    let context = try context(invocation)
                    let entry = try context.body.delete(ownerID: context.ownerID, id: invocation.argument("id") ?? "")
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(["deleted": entry.id])
                        return
                    }
                    let zone = context.body.zone(ownerID: context.ownerID)
                    invocation.output.print("Deleted the weighing of \(NutritionText.weight(entry.kilograms, context.body.unit(ownerID: context.ownerID))) "
                        + "at \(zone.dateTimeText(of: entry.takenAt)).")
                }),
            Command(
                name: "trend", abstract: "The trend (The Hacker's Diet) and its weekly change.",
                options: [.value("svg", valueName: "FILE", help: "Also draw weight and trend in an SVG file.")],
                run: { invocation in
                    let context = try context(invocation)
                    let trend = try context.body.trend(ownerID: context.ownerID)
                    if let path = invocation.option("svg") { try TextFile.write(NutritionSVG.trend(trend, unit: context.body.unit(ownerID: context.ownerID)), to: path) }
                    if GlobalOptions.wantsJSON(invocation) {
                        try invocation.output.printJSON(TrendJSON(trend))
                    } else {
                        invocation.output.print(NutritionText.trend(trend, unit: context.body.unit(ownerID: context.ownerID)) + (invocation.has("svg") ? "\n" : ""))
                    }
                    if let path = invocation.option("svg") { TextFile.announce(path, in: invocation) }
                }),
        ])
    }
}
