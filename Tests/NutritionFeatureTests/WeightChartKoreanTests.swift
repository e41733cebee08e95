import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `tend --lang ko weight trend --svg`: the picture speaks the language the text does.
@Suite("tend weight trend's picture in Korean")
struct WeightChartKoreanTests {
    @Test func titlesAxesLegendAndTooltipsAreKorean() throws {
        let tend = try NutritionCommandHarness(importing: false)
        for (at, kg) in [("2026-11-02 07:00", "80.4"), ("2026-11-30 07:00", "78.8")] {
            #expect(tend.run("weight", "log", kg, "--at", at).status == 0)
        }
        let path = tend.scratchFile("trend-ko.svg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = tend.korean("weight", "trend", "--svg", path)
        #expect(result.status == 0, "\(result)")
        let svg = try SVGBack.read(path)
        #expect(SVGBack.child("title", of: svg)?.stringValue == "체중과 추세 · 2026-11-02 – 2026-11-30")
        let texts = SVGBack.texts(in: svg)
        #expect(texts.contains("체중 (kg)"))
        #expect(texts.contains("날짜 (2026년)"))
        #expect(texts.contains("11월 2일"))
        #expect(texts.contains { $0.hasPrefix("최근 78.8 kg · 추세") && $0.hasSuffix("잰 날 2일") }, "\(texts)")
        #expect(SVGBack.legend(in: svg) == ["체중 (그날 마지막 측정)", "추세 (10 % 평활, The Hacker's Diet)", "추세와의 차이"])
        let dots = SVGBack.elements("circle", in: svg)
        #expect(dots.compactMap { SVGBack.child("title", of: $0)?.stringValue }.first == "2026-11-02: 80.4 kg, 추세 80.4 kg")
    }
}
