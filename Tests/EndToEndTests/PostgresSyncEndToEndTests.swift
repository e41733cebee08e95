import Foundation
import Testing

/// `tend sync` against a `tend-server` on PostgreSQL: one exchange — doses, a workout, glucose
/// readings and a custom food written offline on two devices, pushed, pulled, edited and
/// deleted — run against a server on SQLite and against one on PostgreSQL, and what each device
/// and each server hold afterwards compared: the engines must not differ in anything a device
/// or a client can see.
@Suite("tend sync with a tend-server on PostgreSQL: the same pushes and pulls as on SQLite",
       .enabled(if: PostgresCluster.url != nil), .serialized)
struct PostgresSyncEndToEndTests {
    typealias Device = SyncEndToEndTests.Device
    typealias Failure = SyncEndToEndTests.Failure

    /// What one exchange left, as lines: the sync reports, then each device's rows without their
    /// ids (made anew on every run), then what the server answers.
    struct Outcome {
        var reports: [String] = []
        var device: [String] = []
        var server: [String] = []
    }

    @Test("a device pushes doses, a workout, glucose readings and a food to a server on PostgreSQL; a second device pulls them; edits and deletes follow, exactly as on SQLite")
    func pushAndPullAsOnSQLite() async throws {
        let onSQLite = try ServerProcess()
        defer { onSQLite.remove() }
        let sqlite = try await Self.exchange(with: onSQLite)

        var postgres = Outcome()
        try await PostgresCluster.withFreshDatabase { url in
            let onPostgres = try ServerProcess(extraArguments: ["--database", url])
            defer { onPostgres.remove() }
            postgres = try await Self.exchange(with: onPostgres)
        }

        #expect(postgres.reports == sqlite.reports)
        #expect(postgres.device == sqlite.device)
        #expect(postgres.server == sqlite.server)
        // The exchange did happen: every kind of row reached the second device.
        #expect(sqlite.device.contains { $0.hasPrefix("dose long|20.0|") }, "\(sqlite.device)")
        #expect(sqlite.device.contains { $0.hasPrefix("workout ") }, "\(sqlite.device)")
        #expect(sqlite.device.filter { $0.hasPrefix("reading ") }.count == 4, "\(sqlite.device)")
        #expect(sqlite.device.contains("food Crème brûlée|330.0"), "\(sqlite.device)")
        #expect(sqlite.server.contains("search creme: Crème brûlée"), "\(sqlite.server)")
    }

