import FoundationEssentials
import Console
import Core
import Domain

/// What the insulin commands work with: the use cases and whose log it is.
public struct InsulinContext: Sendable {
    public let useCases: InsulinUseCases
    public let ownerID: String
    /// Finds a dose by what a person typed: its id, its handle or `last`.
    public let ids: RecordIDs
    /// The open `possible_double_dose` conflicts of sync: status and today show them until acknowledged.
    public let possibleDoubleDoses: @Sendable () throws -> [StoredSyncConflict]
    /// Time in range by day for the calendar; nil where no glucose is kept.
    public let timeInRange: DailyTimeInRange?

    public init(useCases: InsulinUseCases, ownerID: String, ids: RecordIDs,
                possibleDoubleDoses: @escaping @Sendable () throws -> [StoredSyncConflict] = { [] },
                timeInRange: DailyTimeInRange? = nil) {
        self.useCases = useCases
        self.ownerID = ownerID
        self.ids = ids
        self.possibleDoubleDoses = possibleDoubleDoses
        self.timeInRange = timeInRange
    }

    /// The open possible double doses with their doses, for status and today.
    public func doubleDoseWarnings() throws -> [DoubleDoseWarning] {
        try possibleDoubleDoses().map { stored in
            // A dose deleted since is left out of the words, not an error.
            DoubleDoseWarning(conflict: stored, doses: [stored.conflict.otherRecordID, stored.conflict.recordID].compactMap { id in
                id.flatMap { try? useCases.listDoses.dose(ownerID: ownerID, id: $0) }
            })
        }
    }

    func doseID(_ invocation: Invocation) throws -> String {
        try ids.resolve(invocation.argument("id") ?? "", kind: .dose, ownerID: ownerID)
    }
}

/// `tend insulin …`: the command group of the insulin log.
public enum InsulinCommands {
    /// The context is made on demand, so `--help` and usage errors never open the database.
    public typealias ContextProvider = @Sendable (Invocation) throws -> InsulinContext

    public static func make(context: @escaping ContextProvider) -> Command {
        Command(
            name: "insulin",
            abstract: "Log long- and rapid-acting insulin, guard against double doses, see your pattern.",
            discussion: """
                Doses belong to an insulin day that starts at 04:00 by default, so a dose at 00:30
                counts for the evening before. A second long-acting dose within 12 h, or a rapid-acting
                dose of the same units within 10 min, is refused (exit 3) unless you add --force.
                """,
            subcommands: [
                LogCommand(makeContext: context).command,
                StatusCommand(makeContext: context).command,
                ListCommand(makeContext: context).command,
                EditCommand(makeContext: context).command,
                DeleteCommand(makeContext: context).command,
                CalendarCommand(makeContext: context).command,
                ChartCommand(makeContext: context).command,
                SettingsCommand(makeContext: context).command,
            ]
        )
    }
}

/// Parsers of the values the insulin commands take, shared by the commands.
enum InsulinInput {
    static let unitsExpected = "a number of units such as 10 or 4.5"

    static func units(_ text: String) -> Double? {
        guard let value = Double(text.replacing(",", with: ".")), value.isFinite else { return nil }
        return value
    }

    static func kind(_ text: String) -> InsulinKind? { InsulinKind(rawValue: text.lowercased()) }

    static func time(_ invocation: Invocation, _ name: String, context: InsulinContext) throws -> Date? {
        let zone = try context.useCases.settings.current(ownerID: context.ownerID).timeZone
        let now = context.useCases.clock.now
        return try invocation.option(name, expected: TimeInput.expected) { TimeInput.parse($0, now: now, timeZone: zone) }
    }

    static func date(_ invocation: Invocation, _ name: String) throws -> LocalDate? {
        try invocation.option(name, expected: "a date as YYYY-MM-DD") { LocalDate($0) }
    }

    static func month(_ invocation: Invocation, _ name: String) throws -> YearMonth? {
        try invocation.option(name, expected: "a month as YYYY-MM") { YearMonth($0) }
    }

    /// A refused double dose, with the way past the guard that this command offers (`--force`;
    /// the API's is `"force": true`).
    static func duplicate(_ error: AppError, hint: String, suffix: String) -> AppError {
        AppError(error.kind, code: error.code, error.message + hint, details: error.details)
            .with(key: error.key, error.arguments.merging(["suffix": suffix]) { $1 })
    }
}
