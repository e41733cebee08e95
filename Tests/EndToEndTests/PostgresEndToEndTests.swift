import Foundation
import Synchronization
import Testing

/// Two built `tend-server`s on one PostgreSQL database (the cluster `Scripts/postgres` starts,
/// `TEND_TEST_POSTGRES_URL`): what one writes the other reads, and what must happen once
/// happens once whichever server a request reaches.
@Suite("tend-server on PostgreSQL: two servers, one database", .enabled(if: PostgresCluster.url != nil), .serialized)
struct PostgresEndToEndTests {
    /// Two servers on a fresh database; both are stopped and the database dropped afterwards.
    func withTwoServers(_ body: (ServerProcess, ServerProcess) async throws -> Void) async throws {
        try await PostgresCluster.withFreshDatabase { url in
            let first = try ServerProcess(extraArguments: ["--database", url])
            let second = try ServerProcess(extraArguments: ["--database", url])
            defer {
                first.remove()
                second.remove()
            }
            try await body(first, second)
        }
    }

    @Test("each test's database is dropped when the test ends, even when it fails")
    func databasesAreDropped() async throws {
        var made = ""
        struct Failed: Error {}
        await #expect(throws: Failed.self) {
            try await PostgresCluster.withFreshDatabase { url in
                made = String(url.split(separator: "?")[0].split(separator: "/").last ?? "")
                #expect(PostgresCluster.databases().contains(made))
                throw Failed()
            }
        }
        #expect(made.hasPrefix("tend_e2e_"))
        #expect(!PostgresCluster.databases().contains(made))
    }

    @Test("a client writes through one server and reads through the other; an idempotent POST retried on the other applies once")
    func writeHereReadThere() async throws {
        try await withTwoServers { one, two in
            let token = try await one.token(for: "ana@example.com")
            let dose: [String: Any] = ["id": "0192f3a4-0000-7000-8000-00000000000a", "kind": "long", "units": 12]
            let created = try await one.send("POST", "/v1/insulin/doses", json: dose, token: token)
            #expect(created.status == 201)
            let retried = try await two.send("POST", "/v1/insulin/doses", json: dose, token: token)
            #expect(retried.status == 200, "the retry on the other server is the stored dose")
            let listed = try await two.send("GET", "/v1/insulin/doses", token: token)
            #expect((listed.json["doses"] as? [Any])?.count == 1)
        }
    }

    @Test("a token logged out on one server is refused at once by the other, which had just accepted it")
    func logoutAcrossServers() async throws {
        try await withTwoServers { one, two in
            let token = try await one.token(for: "cleo@example.com")
            // Twice: the second is taken on the account the other server saw the token belong
            // to, and the token confirmed with the request's first statement.
            #expect(try await two.send("GET", "/v1/insulin/status", token: token).status == 200)
            #expect(try await two.send("GET", "/v1/insulin/status", token: token).status == 200)
            #expect(try await one.send("DELETE", "/v1/sessions/current", token: token).status == 204)
            let refused = try await two.send("GET", "/v1/insulin/status", token: token)
            #expect(refused.status == 401 && refused.headers["www-authenticate"] == "Bearer")
            #expect(refused.json["long_taken"] == nil, "nothing of the status goes out")
            // A write with the logged-out token: refused, and nothing of it kept.
            let dose: [String: Any] = ["kind": "rapid", "units": 2]
            #expect(try await two.send("POST", "/v1/insulin/doses", json: dose, token: token).status == 401)
            #expect(try await two.send("POST", "/v1/insulin/doses", json: ["kind": "bogus"], token: token).status == 401,
                    "refused before a bad body is judged, as on SQLite")
            let again = try await two.token(for: "cleo@example.com")
            let listed = try await two.send("GET", "/v1/insulin/doses", token: again)
            #expect(listed.status == 200 && (listed.json["doses"] as? [Any])?.count == 0)
        }
    }

    @Test("login lock-out counts the failures made on both servers")
    func lockOutAcrossServers() async throws {
        try await withTwoServers { one, two in
            _ = try await one.token(for: "ben@example.com")
            for attempt in 0..<5 {
                let server = attempt.isMultiple(of: 2) ? one : two
                let wrong = try await server.send("POST", "/v1/sessions", json: ["email": "ben@example.com", "password": "not the password"])
                #expect(wrong.status == 401)
            }
            for server in [one, two] {
                let locked = try await server.send("POST", "/v1/sessions", json: ["email": "ben@example.com", "password": "correct horse battery"])
                #expect(locked.status == 429 && locked.headers["retry-after"] != nil, "\(locked.status)")
            }
        }
    }

    @Test("one invite code redeemed by two accounts at once on two servers pairs exactly one")
    func inviteRedeemedOnce() async throws {
        try await withTwoServers { one, two in
            let owner = try await one.token(for: "minji@example.com")
            let code = try await one.send("POST", "/v1/couple/invites", token: owner).json["code"] as? String ?? ""
            #expect(!code.isEmpty)
            for round in 0..<3 {
                let first = try await one.token(for: "haru\(round)@example.com")
                let second = try await two.token(for: "jun\(round)@example.com")
                async let a = one.send("POST", "/v1/couple/join", json: ["code": code], token: first)
                async let b = two.send("POST", "/v1/couple/join", json: ["code": code], token: second)
                let statuses = [try await a.status, try await b.status]
                let paired = statuses.filter { (200..<300).contains($0) }.count
                #expect(paired == (round == 0 ? 1 : 0), "round \(round): \(statuses)")
                #expect(statuses.allSatisfy { $0 < 500 }, "\(statuses)")
            }
        }
    }

    @Test("sync pull never skips a change committed late: pages read during writes on both servers add up to the whole log")
    func pullNeverSkips() async throws {
        try await withTwoServers { one, two in
            let token = try await one.token(for: "sora@example.com")
            var cursor = ""
            var seen: [String] = []
            func pull() async throws {
                let page = try await one.send("GET", "/v1/sync/pull?protocol=1&limit=1000&cursor=\(cursor)", token: token)
                seen += (page.json["changes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                cursor = page.json["cursor"] as? String ?? cursor
            }
            let done = Mutex(false)
            let writers = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for server in [one, two] {
                        for writer in 0..<3 {
                            group.addTask {
                                for _ in 0..<15 { _ = try await server.send("POST", "/v1/weight", json: ["kg": 60 + writer], token: token) }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                done.withLock { $0 = true }
            }
            // Pages read while both servers commit, each from the cursor the last one gave.
            while !done.withLock({ $0 }) { try await pull() }
            try await writers.value
            try await pull()
            let whole = try await two.send("GET", "/v1/sync/pull?protocol=1&limit=1000", token: token)
            let all = (whole.json["changes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(all.count >= 90)
            #expect(Set(seen) == Set(all), "pulled in pages: \(seen.count), the whole log: \(all.count)")
        }
    }
}

/// The test cluster, and a fresh database on it per test (created and dropped with `psql`).
enum PostgresCluster {
    static let url = ProcessInfo.processInfo.environment["TEND_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// A fresh database for `body`, dropped when it returns or throws (after the servers it
    /// started are gone: they are removed in `body`'s own defers).
    static func withFreshDatabase(_ body: (String) async throws -> Void) async throws {
        let (name, databaseURL) = try freshDatabase()
        defer { drop(name) }
        try await body(databaseURL)
    }

    static func freshDatabase() throws -> (name: String, url: String) {
        guard let url else { throw CocoaError(.featureUnsupported) }
        let name = "tend_e2e_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        guard psql("CREATE DATABASE \(name)") else { throw CocoaError(.fileWriteUnknown) }
        let (base, query) = url.firstIndex(of: "?").map { (String(url[..<$0]), String(url[$0...])) } ?? (url, "")
        return (name, String(base[...base.lastIndex(of: "/")!]) + name + query)
    }

    /// `WITH (FORCE)`: a server killed with `kill -9` may leave a backend that has not yet noticed.
    static func drop(_ name: String) {
        _ = psql("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// The names of the databases this process made and has not dropped (none, once a test is done).
    static func databases() -> [String] {
        guard let url else { return [] }
        let pipe = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = [url, "-Atc", "SELECT datname FROM pg_database WHERE datname LIKE 'tend\\_e2e\\_\(getpid())\\_%'"]
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return [] }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The one value `query` answers in the database at `url` ("" when it cannot be asked).
    static func value(_ query: String, in url: String) -> String {
        let pipe = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = [url, "-Atc", query]
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "" }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func psql(_ command: String) -> Bool {
        guard let url else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = [url, "-qc", command]
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
