import FoundationEssentials
import Console
import Core
import Domain

/// `tend run …` and `tend hike …`: the same commands for both kinds, plus `run bests` and
/// `hike estimate`.
struct SessionCommands: Sendable {
    let kind: ActivityKind
    let makeContext: ActivityCommands.ContextProvider

    // MARK: Options

    static let distance = Option.value("distance", valueName: "KM", help: "Distance in kilometres (required).")
    static let duration = Option.value("duration", valueName: "H:MM:SS", help: "How long it took (required).")
    static let at = Option.value("at", valueName: "TIME", help: "When it started: HH:MM, 'yesterday HH:MM', 'YYYY-MM-DD HH:MM' "
                                    + "or ISO 8601 (default: it just ended).")
    static let activityName = Option.value("name", valueName: "TEXT", help: "A name.")
    static let climb = Option.value("climb", valueName: "M", help: "Elevation gain in metres.")
    static let from = Option.value("from", valueName: "DATE", help: "First day, YYYY-MM-DD.")
    static let to = Option.value("to", valueName: "DATE", help: "Last day, YYYY-MM-DD (inclusive).")
    static let svg = Option.value("svg", valueName: "FILE", help: "Also draw the elevation profile and pace per km as an SVG picture.")
    static let out = Option.value("out", valueName: "FILE.gpx", help: "Where to write it (required).")

    var force: Option { .flag("force", short: "f", help: "Import even if the same \(kind.rawValue) is already there.") }
    var idArgument: Argument { Argument("id", help: "Its handle from `tend \(kind.rawValue) list`, its id, or 'last'.") }

    // MARK: Commands

    var group: Command {
        let noun = kind.rawValue
        var subcommands = [
            Command(name: "import", abstract: "Import a \(noun) from a GPX file.",
                    arguments: [Argument("file", help: "A .gpx file with a timed track.")], options: [force], run: importFile),
            Command(name: "add", abstract: "Add a \(noun) by hand.",
                    options: [Self.distance, Self.duration, Self.at, Self.activityName, Self.climb], run: add),
            Command(name: "list", abstract: "List \(noun)s with this week's and this month's totals.", options: [Self.from, Self.to],
                    run: list),
            Command(name: "show", abstract: "Show a \(noun): statistics, splits\(kind == .hike ? ", time estimates" : "").",
                    arguments: [idArgument], options: [Self.svg], run: show),
            Command(name: "export", abstract: "Export a \(noun) to a GPX 1.1 file.", arguments: [idArgument], options: [Self.out],
                    run: export),
            Command(name: "delete", abstract: "Delete a \(noun).", arguments: [idArgument], run: delete),
        ]
        if kind == .run {
            subcommands.append(Command(name: "bests", abstract: "Personal bests: the fastest 1 km, 5 km and 10 km inside any run.",
                                       run: bests))
        }
        if kind == .hike {
            subcommands.append(Command(
                name: "estimate",
                abstract: "Hiking time estimates for a GPX route: Naismith, Tobler and DIN 33466, beside the actual time.",
                arguments: [Argument("file", help: "A .gpx file with a track or a route.")], run: estimate))
        }
        return Command(
            name: noun,
            abstract: kind == .run ? "Runs: import from GPX or add by hand, splits, personal bests."
                : "Hikes: import from GPX, elevation, time estimates.",
            subcommands: subcommands)
    }

    func importFile(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let activity = try context.useCases.importGPX(ownerID: context.ownerID, kind: kind, .file(path: invocation.argument("file")!),
                                                       force: invocation.flag(force.name))
        try Self.respond(saved: activity, invocation: invocation, context: context)
    }

