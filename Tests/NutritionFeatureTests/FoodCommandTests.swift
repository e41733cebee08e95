import Foundation
import Testing
import Core
import Console
import Domain
import NutritionFeature

@Suite("tend food")
struct FoodCommandTests {
    @Test func searchJSONShape() throws {
        let tend = try NutritionCommandHarness()
        let json = try tend.json("food", "search", "chick bre")
        #expect(keys(json) == ["foods"])
        let foods = try #require(json["foods"] as? [[String: Any]])
        #expect(foods.count == 4)
        for food in foods {
            #expect(keys(food) == foodKeys)
            for measure in try #require(food["measures"] as? [[String: Any]]) {
                #expect(keys(measure) == ["grams", "name"])
                #expect(measure["name"] is String)
                #expect(measure["grams"] is Double)
            }
        }
        let first = foods[0]
        #expect(first["id"] as? String == "usda:05062")
        #expect(first["name"] as? String == "Chicken, broilers or fryers, breast, meat only, raw")
        #expect(first["source"] as? String == "usda")
        #expect(first["kcal_per_100g"] as? Double == 114)
        #expect(first["protein_g_per_100g"] as? Double == 21.23)
        #expect(first["carbs_g_per_100g"] as? Double == 0)
        #expect(first["fat_g_per_100g"] as? Double == 2.59)
        #expect(first["favorite"] as? Bool == false)
        let measures = try #require(first["measures"] as? [[String: Any]])
        #expect(measures.map { $0["name"] as? String } == ["unit (yield from 1 lb ready-to-cook chicken)", "0.5 breast, bone and skin removed"])
        #expect(measures.map { $0["grams"] as? Double } == [71, 118])
        #expect(foods[1]["id"] as? String == "usda:05327")
    }

    @Test func searchTextShowsPer100gAndTheFirstMeasure() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("food", "search", "salted butter")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Butter, salted"))
        #expect(result.stdout.contains("717"))
        #expect(result.stdout.contains("81.1"))
        // The first household measure and its kcal: 1 cup = 227 g = 1628 kcal.
        #expect(result.stdout.contains("1 cup (227 g) = 1628 kcal"))
        #expect(result.stdout.contains("usda:01001"))
        let none = tend.run("food", "search", "xyzzy")
        #expect(none.status == 0)
        #expect(none.stdout.contains("No food matches"))
    }

    @Test func searchLimits() throws {
        let tend = try NutritionCommandHarness()
        #expect((try tend.json("food", "search", "chick", "--limit", "2")["foods"] as? [Any])?.count == 2)
        for bad in ["0", "101", "abc", "-1"] {
            let result = tend.run("food", "search", "chick", "--limit", bad)
            #expect(result.status == 2, "--limit \(bad): \(result)")
            #expect(result.stderr.hasPrefix("error: "))
        }
        #expect(tend.run("food", "search", "   ").status == 2)
        #expect(tend.run("food", "search").status == 2)
    }

    @Test(arguments: ["\"AND\"", "butter\"", "*", "NEAR(", "NOT butter", "'; DROP TABLE foods; --", "버터"])
    func searchNeverFailsOnOperators(query: String) throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("--json", "food", "search", query)
        #expect(result.status == 0, "\(result)")
        #expect(try result.json()["foods"] is [Any])
        #expect(try tend.stack.nutrition.usdaCount() == 14)
    }

    @Test func showJSONHasTheFoodAndEveryNutrient() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("--json", "food", "show", "usda:01001")
        #expect(result.status == 0, "\(result)")
        guard result.status == 0 else { return }
        let json = try result.json()
        #expect(keys(json) == ["food", "nutrients"])
        let food = try #require(json["food"] as? [String: Any])
        #expect(keys(food) == foodKeys)
        #expect(food["name"] as? String == "Butter, salted")
        #expect((food["measures"] as? [[String: Any]])?.map { $0["name"] as? String } == ["cup", "tbsp", "pat (1\" sq, 1/3\" high)", "stick"])
        let nutrients = try #require(json["nutrients"] as? [[String: Any]])
        #expect(nutrients.count == 68)
        #expect(nutrients.allSatisfy { keys($0) == ["amount", "name", "unit"] })
        #expect(nutrients.first { $0["name"] as? String == "Energy" }?["amount"] as? Double == 717)
        let units = Dictionary(uniqueKeysWithValues: nutrients.map { ($0["name"] as! String, $0["unit"] as! String) })
        #expect(units["Energy"] == "kcal")
        #expect(units["Protein"] == "g")
        #expect(units["Sodium"] == "mg")
        #expect(units["Selenium"] == "µg")
        #expect(units["Vitamin A"] == "IU")
    }

    @Test func showText() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("food", "show", "usda:07052")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Pastrami, turkey"))
        #expect(result.stdout.contains("2 slices = 57 g"))
        #expect(result.stdout.contains("Per 100 g:"))
        // Every nutrient with its unit.
        #expect(result.stdout.contains("Energy 133 kcal"))
        #expect(result.stdout.contains("Protein 16.3 g"))
        #expect(result.stdout.contains("Sodium 981 mg"))
        #expect(!result.stdout.contains("Energy 133,"))
        let missing = tend.run("food", "show", "usda:99999")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("usda:99999"))
    }

    /// One serving's values are kept per 100 g; the food is then logged by id and by words.
    @Test func addACustomFoodThenLogIt() throws {
        let tend = try NutritionCommandHarness()
        let food = try tend.json("food", "add", "Kimchi stew", "--serving", "1 bowl", "--grams", "250", "--kcal", "300",
                                 "--protein", "10", "--carbs", "40", "--fat", "8")
        #expect(keys(food) == foodKeys)
        let id = try #require(food["id"] as? String)
        #expect(id.hasPrefix("custom:"))
        #expect(food["source"] as? String == "custom")
        #expect(food["kcal_per_100g"] as? Double == 120)
        #expect(food["protein_g_per_100g"] as? Double == 4)
        #expect(food["carbs_g_per_100g"] as? Double == 16)
        #expect(food["fat_g_per_100g"] as? Double == 3.2)
        #expect((food["measures"] as? [[String: Any]])?.first?["name"] as? String == "bowl")
        #expect((food["measures"] as? [[String: Any]])?.first?["grams"] as? Double == 250)

        let byID = try tend.json("diet", "log", "dinner", id, "1 bowl")
        #expect(byID["food_id"] as? String == id)
        #expect(byID["kcal"] as? Double == 300)
        #expect(byID["protein_g"] as? Double == 10)
        let byWords = tend.run("diet", "log", "dinner", "kimchi", "0.5 bowl")
        #expect(byWords.status == 0, "\(byWords)")
        #expect(byWords.stdout.contains("Kimchi stew"))
        #expect(byWords.stdout.contains("150 kcal"))
        let text = tend.run("food", "add", "Rice cake", "--serving", "1 piece", "--grams", "30", "--kcal", "70")
        #expect(text.status == 0)
        #expect(text.stdout.contains("✓ Added Rice cake (custom:"))
    }

    @Test func addRefusesMissingOrBadValues() throws {
        let tend = try NutritionCommandHarness()
        let missing = [
            ["food", "add", "X", "--grams", "100", "--kcal", "100"],
            ["food", "add", "X", "--serving", "1 bowl", "--kcal", "100"],
            ["food", "add", "X", "--serving", "1 bowl", "--grams", "100"],
            ["food", "add", "X", "--serving", "1 bowl", "--grams", "abc", "--kcal", "100"],
            ["food", "add", "X", "--serving", "1 bowl", "--grams", "0", "--kcal", "100"],
            ["food", "add", "X", "--serving", "1 bowl", "--grams", "100", "--kcal", "-5"],
            ["food", "add", "", "--serving", "1 bowl", "--grams", "100", "--kcal", "100"],
        ]
        for arguments in missing {
            let result = tend.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
        }
        #expect(try tend.stack.nutrition.search("x", ownerID: "local").filter { $0.source == .custom }.isEmpty)
    }

    @Test func favouritesComeFirstUntilUnmarked() throws {
        let tend = try NutritionCommandHarness()
        let marked = try tend.json("food", "fav", "usda:05327")
        #expect(marked["favorite"] as? Bool == true)
        let search = try tend.json("food", "search", "chick bre")["foods"] as? [[String: Any]]
        #expect(search?.first?["id"] as? String == "usda:05327")
        #expect(search?.first?["favorite"] as? Bool == true)
        let text = tend.run("food", "search", "chick bre")
        #expect(text.stdout.contains("★ Chicken breast tenders"))
        let unmarked = try tend.json("food", "unfav", "usda:05327")
        #expect(unmarked["favorite"] as? Bool == false)
        #expect((try tend.json("food", "search", "chick bre")["foods"] as? [[String: Any]])?.first?["id"] as? String == "usda:05062")
        #expect(tend.run("food", "fav", "usda:99999").status == 1)
        #expect(tend.run("food", "fav", "usda:01001").stdout.contains("★ Butter, salted"))
    }

    @Test func importReportsTheDamagedFileAndIfEmptyIsANoOp() throws {
        let tend = try NutritionCommandHarness(importing: false)
        let first = tend.run("food", "import-usda", NutritionFixture.jar)
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.contains("Imported 14 foods"))
        #expect(first.stderr.contains("01002.xml"))
        #expect(!first.stderr.contains("foods.index"))
        let again = try tend.json("food", "import-usda", NutritionFixture.jar)
        #expect(again["imported"] as? Int == 14)
        #expect(again["skipped"] as? [String] == ["01002.xml"])
        let noop = tend.run("food", "import-usda", "--if-empty", "/nonexistent/usda_sr24.jar")
        #expect(noop.status == 0, "\(noop)")
        #expect(noop.stdout.isEmpty)
        #expect(try tend.stack.nutrition.usdaCount() == 14)
    }

    @Test func importWithoutAPathOrFromAMissingOne() throws {
        let tend = try NutritionCommandHarness(importing: false)
        let none = tend.run("food", "import-usda")
        #expect(none.status == 2, "\(none)")
        #expect(none.stderr.contains("usda_sr24.jar"))
        let missing = tend.run("food", "import-usda", "/nonexistent/usda_sr24.jar")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/usda_sr24.jar"))
        let fallback = try NutritionCommandHarness(importing: false, defaultUSDAPath: NutritionFixture.jar)
        #expect(fallback.run("food", "import-usda", "--if-empty").status == 0)
        #expect(try fallback.stack.nutrition.usdaCount() == 14)
    }

    // MARK: - The Korean table, whole names

    /// A context as `tend` builds it: the tables' loader and a Korean table folder.
    func korean(defaultUSDAPath: String? = nil, language: DisplayLanguage = .en) throws
        -> (tend: NutritionCommandHarness, folder: URL, run: ([String]) -> NutritionCommandHarness.Result) {
        let tend = try NutritionCommandHarness(importing: false, defaultUSDAPath: defaultUSDAPath)
        let folder = try KoreanTable.folder()
        let context = NutritionContext(nutrition: tend.stack.nutrition, body: tend.stack.body, ownerID: "local", ids: tend.stack.recordIDs,
                                       defaultUSDAPath: defaultUSDAPath, foodTables: tend.stack.foodTables,
                                       koreanFoodsPath: folder.path)
        let run: ([String]) -> NutritionCommandHarness.Result = { arguments in
            let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                               subcommands: NutritionCommands.make(context: { _ in context }))
            let (output, captured) = Output.capturing()
            var catalog = Catalog.english
            catalog.language = language
            let status = CommandLineTool(root: root, output: output, catalog: catalog).run(arguments)
            return NutritionCommandHarness.Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
        }
        return (tend, folder, run)
    }

    @Test func importLoadsTheKoreanTableWithTheUSDAOneAndIfEmptyThenDoesNothing() throws {
        let (tend, folder, run) = try korean()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = run(["food", "import-usda", NutritionFixture.jar])
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.contains("Imported 14 foods"))
        #expect(first.stdout.contains("Loaded 4 Korean foods and the Korean names of 2 USDA foods."))
        #expect(try tend.stack.nutrition.usdaCount() == 14)
        let noop = run(["food", "import-usda", "--if-empty", NutritionFixture.jar])
        #expect(noop.status == 0, "\(noop)")
        #expect(noop.stdout.isEmpty)
        let json = try JSONSerialization.jsonObject(with: Data(run(["--json", "food", "import-usda", "--if-empty"]).stdout.utf8))
            as? [String: Any]
        #expect(json?["usda"] as? String == "up_to_date")
        #expect(keys(json?["korean"]) == ["foods", "named", "skipped", "status"])
        #expect((json?["korean"] as? [String: Any])?["status"] as? String == "up_to_date")
        let again = try JSONSerialization.jsonObject(with: Data(run(["--json", "food", "import-usda", NutritionFixture.jar]).stdout.utf8))
            as? [String: Any]
        #expect(again?["imported"] as? Int == 14)
        #expect((again?["korean"] as? [String: Any])?["foods"] as? Int == 4)
        #expect((again?["korean"] as? [String: Any])?["named"] as? Int == 2)
        #expect(try tend.stack.foodTables.nutrients(foodID: "kr:kr0186").count == 7)
    }

    @Test func theKoreanTableLoadsWithoutTheUSDAJar() throws {
        let (tend, folder, run) = try korean()
        defer { try? FileManager.default.removeItem(at: folder) }
        let quiet = run(["food", "import-usda", "--if-empty"])
        #expect(quiet.status == 0, "\(quiet)")
        #expect(quiet.stdout.contains("Loaded 4 Korean foods"))
        #expect(quiet.stderr.contains("warning: the USDA table was not found"))
        #expect(try tend.stack.nutrition.usdaCount() == 0)
        #expect(run(["food", "search", "김치"]).stdout.contains("kr:kr0186"))
        // Asked for the USDA table outright, with no jar anywhere: a usage error (the Korean table stays).
        let asked = run(["food", "import-usda"])
        #expect(asked.status == 2, "\(asked)")
        #expect(asked.stderr.contains("usda_sr24.jar"))
        #expect(try tend.stack.nutrition.search("김치", ownerID: "local").first?.id == "kr:kr0186")
    }

    @Test func koreanSearchShowAndLog() throws {
        let (_, folder, run) = try korean()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = run(["food", "import-usda", NutritionFixture.jar])
        let search = run(["--json", "food", "search", "김치"])
        let foods = try #require(try search.json()["foods"] as? [[String: Any]])
        #expect(foods.first?["id"] as? String == "kr:kr0186")
        #expect(foods.first?["source"] as? String == "korean")
        #expect(foods.first?["name"] as? String == "배추김치")
        #expect(foods.first?["name_ko"] as? String == "배추김치")
        #expect(foods.first?["name_en"] as? String == "Napa cabbage kimchi (baechu kimchi)")
        #expect((foods.first?["measures"] as? [[String: Any]])?.map { $0["name"] as? String } == ["접시", "side dish"])
        let kimchi = try #require(try run(["--json", "food", "search", "kimchi"]).json()["foods"] as? [[String: Any]])
        #expect(kimchi.first?["id"] as? String == "kr:kr0186")
        let chosung = try #require(try run(["--json", "food", "search", "ㄱㅊㅉㄱ"]).json()["foods"] as? [[String: Any]])
        #expect(chosung.map { $0["id"] as? String } == ["kr:kr0060"])
        // A Korean name finds the USDA staple, which shows it.
        let egg = try #require(try run(["--json", "food", "search", "달걀"]).json()["foods"] as? [[String: Any]])
        #expect(egg.first?["id"] as? String == "usda:01123")
        #expect(egg.first?["name_ko"] as? String == "달걀")
        #expect(run(["food", "search", "계란"]).stdout.contains("Egg, whole, raw, fresh (달걀)"))
        // show: both names, both servings, nutrients with units.
        let show = run(["food", "show", "kr:kr0186"])
        #expect(show.status == 0, "\(show)")
        #expect(show.stdout.contains("Napa cabbage kimchi (baechu kimchi) (배추김치)"))
        #expect(show.stdout.contains("1 side dish = 40 g"))
        #expect(show.stdout.contains("1 접시 = 40 g"))
        #expect(show.stdout.contains("Energy 25 kcal"))
        #expect(show.stdout.contains("Sodium 498 mg"))
        #expect(show.stdout.contains("Fiber 2.4 g"))
        let detail = try run(["--json", "food", "show", "kr:kr0186"]).json()
        let nutrients = try #require(detail["nutrients"] as? [[String: Any]])
        #expect(nutrients.map { $0["name"] as? String } == ["Energy", "Protein", "Carbs", "Fat", "Sugars", "Fiber", "Sodium"])
        #expect(nutrients.map { $0["unit"] as? String } == ["kcal", "g", "g", "g", "g", "g", "mg"])
        // Logged by id or by its Korean name, in its own serving.
        let byID = try JSONSerialization.jsonObject(with: Data(run(["--json", "diet", "log", "dinner", "kr:kr0186", "1접시"]).stdout.utf8))
            as? [String: Any]
        #expect(byID?["food_id"] as? String == "kr:kr0186")
        #expect(byID?["kcal"] as? Double == 10)
        let byName = run(["diet", "log", "dinner", "배추김치", "2접시"])
        #expect(byName.status == 0, "\(byName)")
        #expect(byName.stdout.contains("20 kcal"))
    }

    @Test func inKoreanTheKoreanNameComesFirst() throws {
        let (_, folder, run) = try korean(language: .ko)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = run(["food", "import-usda", NutritionFixture.jar])
        let egg = run(["food", "search", "egg"])
        #expect(egg.stdout.contains("달걀 (Egg, whole, raw, fresh)"), "\(egg)")
        let kimchi = run(["food", "search", "kimchi"])
        #expect(kimchi.stdout.contains("배추김치 (Napa cabbage kimchi (baechu kimchi))"))
        #expect(kimchi.stdout.contains("1 접시 (40 g) = 10 kcal"))
    }

    /// The whole name, preparation included, is in the search output: wrapped, never cut.
    @Test func searchShowsTheWholeName() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("food", "search", "kentucky")
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("…"))
        let name = "KENTUCKY FRIED CHICKEN, Fried Chicken, ORIGINAL RECIPE, Breast, meat only, skin and breading removed"
        #expect(Self.foodColumn(result.stdout) == [name])
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 140 })
        let breast = tend.run("food", "search", "chick bre")
        #expect(Self.foodColumn(breast.stdout).first == "Chicken, broilers or fryers, breast, meat only, raw")
        #expect(Self.foodColumn(breast.stdout).contains("Fast foods, chicken, breaded and fried, boneless pieces, plain"))
    }

    /// The names of a search's text output: the Food column, its wrapped lines joined again.
    static func foodColumn(_ text: String) -> [String] {
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.count > 2, let width = lines[1].split(separator: " ").first?.count else { return [] }
        var names: [String] = []
        for line in lines.dropFirst(2) {
            let cell = String(line.prefix(width))
            if cell.hasPrefix("  "), !names.isEmpty {
                let more = cell.trimmingCharacters(in: .whitespaces)
                if !more.isEmpty { names[names.count - 1] += " " + more }
            } else {
                names.append(cell.trimmingCharacters(in: .whitespaces))
            }
        }
        return names
    }

    @Test func aQueryMatchingNoFoodNamesTheClosestWords() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.run("food", "search", "greek butter")
        #expect(result.status == 0)
        #expect(result.stdout.contains("No food matches every word; closest: Butter, salted"))
    }
}

