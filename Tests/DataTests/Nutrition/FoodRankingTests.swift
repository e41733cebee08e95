import Foundation
import Testing
import Core
import Domain
@testable import Data

/// Real SR24 names (ids and names as the table has them) for the everyday words, with the
/// products, dishes and near-misses those words also find.
enum EverydayFixture {
    static let foods: [(uid: String, name: String)] = [
        ("01009", "Cheese, cheddar"),
        ("01026", "Cheese, mozzarella, whole milk"),
        ("01036", "Cheese, ricotta, whole milk"),
        ("01077", "Milk, whole, 3.25% milkfat, with added vitamin D"),
        ("01078", "Milk, producer, fluid, 3.7% milkfat"),
        ("01090", "Milk, dry, whole, with added vitamin D"),
        ("01116", "Yogurt, plain, whole milk, 8 grams protein per 8 ounce"),
        ("01117", "Yogurt, plain, low fat, 12 grams protein per 8 ounce"),
        ("01123", "Egg, whole, raw, fresh"),
        ("01125", "Egg, yolk, raw, fresh"),
        ("01129", "Egg, whole, cooked, hard-boiled"),
        ("01168", "Cheese, low fat, cheddar or colby"),
        ("01187", "Yogurt, chocolate, nonfat milk"),
        ("01211", "Milk, whole, 3.25% milkfat, without added vitamin A and vitamin D"),
        ("01230", "Milk, buttermilk, fluid, whole"),
        ("05057", "Chicken, broilers or fryers, breast, meat and skin, raw"),
        ("05062", "Chicken, broilers or fryers, breast, meat only, raw"),
        ("05064", "Chicken, broilers or fryers, breast, meat only, cooked, roasted"),
        ("05327", "Chicken breast tenders, uncooked"),
        ("08120", "Cereals, oats, regular and quick, not fortified, dry"),
        ("08121", "Cereals, oats, regular and quick, unenriched, cooked with water (includes boiling and microwaving), without salt"),
        ("09003", "Apples, raw, with skin"),
        ("09016", "Apple juice, canned or bottled, unsweetened, without added ascorbic acid"),
        ("09040", "Bananas, raw"),
        ("09041", "Bananas, dehydrated, or banana powder"),
        ("09312", "Rose-apples, raw"),
        ("11209", "Eggplant, raw"),
        ("11352", "Potato, flesh and skin, raw"),
        ("11362", "Potatoes, raw, skin"),
        ("11376", "Potatoes, canned, drained solids"),
        ("11507", "Sweet potato, raw, unprepared"),
        ("11976", "Pepper, banana, raw"),
        ("12117", "Nuts, coconut milk, raw (liquid expressed from grated meat and water)"),
        ("14462", "QUAKER OATS, PROPEL Fitness Water, fruit-flavored, non-carbonated"),
        ("15079", "Fish, salmon, chum, raw"),
        ("15080", "Fish, salmon, chum, canned, drained solids with bone"),
        ("15086", "Fish, salmon, sockeye, cooked, dry heat"),
        ("15180", "Salmon, sockeye, canned, total can contents"),
        ("15236", "Fish, salmon, Atlantic, farmed, raw"),
        ("16566", "MORNINGSTAR FARMS Veggie Bites Broccoli Cheddar, frozen, unprepared"),
        ("18019", "Bread, banana, prepared from recipe, made with margarine"),
        ("18069", "Bread, white, commercially prepared (includes soft bread crumbs)"),
        ("18075", "Bread, whole-wheat, commercially prepared"),
        ("18082", "Bread stuffing, bread, dry mix, prepared"),
        ("19400", "Snacks, banana chips"),
        ("20037", "Rice, brown, long-grain, cooked"),
        ("20038", "Oats"),
        ("20045", "Rice, white, long-grain, regular, cooked"),
        ("20053", "Rice, white, short-grain, cooked"),
        ("20057", "Rice, white, with pasta, cooked"),
        ("20089", "Wild rice, cooked"),
        ("20110", "Noodles, egg, cooked, enriched"),
        ("21229", "Fast foods, chicken, breaded and fried, boneless pieces, plain"),
        ("43278", "Cheese, american cheddar, imitation"),
    ]