    func add(_ invocation: Invocation) throws {
        guard let distance = try invocation.option(Self.distance, expected: "a number of kilometres", ActivityInput.number) else {
            throw UsageError.missing("--distance KM")
        }
        guard let duration = try invocation.option(Self.duration, expected: "H:MM:SS, MM:SS or minutes", ActivityInput.duration) else {
            throw UsageError.missing("--duration H:MM:SS")
        }
        let climb = try invocation.option(Self.climb, expected: "metres", ActivityInput.number)
        let context = try makeContext(invocation)
        let zone = context.zone
        let now = context.useCases.clock.now
        let start = try invocation.option(Self.at, expected: TimeInput.expected) { TimeInput.parse($0, now: now, timeZone: zone) }
        let activity = try context.useCases.add(ownerID: context.ownerID, .init(
            kind: kind, distance: distance * 1000, duration: duration, startedAt: start, name: invocation.option(Self.activityName),
            elevationGain: climb))
        try Self.respond(saved: activity, invocation: invocation, context: context)
    }

    func list(_ invocation: Invocation) throws {
        let from = try invocation.option(Self.from, expected: "a date as YYYY-MM-DD") { LocalDate($0) }
        let to = try invocation.option(Self.to, expected: "a date as YYYY-MM-DD") { LocalDate($0) }
        let context = try makeContext(invocation)
        let activities = try context.useCases.list(ownerID: context.ownerID, kind: kind, from: from, through: to)
        let totals = try context.useCases.totals(ownerID: context.ownerID, kind: kind)
        let words = ActivityWords(invocation)
        try invocation.respond(json: { ActivityListJSON(activities, totals: totals, zone: context.zone) }, text: {
            let list = activities.isEmpty ? words.noActivities(kind)
                : Self.table(activities, zone: context.zone, words: words, currentYear: Self.currentYear(context))
            return list + "\n\n"
                + words.totals(week: Self.summary(totals.week, words: words), month: Self.summary(totals.month, words: words))
        })
    }

    func show(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let activity = try context.useCases.activity(ownerID: context.ownerID, id: context.activityID(invocation, kind: kind), kind: kind)
        let path = invocation.option(Self.svg)
        let words = ActivityWords(invocation)
        if let path {
            guard let track = activity.track else {
                throw AppError.invalidInput("this \(kind.rawValue) was entered by hand: there is no track to draw", code: "no_track")
            }
            try TextFile.write(ActivitySVG.render(activity, stats: TrackStatistics(document: track),
                                                     language: words.language), to: path)
        }
        try invocation.respond(json: { ActivityJSON(activity, zone: context.zone, detailed: true) },
                               text: { Self.render(activity, zone: context.zone, words: words) + (path != nil ? "\n" : "") })
        if let path { TextFile.announce(path, in: invocation, message: words.wrote) }
    }

    func export(_ invocation: Invocation) throws {
        guard let path = invocation.option(Self.out), !path.isEmpty else { throw UsageError.missing("--out FILE.gpx") }
        let context = try makeContext(invocation)
        let gpx = try context.useCases.export(ownerID: context.ownerID, id: context.activityID(invocation, kind: kind), kind: kind)
        try TextFile.write(gpx, to: path)
        // The file is the answer: text says only where it went (announce), JSON says it too.
        if GlobalOptions.wantsJSON(invocation) {
            try invocation.output.printJSON(["out": path])
        }
        TextFile.announce(path, in: invocation, message: ActivityWords(invocation).wrote)
    }

    func delete(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let id = try context.activityID(invocation, kind: kind)
        try context.useCases.delete(ownerID: context.ownerID, id: id, kind: kind)
        try invocation.respond(json: { ["deleted": id] }, text: { ActivityWords(invocation).deleted(kind) })
    }

    func bests(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let bests = try context.useCases.bests(ownerID: context.ownerID)
        let words = ActivityWords(invocation)
        try invocation.respond(json: { BestsJSON(bests, zone: context.zone) }, text: {
            var table = Table(columns: zip(words.bestColumns, [.right, .right, .right, .left, .left] as [Table.Alignment])
                .map { (title: $0, alignment: $1) })
            for distance in ActivityUseCases.bestDistances {
                if let best = bests[distance] {
                    table.addRow([ActivityText.km(distance), ActivityText.duration(best.seconds),
                                  ActivityText.pace(best.seconds / (distance / 1000)),
                                  words.date(context.zone.localDate(of: best.date)), Handle.of(best.activityID)])
                } else {
                    table.addRow([ActivityText.km(distance), "—", "—", "", ""])
                }
            }
            return table.render()
        })
    }

