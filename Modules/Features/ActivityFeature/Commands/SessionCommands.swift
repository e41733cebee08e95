import FoundationEssentials
import Console
import Core
import Domain

/// `tend run …` and `tend hike …`: the same commands for both kinds, plus `run bests` and
/// `hike estimate`.
enum SessionCommands {
    static func group(_ kind: ActivityKind, context: @escaping ActivityCommands.ContextProvider) -> Command {
        var subcommands = [
            importCommand(kind, context: context), add(kind, context: context), list(kind, context: context),
            show(kind, context: context), export(kind, context: context), delete(kind, context: context),
        ]
        if kind == .run { subcommands.append(bests(context: context)) }
        if kind == .hike { subcommands.append(estimate(context: context)) }
        return Command(
            name: kind.rawValue,
            abstract: kind == .run ? "Runs: import from GPX or add by hand, splits, personal bests." : "Hikes: import from GPX, elevation, time estimates.",
            subcommands: subcommands)
    }

    static func importCommand(_ kind: ActivityKind, context: @escaping ActivityCommands.ContextProvider) -> Command {
        Command(
            name: "import",
            abstract: "Import a \(kind.rawValue) from a GPX file.",
            arguments: [Argument("file", help: "A .gpx file with a timed track.")],
            options: [.flag("force", short: "f", help: "Import even if the same \(kind.rawValue) is already there.")],
            run: { invocation in
                let context = try context(invocation)
                let activity = try context.useCases.importGPX(ownerID: context.ownerID, kind: kind,
                                                               .file(path: invocation.argument("file")!), force: invocation.flag("force"))
                try printSaved(activity, invocation: invocation, context: context)
            }
        )
    }

    static func add(_ kind: ActivityKind, context: @escaping ActivityCommands.ContextProvider) -> Command {
        Command(
            name: "add",
            abstract: "Add a \(kind.rawValue) by hand.",
            options: [
                .value("distance", valueName: "KM", help: "Distance in kilometres (required)."),
                .value("duration", valueName: "H:MM:SS", help: "How long it took (required)."),
                .value("at", valueName: "TIME", help: "When it started: HH:MM, 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' or ISO 8601 (default: it just ended)."),
                .value("name", valueName: "TEXT", help: "A name."),
                .value("climb", valueName: "M", help: "Elevation gain in metres."),
            ],
            run: { invocation in
                guard let distance = try invocation.option("distance", expected: "a number of kilometres", ActivityInput.number) else {
                    throw UsageError.missing("--distance KM")
                }
                guard let duration = try invocation.option("duration", expected: "H:MM:SS, MM:SS or minutes", ActivityInput.duration) else {
                    throw UsageError.missing("--duration H:MM:SS")
                }
                let climb = try invocation.option("climb", expected: "metres", ActivityInput.number)
                let context = try context(invocation)
                let zone = context.zone
                let now = context.useCases.clock.now
                let start = try invocation.option("at", expected: TimeInput.expected) { TimeInput.parse($0, now: now, timeZone: zone) }
                let activity = try context.useCases.add(ownerID: context.ownerID, .init(
                    kind: kind, distance: distance * 1000, duration: duration, startedAt: start, name: invocation.option("name"),
                    elevationGain: climb))
                try printSaved(activity, invocation: invocation, context: context)
            }
        )
    }

