import Core
import Domain

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

    public init(accounts: AccountUseCases, sessions: BrowserSessions, insulin: InsulinUseCases, workouts: WorkoutUseCases,
                nutrition: NutritionUseCases, body: BodyUseCases, couples: CoupleUseCases, quests: QuestUseCases, configuration: WebConfiguration,
                assets: WebAssets, message: @escaping @Sendable (AppError, Language) -> String,
                digest: @escaping @Sendable (String) -> String) {
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
    }
}