    /// The exchange against `server`: A and B write offline, sync A, B, A; A edits a dose and B
    /// deletes one, sync again; then both devices must hold the same rows, and the server too.
    static func exchange(with server: ServerProcess) async throws -> Outcome {
        let a = try Device(), b = try Device()
        defer {
            a.tend.remove()
            b.tend.remove()
        }
        let url = "http://127.0.0.1:\(server.port)"
        let password = SyncEndToEndTests.password
        let signup = try a.run(["account", "signup", "--server", url, "--email", "ana@example.com", "--name", "Ana"], password: password)
        guard signup.status == 0 else { throw Failure(description: "signup: \(signup.stderr)") }
        let login = try b.run(["account", "login", "--server", url, "--email", "ana@example.com"], password: password)
        guard login.status == 0 else { throw Failure(description: "login: \(login.stderr)") }

        var outcome = Outcome()
        func sync(_ name: String, _ device: Device) throws {
            let report = try device.sync()
            outcome.reports.append("\(name): pushed \(report["pushed"] ?? "-") pulled \(report["pulled"] ?? "-") "
                                   + "conflicts \(report["conflicts"] ?? "-") pending \(report["pending"] ?? "-")")
        }

        // Offline on both devices.
        _ = try a.log("long", "20", at: "08:00", note: "from A")
        let lunch = try a.log("rapid", "4", at: "12:30", note: "lunch")
        let fromB = try b.log("rapid", "6", at: "13:00", note: "from B")
        _ = try a.json("workout", "log", "back squat 100kg 5x5", "--at", "2026-11-29 19:00", "--duration", "45")
        let export = a.tend.folder.appendingPathComponent("libreview.csv")
        try Data(GlucoseSyncEndToEndTests.export.utf8).write(to: export)
        #expect(try a.json("glucose", "import", export.path)["readings_added"] as? Int == 4)
        _ = try a.json("food", "add", "Crème brûlée", "--serving", "1 ramekin", "--grams", "100", "--kcal", "330")
        try sync("A", a)
        try sync("B", b)
        try sync("A", a)

        // Edits and deletes travel the same way.
        #expect(try a.run("insulin", "edit", lunch, "--units", "4.5").status == 0)
        #expect(try b.run("insulin", "delete", fromB).status == 0)
        _ = try b.json("workout", "log", "deadlift 140kg 3", "--at", "2026-11-30 07:00")
        try sync("A", a)
        try sync("B", b)
        try sync("A", a)

        let rowsA = try rows(of: a), rowsB = try rows(of: b)
        #expect(rowsA == rowsB, "both devices hold the same rows, ids included")
        #expect(try a.pending() == 0 && b.pending() == 0)
        #expect(try a.conflicts().isEmpty && b.conflicts().isEmpty)
        outcome.device = rowsB.map { String($0.split(separator: "|id ")[0]) }.sorted()

        // The server: what a client of its API sees.
        let token = try a.token
        let doses = try await server.send("GET", "/v1/insulin/doses", token: token).json["doses"] as? [[String: Any]] ?? []
        let serverIDs = Set(doses.compactMap { $0["id"] as? String })
        #expect(serverIDs == Set(try a.doses().compactMap { $0["id"] as? String }), "the server holds the devices' doses")
        outcome.server += doses.map { "dose \($0["kind"] ?? "-")|\($0["units"] ?? "-")|\($0["note"] ?? "-")" }.sorted()
        for query in ["creme", "brulee", "crème brû"] {
            let found = try await server.send("GET", "/v1/foods?q=\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)",
                                              token: token).json["foods"] as? [[String: Any]] ?? []
            outcome.server.append("search \(query): " + found.compactMap { $0["name"] as? String }.joined(separator: ", "))
        }
        let pulled = try await server.send("GET", "/v1/sync/pull?protocol=1&limit=1000", token: token).json
        let changes = pulled["changes"] as? [[String: Any]] ?? []
        outcome.server.append("log: " + changes.compactMap { "\($0["table"] ?? $0["table_name"] ?? "-")" }.sorted().joined(separator: " "))
        return outcome
    }

    /// A device's synced rows, one line each, sorted: doses, workouts with their sets, glucose
    /// readings and its own foods.
    static func rows(of device: Device) throws -> [String] {
        let sql = """
            SELECT 'dose ' || kind || '|' || units || '|' || taken_at || '|' || ifnull(note, '-') || '|id ' || id
                FROM insulin_doses WHERE owner_id = 'local' AND deleted_at IS NULL;
            SELECT 'workout ' || kind || '|' || started_at || '|' || ifnull(duration_min, '-') || '|'
                || (SELECT group_concat(exercise || ' ' || ifnull(weight_kg, '-') || 'x' || ifnull(reps, '-'), ', ')
                    FROM (SELECT * FROM workout_sets s WHERE s.workout_id = w.id ORDER BY position)) || '|id ' || id
                FROM workouts w WHERE owner_id = 'local' AND deleted_at IS NULL;
            SELECT 'reading ' || date || '|' || type || '|' || ifnull(mgdl, '-') || '|id ' || id
                FROM glucose_readings WHERE owner_id = 'local' AND deleted_at IS NULL;
            SELECT 'food ' || name || '|' || kcal FROM foods WHERE owner_id = 'local' AND deleted_at IS NULL;
            """
        return try SyncEndToEndTests.sqlite(device.databasePath, sql).split(separator: "\n").map(String.init).sorted()
    }
}
