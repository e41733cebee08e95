import FoundationEssentials
import Synchronization
import Console
import Core
import HTTP
import Composition
import Domain
import Server
import Weather
import Notifications
#if canImport(Glibc)
import Glibc
#endif

/// `tend-server`: reads its settings (file, environment, options), opens the container, serves
/// until SIGINT or SIGTERM, then stops accepting, finishes the requests in flight, closes the
/// database and exits 0. SIGHUP re-reads the settings and applies what can change live.
struct ServerRunner: Sendable {
    let environment: [String: String]

    init(environment: [String: String]) {
        self.environment = environment
    }

    func run(_ arguments: [String], output: Output = .live()) -> Int32 {
        // `tend-server --version` is `tend-server version`, as for `tend`.
        let arguments = arguments.first == "--version" ? ["version"] + arguments.dropFirst() : arguments
        return CommandLineTool(root: command(), output: output).run(arguments)
    }

    static let config = Option.value("config", short: "c", valueName: "FILE",
                                     help: "The configuration file (default \(ServerSetting.defaultConfigurationPath), "
                                        + "read when it exists).")
    static let quiet = Option.flag("quiet", short: "q", help: "Do not log one line per request (request_log = off).")

    /// The options: `--config`, one per setting that has one, `--quiet`.
    static var options: [Option] {
        [config] + ServerSetting.all.compactMap { setting in
            setting.option.map { option in
                let values: [String]? = if case .choice(let choices) = setting.kind { choices } else { nil }
                var help = setting.help
                if let value = setting.defaultValue {
                    if help.hasSuffix(".") { help.removeLast() }
                    help += " (default \(value))."
                }
                return .value(option, valueName: setting.valueName, help: help, allowedValues: values)
            }
        } + [quiet]
    }

    func command() -> Command {
        Command(
            name: "tend-server",
            abstract: "Tend's HTTP server: accounts, every feature's API and the couple space over JSON, and the notification scheduler.",
            discussion: """
                Settings come from the configuration file, then TEND_SERVER_* environment variables,
                then these options, each later one winning. SIGHUP re-reads them and applies the log
                level, the request log, the OpenWeather key, the rate limits and the notification
                timing without a restart.
                """,
            options: Self.options,
            subcommands: [
                Command(name: "check-config",
                        abstract: "Check the configuration: every problem with its line and key (exit 2), else the settings in effect.") {
                    invocation in try checkConfiguration(invocation)
                },
                backupCommand(),
                migrateDataCommand(),
                Command(name: "version", abstract: "The version of tend-server and the commit it was built from (also --version).") {
                    invocation in
                    let info = BuildInfo.current(resourcesPath: ResourceLocation.resolve(environment: environment))
                    invocation.output.print(info.line(program: "tend-server"))
                },
                Command(name: "manpage", abstract: "Print tend-server's manual page (roff): man -l <(tend-server manpage).") {
                    invocation in invocation.output.write(ServerManual.page(root: command()).render())
                },
            ],
            run: { invocation in try serve(invocation) }
        )
    }

    // MARK: Settings

    /// The settings now: the file (`--config`, else the default one if it exists), the
    /// environment, the options. Problems are one error listing them all.
    func configuration(_ invocation: Invocation) throws -> ServerConfiguration {
        var options: [String: String] = [:]
        for setting in ServerSetting.all {
            guard let option = setting.option else { continue }
            options[setting.key] = try invocation.option(option, expected: setting.expected) { text in
                setting.problem(with: text, inFile: false) == nil ? text : nil
            }
        }
        if invocation.flag(Self.quiet) { options["request_log"] = "off" }
        switch ServerConfiguration.load(path: invocation.option(Self.config), environment: environment, options: options) {
        case .success(let configuration):
            return configuration
        case .failure(let invalid):
            throw Self.invalid(invalid.problems)
        }
    }

    static func invalid(_ problems: [ServerConfiguration.Problem]) -> AppError {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return AppError.invalidInput("the configuration has \(count):\n" + problems.map { "  \($0)" }.joined(separator: "\n"),
                                     code: "invalid_configuration")
    }

    private func checkConfiguration(_ invocation: Invocation) throws {
        let configuration = try configuration(invocation)
        invocation.output.print("\(configuration.file ?? "no configuration file"): ok")
        invocation.output.print(configuration.report())
    }

    // MARK: Serving

