import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Console

@Suite("SVGDrawing and TextFile: the parts every chart shares, and where a file went")
struct SVGDrawingTests {
    @Test func aDocumentHasItsTitleAHeadingAxesAndALegendAllEscaped() throws {
        var svg = SVGDrawing(width: 400, height: 300, title: "Tom & <Jerry>'s \"run\"", subtitle: "5 km")
        svg.yAxis(x: 60, from: 80, to: 240, ticks: [(240, "0"), (160, "50"), (80, "100")], title: "elevation (m)", gridTo: 380)
        svg.xAxis(y: 240, from: 60, to: 380, ticks: [(60, "0"), (380, "5")], title: "distance (km)")
        svg.legend(x: 60, y: 70, entries: [.init(.box(fill: "#3867d6"), "pace < 5:00"), .init(.line(stroke: "#333", dashed: true), "average"),
                                           .init(.dot(fill: "#eb3b5a"), "weighing"), .init(.glyph("✕", fill: "#d63031"), "missed")])
        let text = svg.render()
        #expect(text.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300""#))
        #expect(text.hasSuffix("</svg>\n"))
        #expect(text.contains("Tom &amp; &lt;Jerry&gt;&#39;s &quot;run&quot;"))
        let root = try #require(try XMLDocument(xmlString: text).rootElement()) // well-formed
        let first = root.children?.first as? XMLElement
        #expect(first?.name == "title" && first?.stringValue == "Tom & <Jerry>'s \"run\"")
        let texts = elements("text", in: root).compactMap(\.stringValue)
        #expect(texts.first == "Tom & <Jerry>'s \"run\"") // the visible heading
        #expect(texts.contains("elevation (m)") && texts.contains("distance (km)"))
        #expect(texts.contains("100") && texts.contains("5"))
        let legend = elements("text", in: root).filter { $0.svgAttribute("class") == "legend-label" }.compactMap(\.stringValue)
        #expect(legend == ["pace < 5:00", "average", "weighing", "missed"])
    }

    @Test func niceTicksAndNumbers() {
        #expect(SVGDrawing.niceTicks(low: 0, high: 4.3, count: 8) == [0, 1, 2, 3, 4])
        #expect(SVGDrawing.niceTicks(low: 100, high: 200, count: 4) == [100, 150, 200])
        #expect(SVGDrawing.niceStep(21.5) == 50 && SVGDrawing.niceStep(0.3) == 0.5)
        #expect(SVGDrawing.number(12.0) == "12" && SVGDrawing.number(12.345) == "12.3" && SVGDrawing.number(.nan) == "0")
    }

    @Test func writingAFileSaysWhereOnStdoutOrOnStderrUnderJSON() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-textfile-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("chart.svg").path
        #expect(try TextFile.write("<svg/>", to: path) == path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<svg/>")

        let (output, captured) = Output.capturing()
        TextFile.announce(path, in: Invocation(commandPath: ["tend"], output: output))
        #expect(captured.stdout == "Wrote \(path).\n" && captured.stderr.isEmpty)

        let (jsonOutput, jsonCaptured) = Output.capturing()
        TextFile.announce(path, in: Invocation(commandPath: ["tend"], flags: ["json"], output: jsonOutput))
        #expect(jsonCaptured.stdout.isEmpty && jsonCaptured.stderr == "Wrote \(path).\n")

        let here = FileManager.default.currentDirectoryPath
        #expect(TextFile.absolute("./out/x.svg") == (here == "/" ? "/out/x.svg" : here + "/out/x.svg"))
        #expect(TextFile.absolute("/tmp/x.svg") == "/tmp/x.svg")
        #expect(throws: (any Error).self) { try TextFile.write("x", to: folder.appendingPathComponent("no/such/x.svg").path) }
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
}

extension XMLElement {
    /// An attribute by name (FoundationXML on Linux does not find them with `attribute(forName:)` under a default namespace).
    func svgAttribute(_ name: String) -> String? { (attributes ?? []).first { $0.name == name }?.stringValue }
}
