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

        let server = HTTPServer(application: application,
                                configuration: .init(host: host, port: port, threads: threads))
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
}
