import Foundation
import FoundationXML
import Testing
import Core

@Suite("tend weight")
struct WeightCommandTests {
    @Test(arguments: [("160lb", 72.57), ("160 lbs", 72.57), ("160LB", 72.57), ("72.5", 72.5), ("72.5kg", 72.5), ("72.5 kg", 72.5)])
    func poundsAndKilograms(text: String, kilograms: Double) throws {
        let tend = try NutritionCommandHarness()
        let json = try tend.json("weight", "log", text)
        #expect(json["kg"] as? Double == kilograms)
        #expect(keys(json) == ["fat_pct", "handle", "id", "kg", "muscle_kg", "taken_at"])
        #expect(json["taken_at"] as? String == "2026-11-30T21:00:00+09:00")
        let stored = try #require(try tend.stack.body.entries(ownerID: "local").first)
        if text.lowercased().contains("lb") {
            #expect(abs(stored.kilograms - 160 * 0.453_592_37) < 1e-9) // the international pound
        }
    }

    @Test func fatAndMuscleAndTheTextOutput() throws {
        let tend = try NutritionCommandHarness()
        let json = try tend.json("weight", "log", "72.5", "--fat", "18.5", "--muscle", "32.1", "--at", "07:10")
        #expect(json["fat_pct"] as? Double == 18.5)
        #expect(json["muscle_kg"] as? Double == 32.1)
        #expect(json["taken_at"] as? String == "2026-11-30T07:10:00+09:00")
        let text = tend.run("weight", "log", "72.0")
        #expect(text.status == 0)
        #expect(text.stdout.contains("✓ 72.0 kg · trend 72.0 kg"))
        let list = tend.run("weight", "list")
        #expect(list.stdout.contains("2026-11-30 07:10"))
        #expect(list.stdout.contains("18.5 %"))
    }

    @Test(arguments: [
        ["weight", "log", "10"], ["weight", "log", "500"], ["weight", "log", "abc"], ["weight", "log", "-70"],
        ["weight", "log", "70", "--fat", "80"], ["weight", "log", "70", "--fat", "abc"], ["weight", "log", "70", "--muscle", "70"],
        ["weight", "log", "70", "--muscle", "80"], ["weight", "log", "70", "--at", "2026-12-01 07:00"], ["weight", "log", "70", "--at", "noon"],
        ["weight", "log", "1000lb"], ["weight", "log", "nan"], ["weight", "log", "inf"],
    ])
    func badWeighingsExitTwo(arguments: [String]) throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(try tend.stack.body.entries(ownerID: "local").isEmpty)
    }

    /// 11-27 80.0; 11-28 79.6 then 80.3 (the day's last counts); nothing on 11-29; 11-30 79.1.
    /// Trend: 80.0 → 80.03 → 80.03 + 0.1 × (79.1 − 80.03) = 79.937. The least-squares slope of
    /// the trend over days 0, 1, 3 is −0.024643 kg/day: −0.1725 kg a week.
    func logSeries(_ tend: NutritionCommandHarness) throws {
        for (at, kg) in [("2026-11-28 21:00", "80.3"), ("2026-11-27 07:00", "80.0"), ("2026-11-28 07:00", "79.6"), ("2026-11-30 07:00", "79.1")] {
            let result = tend.run("weight", "log", kg, "--at", at)
            #expect(result.status == 0, "\(result)")
        }
    }

    @Test func listIsEveryWeighingOldestFirst() throws {
        let tend = try NutritionCommandHarness()
        try logSeries(tend)
        let list = try tend.json("weight", "list")
        #expect(keys(list) == ["entries"])
        let entries = try #require(list["entries"] as? [[String: Any]])
        #expect(entries.map { $0["taken_at"] as? String } == ["2026-11-27T07:00:00+09:00", "2026-11-28T07:00:00+09:00",
                                                              "2026-11-28T21:00:00+09:00", "2026-11-30T07:00:00+09:00"])
        #expect(entries.map { $0["kg"] as? Double } == [80.0, 79.6, 80.3, 79.1])
        #expect(entries.allSatisfy { $0["fat_pct"] is NSNull && $0["muscle_kg"] is NSNull })
    }

    @Test func trendJSONIsOnePointPerDay() throws {
        let tend = try NutritionCommandHarness()
        try logSeries(tend)
        let trend = try tend.json("weight", "trend")
        #expect(keys(trend) == ["entries", "weekly_change_kg"])
        let entries = try #require(trend["entries"] as? [[String: Any]])
        #expect(entries.allSatisfy { keys($0) == ["date", "kg", "trend_kg"] })
        #expect(entries.map { $0["date"] as? String } == ["2026-11-27", "2026-11-28", "2026-11-30"])
        #expect(entries.map { $0["kg"] as? Double } == [80.0, 80.3, 79.1])
        #expect(entries.map { $0["trend_kg"] as? Double } == [80.0, 80.03, 79.94])
        #expect(trend["weekly_change_kg"] as? Double == -0.17)
        let text = tend.run("weight", "trend")
        #expect(text.status == 0)
        #expect(text.stdout.contains("79.94 kg"))
        #expect(text.stdout.contains("Trend: -0.17 kg a week"))
        let logged = tend.run("weight", "log", "79.0", "--at", "2026-11-30 08:00")
        #expect(logged.stdout.contains("trend 79.93 kg"))
    }

    @Test func anEmptyTrend() throws {
        let tend = try NutritionCommandHarness()
        let trend = try tend.json("weight", "trend")
        #expect((trend["entries"] as? [Any])?.isEmpty == true)
        #expect(trend["weekly_change_kg"] is NSNull)
        #expect(tend.run("weight", "trend").stdout.contains("No weighings yet"))
        _ = try tend.json("weight", "log", "70")
        #expect(try tend.json("weight", "trend")["weekly_change_kg"] is NSNull)
    }

    @Test func trendAsAnSVGFile() throws {
        let tend = try NutritionCommandHarness()
        try logSeries(tend)
        let path = tend.scratchFile("trend.svg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = tend.run("weight", "trend", "--svg", path)
        #expect(result.status == 0, "\(result)")
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
        #expect(document.rootElement()?.name == "svg")
        #expect(try document.nodes(forXPath: "//*[local-name()='circle']").count == 3)
        #expect(try document.nodes(forXPath: "//*[local-name()='path']").count == 1)
        let empty = try NutritionCommandHarness()
        let emptyPath = empty.scratchFile("empty.svg")
        defer { try? FileManager.default.removeItem(atPath: emptyPath) }
        #expect(empty.run("weight", "trend", "--svg", emptyPath).status == 0)
        #expect(try XMLDocument(contentsOf: URL(fileURLWithPath: emptyPath), options: []).rootElement()?.name == "svg")
    }
}

