import Foundation
import Testing

/// A built `tend-server` when its PostgreSQL database goes away: at start, a one-line error and
/// exit 1; while running, 503 `database_unavailable` with `Retry-After` for what the lost
/// connections carried, then the pool's new connections, and nothing half written.
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

    @Test("connections lost while running: 503 database_unavailable with Retry-After, then new ones; a dose retried applies once",
          .enabled(if: PostgresCluster.url != nil))
    func connectionsLostWhileRunning() async throws {
        try await PostgresCluster.withFreshDatabase { url in
            let server = try ServerProcess(extraArguments: ["--database", url, "--database-pool", "2"])
            defer { server.remove() }
            let token = try await server.token(for: "ines@example.com")
            #expect(try await server.send("POST", "/v1/insulin/doses", json: ["kind": "long", "units": 10], token: token).status == 201)
            // Every backend of the database but psql's own: the pool's connections are now dead.
            let ended = PostgresCluster.value(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
                in: url)
            #expect((Int(ended) ?? 0) >= 1, "backends ended: \(ended)")

            func unavailable(_ response: ServerProcess.Response) -> Bool {
                response.status == 503 && response.headers["retry-after"] != nil && response.errorCode == "database_unavailable"
            }
            // A dose with the client's id, sent first: on a dead connection it is refused whole.
            let dose: [String: Any] = ["id": "0192f3a4-0000-7000-8000-0000000000b1", "kind": "rapid", "units": 3]
            let first = try await server.send("POST", "/v1/insulin/doses", json: dose, token: token)
            #expect(first.status == 201 || unavailable(first), "\(first.status) \(String(decoding: first.body, as: UTF8.self))")
            var statuses: [Int] = []
            for _ in 0..<6 {
                let status = try await server.send("GET", "/v1/insulin/status", token: token)
                #expect(status.status == 200 || unavailable(status), "\(status.status)")
                statuses.append(status.status)
            }
            #expect(first.status == 503 || statuses.contains(503), "a dead connection was used: \(first.status), \(statuses)")
            #expect(statuses.suffix(3) == [200, 200, 200], "the pool reconnected by itself: \(statuses)")
            // The retry: created now if the first was refused, the stored dose if it went in.
            let retried = try await server.send("POST", "/v1/insulin/doses", json: dose, token: token)
            #expect(retried.status == (first.status == 201 ? 200 : 201), "\(first.status) then \(retried.status)")
            let listed = try await server.send("GET", "/v1/insulin/doses", token: token)
            #expect((listed.json["doses"] as? [Any])?.count == 2)
            #expect(PostgresCluster.value("SELECT count(*) FROM insulin_doses", in: url) == "2")
        }
    }
}
