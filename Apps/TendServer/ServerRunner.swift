import FoundationEssentials
import Console
import Core
import HTTP
import Composition
import Server
import Weather
import Notifications
#if canImport(Glibc)
import Glibc
#endif

/// `tend-server`: parses its options, opens the container, serves until SIGINT or SIGTERM,
/// then stops accepting, finishes the requests in flight, closes the database and exits 0.
struct ServerRunner: Sendable {
    let environment: [String: String]

    init(environment: [String: String]) {
        self.environment = environment
    }

    func run(_ arguments: [String], output: Output = .live()) -> Int32 {
        CommandLineTool(root: command(), output: output).run(arguments)
    }

    func command() -> Command {
        Command(
            name: "tend-server",
            abstract: "Tend's HTTP server: accounts, every feature's API and the couple space over JSON, and the notification scheduler.",
            options: [
                .value("host", valueName: "ADDRESS", help: "Address to listen on (default 127.0.0.1)."),
                .value("port", valueName: "PORT", help: "Port to listen on (default 8080; 0 picks a free one)."),
                .value("db", valueName: "PATH", help: "Database file (default $XDG_DATA_HOME/tend/server.sqlite)."),
                .value("threads", valueName: "N", help: "Worker threads (default 4)."),
                .value("max-connections", valueName: "N", help: "Connections at once, over all clients (default 1024)."),
                .value("max-connections-per-address", valueName: "N",
                       help: "Connections at once from one IP address (default 32; 0 for no limit, behind a reverse proxy)."),
                .value("request-timeout", valueName: "SECONDS",
                       help: "Time a request may take to arrive, however it trickles (default 20; large bodies get more while they flow)."),
                .flag("quiet", short: "q", help: "Do not log one line per request."),
            ],
            run: { invocation in try serve(invocation) }
        )
    }

    private func serve(_ invocation: Invocation) throws {
        let port = try invocation.option("port", expected: "a port number 0-65535") { UInt16($0) } ?? 8080
        let threads = try invocation.option("threads", expected: "a number of threads 1-64") { text in
            Int(text).flatMap { (1...64).contains($0) ? $0 : nil }
        } ?? 4
        let host = invocation.option("host") ?? "127.0.0.1"
        let defaults = HTTPServer.Configuration()
        let connectionLimit = try invocation.option("max-connections", expected: "a number of connections 16-100000") { text in
            Int(text).flatMap { (16...100_000).contains($0) ? $0 : nil }
        } ?? defaults.connectionLimit
        let perAddress = try invocation.option("max-connections-per-address", expected: "a number of connections 0-100000") { text in
            Int(text).flatMap { (0...100_000).contains($0) ? $0 : nil }
        } ?? defaults.connectionsPerAddress
        let requestTimeout = try invocation.option("request-timeout", expected: "a number of seconds 1-3600") { text in
            Int(text).flatMap { (1...3600).contains($0) ? Duration.seconds($0) : nil }
        } ?? defaults.requestTimeout
        let path = try DatabaseLocation.resolve(option: invocation.option("db"), environment: environment.filter { $0.key != "TEND_DB" },
                                                fileName: "server.sqlite")
        let logger = Logger(label: "tend-server")
        let container = try Container(databasePath: path, clock: try makeClock(environment: environment, runsForward: true),
                                      resourcesPath: ResourceLocation.resolve(environment: environment),
                                      weather: OpenWeatherProvider.fromEnvironment(environment), isServer: true)
        // Spaces whose 30-day archive window has passed are erased at start and whenever an archive is asked for.
        try container.couples.eraseExpired()
        let application = ServerApplication.make(container: container, logger: invocation.flag("quiet") ? nil : logger)

        // Block the stop signals before any server thread starts, so only `sigwait` sees them.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        // A connection is a descriptor: let the limit of connections, not the process's, be what binds.
        Self.raiseDescriptorLimit(toAtLeast: connectionLimit + 256)
        let server = HTTPServer(application: application,
                                configuration: .init(host: host, port: port, threads: threads, connectionLimit: connectionLimit,
                                                     connectionsPerAddress: perAddress,
                                                     reservedConnections: max(8, connectionLimit / 16),
                                                     requestTimeout: requestTimeout),
                                logger: logger)
        try server.start()
        // The outbox starts with the server; reminders that fell due while it was down go now.
        // Its rounds also erase couple spaces whose 30-day archive window has passed.
        let couples = container.couples
        let scheduler = NotificationScheduler(notifications: container.notifications, clock: container.clock, logger: logger,
                                              everyRound: { _ = try? couples.eraseExpired() })
        try? container.notifications.refreshEveryone()
        scheduler.start()
        logger.info("listening on http://\(host.contains(":") ? "[\(host)]" : host):\(server.port) (database \(path))")

        var received: Int32 = 0
        sigwait(&signals, &received)
        logger.info("stopping (signal \(received)): finishing requests in flight")
        server.stop()
        scheduler.stop()
        container.database.close()
        logger.info("stopped")
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
