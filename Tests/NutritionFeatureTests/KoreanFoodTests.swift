import Foundation
import Testing
import Console
import NutritionFeature

/// `--lang ko` gives `tend food search`/`show`/`fav`/`unfav` Korean headings and labels; English stays as it was.
@Suite("tend food search / show / fav in Korean")
struct KoreanFoodTests {
    @Test func searchHeadingsInKorean() throws {
        let tend = try NutritionCommandHarness()
        let text = tend.korean("food", "search", "salted butter").stdout
        let heading = try #require(text.split(separator: "\n").first)
        for word in ["음식", "kcal/100g", "단", "탄", "지", "대표 분량", "ID"] {
            #expect(heading.contains(word), "missing \(word) in \(heading)")
        }
        #expect(!heading.contains("Food") && !heading.contains("First measure"))
        #expect(text.contains("usda:01001"))
    }

    @Test func searchHeadingsInEnglishAreUnchanged() throws {
        let tend = try NutritionCommandHarness()
        let text = tend.run("food", "search", "salted butter").stdout
        let heading = try #require(text.split(separator: "\n").first)
        #expect(heading.hasPrefix("Food "))
        for word in ["kcal/100g", " P ", " C ", " F ", "First measure", "ID"] {
            #expect(heading.contains(word), "missing \(word) in \(heading)")
        }
        #expect(text.contains("1 cup (227 g) = 1628 kcal"))
    }

    @Test func noMatchInKorean() throws {
        let tend = try NutritionCommandHarness()
        #expect(tend.korean("food", "search", "xyzzy").stdout.contains("맞는 음식이 없어요."))
        #expect(tend.run("food", "search", "xyzzy").stdout.contains("No food matches."))
        let closest = tend.korean("food", "search", "butter xyzzy").stdout
        #expect(closest.contains("모든 단어에 맞는 음식은 없어요. 가장 가까운 음식: "), "\(closest)")
        let english = tend.run("food", "search", "butter xyzzy").stdout
        #expect(english.contains("No food matches every word; closest: "), "\(english)")
    }

    @Test func showLabelsInKorean() throws {
        let tend = try NutritionCommandHarness()
        let result = tend.korean("food", "show", "usda:07052")
        #expect(result.status == 0, "\(result)")
        let text = result.stdout
        #expect(text.contains("음식") && text.contains("대표 분량"))
        #expect(text.contains("2 slices = 57 g"))
        #expect(text.contains("100 g당:"))
        #expect(text.contains("열량 133 kcal"), "\(text)")
        #expect(text.contains("단백질 16.3 g"))
        #expect(text.contains("나트륨 981 mg"))
        #expect(!text.contains("Per 100 g:") && !text.contains("Energy 133") && !text.contains("Sodium 981"))
    }

    @Test func showLabelsInEnglishAreUnchanged() throws {
        let tend = try NutritionCommandHarness()
        let text = tend.run("food", "show", "usda:07052", "--lang", "en").stdout
        #expect(text.hasPrefix("Food "))
        #expect(text.contains("\n\nPer 100 g:\n  "))
        #expect(text.contains("Energy 133 kcal") && text.contains("Protein 16.3 g") && text.contains("Sodium 981 mg"))
        #expect(!text.contains("열량") && !text.contains("100 g당"))
    }

    @Test func favouriteConfirmationsInKorean() throws {
        let tend = try NutritionCommandHarness()
        let marked = tend.korean("food", "fav", "usda:01001")
        #expect(marked.status == 0, "\(marked)")
        #expect(marked.stdout.contains("★ 즐겨찾기에 넣었어요: "), "\(marked.stdout)")
        #expect(tend.korean("food", "unfav", "usda:01001").stdout.contains("☆ 즐겨찾기에서 뺐어요: "))
        #expect(tend.run("food", "fav", "usda:01001").stdout == "★ Butter, salted\n")
        #expect(tend.run("food", "unfav", "usda:01001").stdout == "☆ Butter, salted\n")
    }
}