    /// The everyday word → the food that must come first.
    static let expectations: [(query: String, first: String)] = [
        ("whole milk", "usda:01077"), ("milk", "usda:01077"), ("egg", "usda:01123"), ("eggs", "usda:01123"),
        ("banana", "usda:09040"), ("chicken breast", "usda:05062"), ("chicken breast roasted", "usda:05064"),
        ("rice cooked", "usda:20053"), ("apple", "usda:09003"), ("oats", "usda:20038"), ("salmon", "usda:15236"),
        ("potato", "usda:11352"), ("bread", "usda:18069"), ("cheddar", "usda:01009"), ("yogurt", "usda:01117"),
    ]

    static func store() throws -> NutritionStore {
        let store = try NutritionStore()
        try store.transactor.write {
            try store.foods.upsert(foods.map { ImportedFood(uid: $0.uid, name: $0.name, measures: [], nutrients: [
                ("Energy", 100), ("Protein", 1), ("Carbs", 1), ("Fat", 1), ("Sodium", 43), ("Vitamin A", 162), ("Folate", 5),
            ]) })
        }
        return store
    }
}

/// A small Korean table in the exact format of `Resources/Foods`.
enum KoreanFixture {
    static let foods = """
        # Tend — Korean food table (fixture)
        # Source: 식품의약품안전처 식품영양성분 데이터베이스 (2023); 농촌진흥청 국가표준식품성분표 제10개정판 (2021).
        code\tname_ko\tname_en\tserving_name_ko\tserving_name_en\tserving_g\tkcal\tprotein_g\tcarbs_g\tfat_g\tsugar_g\tfiber_g\tsodium_mg
        kr0001\t공깃밥\tCooked white rice (gonggitbap)\t1공기\t1 bowl\t210\t143\t2.5\t31.7\t0.3\t0\t0.3\t2
        kr0060\t김치찌개\tKimchi stew (kimchi jjigae)\t1인분\t1 serving\t400\t45\t3.2\t2.9\t2.6\t1.1\t1\t360
        kr0061\t김치볶음밥\tKimchi fried rice (kimchi bokkeumbap)\t1인분\t1 serving\t350\t160\t4\t26\t4.5\t1.5\t1.2\t420
        kr0186\t배추김치\tNapa cabbage kimchi (baechu kimchi)\t1접시\t1 side dish\t40\t25\t1.6\t3.8\t0.4\t1.2\t2.4\t498
        kr0195\t백김치\tWhite kimchi (baek kimchi)\t1접시\t1 side dish\t40\t16\t1\t2.6\t0.2\t\t1.5\t300
        kr0300\t두부\tTofu (dubu)\t1모\t1 block\t300\t84\t9.3\t1.4\t4.6\t0.3\t0.6\t6
        bad row\twithout\tenough fields
        kr0999\t이상한\tOdd food\t1개\t1 piece\t-5\t1\t1\t1\t1\t0\t0\t0

        """

    static let names = """
        # Korean search names for everyday USDA SR24 foods (fixture)
        usda_id\tnames_ko
        01077\t우유,흰우유
        01123\t달걀,계란
        05062\t닭가슴살
        09040\t바나나
        20053\t쌀밥,밥
        123\t잘못된 번호

        """

    /// A scratch folder holding both files; removed by the caller.
    static func folder(foods: String = foods, names: String? = names) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("korean-foods-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(foods.utf8).write(to: folder.appendingPathComponent("korean-foods.tsv"))
        if let names { try Data(names.utf8).write(to: folder.appendingPathComponent("usda-korean-names.tsv")) }
        return folder
    }
}

