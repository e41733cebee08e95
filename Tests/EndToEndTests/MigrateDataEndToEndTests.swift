import Foundation
import Testing

/// `tend-server migrate-data`: a SQLite server filled through the API, moved into a fresh
/// PostgreSQL database (the cluster of `TEND_TEST_POSTGRES_URL`), moved again (nothing added),
/// then served from PostgreSQL: the same accounts, doses, photo, quest, food log and sync log.
@Suite("tend-server migrate-data: a SQLite server's data into PostgreSQL", .enabled(if: PostgresCluster.url != nil), .serialized)
struct MigrateDataEndToEndTests {
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try InstallServerConfigEndToEndTests.serverRun(arguments)
    }

    /// The `copied` column of the table's line in the report.
    static func copied(_ table: String, in report: String) -> Int? {
        report.split(separator: "\n").first { $0.hasPrefix(table + " ") }
            .flatMap { line in line.split(separator: " ").dropFirst(2).first.flatMap { Int($0) } }
    }

    @Test("every row and the photo move, a second run adds nothing, and a server on PostgreSQL reads it all back")
    func moveThenServe() async throws {
        let sqlite = try ServerProcess()
        defer { sqlite.remove() }
        let minji = try await sqlite.token(for: "minji@example.com")
        let haru = try await sqlite.token(for: "haru@example.com")
        var doses: Set<String> = []
        for units in [10, 4, 6] {
            let id = UUID().uuidString.lowercased()
            let posted = try await sqlite.send("POST", "/v1/insulin/doses",
                                               json: ["id": id, "kind": units == 10 ? "long" : "rapid", "units": units, "force": true], token: minji)
            #expect(posted.status == 201)
            doses.insert(id)
        }
        let code = try await sqlite.send("POST", "/v1/couple/invites", token: minji).json["code"] as? String ?? ""
        #expect(try await sqlite.send("POST", "/v1/couple/join", json: ["code": code], token: haru).status == 200)
        let photo = try await sqlite.send("PUT", "/v1/couple/photos/today", body: CoupleEndToEndTests.jpeg, contentType: "image/jpeg", token: minji)
        let photoID = try #require(photo.json["id"] as? String)
        let photoBytes = try await sqlite.send("GET", "/v1/couple/photos/\(photoID)", token: haru).body
        #expect(try await sqlite.send("POST", "/v1/quests/journeys", json: ["nickname": "Bori", "feeling": "sad", "style": "question"],
                                      token: haru).status < 300)
        #expect(try await sqlite.send("POST", "/v1/quests/answer", json: ["text": "An answer long enough to count, written down."],
                                      token: haru).status < 300)
        let progress = try await sqlite.send("GET", "/v1/quests/progress", token: haru).body
        let food = try await sqlite.send("POST", "/v1/foods", json: ["name": "Kimchi stew à la crème", "serving": "1 bowl", "grams": 250, "kcal": 300,
                                                                     "protein_g": 10, "carbs_g": 40, "fat_g": 8], token: minji)
        let foodID = try #require(food.json["id"] as? String)
        #expect(try await sqlite.send("POST", "/v1/diet/entries", json: ["meal": "lunch", "food": foodID, "amount": "1 bowl"],
                                      token: minji).status < 300)
        let diet = try await sqlite.send("GET", "/v1/diet/day", token: minji).json
        let pulled = try await sqlite.send("GET", "/v1/sync/pull?protocol=1&limit=1000", token: minji).json
        let changes = (pulled["changes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(!changes.isEmpty)
        let stopped = sqlite.stop()
        #expect(stopped.status == 0)

        let (database, url) = try PostgresCluster.freshDatabase()
        defer { PostgresCluster.drop(database) } // after the servers below are removed
        let first = try Self.run(["migrate-data", "--from", sqlite.databasePath, "--to", url])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(Self.copied("insulin_doses", in: first.stdout) == 3, "\(first.stdout)")
        #expect(Self.copied("photos", in: first.stdout) == 1, "\(first.stdout)")
        #expect(Self.copied("accounts", in: first.stdout) == 2)
        #expect(!first.stdout.contains("password"), "the report names no secret")
        // Analysed once moved: PostgreSQL counts the moved rows (never analysed, it says -1).
        #expect(PostgresCluster.value("SELECT reltuples FROM pg_class WHERE relname = 'insulin_doses'", in: url) == "3")
        let second = try Self.run(["migrate-data", "--from", sqlite.databasePath, "--to", url])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains(": 0 rows and photos copied now"), "\(second.stdout)")
        #expect(Self.copied("insulin_doses", in: second.stdout) == 0)

        let postgres = try ServerProcess(extraArguments: ["--database", url])
        defer { postgres.remove() }
        let token = try await postgres.token(for: "minji@example.com")
        #expect(!token.isEmpty, "the password hash moved: the same password logs in")
        let listed = try await postgres.send("GET", "/v1/insulin/doses", token: token)
        #expect(Set((listed.json["doses"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }) == doses)
        let partner = try await postgres.token(for: "haru@example.com")
        let photoAgain = try await postgres.send("GET", "/v1/couple/photos/\(photoID)", token: partner)
        #expect(photoAgain.status == 200 && photoAgain.body == photoBytes)
        #expect(try await postgres.send("GET", "/v1/quests/progress", token: partner).body == progress)
        let dietAgain = try await postgres.send("GET", "/v1/diet/day", token: token).json
        #expect(NSDictionary(dictionary: dietAgain).isEqual(to: diet), "\(dietAgain) vs \(diet)")
        // The folded names moved with the food: PostgreSQL's search finds it without the accent.
        let found = try await postgres.send("GET", "/v1/foods?q=creme", token: token).json["foods"] as? [[String: Any]]
        #expect(found?.compactMap { $0["id"] as? String } == [foodID], "\(found ?? [])")
        // The sync log moved with its order: the same changes, and a cursor from before goes on from there.
        let pulledAgain = try await postgres.send("GET", "/v1/sync/pull?protocol=1&limit=1000", token: token).json
        #expect((pulledAgain["changes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } == changes)
        // New rows on PostgreSQL take ids after the moved ones (the sequences were set past them).
        let later = try await postgres.send("POST", "/v1/insulin/doses", json: ["kind": "rapid", "units": 3, "force": true], token: token)
        #expect(later.status == 201)
        let afterCursor = try await postgres.send("GET", "/v1/sync/pull?protocol=1&limit=1000&cursor=\(pulledAgain["cursor"] as? String ?? "")",
                                                  token: token).json
        #expect((afterCursor["changes"] as? [Any])?.count == 1, "\(afterCursor)")
    }

    @Test("a target that is not PostgreSQL, or a missing file, is refused")
    func refusals() throws {
        let notPostgres = try Self.run(["migrate-data", "--from", "/tmp/x.sqlite", "--to", "/tmp/y.sqlite"])
        #expect(notPostgres.status == 2, "\(notPostgres.stderr)")
        let missing = try Self.run(["migrate-data", "--from", "/tmp/tend-nothing-\(UUID()).sqlite", "--to", PostgresCluster.url ?? ""])
        #expect(missing.status == 1 && missing.stderr.contains("no SQLite database"), "\(missing.stderr)")
    }
}
