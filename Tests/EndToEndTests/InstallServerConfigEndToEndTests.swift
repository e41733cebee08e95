import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// tend-server's configuration file end to end: `check-config`, a server started from the file,
/// and SIGHUP applying the log level and the sign-up limit live while a bad file changes nothing.
@Suite("tend-server configuration, end to end", .serialized)
struct InstallServerConfigEndToEndTests {
    static func conf(_ text: String, in folder: URL) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("server.conf").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func serverRun(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServerProcess.binary)
        process.arguments = arguments
        process.environment = ["HOME": "/nonexistent", "PATH": "/usr/bin:/bin"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    @Test func checkConfigNamesEveryProblemOrTheSettingsInEffect() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-conf-\(UUID())")
        let bad = try Self.conf("# settings\nport = eighty\nlog_lvl = info\n", in: folder)
        let refused = try Self.serverRun(["check-config", "--config", bad])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\(bad):2: port: expected a whole number 0-65535, got 'eighty'"))
        #expect(refused.stderr.contains("\(bad):3: unknown key 'log_lvl'; did you mean 'log_level'?"))
        // The server refuses to start with the same list.
        let start = try Self.serverRun(["--config", bad, "--db", ":memory:"])
        #expect(start.status == 2 && start.stderr.contains("port: expected a whole number"))

        let good = try Self.conf("port = 9000\nopenweather_key = secret-key\n", in: folder)
        let checked = try Self.serverRun(["check-config", "--config", good, "--port", "9001"])
        #expect(checked.status == 0)
        #expect(checked.stdout.hasPrefix("\(good): ok\n"))
        #expect(checked.stdout.contains("option --port"))
        #expect(checked.stdout.contains("openweather_key"))
        #expect(!checked.stdout.contains("secret-key"))
        let missing = try Self.serverRun(["check-config", "--config", folder.appendingPathComponent("none.conf").path])
        #expect(missing.status == 2 && missing.stderr.contains("does not exist"))
    }

    @Test func sighupAppliesTheLogLevelAndTheSignUpLimitLive() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-reload-\(UUID())")
        let path = try Self.conf("log_level = info\nsignup_burst = 1\nsignup_interval = 3600\n", in: folder)
        let server = try ServerProcess(extraArguments: ["--config", path])
        defer { server.remove() }
        func signUp(_ email: String) async throws -> Int {
            try await server.send("POST", "/v1/accounts", json: ["email": email, "password": "correct horse battery",
                                                                  "display_name": "R", "time_zone": "Europe/Berlin"]).status
        }
        #expect(try await signUp("one@example.com") == 201)
        #expect(try await signUp("two@example.com") == 429)
        #expect(server.log.contains("POST /v1/accounts 201"))

        _ = try Self.conf("log_level = warning\nsignup_burst = 5\nsignup_interval = 3600\nrequest_timeout = 30\n", in: folder)
        kill(server.process.processIdentifier, SIGHUP)
        #expect(server.waitForLog(containing: "; request_timeout need a restart"))
        #expect(server.log.contains("applied log_level, signup_burst"))
        let logged = server.log.count
        #expect(try await signUp("three@example.com") == 201)
        #expect(try await server.send("GET", "/healthz").status == 200)
        // At warning, requests are no longer logged.
        let after = String(server.log.dropFirst(logged))
        #expect(!after.contains("POST /v1/accounts") && !after.contains("GET /healthz"), "\(after)")

        _ = try Self.conf("log_level = loud\n", in: folder)
        kill(server.process.processIdentifier, SIGHUP)
        #expect(server.waitForLog(containing: "reload refused, nothing changed"))
        #expect(server.log.contains("log_level: expected one of debug, info, warning, error, got 'loud'"))
        #expect(try await signUp("four@example.com") == 201, "the limit set before stays")
        #expect(server.stop().status == 0)
    }
}
