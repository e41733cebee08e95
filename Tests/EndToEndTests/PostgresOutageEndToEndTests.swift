import Foundation
import Testing

/// A built `tend-server` when its PostgreSQL database goes away: at start, a one-line error and
/// exit 1; while running, 503 `database_unavailable` with `Retry-After` for the requests whose
/// connections were lost, then the pool's new connections, and nothing half written.
@Suite("tend-server on PostgreSQL: the database lost and unreachable", .serialized)
struct PostgresOutageEndToEndTests {
    @Test("a database that cannot be reached at start: exit 1, one line naming the host, never the password")
    func unreachableAtStart() throws {
        for url in ["postgres://tend:s3cret-pw@127.0.0.1:1/tend", "host=127.0.0.1 port=1 dbname=tend user=tend password=s3cret-pw"] {
            let run = try InstallServerConfigEndToEndTests.serverRun(["--host", "127.0.0.1", "--port", "0", "--database", url])
            #expect(run.status == 1, "\(url): \(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("error: the database at 127.0.0.1:1/tend cannot be reached"), "\(run.stderr)")
            #expect(!run.stderr.contains("s3cret"), "the password never shows")
        }
    }

    @Test("the SQLite file's settings beside --database: a usage error naming where each is set")
    func sqliteSettingsBesidePostgres() throws {
        let run = try InstallServerConfigEndToEndTests.serverRun(["--port", "0", "--db", "/tmp/never.sqlite",
                                                                  "--database", "postgres://tend@127.0.0.1:1/tend"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("error: database (--db, TEND_SERVER_DATABASE) is for the SQLite file; with database_url "
                                         + "(--database, TEND_DATABASE_URL) the data and photos live in PostgreSQL"), "\(run.stderr)")
    }

    @Test("connections lost under requests in flight: 503 database_unavailable with Retry-After, then new ones; a dose retried applies once",
          .enabled(if: PostgresCluster.url != nil))
    func connectionsLostInFlight() async throws {
        try await PostgresCluster.withFreshDatabase { url in
            let server = try ServerProcess(extraArguments: ["--database", url, "--database-pool", "4"])
            defer { server.remove() }
            let token = try await server.token(for: "ines@example.com")
            #expect(try await server.send("POST", "/v1/insulin/doses", json: ["kind": "long", "units": 10], token: token).status == 201)
            #expect(try await server.send("GET", "/v1/insulin/status", token: token).status == 200)

            // A session of psql's holds the doses' table, so that the server's next requests wait
            // inside the database: in flight when their connections are ended.
            let holder = Process()
            holder.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
            holder.arguments = [url, "-qc", "BEGIN; LOCK TABLE insulin_doses IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(60)"]
            holder.standardOutput = FileHandle.nullDevice
            holder.standardError = FileHandle.nullDevice
            try holder.run()
            defer { if holder.isRunning { holder.terminate() } }
            #expect(try await eventually { PostgresCluster.value(
                "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'insulin_doses' "
                    + "AND l.mode = 'AccessExclusiveLock' AND l.granted", in: url) == "1" }, "the table is held")

            let dose = Data(#"{"id":"0192f3a4-0000-7000-8000-0000000000b1","kind":"rapid","units":3}"#.utf8)
            // Each backend that waits on the table is ended until both answers are in (the
            // scheduler's re-plan after the first dose may wait there too: ending it is harmless).
            let answers = try await withThrowingTaskGroup(of: ServerProcess.Response.self) { group in
                group.addTask { try await server.send("POST", "/v1/insulin/doses", body: dose, token: token) }
                group.addTask { try await server.send("GET", "/v1/insulin/status", token: token) }
                let ender = Task {
                    while !Task.isCancelled {
                        _ = try? await onThread {
                            PostgresCluster.value("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                                      + "WHERE datname = current_database() AND wait_event_type = 'Lock'", in: url)
                        }
                        try? await Task.sleep(for: .milliseconds(50))
                    }
                }
                defer { ender.cancel() }
                var answers: [ServerProcess.Response] = []
                for try await answer in group { answers.append(answer) }
                return answers
            }
            #expect(answers.count == 2)
            for response in answers {
                #expect(response.status == 503 && response.headers["retry-after"] != nil && response.errorCode == "database_unavailable",
                        "\(response.status) \(String(decoding: response.body, as: UTF8.self))")
            }
            _ = PostgresCluster.value("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() "
                                          + "AND query LIKE 'BEGIN; LOCK TABLE%'", in: url)
            holder.waitUntilExit()

            // The pool made new connections for the two it lost; the dose was refused whole.
            for _ in 0..<3 { #expect(try await server.send("GET", "/v1/insulin/status", token: token).status == 200) }
            #expect(try await server.send("POST", "/v1/insulin/doses", body: dose, token: token).status == 201, "created now")
            let listed = try await server.send("GET", "/v1/insulin/doses", token: token)
            #expect((listed.json["doses"] as? [Any])?.count == 2)
            #expect(PostgresCluster.value("SELECT count(*) FROM insulin_doses", in: url) == "2")
        }
    }
}