/// A small Korean table in the exact format of `Resources/Foods`.
enum KoreanTable {
    static let foods = """
        # Tend — Korean food table (fixture)
        # Source: 식품의약품안전처 식품영양성분 데이터베이스 (2023); 농촌진흥청 국가표준식품성분표 제10개정판 (2021).
        code\tname_ko\tname_en\tserving_name_ko\tserving_name_en\tserving_g\tkcal\tprotein_g\tcarbs_g\tfat_g\tsugar_g\tfiber_g\tsodium_mg
        kr0001\t공깃밥\tCooked white rice (gonggitbap)\t1공기\t1 bowl\t210\t143\t2.5\t31.7\t0.3\t0\t0.3\t2
        kr0060\t김치찌개\tKimchi stew (kimchi jjigae)\t1인분\t1 serving\t400\t45\t3.2\t2.9\t2.6\t1.1\t1\t360
        kr0186\t배추김치\tNapa cabbage kimchi (baechu kimchi)\t1접시\t1 side dish\t40\t25\t1.6\t3.8\t0.4\t1.2\t2.4\t498
        kr0195\t백김치\tWhite kimchi (baek kimchi)\t1접시\t1 side dish\t40\t16\t1\t2.6\t0.2\t\t1.5\t300

        """

    static let names = """
        # Korean search names for everyday USDA SR24 foods (fixture)
        usda_id\tnames_ko
        01123\t달걀,계란
        05062\t닭가슴살
        09040\t바나나

        """

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("korean-foods-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(foods.utf8).write(to: folder.appendingPathComponent("korean-foods.tsv"))
        try Data(names.utf8).write(to: folder.appendingPathComponent("usda-korean-names.tsv"))
        return folder
    }
}
