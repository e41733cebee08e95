import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Console
import ActivityFeature

extension ActivityCommandHarness {
    /// Runs a command as `tend --lang ko` does: the language comes with the catalog, as `tend` wires it.
    func korean(_ arguments: String...) -> Result {
        let context = ActivityContext(useCases: stack.activities, ownerID: "local", ids: stack.recordIDs)
        let root = Command(name: "tend", abstract: "test", options: GlobalOptions.all,
                           subcommands: ActivityCommands.make(context: { _ in context }))
        let (output, captured) = Output.capturing()
        let status = CommandLineTool(root: root, output: output, catalog: Catalog(language: .ko)).run(arguments + ["--lang", "ko"])
        return Result(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}

/// `tend --lang ko run show ID --svg`: the picture speaks the language the screen does; English stays English.
@Suite("tend run show --svg in Korean and English")
struct ActivityChartKoreanTests {
    static let english = ["Run —", "elevation (m)", "distance (km)", "pace (min/km)", "pace of a kilometre", "★ best", "moving", "highest"]
    static let korean = ["러닝 —", "고도 (m)", "거리 (km)", "페이스 (분/km)", "1 km 페이스", "★ 최고<", "이동 ", "최고점 "]

    /// The run of `ActivityChartSVGTests`: four kilometres and a short fast 300 m; km 2 the best at 4:00 /km.
    static func chart(_ language: String) throws -> (svg: XMLElement, text: String) {
        let tend = try ActivityCommandHarness()
        let points = GPXText.points([(1000, 300), (1000, 240), (1000, 330), (1000, 270), (300, 180)], elevation: { 100 + $0 / 50 })
        let id = try tend.importGPX(GPXText.track(name: "Tuesday", points))
        let path = tend.path("run-\(language).svg")
        let shown = language == "ko" ? tend.korean("run", "show", id, "--svg", path) : tend.run("run", "show", id, "--svg", path)
        #expect(shown.status == 0, "\(shown.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return (try #require(try XMLDocument(xmlString: text).rootElement()), text)
    }

    @Test func titleAxesLegendAndTooltipsAreKorean() throws {
        let (svg, text) = try Self.chart("ko")
        #expect(ChartRead.child("title", of: svg)?.stringValue == "러닝 — Tuesday · 4.3 km")
        #expect(ChartRead.legend(in: svg) == ["고도", "1 km 페이스", "가장 빠른 구간: 2 km, 4:00 /km", "평균 4:38 /km"])
        let texts = ChartRead.texts(in: svg)
        #expect(texts.contains("구간 (km, 마지막 짧은 구간은 거리)"))
        #expect(texts.contains { $0.contains("오르막 +") && $0.contains("내리막 −") }, "\(texts)")
        let best = ChartRead.elements("rect", in: svg).first { $0.svgAttribute("class") == "split best" }
        #expect(best.flatMap { ChartRead.child("title", of: $0)?.stringValue } == "2 km 구간: 4:00 /km")
        for word in Self.english { #expect(!text.contains(word), "English left: \(word)") }
        for word in Self.korean { #expect(text.contains(word), "missing \(word)") }
    }

    @Test func inEnglishNoKoreanIsLeft() throws {
        let (_, text) = try Self.chart("en")
        for word in Self.english { #expect(text.contains(word), "missing \(word)") }
        #expect(!text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "Hangul in the English chart")
    }
}