/// Weights in the person's unit, and a weighing found again by handle or `last`.
@Suite("tend weight: units and handles")
struct WeightUnitAndHandleTests {
    @Test func poundsEverywhereWhenThePersonChoseThem() throws {
        let tend = try NutritionCommandHarness()
        _ = try tend.stack.workouts.updateSettings(ownerID: "local") { $0.displayUnit = "lb" }
        // A bare number is in pounds now; a written unit still wins.
        let logged = tend.run("weight", "log", "160", "--at", "07:00")
        #expect(logged.status == 0, "\(logged)")
        #expect(logged.stdout.hasPrefix("✓ 160.0 lb") || logged.stdout.hasPrefix("✓ 160 lb"), "\(logged.stdout)")
        let stored = try tend.json("weight", "list")
        let entries = try #require(stored["entries"] as? [[String: Any]])
        #expect(abs((entries.first?["kg"] as? Double ?? 0) - 72.57) < 0.01) // JSON stays in kilograms
        #expect(tend.run("weight", "log", "70kg", "--at", "08:00").status == 0)
        let list = tend.run("weight", "list")
        #expect(list.stdout.contains("160") && list.stdout.contains("154.32 lb") && !list.stdout.contains(" kg"), "\(list.stdout)")
        let trend = tend.run("weight", "trend")
        #expect(trend.stdout.contains(" lb") && !trend.stdout.contains(" kg"), "\(trend.stdout)")
    }

    @Test func aWeighingIsDeletedByHandleOrLast() throws {
        let tend = try NutritionCommandHarness()
        #expect(tend.run("weight", "log", "72.5", "--at", "07:00").status == 0)
        #expect(tend.run("weight", "log", "725", "--at", "07:05").status == 2) // a slip is refused, not stored
        #expect(tend.run("weight", "log", "75.2", "--at", "07:05").status == 0)
        let entries = try #require(try tend.json("weight", "list")["entries"] as? [[String: Any]])
        let handle = try #require(entries.first?["handle"] as? String)
        #expect(tend.run("weight", "list").stdout.contains(handle))
        let deleted = tend.run("weight", "delete", "last")
        #expect(deleted.stdout.contains("75.2 kg"), "\(deleted)")
        #expect(tend.run("weight", "delete", handle).status == 0)
        #expect((try tend.json("weight", "list")["entries"] as? [Any])?.isEmpty == true)
        #expect(tend.run("weight", "delete", "last").status == 1)
    }
}
