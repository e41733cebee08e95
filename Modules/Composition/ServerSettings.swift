#if canImport(Glibc)
import Glibc
#endif
/// Every setting of `tend-server`, declared once: its key in `server.conf`, its command-line
/// option, its environment variable, what values it takes, its default, and whether SIGHUP
/// applies it to a running server. The parser, `check-config`, the options of `tend-server`
/// and the CONFIGURATION section of `tend-server.8` all read this list.
public struct ServerSetting: Sendable {
    public enum Kind: Sendable {
        case text
        /// A file or folder; in the file it must be absolute (the file says where, not the
        /// folder the server happened to start in).
        case path
        case integer(ClosedRange<Int>)
        case choice([String])
        /// `on`/`off` (also `yes`/`no`, `true`/`false`).
        case boolean
    }

    public let key: String
    /// The long option, without dashes; nil for what must not show in a process list (keys).
    public let option: String?
    public let environmentName: String
    public let valueName: String
    public let kind: Kind
    /// The value used when nothing sets it; nil when the server works it out (the database
    /// beside `$XDG_DATA_HOME`, photos beside the database) or it stays unset.
    public let defaultValue: String?
    public let help: String
    public let isReloadable: Bool
    /// Shown as `(set)` by `check-config`, never as itself.
    public let isSecret: Bool

    init(_ key: String, option: String? = nil, environment: String? = nil, valueName: String, kind: Kind,
         default defaultValue: String?, reloadable: Bool = false, secret: Bool = false, help: String) {
        self.key = key
        self.option = option
        self.environmentName = environment ?? "TEND_SERVER_" + key.uppercased()
        self.valueName = valueName
        self.kind = kind
        self.defaultValue = defaultValue
        self.help = help
        self.isReloadable = reloadable
        self.isSecret = secret
    }

    /// What a value must be, for an error message: "a number 1-64".
    public var expected: String {
        switch kind {
        case .text: "text"
        case .path: "a path"
        case .integer(let range): "a whole number \(range.lowerBound)-\(range.upperBound)"
        case .choice(let values): "one of " + values.joined(separator: ", ")
        case .boolean: "on or off"
        }
    }

    /// The reason `text` is not a value of this setting, nil when it is one.
    public func problem(with text: String, inFile: Bool) -> String? {
        switch kind {
        case .text:
            return nil
        case .path:
            if text.isEmpty { return "expected a path" }
            if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
                return "a PostgreSQL database is given with database_url (--database, TEND_DATABASE_URL); this is the SQLite file"
            }
            if inFile, !text.hasPrefix("/") { return "expected an absolute path, got '\(text)'" }
            return nil
        case .integer(let range):
            guard let number = Int(text), range.contains(number) else { return "expected \(expected), got '\(text)'" }
            return nil
        case .choice(let values):
            return values.contains(text) ? nil : "expected \(expected), got '\(text)'"
        case .boolean:
            return Self.boolean(text) == nil ? "expected on or off, got '\(text)'" : nil
        }
    }

    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "on", "yes", "true", "1": true
        case "off", "no", "false", "0": false
        default: nil
        }
    }
}

extension ServerSetting {
    /// Where the server reads its file when `--config` is not given.
    public static let defaultConfigurationPath = "/etc/tend/server.conf"
    public static let logLevels = ["debug", "info", "warning", "error"]

