import Foundation
import Console
import Core
import Domain
import Data
import HTTP
import NutritionFeature

/// The fixture USDA table (`Tests/Fixtures/usda/mini_sr24.jar`, built by `make_fixture.py`):
/// 14 real SR24 foods, one damaged file (`01002.xml`) and the non-XML `foods.index`.
enum NutritionFixture {
    static let jar = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/usda/mini_sr24.jar").path
}

/// The food, diet and body use cases on a fresh in-memory SQLite database, wired as
/// `Composition` wires them, without the rest of the app. The training use cases come along:
/// their settings hold the person's unit for weights.
struct NutritionStack {
    let accounts: SQLiteAccountRepository
    let nutrition: NutritionUseCases
    let foodTables: FoodTableUseCases
    let body: BodyUseCases
    let workouts: WorkoutUseCases
    let recordIDs: RecordIDs

    /// - Parameter timeZone: the zone of the device's own (`local`) data; accounts use their own.
    init(clock: any Clock, timeZone: String = "UTC") throws {
        let database = try Database(path: ":memory:")
        try TendMigrations.migrator.migrate(database, now: clock.now)
        let accounts = SQLiteAccountRepository(database: database)
        self.accounts = accounts
        let zone: @Sendable (String) -> String = { owner in
            owner == Owner.local ? timeZone : (try? accounts.account(id: owner))?.timeZoneIdentifier ?? timeZone
        }
        let foods = SQLiteFoodRepository(database: database, clock: clock)
        nutrition = NutritionUseCases(foods: foods, diet: SQLiteDietRepository(database: database), usda: USDAReader(),
                                      transactor: database, clock: clock, timeZone: zone)
        foodTables = FoodTableUseCases(foods: foods, tables: foods, usda: USDAReader(), korean: KoreanFoodReader(), transactor: database)
        let workoutRepository = SQLiteWorkoutRepository(database: database)
        body = BodyUseCases(weights: SQLiteWeightRepository(database: database), transactor: database, clock: clock, timeZone: zone,
                            displayUnit: { owner in WeightUnit(stored: (try? workoutRepository.settings(ownerID: owner))??.displayUnit) })
        workouts = WorkoutUseCases(workouts: workoutRepository, exercises: SQLiteExerciseRepository(database: database),
                                   activities: nil, transactor: database, clock: clock, timeZone: zone)
        recordIDs = RecordIDs(lookup: SQLiteRecordLookup(database: database))
    }

    /// An account made straight in the repository (no password): its test bearer token.
    func token(_ email: String, zone: String, at now: Date) throws -> String {
        if let account = try accounts.account(email: email) { return "test-token:" + account.id }
        let account = Account(id: UUIDv7.makeString(at: now), email: email, displayName: "X", timeZoneIdentifier: zone,
                              passwordHash: "-", createdAt: now, updatedAt: now)
        try accounts.insert(account)
        return "test-token:" + account.id
    }

    /// The nutrition routes behind the request pipeline; a test token names its account.
    func application() -> HTTPApplication {
        var router = Router()
        router.addRoutes(NutritionRoutes.make(nutrition: nutrition, body: body))
        let accounts = accounts
        return HTTPApplication(router: router, logger: nil, authenticate: { token in
            guard token.hasPrefix("test-token:") else { return nil }
            return try accounts.account(id: String(token.dropFirst("test-token:".count)))?.id
        })
    }
}

/// Runs `food`, `diet` and `weight` commands against the nutrition use cases with a fixed clock
/// in Asia/Seoul (2026-11-30 21:00 there), the fixture table imported, as `tend` would.
struct NutritionCommandHarness {
    let stack: NutritionStack
    let now: Date
    let defaultUSDAPath: String?

    init(now: String = "2026-11-30T21:00:00+09:00", importing: Bool = true, defaultUSDAPath: String? = nil) throws {
        self.now = ISO8601.parseInstant(now)!
        self.defaultUSDAPath = defaultUSDAPath
        stack = try NutritionStack(clock: FixedClock(self.now), timeZone: "Asia/Seoul")
        if importing { _ = try stack.nutrition.importUSDA(path: NutritionFixture.jar) }
    }

    struct Result: CustomStringConvertible {
        let status: Int32
        let stdout: String
        let stderr: String

        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] else {
                throw CocoaError(.propertyListReadCorrupt)
            }
            return object
        }

        var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    func run(_ arguments: String...) -> Result {
        run(arguments)
    }

    func run(_ arguments: [String]) -> Result {
        let context = NutritionContext(nutrition: stack.nutrition, body: stack.body, ownerID: "local", ids: stack.recordIDs,
                                       defaultUSDAPath: defaultUSDAPath)
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: NutritionCommands.make(context: { _ in context }))
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output).run(arguments)
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }

    /// `--json` output of a command that must succeed.
    func json(_ arguments: String...) throws -> [String: Any] {
        let result = run(["--json"] + arguments)
        guard result.status == 0 else { throw HarnessFailure(result: result) }
        return try result.json()
    }

    func scratchFile(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("nutrition-\(UUID())-\(name)").path
    }
}

struct HarnessFailure: Error, CustomStringConvertible {
    let result: NutritionCommandHarness.Result
    var description: String { "command failed: \(result)" }
}

/// The nutrition routes in process, through the request pipeline, with the fixture imported.
struct NutritionAPIHarness {
    let stack: NutritionStack
    let application: HTTPApplication
    let now: Date

    init(now: String = "2026-11-30T21:00:00+09:00") throws {
        self.now = ISO8601.parseInstant(now)!
        stack = try NutritionStack(clock: FixedClock(self.now), timeZone: "Asia/Seoul")
        _ = try stack.nutrition.importUSDA(path: NutritionFixture.jar)
        application = stack.application()
    }

    struct Response {
        let status: Int
        let body: Data

        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var error: [String: Any]? { json["error"] as? [String: Any] }
        var errorCode: String? { error?["code"] as? String }
    }

    func send(_ method: String, _ path: String, json: Any? = nil, raw: String? = nil, token: String?, query: [String: String] = [:]) -> Response {
        var headers = ["Content-Type": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let body = raw.map { Data($0.utf8) } ?? json.map { try! JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let response = application.respond(to: HTTPRequest(method: method, path: path, query: query, headers: headers, body: body))
        return Response(status: response.status, body: response.body)
    }

    /// An account in Asia/Seoul; returns its token.
    func token(_ email: String) -> String {
        try! stack.token(email, zone: "Asia/Seoul", at: now)
    }
}

/// Keys of a JSON object, sorted.
func keys(_ value: Any?) -> [String] {
    ((value as? [String: Any])?.keys).map { $0.sorted() } ?? []
}

let macroKeys = ["carbs_g", "fat_g", "kcal", "protein_g"]
let entryKeys = ["amount", "carbs_g", "date", "fat_g", "food_id", "grams", "handle", "id", "kcal", "meal", "name", "protein_g"]
let foodKeys = ["carbs_g_per_100g", "fat_g_per_100g", "favorite", "id", "kcal_per_100g", "measures", "name", "name_en", "name_ko", "protein_g_per_100g", "source"]
