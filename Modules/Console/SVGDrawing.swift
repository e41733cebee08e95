/// The parts every SVG chart shares, drawn the same way everywhere: the document with its
/// `<title>` and visible heading, axes with tick labels and a titled unit, a legend whose
/// swatches say what each colour means, and text escaped by default (`SVGDrawing.escape`), so a
/// name a person typed can never become markup.
///
/// Feature charts place their own marks (bars, dots, rings) with `raw(_:)`, escaping any text
/// they splice in with `SVGDrawing.escape`, and numbers with `SVGDrawing.number`.
public struct SVGDrawing {
    public enum Anchor: String, Sendable { case start, middle, end }

    /// What a legend swatch looks like.
    public enum Swatch: Sendable {
        /// A filled square (bars, cells, shaded days).
        case box(fill: String, stroke: String? = nil, opacity: Double = 1)
        /// A filled dot (points on a line or scatter).
        case dot(fill: String, opacity: Double = 1)
        /// A stroke (a trend line, a guide).
        case line(stroke: String, width: Double = 2, dashed: Bool = false)
        /// A character drawn in a colour (a ✕ for a missed day, ★ for the best).
        case glyph(String, fill: String)
    }

    public struct LegendEntry: Sendable {
        public let swatch: Swatch
        public let label: String

        public init(_ swatch: Swatch, _ label: String) {
            self.swatch = swatch
            self.label = label
        }
    }

    public let width: Double
    public let height: Double
    /// Left edge of the heading and, by default, of the plot.
    public let margin: Double
    private var parts: [String] = []

