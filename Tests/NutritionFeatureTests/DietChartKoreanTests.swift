import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `tend --lang ko diet today --svg`: the rings speak the language the text does, and English stays English.
@Suite("tend diet today's rings in Korean and English")
struct DietChartKoreanTests {
    static let english = ["Energy", "Protein", "Carbs", "Fat", "of 2000 kcal", "to go", "past the goal", "goal (a full ring"]
    static let korean = ["열량", "단백질", "탄수화물", "지방", "목표 2000 kcal", "남음", "초과", "목표 (링 한 바퀴 = 100 %)"]

    /// The day of `ChartSVGTests`: energy over (124 %), protein met, carbs under (48 %), fat over (150 %).
    static func bowlDay() throws -> NutritionCommandHarness {
        let tend = try NutritionCommandHarness(importing: false)
        _ = try tend.json("diet", "goals", "--kcal", "2000", "--protein", "100", "--carbs", "250", "--fat", "60")
        let food = try tend.json("food", "add", "Big bowl", "--serving", "1 bowl", "--grams", "500", "--kcal", "2480",
                                 "--protein", "100", "--carbs", "120", "--fat", "90")
        _ = try tend.json("diet", "log", "lunch", try #require(food["id"] as? String), "500g")
        return tend
    }

    @Test func namesLegendStatesAndTooltipsAreKorean() throws {
        let tend = try Self.bowlDay()
        let path = tend.scratchFile("rings-ko.svg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = tend.korean("diet", "today", "--svg", path)
        #expect(result.status == 0, "\(result)")
        let svg = try SVGBack.read(path)
        #expect(SVGBack.child("title", of: svg)?.stringValue == "식단 · 11월 30일")
        #expect(SVGBack.legend(in: svg) == ["목표 (링 한 바퀴 = 100 %)", "달성: 100 %", "▲ 100 % 초과: 두 번째 바퀴"])
        let texts = SVGBack.texts(in: svg)
        #expect(texts.contains { $0.hasPrefix("목표 2000 kcal 중 2480 kcal 섭취 · 목표보다 480 kcal 초과") }, "\(texts)")
        let rings = SVGBack.elements("g", in: svg).filter { ($0.svgAttribute("class") ?? "").hasPrefix("ring ") }
        #expect(rings.map { $0.svgAttribute("data-nutrient") ?? "" } == ["energy", "protein", "carbs", "fat"])
        guard rings.count == 4 else { return }
        #expect(SVGBack.texts(in: rings[0]).contains("열량"))
        #expect(SVGBack.texts(in: rings[0]).contains("▲ 초과 · 124 %"))
        #expect(SVGBack.texts(in: rings[0]).contains("목표보다 480 kcal 초과"))
        #expect(SVGBack.texts(in: rings[1]).contains("✓ 달성 · 100 %"))
        #expect(SVGBack.texts(in: rings[2]).contains("48 % · 130 g 남음"))
        #expect(SVGBack.child("title", of: rings[3])?.stringValue == "지방: 목표 60 g 중 90 g (150 %, 초과)")
        let file = try String(contentsOfFile: path, encoding: .utf8)
        for word in Self.english { #expect(!file.contains(word), "English left: \(word)") }
        for word in Self.korean { #expect(file.contains(word), "missing \(word)") }
    }

    @Test func withoutKoreanTheRingsStayEnglish() throws {
        let tend = try Self.bowlDay()
        let path = tend.scratchFile("rings-en.svg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(tend.run("diet", "today", "--svg", path).status == 0)
        let file = try String(contentsOfFile: path, encoding: .utf8)
        for word in Self.english { #expect(file.contains(word), "missing \(word)") }
        #expect(!file.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "Hangul in the English rings")
    }
}
