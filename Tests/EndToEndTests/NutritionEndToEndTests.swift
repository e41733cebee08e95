import Foundation
import Testing

/// The built `tend` on a database in a temporary folder, TZ=Asia/Seoul, TEND_NOW fixed at
/// 2026-11-30 21:00 in Seoul, with the fixture USDA table of `Tests/Fixtures/usda`.
@Suite("tend food, diet and weight, end to end", .serialized)
struct NutritionEndToEndTests {
    static let fixtureJar = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/usda/mini_sr24.jar").path

    @Test func importSearchAndADayOfMeals() throws {
        let tend = try TendProcess()
        defer { tend.remove() }
        // TEND_USDA points nowhere, so that only the path given is used.
        let environment = ["TEND_USDA": tend.folder.appendingPathComponent("no-usda.jar").path]

        let imported = try tend.run(["food", "import-usda", Self.fixtureJar], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported 14 foods"))
        #expect(imported.stderr.contains("01002.xml"), "the damaged file is named on stderr")
        #expect(!imported.stdout.contains("01002.xml"))

        let noop = try tend.run(["food", "import-usda", "--if-empty", Self.fixtureJar], environment: environment)
        #expect(noop.status == 0)
        #expect(noop.stdout.isEmpty)
        #expect(noop.stderr.isEmpty)

        let search = try tend.run("food", "search", "salted butter")
        #expect(search.status == 0)
        #expect(search.stdout.contains("Butter, salted"))
        #expect(search.stdout.contains("usda:01001"))
        let json = try tend.run("--json", "food", "search", "salted butter").json()
        #expect(((json["foods"] as? [[String: Any]])?.first)?["id"] as? String == "usda:01001")

        for arguments in [["diet", "log", "breakfast", "egg", "2 large"], ["diet", "log", "breakfast", "salted butter", "1 tbsp"],
                          ["diet", "log", "breakfast", "usda:18069", "2 slice"], ["diet", "log", "lunch", "chick bre", "200g"],
                          ["diet", "log", "lunch", "apple", "1 cup"], ["diet", "log", "snack", "quick", "250kcal"]] {
            let result = try tend.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let day = try tend.run("--json", "diet", "today").json()
        #expect(day["date"] as? String == "2026-11-30")
        // 143 + 101.814 + 148.4 + 228 + 65 + 250
        #expect((day["totals"] as? [String: Any])?["kcal"] as? Double == 936.21)

        let today = try tend.run("today")
        #expect(today.status == 0, "\(today.stderr)")
        #expect(today.stdout.contains("Diet"))
        #expect(today.stdout.contains("1064 kcal left of 2000"))
    }

    @Test func badInputExitCodes() throws {
        let tend = try TendProcess()
        defer { tend.remove() }
        #expect(try tend.run("food", "import-usda", Self.fixtureJar).status == 0)
        let unknown = try tend.run("diet", "log", "lunch", "butter xyzzy", "10g")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.hasPrefix("error: "))
        #expect(unknown.stderr.contains("Butter"))
        let measure = try tend.run("diet", "log", "lunch", "usda:01001", "1 bowl")
        #expect(measure.status == 2)
        #expect(measure.stderr.contains("tbsp"))
        #expect(try tend.run("diet", "log", "lunch", "usda:01001", "20 kg").status == 2)
        #expect(try tend.run("diet", "log", "brunch", "usda:01001", "10g").status == 2)
        #expect(try tend.run("weight", "log", "10").status == 2)
        let missing = try tend.run("food", "import-usda", tend.folder.appendingPathComponent("missing.jar").path)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("missing.jar"))
    }

    @Test func weightInPoundsAndTheTrend() throws {
        let tend = try TendProcess()
        defer { tend.remove() }
        for (kg, at) in [("80.0", "2026-11-27 07:00"), ("79.6", "2026-11-28 07:00"), ("80.3", "2026-11-28 21:00")] {
            let logged = try tend.run("weight", "log", kg, "--at", at)
            #expect(logged.status == 0, "\(kg) at \(at): \(logged.stderr)")
        }
        let pounds = try tend.run("--json", "weight", "log", "174.4lb", "--at", "2026-11-30 07:00").json()
        #expect(pounds["kg"] as? Double == 79.11)
        let trend = try tend.run("--json", "weight", "trend").json()
        #expect((trend["entries"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2026-11-27", "2026-11-28", "2026-11-30"])
        #expect((trend["entries"] as? [[String: Any]])?.map { $0["trend_kg"] as? Double } == [80.0, 80.03, 79.94])
        let svg = tend.folder.appendingPathComponent("trend.svg").path
        #expect(try tend.run("weight", "trend", "--svg", svg).status == 0)
        #expect(try String(contentsOfFile: svg, encoding: .utf8).hasPrefix("<svg"))
        let today = try tend.run("today")
        #expect(today.stdout.contains("Weight trend 79.94 kg"))
    }
}