    private func serve(_ invocation: Invocation) throws {
        let configuration = try configuration(invocation)
        let log = ServerLog(style: ServerLog.style(environment: environment))
        Self.applyLogSettings(configuration, to: log)
        let logger = log.logger
        let weather = ReloadableWeather(Self.weatherProvider(configuration, environment: environment))
        let limits = ClientLimitSettings()
        Self.applyLimits(configuration, to: limits)
        let clock = try makeClock(environment: environment, runsForward: true)
        let resources = ResourceLocation.resolve(environment: environment)
        let (container, path) = try ServerDatabase.open(configuration, environment: environment, clock: clock, make: { database, photos in
            try Container(database: database, clock: clock, resourcesPath: resources, photoStore: photos, weather: weather, isServer: true,
                          clientLimits: limits)
        }, sqlite: { path in
            try Container(databasePath: path, clock: clock, resourcesPath: resources, photosPath: configuration.text("photos"),
                          weather: weather, isServer: true, clientLimits: limits, databaseReaders: configuration.threads)
        })
        // Spaces whose 30-day archive window has passed are erased at start and whenever an archive is asked for.
        try container.couples.eraseExpired()
        let operatorToken = OperatorToken(configuration.text("operator_token"))
        let application = ServerApplication.make(container: container, logger: log.requestLogger, metrics: RequestMetrics(),
                                                 operatorToken: { operatorToken.current })

        // Block the stop and reload signals before any server thread starts, so only `sigwait` sees them.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let connectionLimit = configuration.integer("max_connections")
        // A connection is a descriptor: let the limit of connections, not the process's, be what binds.
        Self.raiseDescriptorLimit(toAtLeast: connectionLimit + 256)
        let host = configuration.text("host") ?? "127.0.0.1"
        let server = HTTPServer(application: application,
                                configuration: .init(host: host, port: UInt16(configuration.integer("port")),
                                                     threads: configuration.threads, connectionLimit: connectionLimit,
                                                     connectionsPerAddress: configuration.integer("max_connections_per_address"),
                                                     reservedConnections: max(8, connectionLimit / 16),
                                                     requestTimeout: .seconds(configuration.integer("request_timeout"))),
                                logger: logger)
        try server.start()
        // The outbox starts with the server; reminders that fell due while it was down go now.
        // Its rounds also erase couple spaces whose 30-day archive window has passed.
        let couples = container.couples
        container.notifications.timing.set(configuration.notificationTiming)
        let scheduler = NotificationScheduler(notifications: container.notifications, clock: container.clock, logger: logger,
                                              delivers: configuration.deliversNotifications,
                                              everyRound: { _ = try? couples.eraseExpired() })
        try? container.notifications.refreshEveryone()
        scheduler.start()
        logger.info("listening on http://\(host.contains(":") ? "[\(host)]" : host):\(server.port) (database \(path))")

        var current = configuration
        var received: Int32 = 0
        while true {
            sigwait(&signals, &received)
            guard received == SIGHUP else { break }
            current = reload(invocation, current: current, log: log, weather: weather, limits: limits, logger: logger)
            container.notifications.timing.set(current.notificationTiming)
            operatorToken.replace(with: current.text("operator_token"))
        }
        logger.info("stopping (signal \(received)): finishing requests in flight")
        server.stop()
        scheduler.stop()
        container.database.close()
        logger.info("stopped")
        log.close() // the request lines still queued, written before the process ends
    }

    /// SIGHUP: the settings read again; what can change live is applied, what needs a restart
    /// is named. A configuration with problems changes nothing.
    private func reload(_ invocation: Invocation, current: ServerConfiguration, log: ServerLog, weather: ReloadableWeather,
                        limits: ClientLimitSettings, logger: Logger) -> ServerConfiguration {
        let next: ServerConfiguration
        do {
            next = try configuration(invocation)
        } catch {
            logger.error("reload refused, nothing changed: \((error as? AppError)?.message ?? "\(error)")")
            return current
        }
        let changed = next.changedKeys(from: current)
        let live = changed.filter { ServerSetting.named($0)?.isReloadable == true }
        let later = changed.filter { ServerSetting.named($0)?.isReloadable == false }
        Self.applyLogSettings(next, to: log)
        weather.replace(with: Self.weatherProvider(next, environment: environment))
        Self.applyLimits(next, to: limits)
        // Written whatever the new level: the operator asked for this reload and wants to see it land.
        log.write(.info, label: "tend-server",
                  message: "reloaded \(next.file ?? "the settings"): " + (live.isEmpty ? "nothing changed" : "applied " + live.joined(separator: ", "))
                    + (later.isEmpty ? "" : "; \(later.joined(separator: ", ")) need a restart"))
        return next
    }

    static func applyLogSettings(_ configuration: ServerConfiguration, to log: ServerLog) {
        log.apply(level: ServerLog.level(named: configuration.text("log_level") ?? "info") ?? .info,
                  requestLog: configuration.boolean("request_log"))
    }

    /// Sign-ups and wrong invite codes per client address, as configured.
    static func applyLimits(_ configuration: ServerConfiguration, to limits: ClientLimitSettings) {
        limits.set(scope: ClientLimit.signups.scope, burst: configuration.integer("signup_burst"),
                   interval: TimeInterval(configuration.integer("signup_interval")))
        limits.set(scope: ClientLimit.inviteGuesses.scope, burst: configuration.integer("invite_guess_burst"),
                   interval: TimeInterval(configuration.integer("invite_guess_interval")))
    }

    static func weatherProvider(_ configuration: ServerConfiguration, environment: [String: String]) -> OpenWeatherProvider {
        OpenWeatherProvider.fromEnvironment(environment.merging(["OPENWEATHER_API_KEY": configuration.text("openweather_key") ?? ""]) { $1 })
    }

    /// Raises the soft limit of open descriptors towards `wanted`, as far as the hard limit allows.
    private static func raiseDescriptorLimit(toAtLeast wanted: Int) {
        var limit = rlimit()
        guard getrlimit(RLIMIT_NOFILE_VALUE, &limit) == 0, limit.rlim_cur < rlim_t(wanted) else { return }
        limit.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
        _ = setrlimit(RLIMIT_NOFILE_VALUE, &limit)
    }
}

#if canImport(Glibc)
/// `RLIMIT_NOFILE` as the type `getrlimit` takes (an enum on glibc).
private let RLIMIT_NOFILE_VALUE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#endif

/// The operator token behind a lock, so that SIGHUP can set, change or remove it live.
final class OperatorToken: Sendable {
    private let value: Mutex<String?>

    init(_ token: String?) { value = Mutex(token) }

    var current: String? { value.withLock { $0 } }

    func replace(with token: String?) { value.withLock { $0 = token } }
}
