import FoundationEssentials
import Console
import Core
import Domain

/// What the activity commands work with.
public struct ActivityContext: Sendable {
    public let useCases: ActivityUseCases
    public let ownerID: String
    /// Finds a run or hike by what a person typed: its id, its handle or `last`.
    public let ids: RecordIDs

    public init(useCases: ActivityUseCases, ownerID: String, ids: RecordIDs) {
        self.useCases = useCases
        self.ownerID = ownerID
        self.ids = ids
    }

    var zone: TimeZone { useCases.zone(ownerID: ownerID) }

    func activityID(_ invocation: Invocation, kind: ActivityKind) throws -> String {
        try ids.resolve(invocation.argument("id") ?? "", kind: kind == .run ? .run : .hike, ownerID: ownerID)
    }
}

/// `tend gpx`, `tend run`, `tend hike` and `tend places`.
public enum ActivityCommands {
    public typealias ContextProvider = @Sendable (Invocation) throws -> ActivityContext

    public static func make(context: @escaping ContextProvider) -> [Command] {
        [
            Command(name: "gpx", abstract: "Read GPX files from a watch, a phone or a GPS unit.",
                    subcommands: [GPXCommands(makeContext: context).stats]),
            SessionCommands(kind: .run, makeContext: context).group,
            SessionCommands(kind: .hike, makeContext: context).group,
            PlaceCommands(makeContext: context).group,
        ]
    }
}

enum ActivityInput {
    /// `H:MM:SS`, `MM:SS` or plain minutes (`45`, `1.5`).
    static func duration(_ text: String) -> Double? { DurationText.seconds(text) }

    /// `LAT,LON` or `LAT,LON,ELE`.
    static func coordinates(_ text: String) -> TrackPoint? {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: " ")) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0?.isFinite == true }) else { return nil }
        return TrackPoint(latitude: parts[0]!, longitude: parts[1]!, elevation: parts.count == 3 ? parts[2] : nil)
    }

    static func number(_ text: String) -> Double? { Double(text).flatMap { $0.isFinite ? $0 : nil } }
}

extension Character {
    var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}

extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var text = self
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return text
    }
}

/// `tend gpx stats FILE`.
struct GPXCommands: Sendable {
    let makeContext: ActivityCommands.ContextProvider

    var stats: Command {
        Command(name: "stats",
                abstract: "Statistics of a GPX file: distance, elevation, times, speed, splits, heart rate. Nothing is stored.",
                arguments: [Argument("file", help: "A .gpx file.")], run: showStatistics)
    }

    func showStatistics(_ invocation: Invocation) throws {
        let context = try makeContext(invocation)
        let stats = try context.useCases.statistics(.file(path: invocation.argument("file")!))
        try invocation.respond(json: { GPXStatsJSON(stats, zone: context.zone) },
                               text: { ActivityText.statistics(stats, zone: context.zone, language: ActivityWords(invocation).language) })
    }
}