    /// Starts a document: `<svg>`, its `<title>` (what screen readers and tooltips say), an
    /// optional `<desc>`, a white background and the title again as a visible heading with the
    /// subtitle under it.
    public init(width: Double, height: Double, title: String, subtitle: String? = nil, margin: Double = 20) {
        self.width = width
        self.height = height
        self.margin = margin
        let w = Self.number(width), h = Self.number(height)
        parts.append(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(w)" height="\#(h)" viewBox="0 0 \#(w) \#(h)""#
                     + #" role="img" aria-labelledby="chart-title""#
                     // Korean faces after the Latin ones: a chart in Korean (`--lang ko`) finds its glyphs.
                     + #" font-family="DejaVu Sans, Helvetica, Arial, Noto Sans CJK KR, NanumGothic, Apple SD Gothic Neo, Malgun Gothic,"#
                     + #" sans-serif" font-size="12">"#)
        parts.append(#"<title id="chart-title">\#(Self.escape(title))</title>"#)
        if let subtitle { parts.append("<desc>\(Self.escape(subtitle))</desc>") }
        parts.append(##"<rect width="100%" height="100%" fill="#ffffff"/>"##)
        text(title, x: margin, y: 28, size: 18, bold: true, fill: "#111")
        if let subtitle { text(subtitle, x: margin, y: 48, fill: "#555") }
    }

    /// Markup built by the caller; any text inside must already be escaped.
    public mutating func raw(_ markup: String) { parts.append(markup) }

    public mutating func text(_ content: String, x: Double, y: Double, anchor: Anchor = .start, size: Double? = nil,
                              bold: Bool = false, fill: String = "#333", rotation: Double? = nil, className: String? = nil) {
        var attributes = ""
        if let className { attributes += #" class="\#(className)""# }
        attributes += #" x="\#(Self.number(x))" y="\#(Self.number(y))""#
        if anchor != .start { attributes += #" text-anchor="\#(anchor.rawValue)""# }
        if let size { attributes += #" font-size="\#(Self.number(size))""# }
        if bold { attributes += #" font-weight="bold""# }
        attributes += #" fill="\#(fill)""#
        if let rotation { attributes += #" transform="rotate(\#(Self.number(rotation)) \#(Self.number(x)) \#(Self.number(y)))""# }
        parts.append("<text\(attributes)>\(Self.escape(content))</text>")
    }

    public mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String = "#333", width: Double = 1,
                              dashed: Bool = false, className: String? = nil) {
        let classAttribute = className.map { #" class="\#($0)""# } ?? ""
        let dash = dashed ? #" stroke-dasharray="4 3""# : ""
        parts.append(#"<line\#(classAttribute) x1="\#(Self.number(x1))" y1="\#(Self.number(y1))""#
                     + #" x2="\#(Self.number(x2))" y2="\#(Self.number(y2))""#
                     + #" stroke="\#(stroke)" stroke-width="\#(Self.number(width))"\#(dash)/>"#)
    }

    /// A horizontal axis along `y` from `x0` to `x1`: the base line, a tick and a label at each
    /// tick's x, and the axis title (with its unit) centred under the labels.
    public mutating func xAxis(y: Double, from x0: Double, to x1: Double, ticks: [(x: Double, label: String)], title: String) {
        parts.append(#"<g class="x-axis">"#)
        line(x1: x0, y1: y, x2: x1, y2: y, stroke: "#555")
        for tick in ticks {
            line(x1: tick.x, y1: y, x2: tick.x, y2: y + 5, stroke: "#555")
            text(tick.label, x: tick.x, y: y + 18, anchor: .middle, fill: "#444")
        }
        text(title, x: (x0 + x1) / 2, y: y + 36, anchor: .middle, fill: "#222", className: "axis-title")
        parts.append("</g>")
    }

    /// A vertical axis along `x` from `top` to `bottom`: the base line, a tick and a label at
    /// each tick's y (with a light grid line across to `gridTo` when given), and the axis title
    /// (with its unit) turned along the axis.
    public mutating func yAxis(x: Double, from top: Double, to bottom: Double, ticks: [(y: Double, label: String)], title: String,
                               gridTo: Double? = nil, titleOffset: Double = 48) {
        parts.append(#"<g class="y-axis">"#)
        for tick in ticks {
            if let gridTo { line(x1: x, y1: tick.y, x2: gridTo, y2: tick.y, stroke: "#eeeeee") }
            line(x1: x - 5, y1: tick.y, x2: x, y2: tick.y, stroke: "#555")
            text(tick.label, x: x - 8, y: tick.y + 4, anchor: .end, fill: "#444")
        }
        line(x1: x, y1: top, x2: x, y2: bottom, stroke: "#555")
        let middle = (top + bottom) / 2
        text(title, x: x - titleOffset, y: middle, anchor: .middle, fill: "#222", rotation: -90, className: "axis-title")
        parts.append("</g>")
    }

    /// A legend in one row from (`x`, `y`), wrapping before `maxX`; returns the y below it.
    @discardableResult
    public mutating func legend(x: Double, y: Double, entries: [LegendEntry], maxX: Double? = nil) -> Double {
        let limit = maxX ?? width - margin
        parts.append(#"<g class="legend">"#)
        var cursorX = x, cursorY = y
        for entry in entries {
            let entryWidth = 20 + Self.estimatedWidth(entry.label, size: 12) + 18
            if cursorX > x, cursorX + entryWidth > limit {
                cursorX = x
                cursorY += 20
            }
            let sx = Self.number(cursorX), sy = Self.number(cursorY - 10)
            switch entry.swatch {
            case let .box(fill, stroke, opacity):
                let strokeAttribute = stroke.map { #" stroke="\#($0)""# } ?? ""
                parts.append(#"<rect class="swatch" x="\#(sx)" y="\#(sy)" width="12" height="12" fill="\#(fill)""#
                             + #" fill-opacity="\#(Self.number(opacity, places: 2))"\#(strokeAttribute)/>"#)
            case let .dot(fill, opacity):
                parts.append(#"<rect class="swatch" x="\#(sx)" y="\#(sy)" width="12" height="12" rx="6" fill="\#(fill)""#
                             + #" fill-opacity="\#(Self.number(opacity, places: 2))"/>"#)
            case let .line(stroke, width, dashed):
                line(x1: cursorX, y1: cursorY - 4, x2: cursorX + 14, y2: cursorY - 4,
                     stroke: stroke, width: width, dashed: dashed, className: "swatch")
            case let .glyph(glyph, fill):
                text(glyph, x: cursorX + 6, y: cursorY + 1, anchor: .middle, size: 14, bold: true, fill: fill, className: "swatch")
            }
            text(entry.label, x: cursorX + 20, y: cursorY, fill: "#333", className: "legend-label")
            cursorX += entryWidth
        }
        parts.append("</g>")
        return cursorY + 20
    }

    /// The finished document, ending in a newline.
    public func render() -> String {
        (parts + ["</svg>"]).joined(separator: "\n") + "\n"
    }

    // MARK: - Text and numbers

    /// Escapes text for XML content and attribute values (`& < > " '`).
    public static func escape(_ text: String) -> String { text.xmlEscaped }

    /// A coordinate or value as SVG writes it: at most `places` decimals, no trailing ".0".
    public static func number(_ value: Double, places: Int = 1) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    /// A rough width of a label in a sans-serif face, for laying legends out.
    public static func estimatedWidth(_ text: String, size: Double) -> Double {
        // A wide character (Hangul, CJK: two terminal columns) is about a full em, a narrow one 0.6.
        text.reduce(0) { width, character in
            width + size * (TextWidth.displayWidth(of: character) >= 2 ? 1.0 : 0.6)
        }
    }

    /// "Nice" tick values covering `low...high` with about `count` steps of 1, 2 or 5 × 10ⁿ.
    public static func niceTicks(low: Double, high: Double, count: Int = 5) -> [Double] {
        guard low.isFinite, high.isFinite else { return [] }
        let span = max(high - low, 1e-9)
        let step = niceStep(span / Double(max(count, 1)))
        var ticks: [Double] = []
        var value = (low / step).rounded(.down) * step
        while value <= high + step * 1e-9 {
            if value >= low - step * 1e-9 { ticks.append((value / step).rounded() * step) }
            value += step
        }
        return ticks
    }

    /// The step of 1, 2 or 5 × 10ⁿ nearest above `rough`.
    public static func niceStep(_ rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 1 }
        var magnitude = 1.0
        while magnitude > rough { magnitude /= 10 }
        while magnitude * 10 <= rough { magnitude *= 10 }
        for factor in [1.0, 2.0, 5.0, 10.0] where magnitude * factor >= rough { return magnitude * factor }
        return magnitude * 10
    }
}