    public static let all: [ServerSetting] = [
        ServerSetting("host", option: "host", valueName: "ADDRESS", kind: .text, default: "127.0.0.1",
                      help: "Address to listen on: 127.0.0.1, ::1, 0.0.0.0 or :: for every interface."),
        ServerSetting("port", option: "port", valueName: "PORT", kind: .integer(0...65535), default: "8080",
                      help: "Port to listen on; 0 picks a free one."),
        ServerSetting("database", option: "db", valueName: "PATH", kind: .path, default: nil,
                      help: "The SQLite database file (default $XDG_DATA_HOME/tend/server.sqlite; /var/lib/tend/server.sqlite "
                        + "as a service)."),
        ServerSetting("database_url", option: "database", environment: "TEND_DATABASE_URL", valueName: "URL", kind: .text,
                      default: nil, secret: true,
                      help: "A PostgreSQL database instead of the SQLite file: postgres://user:password@host:5432/tend (any "
                        + "libpq connection string, sslmode included). Several servers may share it."),
        ServerSetting("database_pool", option: "database-pool", valueName: "N", kind: .integer(1...1024), default: nil,
                      help: "Connections to PostgreSQL (default: the worker threads, at most \(defaultPoolLimit))."),
        ServerSetting("photos", option: "photos", valueName: "DIR", kind: .path, default: nil,
                      help: "The folder of the couple space's photos (default: photos/ beside the database)."),
        ServerSetting("threads", option: "threads", valueName: "N", kind: .integer(1...64), default: nil,
                      help: "Worker threads (default: one per core this machine has on SQLite, four per core on PostgreSQL)."),
        ServerSetting("max_connections", option: "max-connections", valueName: "N", kind: .integer(16...100_000),
                      default: "1024", help: "Connections at once, over all clients."),
        ServerSetting("max_connections_per_address", option: "max-connections-per-address", valueName: "N",
                      kind: .integer(0...100_000), default: "32",
                      help: "Connections at once from one IP address (0 for no limit, behind a reverse proxy)."),
        ServerSetting("request_timeout", option: "request-timeout", valueName: "SECONDS", kind: .integer(1...3600), default: "20",
                      help: "Time a request may take to arrive, however it trickles (large bodies get more while they flow)."),
        ServerSetting("request_log", option: "request-log", valueName: "on|off", kind: .boolean, default: "on", reloadable: true,
                      help: "One log line per request (method, path, status, duration, request id); -q is off."),
        ServerSetting("log_level", option: "log-level", valueName: "LEVEL", kind: .choice(logLevels), default: "info",
                      reloadable: true, help: "The least important lines logged: debug, info, warning or error."),
        ServerSetting("openweather_key", environment: "OPENWEATHER_API_KEY", valueName: "KEY", kind: .text, default: nil,
                      reloadable: true, secret: true,
                      help: "OpenWeather API key for the couple space's weather (unset: no weather). Not an option, so that "
                        + "it never shows in a process list."),
        ServerSetting("operator_token", valueName: "TOKEN", kind: .text, default: nil, reloadable: true, secret: true,
                      help: "The token that opens GET /metrics (Authorization: Bearer TOKEN); unset, /metrics answers 404. "
                        + "Not an option, so that it never shows in a process list."),
        ServerSetting("signup_burst", valueName: "N", kind: .integer(1...10_000), default: "5", reloadable: true,
                      help: "Sign-ups one client address may make at once."),
        ServerSetting("signup_interval", valueName: "SECONDS", kind: .integer(1...86_400), default: "720", reloadable: true,
                      help: "Then one more sign-up every this many seconds."),
        ServerSetting("invite_guess_burst", valueName: "N", kind: .integer(1...10_000), default: "10", reloadable: true,
                      help: "Wrong invite codes one client address may type at once."),
        ServerSetting("invite_guess_interval", valueName: "SECONDS", kind: .integer(1...86_400), default: "360", reloadable: true,
                      help: "Then one more wrong invite code every this many seconds."),
    ] + notificationSettings

    public static func named(_ key: String) -> ServerSetting? { all.first { $0.key == key } }

    /// The most connections a server opens to PostgreSQL unless `database_pool` says otherwise:
    /// four servers at this stay within PostgreSQL's default `max_connections` (100).
    public static let defaultPoolLimit = 20

    /// Measured (Scripts/bench/server, 2 cores; docs/performance.md#threads). On SQLite one worker
    /// thread per core: a request is CPU work from start to end, so more threads queue on the
    /// cores and lengthen the tail. On PostgreSQL four per core: a thread waits for each round
    /// trip, and 8 threads on 2 cores answered the status 2.2x as fast as 2, with a shorter p99.
    public static func defaultThreads(onPostgreSQL: Bool) -> Int {
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        return min(64, onPostgreSQL ? 4 * cores : cores)
    }
}
