import Foundation
import Testing
import Core
import Domain
@testable import Data

@Suite("USDA SR24 reader (libzip + libxml2)")
struct USDAReaderTests {
    func read(_ path: String) throws -> (foods: [ImportedFood], skipped: [String], batches: Int) {
        var foods: [ImportedFood] = []
        var batches = 0
        let skipped = try USDAReader().read(path: path) { batch in
            foods += batch
            batches += 1
        }
        return (foods, skipped, batches)
    }

    @Test func theFixtureJarIsSmallAndHasTheEntriesTheTestsNeed() throws {
        let size = try #require(try FileManager.default.attributesOfItem(atPath: USDAFixture.jar)[.size] as? Int)
        #expect(size < 50_000)
        #expect(FileManager.default.fileExists(atPath: USDAFixture.xmlFolder + "/foods.index"))
    }

    @Test func readsTheGoodFoodsOfTheJarAndNamesTheDamagedOne() throws {
        let result = try read(USDAFixture.jar)
        #expect(Set(result.foods.map(\.uid)) == Set(USDAFixture.foods.keys))
        #expect(result.foods.count == USDAFixture.foods.count)
        // The truncated file is named; foods.index and META-INF/MANIFEST.MF are not food files at all.
        #expect(result.skipped == USDAFixture.damaged)
        #expect(result.batches == 1)
    }

    @Test(arguments: [USDAFixture.tableFolder, USDAFixture.xmlFolder])
    func readsTheFolderFormTheSame(path: String) throws {
        let jar = try read(USDAFixture.jar)
        let folder = try read(path)
        #expect(folder.skipped == USDAFixture.damaged)
        #expect(folder.foods.sorted { $0.uid < $1.uid } == jar.foods.sorted { $0.uid < $1.uid })
    }

    @Test func everyFoodKeepsItsNameMeasuresAndEveryNutrient() throws {
        let foods = Dictionary(uniqueKeysWithValues: try read(USDAFixture.jar).foods.map { ($0.uid, $0) })
        for (uid, expected) in USDAFixture.foods {
            let food = try #require(foods[uid])
            #expect(food.name == expected.name)
            #expect(food.measures.count == expected.measures, "\(uid)")
            #expect(food.nutrients.count == expected.nutrients, "\(uid)")
            #expect(food.per100g == expected.macros, "\(uid)")
        }
        let butter = try #require(foods["01001"])
        // Entities in attributes are decoded (&quot;).
        #expect(butter.measures == [FoodMeasure(amount: 1, name: "cup", grams: 227), FoodMeasure(amount: 1, name: "tbsp", grams: 14.2),
                                    FoodMeasure(amount: 1, name: "pat (1\" sq, 1/3\" high)", grams: 5),
                                    FoodMeasure(amount: 1, name: "stick", grams: 113)])
        #expect(butter.nutrients.prefix(3).map(\.name) == ["Energy", "Protein", "Carbs"])
        #expect(butter.nutrient("Water") == 15.87)
        #expect(foods["07052"]?.measures.last == FoodMeasure(amount: 2, name: "slices", grams: 57))
        #expect(foods["05062"]?.measures.last == FoodMeasure(amount: 0.5, name: "breast, bone and skin removed", grams: 118))
    }

    @Test func aMissingPathIsNotFoundAndANonZipIsUnprocessable() throws {
        #expect(throws: AppError.self) { _ = try read("/nonexistent/usda_sr24.jar") }
        do {
            _ = try read("/nonexistent/usda_sr24.jar")
        } catch let error as AppError {
            #expect(error.kind == .notFound)
        }
        let notZip = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-zip-\(UUID()).jar")
        try Data("just text".utf8).write(to: notZip)
        defer { try? FileManager.default.removeItem(at: notZip) }
        do {
            _ = try read(notZip.path)
            Issue.record("a text file read as a zip")
        } catch let error as AppError {
            #expect(error.kind == .unprocessable)
            #expect(error.code == "invalid_usda")
        }
    }

    /// Damaged or hostile food files in a folder: each is skipped and named, the rest are read.
    @Test func damagedFilesAreSkippedAndNamed() throws {
        let folder = try USDAFixture.copyOfFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = folder.appendingPathComponent("usda_sr24")
        let files: [String: String] = [
            "90001.xml": "this is not xml at all",
            "90002.xml": "",
            "90003.xml": #"<food uid="90003" name="No grams"><measure amount="1.0" name="cup" grams="abc"/></food>"#,
            "90004.xml": #"<food uid="90004" name="Negative"><nutrient amount="-5" name="Energy"/></food>"#,
            "90005.xml": #"<food name="No uid"><nutrient amount="5" name="Energy"/></food>"#,
            "90006.xml": #"<?xml version="1.0"?><!DOCTYPE food [<!ENTITY x SYSTEM "file:///etc/passwd">]><food uid="90006" name="&x;"/>"#,
            "90007.xml": #"<food uid="90007" name="Two roots"/><food uid="90008" name="Second"/>"#,
            "90009.xml": #"<food uid="../x" name="Bad uid"/>"#,
        ]
        for (name, text) in files {
            try Data(text.utf8).write(to: xml.appendingPathComponent(name))
        }
        // A file far larger than any food (over 1 MiB).
        try Data(("<food uid=\"90010\" name=\"Huge\">" + String(repeating: "<nutrient amount=\"1\" name=\"X\"/>", count: 40_000) + "</food>").utf8)
            .write(to: xml.appendingPathComponent("90010.xml"))
        // A good one added to the folder is read.
        try Data(#"<food uid="90011" name="Good &amp; new"><measure amount="1.0" name="cup" grams="100"/><nutrient amount="42" name="Energy"/></food>"#.utf8)
            .write(to: xml.appendingPathComponent("90011.xml"))
        let result = try read(folder.path)
        #expect(Set(result.skipped) == Set(files.keys).union(["90010.xml"]).union(USDAFixture.damaged))
        #expect(Set(result.foods.map(\.uid)) == Set(USDAFixture.foods.keys).union(["90011"]))
        #expect(result.foods.first { $0.uid == "90011" }?.name == "Good & new")
        #expect(!result.foods.contains { $0.name.contains("root:") })
    }
}
