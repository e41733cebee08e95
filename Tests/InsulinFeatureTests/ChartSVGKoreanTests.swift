import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `tend --lang ko insulin chart --svg`: the picture speaks the language the text does.
@Suite("tend insulin chart in Korean")
struct ChartSVGKoreanTests {
    @Test func titlesAxesLegendAndTooltipsAreKorean() throws {
        let tend = try InsulinCommandHarness()
        #expect(tend.run("insulin", "settings", "--long-name", "Lantus", "--rapid-name", "Humalog").status == 0)
        #expect(tend.run("insulin", "log", "long", "20", "--at", "2026-11-24 22:00").status == 0)
        #expect(tend.run("insulin", "log", "rapid", "4", "--at", "2026-11-28 01:00").status == 0)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tend-chart-ko-\(UUID()).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = tend.korean("insulin", "chart", "--svg", path, "--month", "2026-11")
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try #require(try XMLDocument(xmlString: String(contentsOfFile: path, encoding: .utf8)).rootElement())
        #expect(SVGRead.child("title", of: svg)?.stringValue == "인슐린 · 2026년 11월")
        let texts = SVGRead.texts(in: svg)
        #expect(texts.filter { $0 == "시각 (시)" }.count == 2)
        #expect(texts.filter { $0 == "2026년 11월의 인슐린 하루 (04:00부터)" }.count == 2)
        #expect(texts.contains("Humalog (속효성): 맞은 시각과 단위"))
        #expect(texts.contains { $0.hasPrefix("Lantus: 7일 중 1일 (오늘은 진행 중)") }, "\(texts)")
        let legend = SVGRead.legend(in: svg)
        #expect(legend.contains("Lantus (지효성)"))
        #expect(legend.contains("빠뜨림: 지난 날에 Lantus 없음"))
        let tooltips = SVGRead.elements("circle", in: svg).compactMap { SVGRead.child("title", of: $0)?.stringValue }
        #expect(tooltips.contains("인슐린 하루 금 2026-11-27 · Humalog 4단위, 2026-11-28 01:00"), "\(tooltips)")
        #expect(!texts.contains { $0.contains("insulin day") || $0.contains("long-acting") })
    }
}
