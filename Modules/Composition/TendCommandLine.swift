import FoundationEssentials
import Synchronization
import Console
import Core
import Domain
import AccountFeature
import CoupleFeature
import NotificationFeature
import SyncFeature
import PortabilityFeature
import TodayFeature
import Notifications
import InsulinFeature
import QuestFeature
import ActivityFeature
import NutritionFeature
import WorkoutFeature
import NightscoutFeature
#if canImport(Glibc)
import Glibc
#endif

/// Assembles `tend`: the root command with its global options, each feature's command group,
/// and `tend today`. The container is opened on first use, so `--help` never touches the disk.
public struct TendCommandLine: Sendable {
    let environment: [String: String]
    private let containers = ContainerCache()

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// A command line on a container made beforehand (tests: in memory, a fixed clock and zone).
    init(environment: [String: String], container: Container) {
        self.environment = environment
        _ = try? containers.get { container }
    }

    public func run(_ arguments: [String], output: Output = .live()) -> Int32 {
        // `tend --version` is `tend version`: the spelling every program answers.
        let arguments = arguments.first == "--version" ? ["version"] + arguments.dropFirst() : arguments
        let status = CommandLineTool(root: rootCommand(), output: output, catalog: catalog(for: arguments)).run(arguments)
        // What the command's writes asked of notification planning is done before it ends, as
        // the server's scheduler does it after an API write.
        containers.opened?.notifications.refreshRequested()
        // The database is one file when the command ends: what the WAL holds goes into it.
        if let container = containers.opened, (try? container.database.checkpoint()) == nil {
            output.printError("warning: the database's write-ahead log could not be folded into the file; the next run will")
        }
        return status
    }

