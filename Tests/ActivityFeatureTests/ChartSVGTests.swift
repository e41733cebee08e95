import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `tend run show ID --svg`: elevation and pace a person can read.
@Suite("tend run show --svg: title, axes with units, legend, the best kilometre")
struct ActivityChartSVGTests {
    /// Four kilometres at 5:00, 4:00, 5:30 and 4:30 /km, climbing 1 m every 50 m, then 300 m at
    /// 3:00 /km: the short last split is the fastest but says little; km 2 is the best.
    static func chart() throws -> (tend: ActivityCommandHarness, svg: XMLElement, text: String, stdout: String, path: String, id: String) {
        let tend = try ActivityCommandHarness()
        let points = GPXText.points([(1000, 300), (1000, 240), (1000, 330), (1000, 270), (300, 180)], elevation: { 100 + $0 / 50 })
        let id = try tend.importGPX(GPXText.track(name: "Tuesday &lt;tempo&gt; &amp; hills", points))
        let path = tend.path("run.svg")
        let shown = tend.run("run", "show", id, "--svg", path)
        #expect(shown.status == 0, "\(shown.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let document = try XMLDocument(xmlString: text) // well-formed, or this throws
        return (tend, try #require(document.rootElement()), text, shown.stdout, path, id)
    }

    @Test func hasATitleAxesWithUnitsAndALegend() throws {
        let (_, svg, text, _, _, _) = try Self.chart()
        let title = try #require(ChartRead.child("title", of: svg)?.stringValue)
        #expect(title == "Run — Tuesday <tempo> & hills · 4.3 km")
        #expect(text.contains("Tuesday &lt;tempo&gt; &amp; hills"))
        let texts = ChartRead.texts(in: svg)
        #expect(texts.contains(title)) // the visible heading
        for axis in ["distance (km)", "elevation (m)", "pace (min/km)", "kilometre (a shorter last split in km)"] {
            #expect(texts.contains(axis), "missing axis title \(axis)")
        }
        let yAxes = ChartRead.groups("y-axis", in: svg).map(ChartRead.texts)
        #expect(yAxes.count == 2)
        guard yAxes.count == 2 else { return }
        #expect(Array(yAxes[0].prefix(3)) == ["100", "150", "200"]) // metres: 100 m to 186 m, on a nice scale
        #expect(yAxes[1].first == "0:00" && yAxes[1].contains("2:00") && yAxes[1].contains("6:00")) // min/km from zero
        let xAxes = ChartRead.groups("x-axis", in: svg).map(ChartRead.texts)
        #expect(xAxes.first?.contains("0") == true && xAxes.first?.contains("4") == true)
        #expect(xAxes.last?.prefix(5) == ["1", "2", "3", "4", "5 (0.3)"])
        let legend = ChartRead.legend(in: svg)
        #expect(legend == ["elevation", "pace of a kilometre", "best (fastest) kilometre: km 2, 4:00 /km", "average 4:38 /km"])
    }

    @Test func theFastestFullKilometreIsDrawnAndLabelledBest() throws {
        let (_, svg, _, _, _, _) = try Self.chart()
        let bars = ChartRead.elements("rect", in: svg).filter { ChartRead.child("title", of: $0) != nil }
        #expect(bars.count == 5)
        let best = bars.filter { $0.svgAttribute("class") == "split best" }
        #expect(best.count == 1)
        #expect(best.first.flatMap { ChartRead.child("title", of: $0)?.stringValue } == "km 2: 4:00 /km")
        let fills = Set(bars.map { $0.svgAttribute("fill") ?? "" })
        #expect(fills.count == 2) // the best in its own colour
        let label = try #require(ChartRead.elements("text", in: svg).first { $0.svgAttribute("class") == "best-label" })
        #expect(label.stringValue == "★ best")
        let bar = try #require(best.first)
        let barCentre = ChartRead.number("x", of: bar) + ChartRead.number("width", of: bar) / 2
        #expect(abs(ChartRead.number("x", of: label) - barCentre) < 0.2)
        #expect(abs(ChartRead.number("y", of: label) - ChartRead.number("y", of: bar)) < 25) // at the top of its bar
    }

    @Test func everyCommandThatWritesAFileSaysWhere() throws {
        let (tend, _, _, stdout, path, id) = try Self.chart()
        #expect(stdout.hasSuffix("\n\nWrote \(path).\n"))
        let shown = tend.run("--json", "run", "show", id, "--svg", path)
        #expect(try shown.json()["id"] as? String == id) // stdout stays one JSON document
        #expect(shown.stderr == "Wrote \(path).\n")
        let gpx = tend.path("out.gpx")
        #expect(tend.run("run", "export", id, "--out", gpx).stdout == "Wrote \(gpx).\n")
        let json = tend.run("--json", "run", "export", id, "--out", gpx)
        #expect(try json.json()["out"] as? String == gpx)
        #expect(json.stderr == "Wrote \(gpx).\n")
    }
}

/// Reads an SVG back with FoundationXML.
enum ChartRead {
    static func elements(_ name: String, in node: XMLNode) -> [XMLElement] { XMLReadBack.elements(name, in: node) }

    static func child(_ name: String, of element: XMLElement) -> XMLElement? {
        element.children?.compactMap { $0 as? XMLElement }.first { ($0.localName ?? $0.name) == name }
    }

    static func texts(in node: XMLNode) -> [String] { elements("text", in: node).compactMap(\.stringValue) }

    static func groups(_ className: String, in node: XMLNode) -> [XMLElement] {
        elements("g", in: node).filter { $0.svgAttribute("class") == className }
    }

    static func legend(in svg: XMLElement) -> [String] {
        groups("legend", in: svg).flatMap { elements("text", in: $0) }
            .filter { $0.svgAttribute("class") == "legend-label" }.compactMap(\.stringValue)
    }

    static func number(_ attribute: String, of element: XMLElement) -> Double {
        Double(element.svgAttribute(attribute) ?? "") ?? .nan
    }
}

extension XMLElement {
    /// An attribute by name (FoundationXML on Linux does not find them with `attribute(forName:)` under a default namespace).
    func svgAttribute(_ name: String) -> String? { (attributes ?? []).first { $0.name == name }?.stringValue }
}