@Suite("Food search: everyday items first")
struct EverydayRankingTests {
    @Test(arguments: EverydayFixture.expectations)
    func theEverydayItemComesFirst(query: String, first: String) throws {
        let store = try EverydayFixture.store()
        let ids = try store.ids(query, limit: 10)
        let names = try store.foods.search(query, ownerID: "local", limit: 5).map(\.name)
        #expect(ids.first == first, "\(query): \(names)")
    }

    @Test func aHeadMatchBeatsTheSameWordFurtherOn() throws {
        let store = try EverydayFixture.store()
        let ids = try store.ids("whole milk")
        #expect(try #require(ids.firstIndex(of: "usda:01077")) < #require(ids.firstIndex(of: "usda:01036"))) // ricotta, whole milk
        let bread = try store.ids("bread")
        #expect(try #require(bread.firstIndex(of: "usda:18069")) < #require(bread.firstIndex(of: "usda:18082"))) // stuffing
        let salmon = try store.ids("salmon")
        #expect(try #require(salmon.firstIndex(of: "usda:15079")) < #require(salmon.firstIndex(of: "usda:15180"))) // canned
    }

    @Test func productsAndBrandsComeAfterThePlainFood() throws {
        let store = try EverydayFixture.store()
        let oats = try store.ids("oats")
        #expect(oats.last == "usda:14462") // QUAKER OATS, PROPEL Fitness Water
        let cheddar = try store.ids("cheddar")
        #expect(try #require(cheddar.firstIndex(of: "usda:01168")) < #require(cheddar.firstIndex(of: "usda:16566")))
        let egg = try store.ids("egg")
        #expect(try #require(egg.firstIndex(of: "usda:01129")) < #require(egg.firstIndex(of: "usda:20110"))) // egg noodles
    }

    @Test func nutrientsKeepTheirUnits() throws {
        let store = try EverydayFixture.store()
        let nutrients = try store.foods.nutrientList(foodID: "usda:01077")
        #expect(nutrients.map(\.unit) == ["kcal", "g", "g", "g", "mg", "IU", "µg"])
        #expect(nutrients.first { $0.name == "Sodium" }?.unit == "mg")
    }
}

@Suite("The Korean table")
struct KoreanFoodTableTests {
    func loaded() throws -> (NutritionStore, FoodTableUseCases, URL) {
        let store = try EverydayFixture.store()
        let tables = FoodTableUseCases(foods: store.foods, tables: store.foods, usda: USDAReader(), korean: KoreanFoodReader(),
                                       transactor: store.transactor)
        let folder = try KoreanFixture.folder()
        _ = try tables.load(usdaPath: nil, koreanFolder: folder.path, onlyMissing: true)
        return (store, tables, folder)
    }

    @Test func theReaderTakesTheGoodRowsAndNamesTheBadOnes() throws {
        let folder = try KoreanFixture.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try KoreanFoodReader().read(folder: folder.path)
        #expect(table.foods.map(\.code) == ["kr0001", "kr0060", "kr0061", "kr0186", "kr0195", "kr0300"])
        #expect(table.skipped == ["korean-foods.tsv:10", "korean-foods.tsv:11", "usda-korean-names.tsv:8"])
        #expect(table.usdaNames["01123"] == ["달걀", "계란"])
        let kimchi = try #require(table.foods.first { $0.code == "kr0186" })
        #expect(kimchi.measures == [FoodMeasure(amount: 1, name: "접시", grams: 40), FoodMeasure(amount: 1, name: "side dish", grams: 40)])
        #expect(kimchi.nutrients.map(\.name) == ["Energy", "Protein", "Carbs", "Fat", "Sugars", "Fiber", "Sodium"])
        #expect(table.foods.first { $0.code == "kr0195" }?.sugar == nil) // left empty: not measured
        #expect(try KoreanFoodReader().read(folder: folder.path).version == table.version)
    }

