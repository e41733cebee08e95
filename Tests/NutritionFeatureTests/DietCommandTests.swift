import Foundation
import FoundationXML
import Testing
import Core

@Suite("tend diet")
struct DietCommandTests {
    @Test func logByIDWithAHouseholdMeasure() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("diet", "log", "breakfast", "usda:01001", "1 tbsp")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Breakfast: Butter, salted, 1 tbsp (14.2 g) — 102 kcal"))
        #expect(result.stdout.contains("1898 kcal left today"))
    }

    @Test func logBySearchWordsNamesTheBestMatch() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("diet", "log", "lunch", "chick bre", "200g")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Chicken, broilers or fryers, breast, meat only, raw"))
        let json = try tend.json("diet", "log", "lunch", "salted butter", "2 tbsp")
        #expect(keys(json) == entryKeys)
        #expect(json["food_id"] as? String == "usda:01001")
        #expect(json["name"] as? String == "Butter, salted")
        #expect(json["grams"] as? Double == 28.4)
        #expect(json["amount"] as? String == "2 tbsp")
        #expect(json["meal"] as? String == "lunch")
        #expect(json["date"] as? String == "2026-11-30")
    }

    @Test func logJSONValues() throws {
        let tend = try NutritionCommandHarness()
        let json = try tend.json("diet", "log", "dinner", "usda:05062", "200g")
        #expect(json["grams"] as? Double == 200)
        #expect(json["kcal"] as? Double == 228)
        #expect(json["protein_g"] as? Double == 42.46)
        #expect(json["carbs_g"] as? Double == 0)
        #expect(json["fat_g"] as? Double == 5.18)
        let egg = try tend.json("diet", "log", "breakfast", "egg", "2 large")
        #expect(egg["grams"] as? Double == 100)
        #expect(egg["kcal"] as? Double == 143)
        let bread = try tend.json("diet", "log", "breakfast", "usda:18069", "1.5 slice")
        #expect(bread["grams"] as? Double == 42)
        #expect(bread["kcal"] as? Double == 111.3)
    }

    @Test func quickAddOfBareCalories() throws {
        let tend = try NutritionCommandHarness()
        let json = try tend.json("diet", "log", "snack", "quick", "250kcal")
        #expect(keys(json) == entryKeys)
        #expect(json["food_id"] is NSNull)
        #expect(json["grams"] is NSNull)
        #expect(json["name"] as? String == "Quick add")
        #expect(json["kcal"] as? Double == 250)
        let text = tend.run("diet", "log", "snack", "quick", "250kcal")
        #expect(text.status == 0)
        #expect(text.stdout.contains("1500 kcal left today"))
    }

    @Test func anUnknownFoodExitsOneNamingTheClosestFoods() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("diet", "log", "lunch", "butter xyzzy", "10g")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.contains("butter xyzzy"))
        #expect(result.stderr.contains("Butter, salted") || result.stderr.contains("Butter, without salt"))
        let nothing = tend.run("diet", "log", "lunch", "xyzzy", "10g")
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("xyzzy"))
        let meals = try tend.json("diet", "today")["meals"] as? [String: [Any]]
        #expect(meals?.values.allSatisfy { $0.isEmpty } == true)
    }

    /// "The closest names" of a misspelt food: "chiken brest" is close to the chicken breasts.
    @Test func aMisspeltFoodStillNamesTheClosestFoods() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("diet", "log", "lunch", "chiken brest", "100g")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("Chicken"), "no close name offered: \(result.stderr)")
    }

    @Test func anUnknownMeasureExitsTwoNamingTheMeasures() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("diet", "log", "lunch", "usda:01001", "1 bowl")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("bowl"))
        #expect(result.stderr.contains("tbsp"))
        #expect(result.stderr.contains("stick"))
    }

    @Test(arguments: ["20 kg", "20kg", "10001g", "0g", "abc", "1e9g", "-5g"])
    func absurdAmountsExitTwo(amount: String) throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("diet", "log", "lunch", "usda:09003", amount)
        #expect(result.status == 2, "\(amount): \(result)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(try tend.stack.nutrition.day(ownerID: "local", date: nil).entries.isEmpty)
    }

    @Test func anUnknownMealExitsTwo() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("diet", "log", "brunch", "usda:09003", "100g")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("breakfast, lunch, dinner or snack"))
        #expect(tend.run("diet", "log", "아침", "usda:09003", "100g").status == 0) // the Korean words are meals too
    }

    @Test func todayJSONShape() throws {
        let tend = try NutritionCommandHarness()
        _ = try tend.json("diet", "log", "breakfast", "usda:01001", "10g")
        _ = try tend.json("diet", "log", "lunch", "usda:09003", "1 cup")
        _ = try tend.json("diet", "log", "snack", "quick", "250kcal")
        _ = try tend.json("diet", "log", "dinner", "usda:09003", "100g", "--date", "yesterday")
        let day = try tend.json("diet", "today")
        #expect(keys(day) == ["date", "goals", "meals", "remaining_kcal", "totals"])
        #expect(day["date"] as? String == "2026-11-30")
        #expect(keys(day["totals"]) == macroKeys)
        #expect(keys(day["goals"]) == macroKeys)
        let totals = try #require(day["totals"] as? [String: Any])
        #expect(totals["kcal"] as? Double == 386.7)
        #expect(totals["protein_g"] as? Double == 0.41)
        #expect(totals["carbs_g"] as? Double == 17.27)
        #expect(totals["fat_g"] as? Double == 8.32)
        let goals = try #require(day["goals"] as? [String: Any])
        #expect(goals["kcal"] as? Double == 2000)
        #expect(goals["protein_g"] as? Double == 100)
        #expect(goals["carbs_g"] as? Double == 250)
        #expect(goals["fat_g"] as? Double == 66.67)
        #expect(day["remaining_kcal"] as? Double == 1613.3)
        let meals = try #require(day["meals"] as? [String: Any])
        #expect(meals.keys.sorted() == ["breakfast", "dinner", "lunch", "snack"])
        #expect((meals["dinner"] as? [Any])?.isEmpty == true)
        let breakfast = try #require(meals["breakfast"] as? [[String: Any]])
        #expect(breakfast.count == 1)
        #expect(keys(breakfast[0]) == entryKeys)
        #expect(breakfast[0]["food_id"] as? String == "usda:01001")
        #expect(breakfast[0]["grams"] as? Double == 10)
        #expect(breakfast[0]["kcal"] as? Double == 71.7)
        #expect(breakfast[0]["protein_g"] as? Double == 0.09)
        #expect(breakfast[0]["carbs_g"] as? Double == 0.01)
        #expect(breakfast[0]["fat_g"] as? Double == 8.11)
        let yesterday = try tend.json("diet", "today", "--date", "yesterday")
        #expect(yesterday["date"] as? String == "2026-11-29")
        #expect((yesterday["totals"] as? [String: Any])?["kcal"] as? Double == 52)
        #expect(tend.run("diet", "today", "--date", "2026-13-01").status == 2)
    }

    @Test func todayText() throws {
        let tend = try NutritionCommandHarness()
        _ = try tend.json("diet", "log", "breakfast", "usda:01001", "10g")
        let result = tend.run("diet", "today")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Diet · 2026-11-30"))
        #expect(result.stdout.contains("Breakfast — 72 kcal"))
        #expect(result.stdout.contains("Butter, salted, 10g"))
        #expect(result.stdout.contains("1928 kcal left today."))
        _ = try tend.json("diet", "log", "dinner", "quick", "2500kcal")
        #expect(tend.run("diet", "today").stdout.contains("572 kcal over today's goal."))
    }

    @Test func editDeleteAndTheirErrors() throws {
        let tend = try NutritionCommandHarness()
        let entry = try tend.json("diet", "log", "breakfast", "usda:01001", "1 tbsp")
        let id = try #require(entry["id"] as? String)
        let edited = try tend.json("diet", "edit", id, "--amount", "2 tbsp")
        #expect(edited["id"] as? String == id)
        #expect(edited["grams"] as? Double == 28.4)
        #expect(edited["kcal"] as? Double == 203.63)
        #expect(edited["amount"] as? String == "2 tbsp")
        let text = tend.run("diet", "edit", id, "--amount", "20g")
        #expect(text.status == 0)
        #expect(text.stdout.contains("Butter, salted, 20g — 143 kcal"))
        #expect(tend.run("diet", "edit", id).status == 2)
        #expect(tend.run("diet", "edit", id, "--amount", "1 bowl").status == 2)
        #expect(tend.run("diet", "edit", id, "--amount", "20 kg").status == 2)
        #expect(tend.run("diet", "edit", "0190f000-0000-7000-8000-000000000000", "--amount", "10g").status == 1)
        let deleted = tend.run("diet", "delete", id)
        #expect(deleted.status == 0)
        #expect(deleted.stdout.contains("Deleted."))
        #expect((try tend.json("diet", "today")["totals"] as? [String: Any])?["kcal"] as? Double == 0)
        #expect(tend.run("diet", "delete", id).status == 1)
        #expect(tend.run("diet", "edit", id, "--amount", "10g").status == 1)
        let other = try tend.json("diet", "log", "snack", "quick", "100kcal")
        #expect(try tend.json("diet", "delete", try #require(other["id"] as? String))["deleted"] as? String == other["id"] as? String)
    }

    @Test func copyYesterdaysBreakfast() throws {
        let tend = try NutritionCommandHarness()
        _ = try tend.json("diet", "log", "breakfast", "usda:01123", "2 large", "--date", "yesterday")
        _ = try tend.json("diet", "log", "breakfast", "usda:18069", "1 slice", "--date", "2026-11-29")
        _ = try tend.json("diet", "log", "lunch", "usda:09003", "1 cup", "--date", "yesterday")
        let result = tend.run("diet", "copy", "yesterday", "breakfast")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Copied 2 items of breakfast from 2026-11-29"))
        let today = try tend.json("diet", "today")
        let breakfast = try #require((today["meals"] as? [String: Any])?["breakfast"] as? [[String: Any]])
        #expect(Set(breakfast.compactMap { $0["food_id"] as? String }) == ["usda:01123", "usda:18069"])
        #expect(breakfast.allSatisfy { $0["date"] as? String == "2026-11-30" })
        #expect((today["totals"] as? [String: Any])?["kcal"] as? Double == 217.2)
        #expect(((today["meals"] as? [String: Any])?["lunch"] as? [Any])?.isEmpty == true)
        let json = try tend.json("diet", "copy", "2026-11-29", "lunch", "--to", "2026-12-01")
        #expect((json["entries"] as? [[String: Any]])?.first?["date"] as? String == "2026-12-01")
        let empty = tend.run("diet", "copy", "yesterday", "dinner")
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("dinner"))
        #expect(tend.run("diet", "copy", "last-week", "dinner").status == 2)
        #expect(tend.run("diet", "copy", "yesterday", "brunch").status == 2)
    }

    @Test func goalsWithAPercentSplit() throws {
        let tend = try NutritionCommandHarness()
        // 30 % protein with the standard carbs and fat would make 110 % of 1800 kcal: refused, nothing changes.
        let tooMuch = tend.run("diet", "goals", "--kcal", "1800", "--protein", "30%")
        #expect(tooMuch.status == 2)
        #expect(tooMuch.stderr.contains("at most 100 %"), "\(tooMuch)")
        let goals = try tend.json("diet", "goals", "--kcal", "1800", "--protein", "30%", "--carbs", "40%", "--fat", "30%")
        #expect(keys(goals) == macroKeys)
        #expect(goals["kcal"] as? Double == 1800)
        #expect(goals["protein_g"] as? Double == 135)
        #expect(goals["carbs_g"] as? Double == 180)
        #expect(goals["fat_g"] as? Double == 60)
        let shown = tend.run("diet", "goals")
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("Goals: 1800 kcal · protein 135 g · carbs 180 g · fat 60 g"))
        let split = try tend.json("diet", "goals", "--kcal", "2000", "--protein", "30%", "--carbs", "30%", "--fat", "30%")
        #expect(split["protein_g"] as? Double == 150)
        #expect(split["carbs_g"] as? Double == 150)
        #expect(split["fat_g"] as? Double == 66.67)
        #expect((try tend.json("diet", "today")["goals"] as? [String: Any])?["protein_g"] as? Double == 150)
        for bad in [["--protein", "abc"], ["--kcal", "100"], ["--kcal", "abc"], ["--fat", "150%"], ["--carbs", "-5"]] {
            let result = tend.run(["diet", "goals"] + bad)
            #expect(result.status == 2, "\(bad): \(result)")
        }
        #expect(try tend.json("diet", "goals")["kcal"] as? Double == 2000)
    }

    @Test func weekJSON() throws {
        let tend = try NutritionCommandHarness()
        for (date, kcal) in [("2026-11-23", "3000"), ("2026-11-24", "1800"), ("2026-11-26", "2200"), ("2026-11-27", "1799"), ("2026-11-30", "2000")] {
            _ = try tend.json("diet", "log", "lunch", "quick", kcal + "kcal", "--date", date)
        }
        let week = try tend.json("diet", "week")
        #expect(keys(week) == ["average", "days", "days_on_target", "goals", "logged_days"])
        let days = try #require(week["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == (24...30).map { "2026-11-\($0)" })
        // Every day is present; a day with nothing logged has null totals (not 0 kcal eaten) and a null on_target.
        #expect(days.allSatisfy { keys($0) == ["date", "on_target", "totals"] && ($0["totals"] is NSNull || keys($0["totals"]) == macroKeys) })
        #expect(days.map { ($0["totals"] as? [String: Any])?["kcal"] as? Double } == [1800, nil, 2200, 1799, nil, nil, 2000])
        #expect(days.map { $0["totals"] is NSNull } == [false, true, false, false, true, true, false])
        #expect(days.map { $0["on_target"] as? Bool } == [true, nil, true, false, nil, nil, true])
        #expect(days.map { $0["on_target"] is NSNull } == [false, true, false, false, true, true, false])
        #expect(week["logged_days"] as? Int == 4)
        #expect(week["days_on_target"] as? Int == 3)
        #expect((week["average"] as? [String: Any])?["kcal"] as? Double == 1949.75)
        #expect(keys(week["goals"]) == macroKeys)
        let text = tend.run("diet", "week")
        #expect(text.status == 0)
        #expect(text.stdout.contains("3 of 7 days"))
    }

    @Test func anEmptyWeekHasNullDaysAndNoAverage() throws {
        let week = try NutritionCommandHarness().json("diet", "week")
        let days = try #require(week["days"] as? [[String: Any]])
        #expect(days.count == 7 && days.allSatisfy { $0["totals"] is NSNull && $0["on_target"] is NSNull })
        #expect(week["average"] is NSNull) // not an average of 0 kcal
        #expect(week["logged_days"] as? Int == 0)
    }

    @Test func todayAsAnSVGFile() throws {
        let tend = try NutritionCommandHarness()
        _ = try tend.json("diet", "log", "breakfast", "usda:01001", "10g")
        let path = tend.scratchFile("day.svg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = tend.run("diet", "today", "--svg", path)
        #expect(result.status == 0, "\(result)")
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "svg")
        #expect(try document.nodes(forXPath: "//*[local-name()='circle']").count == 8)
        #expect(root.stringValue?.contains("2026-11-30") == true)
        #expect(root.stringValue?.contains("72 kcal") == true)
        #expect(tend.run("diet", "today", "--svg", "/nonexistent/folder/day.svg").status == 1)
    }
}

/// A diet entry is fixed by the handle `tend diet today` shows, by its id, or as `last`.
@Suite("tend diet: handles")
struct DietHandleTests {
    @Test func editAndDeleteByHandleAndLast() throws {
        let tend = try NutritionCommandHarness()
        #expect(tend.run("diet", "log", "lunch", "quick", "300kcal").status == 0)
        #expect(tend.run("diet", "log", "dinner", "quick", "500kcal").status == 0)
        let day = try tend.json("diet", "today")
        let lunch = try #require((day["meals"] as? [String: Any])?["lunch"] as? [[String: Any]])
        let handle = try #require(lunch.first?["handle"] as? String)
        #expect(tend.run("diet", "today").stdout.contains("[\(handle)]"))
        let edited = try tend.json("diet", "edit", handle, "--amount", "350kcal")
        #expect(edited["kcal"] as? Double == 350)
        #expect(tend.run("diet", "delete", "last").status == 0)
        let after = try tend.json("diet", "today")
        #expect(((after["meals"] as? [String: Any])?["dinner"] as? [Any])?.isEmpty == true)
        #expect(tend.run("diet", "delete", "0000000").status == 1)
    }
}
