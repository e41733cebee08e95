import Foundation
import Testing
@testable import Composition

/// `server.conf`: the format, every problem reported with its line and key, and the order in
/// which the file, the environment and the options win.
@Suite("Server configuration")
struct ServerConfigurationTests {
    static func file(_ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-conf-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("server.conf").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theFormat() throws {
        let (values, problems) = ServerConfiguration.parse("""
            # a comment
              ; another
            port = 9000
            host=0.0.0.0
            openweather_key = "  spaced # not a comment  "
            log_level = debug\r
            database = /var/lib/tend/server.sqlite

            """, file: "s.conf")
        #expect(problems.isEmpty)
        #expect(values["port"]?.text == "9000" && values["port"]?.line == 3)
        #expect(values["host"]?.text == "0.0.0.0")
        #expect(values["openweather_key"]?.text == "  spaced # not a comment  ")
        #expect(values["log_level"]?.text == "debug")
    }

    @Test func everyProblemWithItsLineAndKey() {
        let (_, problems) = ServerConfiguration.parse("""
            prot = 8080
            port = 80800
            port = 8081
            just words
            database = relative.sqlite
            log_level = loud
            request_log = maybe
            threads = "4
            database = postgres://db/tend
            """, file: "/etc/tend/server.conf")
        #expect(problems.map(\.description) == [
            "/etc/tend/server.conf:1: unknown key 'prot'; did you mean 'port'?",
            "/etc/tend/server.conf:2: port: expected a whole number 0-65535, got '80800'",
            "/etc/tend/server.conf:4: expected 'key = value', got 'just words'",
            "/etc/tend/server.conf:5: database: expected an absolute path, got 'relative.sqlite'",
            "/etc/tend/server.conf:6: log_level: expected one of debug, info, warning, error, got 'loud'",
            "/etc/tend/server.conf:7: request_log: expected on or off, got 'maybe'",
            "/etc/tend/server.conf:8: threads: a quoted value must start and end with '\"'",
            "/etc/tend/server.conf:9: database: a PostgreSQL database is given with database_url (--database, TEND_DATABASE_URL); this is the SQLite file",
        ])
    }

    @Test func threadsFollowTheEngineUnlessSet() throws {
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        func threads(_ environment: [String: String], _ options: [String: String] = [:]) throws -> Int {
            try ServerConfiguration.load(path: try Self.file("# nothing set\n"), environment: environment, options: options).get().threads
        }
        #expect(try threads([:]) == min(64, cores), "SQLite: one a core")
        #expect(try threads(["TEND_DATABASE_URL": "postgres://tend@db/tend"]) == min(64, 4 * cores), "PostgreSQL: four a core")
        #expect(try threads(["TEND_DATABASE_URL": "postgres://tend@db/tend"], ["threads": "3"]) == 3, "as set")
        #expect(try threads(["TEND_SERVER_THREADS": "5"]) == 5)
    }

    @Test func thePoolFollowsTheThreadsUpToItsLimitAndCheckConfigShowsBoth() throws {
        let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        func load(_ environment: [String: String]) throws -> ServerConfiguration {
            try ServerConfiguration.load(path: try Self.file("# nothing set\n"), environment: environment, options: [:]).get()
        }
        let postgres = ["TEND_DATABASE_URL": "postgres://tend@db/tend"]
        #expect(try load(postgres).databasePool == min(4 * cores, ServerSetting.defaultPoolLimit))
        #expect(try load(postgres.merging(["TEND_SERVER_THREADS": "64"]) { $1 }).databasePool == ServerSetting.defaultPoolLimit)
        #expect(try load(postgres.merging(["TEND_SERVER_DATABASE_POOL": "50"]) { $1 }).databasePool == 50, "as set")
        #expect(try load(postgres.merging(["TEND_SERVER_THREADS": "3"]) { $1 }).databasePool == 3)
        let report = try load(postgres).report()
        let threadsLine = try #require(report.split(separator: "\n").first { $0.hasPrefix("threads ") })
        #expect(threadsLine.contains(String(min(64, 4 * cores))) && threadsLine.contains("default"), "\(threadsLine)")
        #expect(try load([:]).report().split(separator: "\n").contains { $0.hasPrefix("threads ") && $0.contains(String(min(64, cores))) })
    }

    @Test func aKeySetTwiceNamesTheFirstLine() {
        let (_, problems) = ServerConfiguration.parse("port = 1\nport = 2\n", file: "f")
        #expect(problems.map(\.description) == ["f:2: port: set twice (first on line 1)"])
    }

    @Test func defaultsThenFileThenEnvironmentThenOptions() throws {
        let path = try Self.file("port = 9000\nthreads = 8\nlog_level = warning\nopenweather_key = from-file\n")
        let loaded = ServerConfiguration.load(path: path, environment: ["TEND_SERVER_THREADS": "6", "OPENWEATHER_API_KEY": "from-env"],
                                              options: ["port": "9001"])
        let configuration = try loaded.get()
        #expect(configuration.integer("port") == 9001)
        #expect(configuration.values["port"]?.origin == .option("port"))
        #expect(configuration.integer("threads") == 6)
        #expect(configuration.values["threads"]?.origin == .environment("TEND_SERVER_THREADS"))
        #expect(configuration.text("log_level") == "warning")
        #expect(configuration.values["log_level"]?.origin == .file(path, line: 3))
        #expect(configuration.text("openweather_key") == "from-env")
        #expect(configuration.text("host") == "127.0.0.1" && configuration.values["host"]?.origin == .defaultValue)
        #expect(configuration.boolean("request_log"))
        #expect(configuration.text("database") == nil)
        let report = configuration.report()
        #expect(report.contains("openweather_key"))
        #expect(!report.contains("from-env"), "a secret is never printed")
        // The key column is as wide as the longest key: the value follows after spaces only.
        #expect(report.split(separator: "\n").contains { $0.split(separator: " ") == ["port", "9001", "option", "--port"] })
    }

    @Test func anEmptyTextValueIsUnset() throws {
        let path = try Self.file("openweather_key =\n")
        #expect(try ServerConfiguration.load(path: path, environment: [:], options: [:]).get().text("openweather_key") == nil)
    }

    @Test func badEnvironmentAndAMissingFileAreProblemsToo() {
        let missing = ServerConfiguration.load(path: "/nonexistent/server.conf", environment: ["TEND_SERVER_PORT": "http"], options: [:])
        guard case .failure(let invalid) = missing else { Issue.record("loaded"); return }
        #expect(invalid.problems.map(\.description) == [
            "the configuration file /nonexistent/server.conf does not exist",
            "TEND_SERVER_PORT: expected a whole number 0-65535, got 'http'",
        ])
    }

    @Test func changedKeysAreWhatAReloadApplies() throws {
        let before = try ServerConfiguration.load(path: try Self.file("log_level = info\n"), environment: [:], options: [:]).get()
        let after = try ServerConfiguration.load(path: try Self.file("log_level = debug\nport = 9\n"), environment: [:], options: [:]).get()
        #expect(after.changedKeys(from: before) == ["port", "log_level"])
        #expect(ServerSetting.named("log_level")?.isReloadable == true)
        #expect(ServerSetting.named("port")?.isReloadable == false)
    }

    @Test func everySettingHasItsOwnKeyOptionAndVariable() {
        let settings = ServerSetting.all
        #expect(Set(settings.map(\.key)).count == settings.count)
        #expect(Set(settings.compactMap(\.option)).count == settings.compactMap(\.option).count)
        #expect(Set(settings.map(\.environmentName)).count == settings.count)
        #expect(settings.allSatisfy { $0.key.allSatisfy { $0.isLowercase || $0 == "_" } })
        // Every default is a value its own check accepts.
        for setting in settings { if let value = setting.defaultValue { #expect(setting.problem(with: value, inFile: true) == nil, "\(setting.key)") } }
    }
}