    static func list(_ kind: ActivityKind, context: @escaping ActivityCommands.ContextProvider) -> Command {
        Command(
            name: "list",
            abstract: "List \(kind.rawValue)s with this week's and this month's totals.",
            options: [
                .value("from", valueName: "DATE", help: "First day, YYYY-MM-DD."),
                .value("to", valueName: "DATE", help: "Last day, YYYY-MM-DD (inclusive)."),
            ],
            run: { invocation in
                let from = try invocation.option("from", expected: "a date as YYYY-MM-DD") { LocalDate($0) }
                let to = try invocation.option("to", expected: "a date as YYYY-MM-DD") { LocalDate($0) }
                let context = try context(invocation)
                let activities = try context.useCases.list(ownerID: context.ownerID, kind: kind, from: from, through: to)
                let totals = try context.useCases.totals(ownerID: context.ownerID, kind: kind)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(ActivityListJSON(activities, totals: totals, zone: context.zone))
                    return
                }
                if activities.isEmpty {
                    invocation.output.print("No \(kind.rawValue)s yet: tend \(kind.rawValue) import FILE.gpx")
                } else {
                    var table = Table(columns: [(title: "Date", alignment: .left), (title: "Distance", alignment: .right),
                                                (title: "Time", alignment: .right), (title: "Pace", alignment: .right),
                                                (title: "Climb", alignment: .right), (title: "Name", alignment: .left),
                                                (title: "Handle", alignment: .left)])
                    let handles = Handle.handles(for: activities.map(\.id))
                    for activity in activities {
                        table.addRow([context.zone.dateTimeText(of: activity.startedAt), ActivityText.km(activity.distance),
                                      ActivityText.duration(activity.movingTime ?? activity.duration), ActivityText.pace(activity.pace),
                                      activity.elevationGain.map { "\(Int($0.rounded())) m" } ?? "—", activity.name ?? "", handles[activity.id] ?? activity.id])
                    }
                    invocation.output.print(table.render())
                }
                invocation.output.print("\nThis week:  \(summary(totals.week))\nThis month: \(summary(totals.month))")
            }
        )
    }

    static func show(_ kind: ActivityKind, context: @escaping ActivityCommands.ContextProvider) -> Command {
        Command(
            name: "show",
            abstract: "Show a \(kind.rawValue): statistics, splits\(kind == .hike ? ", time estimates" : "").",
            arguments: [Argument("id", help: "Its handle from `tend \(kind.rawValue) list`, its id, or 'last'.")],
            options: [.value("svg", valueName: "FILE", help: "Also draw the elevation profile and pace per km as an SVG picture.")],
            run: { invocation in
                let context = try context(invocation)
                let activity = try context.useCases.activity(ownerID: context.ownerID, id: context.activityID(invocation, kind: kind), kind: kind)
                if let path = invocation.option("svg") {
                    guard let track = activity.track else {
                        throw AppError.invalidInput("this \(kind.rawValue) was entered by hand: there is no track to draw", code: "no_track")
                    }
                    let svg = ActivitySVG.render(activity, stats: TrackStatistics(document: track))
                    try TextFile.write(svg, to: path)
                }
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(ActivityJSON(activity, zone: context.zone, detailed: true))
                } else {
                    invocation.output.print(render(activity, zone: context.zone) + (invocation.has("svg") ? "\n" : ""))
                }
                if let path = invocation.option("svg") { TextFile.announce(path, in: invocation) }
            }
        )
    }

    static func export(_ kind: ActivityKind, context: @escaping ActivityCommands.ContextProvider) -> Command {
        Command(
            name: "export",
            abstract: "Export a \(kind.rawValue) to a GPX 1.1 file.",
            arguments: [Argument("id", help: "Its handle from `tend \(kind.rawValue) list`, its id, or 'last'.")],
            options: [.value("out", valueName: "FILE.gpx", help: "Where to write it (required).")],
            run: { invocation in
                guard let path = invocation.option("out"), !path.isEmpty else { throw UsageError.missing("--out FILE.gpx") }
                let context = try context(invocation)
                let gpx = try context.useCases.export(ownerID: context.ownerID, id: context.activityID(invocation, kind: kind), kind: kind)
                try TextFile.write(gpx, to: path)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(["out": path])
                }
                TextFile.announce(path, in: invocation)
            }
        )
    }

    static func delete(_ kind: ActivityKind, context: @escaping ActivityCommands.ContextProvider) -> Command {
        Command(
            name: "delete",
            abstract: "Delete a \(kind.rawValue).",
            arguments: [Argument("id", help: "Its handle from `tend \(kind.rawValue) list`, its id, or 'last'.")],
            run: { invocation in
                let context = try context(invocation)
                let id = try context.activityID(invocation, kind: kind)
                try context.useCases.delete(ownerID: context.ownerID, id: id, kind: kind)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(["deleted": id])
                } else {
                    invocation.output.print("Deleted the \(kind.rawValue).")
                }
            }
        )
    }

    static func bests(context: @escaping ActivityCommands.ContextProvider) -> Command {
        Command(
            name: "bests",
            abstract: "Personal bests: the fastest 1 km, 5 km and 10 km inside any run.",
            run: { invocation in
                let context = try context(invocation)
                let bests = try context.useCases.bests(ownerID: context.ownerID)
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(BestsJSON(bests, zone: context.zone))
                    return
                }
                var table = Table(columns: [(title: "Distance", alignment: .right), (title: "Time", alignment: .right),
                                            (title: "Pace", alignment: .right), (title: "Date", alignment: .left),
                                            (title: "Run", alignment: .left)])
                for distance in ActivityUseCases.bestDistances {
                    if let best = bests[distance] {
                        table.addRow([ActivityText.km(distance), ActivityText.duration(best.seconds),
                                      ActivityText.pace(best.seconds / (distance / 1000)),
                                      context.zone.localDate(of: best.date).description, Handle.of(best.activityID)])
                    } else {
                        table.addRow([ActivityText.km(distance), "—", "—", "", ""])
                    }
                }
                invocation.output.print(table.render())
            }
        )
    }

    static func estimate(context: @escaping ActivityCommands.ContextProvider) -> Command {
        Command(
            name: "estimate",
            abstract: "Hiking time estimates for a GPX route: Naismith, Tobler and DIN 33466, beside the actual time.",
            arguments: [Argument("file", help: "A .gpx file with a track or a route.")],
            run: { invocation in
                let context = try context(invocation)
                let result = try context.useCases.hikingEstimate(.file(path: invocation.argument("file")!))
                if GlobalOptions.wantsJSON(invocation) {
                    try invocation.output.printJSON(EstimateJSON(estimate: result.estimate, movingTime: result.movingTime))
                } else {
                    invocation.output.print(ActivityText.estimate(result.estimate, movingTime: result.movingTime))
                }
            }
        )
    }

    static func printSaved(_ activity: Activity, invocation: Invocation, context: ActivityContext) throws {
        if GlobalOptions.wantsJSON(invocation) {
            try invocation.output.printJSON(ActivityJSON(activity, zone: context.zone))
            return
        }
        invocation.output.print("✓ \(activity.kind == .run ? "Run" : "Hike") on \(context.zone.dateTimeText(of: activity.startedAt)): "
            + "\(ActivityText.km(activity.distance)) in \(ActivityText.duration(activity.movingTime ?? activity.duration)), "
            + "pace \(ActivityText.pace(activity.pace))\(activity.elevationGain.map { ", +\(Int($0.rounded())) m" } ?? "")\n  handle \(Handle.of(activity.id))")
    }

    static func render(_ activity: Activity, zone: TimeZone) -> String {
        let title = "\(activity.kind == .run ? "Run" : "Hike")\(activity.name.map { " — \($0)" } ?? "") · \(Handle.of(activity.id))"
        guard let track = activity.track else {
            return "\(title)\n\nStart     \(zone.dateTimeText(of: activity.startedAt))\nDistance  \(ActivityText.km(activity.distance))\n"
                + "Time      \(ActivityText.duration(activity.duration))\nPace      \(ActivityText.pace(activity.pace))\n(entered by hand)"
        }
        let stats = TrackStatistics(document: track)
        var text = ActivityText.statistics(stats, zone: zone, title: title)
        if activity.kind == .hike, track.segments.contains(where: { $0.count > 1 }) {
            text += "\n\nTime estimates\n" + ActivityText.estimate(HikingEstimate.estimate(segments: track.segments), movingTime: stats.movingTime)
        }
        return text
    }

    static func summary(_ totals: ActivityUseCases.Totals) -> String {
        "\(totals.count) · \(ActivityText.km(totals.distance)) · \(ActivityText.duration(totals.duration)) · +\(Int(totals.elevationGain.rounded())) m"
    }
}

/// `tend --json run bests`.
struct BestsJSON: Encodable {
    let bests: [ActivityUseCases.Best]
    let zone: TimeZone

    init(_ bests: [Double: ActivityUseCases.Best], zone: TimeZone) {
        self.bests = ActivityUseCases.bestDistances.compactMap { bests[$0] }
        self.zone = zone
    }

    enum Keys: String, CodingKey { case bests }
    enum BestKeys: String, CodingKey { case distance = "distance_m", seconds = "duration_s", pace = "pace_s_per_km", activityID = "activity_id", date = "started_at" }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var list = container.nestedUnkeyedContainer(forKey: .bests)
        for best in bests {
            var nested = list.nestedContainer(keyedBy: BestKeys.self)
            try nested.encode(best.distance, forKey: .distance)
            try nested.encode(round2(best.seconds), forKey: .seconds)
            try nested.encode(round2(best.seconds / (best.distance / 1000)), forKey: .pace)
            try nested.encode(best.activityID, forKey: .activityID)
            try nested.encode(ISO8601.format(best.date, in: zone), forKey: .date)
        }
    }
}
