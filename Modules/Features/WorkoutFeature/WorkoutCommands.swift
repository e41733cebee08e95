import FoundationEssentials
import Console
import Core
import Domain

/// What the workout commands work with.
public struct WorkoutContext: Sendable {
    public let workouts: WorkoutUseCases
    public let supplements: SupplementUseCases
    public let ownerID: String
    /// Whether stdin and stdout are a terminal (a live timer, or its plan).
    public let isInteractive: Bool

    /// Finds a session by what a person typed: its id, its handle or `last`.
    public let ids: RecordIDs

    public init(workouts: WorkoutUseCases, supplements: SupplementUseCases, ownerID: String, isInteractive: Bool,
                ids: RecordIDs) {
        self.workouts = workouts
        self.supplements = supplements
        self.ownerID = ownerID
        self.isInteractive = isInteractive
        self.ids = ids
    }

    func sessionID(_ invocation: Invocation) throws -> String {
        try ids.resolve(invocation.argument("id") ?? "", kind: .workout, ownerID: ownerID)
    }

    var zone: TimeZone { workouts.zone(ownerID: ownerID) }

    /// The display unit of weights in text (JSON is always kg).
    func unit() throws -> String { try workouts.settings(ownerID: ownerID).displayUnit }
}

/// `tend workout`, `tend plan`, `tend timer`, `tend supps` and `tend exercises`.
public enum WorkoutCommands {
    public typealias ContextProvider = @Sendable (Invocation) throws -> WorkoutContext

    public static func make(context: @escaping ContextProvider) -> [Command] {
        let sessions = WorkoutSessionCommands(makeContext: context), progress = WorkoutProgressCommands(makeContext: context)
        return [
            Command(name: "workout", abstract: "Training log: sets, WODs, personal records, XP, streaks and goals.",
                    subcommands: sessions.commands + progress.commands + [ImportCommands(makeContext: context).group]),
            PlanCommands(makeContext: context).group,
            TimerCommand(makeContext: context).command,
            SupplementCommands(makeContext: context).group,
            ExerciseCommands(makeContext: context).group,
        ]
    }
}

enum WorkoutInput {
    static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    static func weekday(_ text: String) -> Int? {
        let prefix = text.lowercased().prefix(3)
        return weekdayNames.firstIndex(of: String(prefix)).map { $0 + 1 }
    }

    static func time(_ invocation: Invocation, context: WorkoutContext) throws -> Date? {
        let zone = context.zone
        let now = context.workouts.clock.now
        return try invocation.option("at", expected: TimeInput.expected) { TimeInput.parse($0, now: now, timeZone: zone) }
    }

    static func date(_ invocation: Invocation, _ name: String) throws -> LocalDate? {
        try invocation.option(name, expected: "a date as YYYY-MM-DD") { LocalDate($0) }
    }
}
