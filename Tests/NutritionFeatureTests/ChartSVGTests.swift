import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `tend diet today --svg` and `tend weight trend --svg`: pictures a person can read.
@Suite("diet rings and the weight trend as SVG: titles, units, legends, met and over the goal")
struct NutritionChartSVGTests {
    /// Goals 2000 kcal, protein 100 g, carbs 250 g, fat 60 g; one big bowl of 2480 kcal, 100 g
    /// protein, 120 g carbs and 90 g fat: energy over (124 %), protein met (100 %), carbs under
    /// (48 %), fat over (150 %).
    @Test func ringsTellMetFromOverTheGoalByMarkAndWordsNotColourAlone() throws {
        let tend = try NutritionCommandHarness(importing: false)
        _ = try tend.json("diet", "goals", "--kcal", "2000", "--protein", "100", "--carbs", "250", "--fat", "60")
        let food = try tend.json("food", "add", "Big <bowl> & co", "--serving", "1 bowl", "--grams", "500", "--kcal", "2480",
                                 "--protein", "100", "--carbs", "120", "--fat", "90")
        let id = try #require(food["id"] as? String)
        _ = try tend.json("diet", "log", "lunch", id, "500g")
        let path = tend.scratchFile("day.svg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = tend.run("diet", "today", "--svg", path)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("\n\nWrote \(path).\n"))
        let json = tend.run("--json", "diet", "today", "--svg", path)
        #expect(try json.json()["date"] as? String == "2026-11-30")
        #expect(json.stderr == "Wrote \(path).\n")

        let svg = try SVGBack.read(path)
        #expect(SVGBack.child("title", of: svg)?.stringValue == "Diet · 2026-11-30")
        #expect(SVGBack.texts(in: svg).contains("Diet · 2026-11-30"))
        #expect(SVGBack.legend(in: svg) == ["goal (a full ring = 100 %)", "met: 100 %", "▲ over 100 %: the second lap"])
        let rings = SVGBack.elements("g", in: svg).filter { ($0.svgAttribute("class") ?? "").hasPrefix("ring ") }
        #expect(rings.map { $0.svgAttribute("class") ?? "" } == ["ring over", "ring met", "ring under", "ring over"])
        guard rings.count == 4 else { return }
        // Over: a second lap drawn as a mark, and words; met: a check and words; under: what is left.
        #expect(SVGBack.elements("path", in: rings[0]).count == 1 && SVGBack.elements("path", in: rings[1]).isEmpty)
        #expect(SVGBack.texts(in: rings[0]).contains("▲ over · 124 %"))
        #expect(SVGBack.texts(in: rings[0]).contains("480 kcal past the goal"))
        #expect(SVGBack.texts(in: rings[0]).contains("2480 kcal") && SVGBack.texts(in: rings[0]).contains("of 2000 kcal"))
        #expect(SVGBack.texts(in: rings[1]).contains("✓ met · 100 %"))
        #expect(SVGBack.texts(in: rings[2]).contains("48 % · 130 g to go"))
        #expect(SVGBack.texts(in: rings[3]).contains("▲ over · 150 %"))
        #expect(SVGBack.child("title", of: rings[3])?.stringValue == "Fat: 90 g of 60 g (150 %, over)")
        #expect(SVGBack.texts(in: svg).contains { $0.hasPrefix("2480 kcal of 2000 kcal · 480 kcal over the goal") })
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Big") == false) // names stay in the text output
    }

    @Test func theWeightTrendHasAxesInKilogramsAndDatesAndALegend() throws {
        let tend = try NutritionCommandHarness(importing: false)
        for (at, kg) in [("2026-11-02 07:00", "80.4"), ("2026-11-09 07:00", "79.9"), ("2026-11-16 07:00", "79.5"), ("2026-11-30 07:00", "78.8")] {
            #expect(tend.run("weight", "log", kg, "--at", at).status == 0)
        }
        let path = tend.scratchFile("trend.svg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = tend.run("weight", "trend", "--svg", path)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("\n\nWrote \(path).\n"))
        let svg = try SVGBack.read(path)
        #expect(SVGBack.child("title", of: svg)?.stringValue == "Weight and trend · 2026-11-02 – 2026-11-30")
        let texts = SVGBack.texts(in: svg)
        #expect(texts.contains("weight (kg)"))
        #expect(texts.contains("date (2026)"))
        #expect(texts.contains("Nov 2") && texts.contains("Nov 30"))
        let yTicks = SVGBack.elements("g", in: svg).filter { $0.svgAttribute("class") == "y-axis" }
            .flatMap { SVGBack.texts(in: $0) }
        #expect(yTicks.contains("79") && yTicks.contains("80"))
        #expect(SVGBack.legend(in: svg) == ["weighing (the day's last)", "trend (10 % smoothing, The Hacker's Diet)", "distance from the trend"])
        let dots = SVGBack.elements("circle", in: svg)
        #expect(dots.compactMap { SVGBack.child("title", of: $0)?.stringValue }.first == "2026-11-02: 80.4 kg, trend 80.4 kg")
    }
}

enum SVGBack {
    static func read(_ path: String) throws -> XMLElement {
        let document = try XMLDocument(data: try Data(contentsOf: URL(fileURLWithPath: path)), options: []) // well-formed, or this throws
        guard let root = document.rootElement(), root.name == "svg" else { throw CocoaError(.fileReadCorruptFile) }
        return root
    }

    static func elements(_ name: String, in node: XMLNode) -> [XMLElement] {
        var found: [XMLElement] = []
        func walk(_ node: XMLNode) {
            if let element = node as? XMLElement, (element.localName ?? element.name) == name { found.append(element) }
            for child in node.children ?? [] { walk(child) }
        }
        walk(node)
        return found
    }

    static func child(_ name: String, of element: XMLElement) -> XMLElement? {
        element.children?.compactMap { $0 as? XMLElement }.first { ($0.localName ?? $0.name) == name }
    }

    static func texts(in node: XMLNode) -> [String] { elements("text", in: node).compactMap(\.stringValue) }

    static func legend(in svg: XMLElement) -> [String] {
        elements("g", in: svg).filter { $0.svgAttribute("class") == "legend" }
            .flatMap { elements("text", in: $0) }
            .filter { $0.svgAttribute("class") == "legend-label" }.compactMap(\.stringValue)
    }
}

extension XMLElement {
    /// An attribute by name (FoundationXML on Linux does not find them with `attribute(forName:)` under a default namespace).
    func svgAttribute(_ name: String) -> String? { (attributes ?? []).first { $0.name == name }?.stringValue }
}