    @Test func koreanFoodsAreStoredWithTheirServingsAndNutrients() throws {
        let (store, tables, folder) = try loaded()
        defer { try? FileManager.default.removeItem(at: folder) }
        let food = try #require(try store.foods.food(id: "kr:kr0186", ownerID: "local"))
        #expect(food.source == .korean)
        #expect(food.name == "배추김치")
        #expect(food.nameKo == "배추김치")
        #expect(food.nameEn == "Napa cabbage kimchi (baechu kimchi)")
        #expect(food.measures.map(\.name) == ["접시", "side dish"])
        #expect(food.per100g == Macros(kcal: 25, protein: 1.6, carbs: 3.8, fat: 0.4))
        let nutrients = try tables.nutrients(foodID: "kr:kr0186")
        #expect(nutrients.first { $0.name == "Sodium" } == FoodNutrient(name: "Sodium", amount: 498, unit: "mg"))
        #expect(nutrients.first { $0.name == "Sugars" } == FoodNutrient(name: "Sugars", amount: 1.2, unit: "g"))
        #expect(try store.foods.count(source: .korean) == 6)
        // "1접시" as a person writes it finds the serving.
        #expect(try Amount("1접시")!.grams(of: food) == 40)
    }

    @Test func hangulIsFoundInsideWordsAndByInitialConsonants() throws {
        let (store, _, folder) = try loaded()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kimchi = try store.ids("김치")
        #expect(Set(kimchi) == ["kr:kr0060", "kr:kr0061", "kr:kr0186", "kr:kr0195"])
        // A kind of kimchi (…김치) before a dish made with it (김치…).
        #expect(kimchi.first == "kr:kr0186")
        #expect(try #require(kimchi.firstIndex(of: "kr:kr0195")) < #require(kimchi.firstIndex(of: "kr:kr0060")))
        #expect(try store.ids("ㄱㅊㅉㄱ") == ["kr:kr0060"])
        #expect(try store.ids("ㄱㅊ").contains("kr:kr0186"))
        #expect(try store.ids("찌개") == ["kr:kr0060"])
        #expect(try store.ids("김치 볶음") == ["kr:kr0061"])
    }