    public func rootCommand() -> Command {
        let insulinContext: InsulinCommands.ContextProvider = { invocation in
            let container = try container(for: invocation)
            let sync = container.sync
            return InsulinContext(useCases: container.insulin, ownerID: Owner.local, ids: container.recordIDs,
                                  possibleDoubleDoses: { try sync.openDoubleDoses(ownerID: Owner.local) },
                                  timeInRange: container.dailyTimeInRange)
        }
        let environment = environment
        let questContext: QuestCommands.ContextProvider = { invocation in
            QuestContext(useCases: try container(for: invocation).quests, ownerID: Owner.local,
                         language: Language.resolve(option: invocation.option(GlobalOptions.language.name),
                                                    environment: environment) ?? .en,
                         environment: environment, isInteractive: isatty(0) == 1)
        }
        let activityContext: ActivityCommands.ContextProvider = { invocation in
            let container = try container(for: invocation)
            return ActivityContext(useCases: container.activities, ownerID: Owner.local, ids: container.recordIDs)
        }
        let nutritionContext: NutritionCommands.ContextProvider = { invocation in
            let container = try container(for: invocation)
            return NutritionContext(nutrition: container.nutrition, body: container.body, ownerID: Owner.local, ids: container.recordIDs,
                                    defaultUSDAPath: ResourceLocation.usdaTable(environment: environment),
                                    foodTables: container.foodTables, koreanFoodsPath: container.koreanFoodsPath)
        }
        let workoutContext: WorkoutCommands.ContextProvider = { invocation in
            let container = try container(for: invocation)
            return WorkoutContext(workouts: container.workouts, supplements: container.supplements, ownerID: Owner.local,
                                  isInteractive: isatty(0) == 1 && isatty(1) == 1, ids: container.recordIDs)
        }
        let coupleContext: CoupleCommands.ContextProvider = { invocation in
            let container = try container(for: invocation)
            return CoupleContext(
                client: ServerConnection.client(for: invocation, environment: environment), cache: container.clientCache,
                clock: container.clock,
                language: Language.resolve(option: invocation.option(GlobalOptions.language.name), environment: environment) ?? .en,
                isInteractive: isatty(0) == 1,
                confirm: { question in
                    let answer = (try? Terminal.ask(question, output: invocation.output))??.trimmed.lowercased() ?? ""
                    return answer == "y" || answer == "yes"
                })
        }
        let syncContext: SyncCommands.ContextProvider = { invocation in
            let container = try container(for: invocation)
            return SyncContext(sync: container.sync, client: ServerConnection.client(for: invocation, environment: environment),
                               ownerID: Owner.local, zone: TimeZone.current)
        }
        let notifyContext: NotifyCommands.ContextProvider = { invocation in
            let container = try container(for: invocation)
            let notifications = container.notifications
            return NotifyContext(
                notifications: notifications, client: ServerConnection.client(for: invocation, environment: environment),
                ownerID: Owner.local, zone: TimeZone.current,
                runReminders: { once, output in
                    let agent = SyncAgent(context: try syncContext(invocation), clock: container.clock, output: output)
                    try ReminderRunner.run(notifications: notifications, clock: container.clock, once: once, output: output,
                                           sync: agent)
                })
        }
        return Command(
            name: "tend",
            abstract: "Tend: personal care from the terminal — insulin, training, runs and hikes, food and weight, "
                + "a gentle quest journey, a shared space for two, and reminders.",
            options: GlobalOptions.all,
            subcommands: [
                TodayCommand.make(insulin: insulinContext, quest: questContext, activity: activityContext, nutrition: nutritionContext,
                                  workout: workoutContext, couple: coupleContext, notify: notifyContext),
                InsulinCommands.make(context: insulinContext),
            ] + WorkoutCommands.make(context: workoutContext)
              + ActivityCommands.make(context: activityContext)
              + NutritionCommands.make(context: nutritionContext) + [
                QuestCommands.make(context: questContext),
                AccountCommands.make(context: ServerConnection.accountContext(
                    environment: environment,
                    accept: { invocation, accountID in try container(for: invocation).sync.checkAccount(accountID) },
                    deleted: { invocation in try container(for: invocation).sync.forgetAccount() })),
                CoupleCommands.make(context: coupleContext),
            ] + NotifyCommands.make(context: notifyContext) + [
                SyncCommands.make(context: syncContext),
                GlucoseCommands.make(context: { invocation in
                    let container = try container(for: invocation)
                    return GlucoseContext(useCases: container.glucose, ownerID: Owner.local,
                                          pull: NightscoutPullConnection.context(container: container, environment: environment))
                }),
                NightscoutCommands.make(context: { invocation in
                    NightscoutContext(client: ServerConnection.client(for: invocation, environment: environment))
                }),
            ] + PortabilityCommands.make(context: { invocation in
                let container = try container(for: invocation)
                return PortabilityContext(store: container.personalData, ownerID: Owner.local, appVersion: Container.appVersion,
                                          clock: container.clock)
            }) + ShellCommands.make(tree: { rootCommand() }, environment: environment,
                                    container: { invocation in try container(for: invocation) }) + [
            ]
        )
    }

    /// The screen's language for this command line: `--lang`, else `LC_ALL`/`LANG`, else English.
    /// A `--lang` value that is not a language is a usage error, told in the environment's one.
    public func language(for arguments: [String]) -> Language {
        let option = CommandLineTool.languageOption(in: arguments).flatMap { Language(rawValue: $0.lowercased()) }
        return Language.resolve(option: option?.rawValue, environment: environment) ?? .en
    }

    func catalog(for arguments: [String]) -> Catalog {
        language(for: arguments) == .ko ? KoreanCatalog.catalog : .english
    }

    func container(for invocation: Invocation) throws -> Container {
        try containers.get {
            let path = try DatabaseLocation.resolve(option: invocation.option(GlobalOptions.database.name), environment: environment)
            let environment = environment
            return try Container(databasePath: path, clock: try makeClock(environment: environment),
                                 resourcesPath: ResourceLocation.resolve(environment: environment),
                                 desktop: { DesktopNotifier(environment: environment) })
        }
    }
}

/// One container per process, made on first use.
final class ContainerCache: Sendable {
    private let state = Mutex<Container?>(nil)

    var opened: Container? { state.withLock { $0 } }

    func get(_ make: () throws -> Container) throws -> Container {
        try state.withLock { cached in
            if let cached { return cached }
            let container = try make()
            cached = container
            return container
        }
    }
}
