import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `tend workout calendar --svg`: the month's training as a heat map a person can read.
@Suite("tend workout calendar --svg: title, weekday and week axes, the minutes scale, today")
struct WorkoutChartSVGTests {
    @Test func theCalendarHasATitleAxesAScaleInMinutesAndToday() throws {
        let tend = try WorkoutHarness() // Thursday 26 November 2026
        _ = tend.log("back squat 100kg 5x5", "--at", "2026-11-23 19:00", "--duration", "60")
        _ = tend.log("deadlift 140kg 3", "--at", "2026-11-24 19:00", "--duration", "45")
        let path = tend.path("november.svg")
        let result = tend.run("workout", "calendar", "--svg", path)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("\n\nWrote \(path).\n"))
        let json = tend.run("--json", "workout", "calendar", "--svg", path)
        #expect(try json.json()["month"] as? String == "2026-11")
        #expect(json.stderr == "Wrote \(path).\n")

        let document = try XMLDocument(data: try Data(contentsOf: URL(fileURLWithPath: path)), options: []) // well-formed
        let svg = try #require(document.rootElement())
        #expect(child("title", of: svg)?.stringValue == "Training · 2026-11")
        let texts = elements("text", in: svg).compactMap(\.stringValue)
        #expect(texts.contains("Training · 2026-11"))
        #expect(texts.contains("day of the week") && texts.contains("week from Monday"))
        #expect(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].allSatisfy(texts.contains))
        #expect(["Oct 26", "Nov 2", "Nov 30"].allSatisfy(texts.contains)) // rows by their Monday
        #expect(texts.contains("60 min") && texts.contains("45 min")) // minutes on the trained days
        let legend = elements("g", in: svg).filter { $0.svgAttribute("class") == "legend" }
            .flatMap { elements("text", in: $0) }.filter { $0.svgAttribute("class") == "legend-label" }
            .compactMap(\.stringValue)
        #expect(legend == ["rest", "15 min", "30 min", "60 min", "today"])
        let cells = elements("rect", in: svg).filter { child("title", of: $0) != nil }
        #expect(cells.count == 30)
        let today = cells.filter { $0.svgAttribute("stroke") == "#3867d6" }
        #expect(today.compactMap { child("title", of: $0)?.stringValue } == ["2026-11-26: 0 min"])
    }

    func elements(_ name: String, in node: XMLNode) -> [XMLElement] {
        var found: [XMLElement] = []
        func walk(_ node: XMLNode) {
            if let element = node as? XMLElement, (element.localName ?? element.name) == name { found.append(element) }
            for child in node.children ?? [] { walk(child) }
        }
        walk(node)
        return found
    }

    func child(_ name: String, of element: XMLElement) -> XMLElement? {
        element.children?.compactMap { $0 as? XMLElement }.first { ($0.localName ?? $0.name) == name }
    }
}

extension XMLElement {
    /// An attribute by name (FoundationXML on Linux does not find them with `attribute(forName:)` under a default namespace).
    func svgAttribute(_ name: String) -> String? { (attributes ?? []).first { $0.name == name }?.stringValue }
}