    func estimate(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let result = try context.useCases.hikingEstimate(.file(path: invocation.argument("file")!))
        try invocation.respond(json: { EstimateJSON(estimate: result.estimate, movingTime: result.movingTime) },
                               text: {
            ActivityText.estimate(result.estimate, movingTime: result.movingTime, language: ActivityWords(invocation).language)
        })
    }

    // MARK: Text

    /// `✓ Run on …: 5.2 km in 28:10, pace 5:25 /km` and its handle.
    static func respond(saved activity: Activity, invocation: Invocation, context: ActivityContext) throws {
        let words = ActivityWords(invocation)
        try invocation.respond(json: { ActivityJSON(activity, zone: context.zone) }, text: {
            words.saved(activity.kind, when: words.dateTime(activity.startedAt, zone: context.zone, currentYear: currentYear(context)),
                        distance: ActivityText.km(activity.distance),
                        time: ActivityText.duration(activity.movingTime ?? activity.duration), pace: ActivityText.pace(activity.pace),
                        climb: activity.elevationGain.map { ", +\(Int($0.rounded())) m" } ?? "")
                + "\n" + words.handle(Handle.of(activity.id))
        })
    }

    static func table(_ activities: [Activity], zone: TimeZone, words: ActivityWords, currentYear: Int) -> String {
        let alignments: [Table.Alignment] = [.left, .right, .right, .right, .right, .left, .left]
        var table = Table(columns: zip(words.listColumns, alignments).map { (title: $0, alignment: $1) })
        let handles = Handle.handles(for: activities.map(\.id))
        for activity in activities {
            table.addRow([words.dateTime(activity.startedAt, zone: zone, currentYear: currentYear), ActivityText.km(activity.distance),
                          ActivityText.duration(activity.movingTime ?? activity.duration), ActivityText.pace(activity.pace),
                          activity.elevationGain.map { "\(Int($0.rounded())) m" } ?? "—", activity.name ?? "",
                          handles[activity.id] ?? activity.id])
        }
        return table.render()
    }

    static func render(_ activity: Activity, zone: TimeZone, words: ActivityWords) -> String {
        let title = "\(words.kind(activity.kind))\(activity.name.map { " — \($0)" } ?? "") · \(Handle.of(activity.id))"
        guard let track = activity.track else {
            let rows = [(words.start, words.dateTime(activity.startedAt, zone: zone)), (words.distance, ActivityText.km(activity.distance)),
                        (words.time, ActivityText.duration(activity.duration)), (words.pace, ActivityText.pace(activity.pace))]
            return "\(title)\n\n" + ActivityText.labelled(rows) + "\n" + words.enteredByHand
        }
        let stats = TrackStatistics(document: track)
        var text = ActivityText.statistics(stats, zone: zone, title: title, language: words.language)
        if activity.kind == .hike, track.segments.contains(where: { $0.count > 1 }) {
            let estimate = HikingEstimate.estimate(segments: track.segments)
            text += "\n\n\(words.timeEstimates)\n" + ActivityText.estimate(estimate, movingTime: stats.movingTime, language: words.language)
        }
        return text
    }

    /// This year in the owner's zone: a Korean list leaves it out of its dates.
    static func currentYear(_ context: ActivityContext) -> Int { context.zone.localDate(of: context.useCases.clock.now).year }

    static func summary(_ totals: ActivityUseCases.Totals, words: ActivityWords) -> String {
        "\(words.count(totals.count)) · \(ActivityText.km(totals.distance)) · \(ActivityText.duration(totals.duration)) · "
            + "+\(Int(totals.elevationGain.rounded())) m"
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
    enum BestKeys: String, CodingKey {
        case distance = "distance_m", seconds = "duration_s", pace = "pace_s_per_km", activityID = "activity_id", date = "started_at"
    }

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
