import Foundation
import Console
import Core
import Domain
import HTTP
import Composition
import NutritionFeature

/// The fixture USDA table (`Tests/Fixtures/usda/mini_sr24.jar`, built by `make_fixture.py`):
/// 14 real SR24 foods, one damaged file (`01002.xml`) and the non-XML `foods.index`.
enum NutritionFixture {
    static let jar = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/usda/mini_sr24.jar").path
}

/// Runs `food`, `diet` and `weight` commands against an in-memory container with a fixed clock
/// in Asia/Seoul (2026-11-30 21:00 there), the fixture table imported, as `tend` would.
struct NutritionCommandHarness {
    let container: Container
    let now: Date
    let defaultUSDAPath: String?

    init(now: String = "2026-11-30T21:00:00+09:00", importing: Bool = true, defaultUSDAPath: String? = nil) throws {
        self.now = ISO8601.parseInstant(now)!
        self.defaultUSDAPath = defaultUSDAPath
        container = try Container.inMemory(clock: FixedClock(self.now), timeZone: "Asia/Seoul")
        if importing { _ = try container.nutrition.importUSDA(path: NutritionFixture.jar) }
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
        let context = NutritionContext(nutrition: container.nutrition, body: container.body, ownerID: "local", ids: container.recordIDs,
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

/// The whole server pipeline in process on an in-memory container with the fixture imported.
struct NutritionAPIHarness {
    let container: Container
    let application: HTTPApplication

    init(now: String = "2026-11-30T21:00:00+09:00") throws {
        container = try Container.inMemory(clock: FixedClock(ISO8601.parseInstant(now)!), timeZone: "Asia/Seoul")
        _ = try container.nutrition.importUSDA(path: NutritionFixture.jar)
        application = ServerApplication.make(container: container, logger: nil)
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

    /// Signs up (Asia/Seoul) and logs in; returns the token.
    func token(_ email: String) -> String {
        _ = send("POST", "/v1/accounts", json: ["email": email, "password": "correct horse battery", "display_name": "X", "time_zone": "Asia/Seoul"],
                 token: nil)
        return send("POST", "/v1/sessions", json: ["email": email, "password": "correct horse battery"], token: nil).json["token"] as? String ?? ""
    }
}

/// Keys of a JSON object, sorted.
func keys(_ value: Any?) -> [String] {
    ((value as? [String: Any])?.keys).map { $0.sorted() } ?? []
}

let macroKeys = ["carbs_g", "fat_g", "kcal", "protein_g"]
let entryKeys = ["amount", "carbs_g", "date", "fat_g", "food_id", "grams", "handle", "id", "kcal", "meal", "name", "protein_g"]
let foodKeys = ["carbs_g_per_100g", "fat_g_per_100g", "favorite", "id", "kcal_per_100g", "measures", "name", "name_en", "name_ko", "protein_g_per_100g", "source"]
