import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `tend insulin chart --svg`: a picture a person can read, laid out by insulin day.
@Suite("tend insulin chart: titles, axes, legend, insulin days, missed days")
struct ChartSVGTests {
    /// The harness's clock: Monday 30 November 2026, 21:00 in Seoul — today's long dose not yet taken.
    /// Long doses: the 24th at 22:00 (first use), 00:30 on the 26th (the 25th's insulin day), the 27th
    /// at 23:00, the 29th at 22:00; the 26th and the 28th have none. A rapid dose at 01:00 on the 28th
    /// belongs to the 27th.
    static func month() throws -> (tend: InsulinCommandHarness, svg: XMLElement, text: String, result: InsulinCommandHarness.Result) {
        let tend = try InsulinCommandHarness()
        #expect(tend.run("insulin", "settings", "--long-name", "Lantus & <Co>", "--rapid-name", "Humalog").status == 0)
        for at in ["2026-11-24 22:00", "2026-11-26 00:30", "2026-11-27 23:00", "2026-11-29 22:00"] {
            let logged = tend.run("insulin", "log", "long", "20", "--at", at)
            #expect(logged.status == 0, "\(logged.stderr)")
        }
        #expect(tend.run("insulin", "log", "rapid", "4", "--at", "2026-11-28 01:00").status == 0)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tend-chart-\(UUID()).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = tend.run("insulin", "chart", "--svg", path, "--month", "2026-11")
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let document = try XMLDocument(xmlString: text) // well-formed, or this throws
        return (tend, try #require(document.rootElement()), text, result)
    }

    @Test func saysWhereItWroteTheFile() throws {
        let tend = try InsulinCommandHarness()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tend-chart-\(UUID()).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = tend.run("insulin", "chart", "--svg", path)
        #expect(text.stdout == "Wrote \(path).\n")
        let json = tend.run("--json", "insulin", "chart", "--svg", path)
        #expect(try json.json()["svg"] as? String == path) // stdout stays one JSON document
        #expect(json.stderr == "Wrote \(path).\n")
    }

    @Test func hasATitleAHeadingAxesWithUnitsAndALegend() throws {
        let (_, svg, text, _) = try Self.month()
        #expect(svg.name == "svg")
        #expect(SVGRead.child("title", of: svg)?.stringValue == "Insulin · November 2026")
        let texts = SVGRead.texts(in: svg)
        #expect(texts.contains("Insulin · November 2026"))
        #expect(texts.filter { $0 == "time of day (h)" }.count == 2)
        #expect(texts.filter { $0 == "insulin day of November 2026 (from 04:00)" }.count == 2)
        // The y axis runs through the insulin day: 04:00 at the top, 04:00 again at the bottom.
        let yTicks = SVGRead.elements("g", in: svg).filter { $0.svgAttribute("class") == "y-axis" }
            .first.map { SVGRead.texts(in: $0) } ?? []
        #expect(yTicks.first == "04:00" && yTicks.contains("01:00") && yTicks.dropLast().last == "04:00")
        let legend = SVGRead.legend(in: svg)
        #expect(legend.contains("Lantus & <Co> (long-acting)"))
        #expect(legend.contains("Humalog (rapid-acting), area ∝ units"))
        #expect(legend.contains("missed: no Lantus & <Co> on a past day"))
        #expect(legend.contains("today (still open)"))
        #expect(text.contains("Lantus &amp; &lt;Co&gt;")) // escaped in the file
        #expect(texts.contains { $0.hasPrefix("Lantus & <Co>: 4 of 7 days (today open) · 2 missed") })
    }

    @Test func missedDaysAreThePastInsulinDaysWithoutALongDose() throws {
        let (_, svg, _, _) = try Self.month()
        let missed = SVGRead.elements("g", in: svg).filter { $0.svgAttribute("class") == "missed" }
        // The 25th is not missed: its dose came at 00:30 on the 26th. Today (30th), the days to come
        // and the days before first use (1st–23rd) are never marked.
        #expect(missed.compactMap { $0.svgAttribute("data-day") } == ["2026-11-26", "2026-11-28"])
        guard missed.count == 2 else { return }
        #expect(SVGRead.child("title", of: missed[0])?.stringValue == "Insulin day Thu 2026-11-26: missed, no Lantus & <Co>")
        let today = SVGRead.elements("rect", in: svg).filter { $0.svgAttribute("class") == "today" }
        #expect(today.count == 2) // one column in each panel
        guard today.count == 2 else { return }
        #expect(SVGRead.child("title", of: today[0])?.stringValue?.hasPrefix("Insulin day Mon 2026-11-30: today") == true)
    }

    @Test func aDoseAfterMidnightSitsOnTheInsulinDayBeforeAndSaysSo() throws {
        let (_, svg, _, _) = try Self.month()
        let long = SVGRead.elements("circle", in: svg).filter { $0.svgAttribute("class") == "dose long" }
        #expect(long.count == 4)
        guard long.count == 4 else { return }
        let titles = long.map { SVGRead.child("title", of: $0)?.stringValue ?? "" }
        #expect(titles == [
            "Insulin day Tue 2026-11-24 · Lantus & <Co> 20 u at 22:00",
            "Insulin day Wed 2026-11-25 · Lantus & <Co> 20 u at 00:30 on 2026-11-26",
            "Insulin day Fri 2026-11-27 · Lantus & <Co> 20 u at 23:00",
            "Insulin day Sun 2026-11-29 · Lantus & <Co> 20 u at 22:00",
        ])
        let xs = long.map { SVGRead.number("cx", of: $0) }
        let ys = long.map { SVGRead.number("cy", of: $0) }
        // One column per day: the 00:30 dose is one column right of the 24th, two left of the 27th.
        let column = (xs[2] - xs[0]) / 3
        #expect(abs(xs[1] - xs[0] - column) < 0.2)
        // Later in the insulin day is lower: 00:30 (20.5 h in) below 23:00 (19 h) below 22:00 (18 h).
        #expect(ys[1] > ys[2] && ys[2] > ys[0] && abs(ys[0] - ys[3]) < 0.01)

        let rapid = SVGRead.elements("circle", in: svg).filter { $0.svgAttribute("class") == "dose rapid" }
        #expect(rapid.map { SVGRead.child("title", of: $0)?.stringValue ?? "" } == ["Insulin day Fri 2026-11-27 · Humalog 4 u at 01:00 on 2026-11-28"])
        #expect(abs((rapid.first.map { SVGRead.number("cx", of: $0) } ?? 0) - xs[2]) < 0.01) // the 27th's column
    }
}

/// Reads an SVG back with FoundationXML.
enum SVGRead {
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

    static func number(_ attribute: String, of element: XMLElement) -> Double {
        Double(element.svgAttribute(attribute) ?? "") ?? .nan
    }
}

extension XMLElement {
    /// An attribute by name (FoundationXML on Linux does not find them with `attribute(forName:)` under a default namespace).
    func svgAttribute(_ name: String) -> String? { (attributes ?? []).first { $0.name == name }?.stringValue }
}