    @Test func englishWordsFindKoreanFoodsAndKimchiFindsNapaCabbageKimchiFirst() throws {
        let (store, _, folder) = try loaded()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try store.ids("kimchi").first == "kr:kr0186")
        #expect(try store.ids("kimchi stew") == ["kr:kr0060"])
        #expect(try store.ids("tofu") == ["kr:kr0300"])
    }

    @Test func koreanNamesFindUSDAStaples() throws {
        let (store, _, folder) = try loaded()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try store.ids("바나나") == ["usda:09040"])
        #expect(try store.ids("우유").first == "usda:01077")
        #expect(try store.ids("달걀") == ["usda:01123"])
        #expect(try store.ids("계란") == ["usda:01123"])
        #expect(try store.ids("닭가슴살") == ["usda:05062"])
        #expect(try store.ids("가슴") == ["usda:05062"])
        #expect(try store.ids("밥").first == "usda:20053")
        #expect(try store.foods.food(id: "usda:09040", ownerID: "local")?.nameKo == "바나나")
    }

    @Test func loadingTwiceChangesNothingAndAChangedTableIsLoadedAgain() throws {
        let (store, tables, folder) = try loaded()
        defer { try? FileManager.default.removeItem(at: folder) }
        let again = try tables.load(usdaPath: nil, koreanFolder: folder.path, onlyMissing: true)
        #expect(again.korean == .upToDate(6))
        #expect(again.koreanNamed == nil)
        let forced = try tables.load(usdaPath: nil, koreanFolder: folder.path, onlyMissing: false)
        #expect(forced.korean == .loaded(6))
        #expect(forced.koreanNamed == 5)
        #expect(try store.foods.count(source: .korean) == 6)
        #expect(try store.measureCount(["kr0001", "kr0060", "kr0061", "kr0186", "kr0195", "kr0300"].map { "kr:" + $0 }) == 12)
        #expect(try store.ids("김치").count == 4)
        // The table loses a row and a name: --if-empty sees the new version.
        let shorter = KoreanFixture.foods.split(separator: "\n").filter { !$0.hasPrefix("kr0195") }.joined(separator: "\n")
        try Data(shorter.utf8).write(to: folder.appendingPathComponent("korean-foods.tsv"))
        try Data(KoreanFixture.names.replacing("09040\t바나나\n", with: "").utf8)
            .write(to: folder.appendingPathComponent("usda-korean-names.tsv"))
        let changed = try tables.load(usdaPath: nil, koreanFolder: folder.path, onlyMissing: true)
        #expect(changed.korean == .loaded(5))
        #expect(try store.ids("백김치").isEmpty)
        #expect(try store.ids("바나나").isEmpty)
        #expect(try store.foods.food(id: "usda:09040", ownerID: "local")?.nameKo == nil)
        // Underneath: the full-text indexes agree with the foods after rows left and names changed.
        try store.storage.checkFullTextIndexes()
    }

    @Test func withoutTheUSDAJarTheKoreanTableStillLoads() throws {
        let store = try NutritionStore()
        let tables = FoodTableUseCases(foods: store.foods, tables: store.foods, usda: USDAReader(), korean: KoreanFoodReader(),
                                       transactor: store.transactor)
        let folder = try KoreanFixture.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try tables.load(usdaPath: nil, koreanFolder: folder.path, onlyMissing: true)
        #expect(report.usda == .missing)
        #expect(report.korean == .loaded(6))
        #expect(try store.ids("김치").first == "kr:kr0186")
        // The jar arrives: the USDA table loads, and the Korean names land on it.
        let later = try tables.load(usdaPath: USDAFixture.jar, koreanFolder: folder.path, onlyMissing: true)
        #expect(later.usda == .loaded(14))
        #expect(later.korean == .upToDate(6))
        #expect(later.koreanNamed == 2) // 01123 and 05062 are in the fixture jar
        #expect(try store.ids("달걀") == ["usda:01123"])
        #expect(try tables.load(usdaPath: USDAFixture.jar, koreanFolder: folder.path, onlyMissing: true).usda == .upToDate(14))
    }

    @Test func idsFindTheirFood() throws {
        let (store, _, folder) = try loaded()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try store.ids("kr:kr0186") == ["kr:kr0186"])
        #expect(try store.ids("kr:kr9999").isEmpty)
    }
}

/// The real SR24 table, when Scripts/setup has fetched it (it does on CI): the everyday word
/// finds the everyday food first among all 8,858.
@Suite("Food search on the real USDA table", .enabled(if: RealUSDA.path != nil))
struct RealUSDARankingTests {
    @Test func everydayWordsFindTheEverydayFood() throws {
        let store = try NutritionStore()
        let tables = FoodTableUseCases(foods: store.foods, tables: store.foods, usda: USDAReader(), korean: KoreanFoodReader(),
                                       transactor: store.transactor)
        _ = try tables.load(usdaPath: try #require(RealUSDA.path), koreanFolder: nil, onlyMissing: false)
        let expected: [(String, String)] = [
            ("whole milk", "usda:01077"), ("milk", "usda:01077"), ("egg", "usda:01123"), ("banana", "usda:09040"),
            ("chicken breast", "usda:05062"), ("rice cooked", "usda:20053"), ("apple", "usda:09003"), ("oats", "usda:20038"),
            ("salmon", "usda:15236"), ("potato", "usda:11352"), ("bread", "usda:18069"), ("cheddar", "usda:01009"),
            ("cheese", "usda:01009"), ("broccoli", "usda:11090"), ("tofu", "usda:16126"), ("peanut butter", "usda:16098"),
        ]
        for (query, first) in expected {
            let found = try store.foods.search(query, ownerID: "local", limit: 3)
            #expect(found.first?.id == first, "\(query): \(found.map(\.name))")
        }
    }
}

enum RealUSDA {
    static let path: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return ["/usr/share/cronometer/usda_sr24.jar", root.appendingPathComponent(".build/usda/usr/share/cronometer/usda_sr24.jar").path]
            .first { FileManager.default.fileExists(atPath: $0) }
    }()
}
