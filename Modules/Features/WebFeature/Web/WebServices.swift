import Core
import Domain
import HTTP

/// What the web app is built from: the same use cases the CLI and the API receive from the
/// container, and the few things only the composition knows (the Korean error catalog, a digest).
public struct WebServices: Sendable {
    public var accounts: AccountUseCases
    public var sessions: BrowserSessions
    public var insulin: InsulinUseCases
    public var workouts: WorkoutUseCases
    public var nutrition: NutritionUseCases
    public var body: BodyUseCases
    public var couples: CoupleUseCases
    public var quests: QuestUseCases
    public var configuration: WebConfiguration
    public var assets: WebAssets
    /// An error's message in a language: the CLI's Korean catalog for `.ko`.
    public var message: @Sendable (AppError, Language) -> String
    /// SHA-256 of a text as hex (the logged-in CSRF token).
    public var digest: @Sendable (String) -> String
    /// Runs a page's reads on one connection and one state of the data (`SQLDatabase.read`): a
    /// page shows one moment, and SQLite takes its read lock once instead of once a statement.
    public var snapshot: @Sendable (() throws -> HTTPResponse) throws -> HTTPResponse

    public init(accounts: AccountUseCases, sessions: BrowserSessions, insulin: InsulinUseCases, workouts: WorkoutUseCases,
                nutrition: NutritionUseCases, body: BodyUseCases, couples: CoupleUseCases, quests: QuestUseCases, configuration: WebConfiguration,
                assets: WebAssets, message: @escaping @Sendable (AppError, Language) -> String,
                digest: @escaping @Sendable (String) -> String,
                snapshot: @escaping @Sendable (() throws -> HTTPResponse) throws -> HTTPResponse = { try $0() }) {
        self.accounts = accounts
        self.sessions = sessions
        self.insulin = insulin
        self.workouts = workouts
        self.nutrition = nutrition
        self.body = body
        self.couples = couples
        self.quests = quests
        self.configuration = configuration
        self.assets = assets
        self.message = message
        self.digest = digest
        self.snapshot = snapshot
    }
}
