/// Terminal charts drawn with Unicode block characters, for text output at a glance.
public enum Chart {
    /// Heights from one eighth to a full cell, lowest first.
    static let ticks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// Widths from one eighth to seven eighths of a cell, narrowest first.
    static let partialBlocks: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// One character per value, scaled from the smallest to the largest value. Values that are
    /// all equal draw the middle bar (the lowest when they are all zero). NaN and infinities are
    /// left out of the scale and drawn as a space, so positions still line up with the data.
    public static func sparkline(_ values: [Double]) -> String {
        let finite = values.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else {
            return String(repeating: " ", count: values.count)
        }
        let range = high - low
        return String(values.map { value -> Character in
            guard value.isFinite else { return " " }
            guard range > 0 else { return high == 0 ? ticks[0] : ticks[3] }
            let index = Int(((value - low) / range * Double(ticks.count - 1)).rounded())
            return ticks[min(max(index, 0), ticks.count - 1)]
        })
    }

    /// One line per item, `label  ████▌ value`: labels aligned, the largest value `width` cells
    /// long, eighth-block precision. A positive value too small to see still gets a sliver;
    /// zero, negative and NaN values get no bar.
    public static func bars(
        _ items: [(label: String, value: Double)],
        width: Int = 30,
        valueFormat: (Double) -> String = Chart.format
    ) -> String {
        let largest = items.map(\.value).filter(\.isFinite).max() ?? 0
        let labelWidth = items.map { TextWidth.displayWidth($0.label) }.max() ?? 0
        let lines = items.map { item -> String in
            var eighths = 0
            if largest > 0, item.value.isFinite, item.value > 0 {
                eighths = max(1, Int((item.value / largest * Double(max(width, 1) * 8)).rounded()))
            }
            let label = TextWidth.pad(item.label, to: labelWidth, alignment: .left)
            // An empty bar leaves the value where the bar would start.
            let drawn = bar(eighths: eighths)
            return drawn.isEmpty
                ? "\(label)  \(valueFormat(item.value))"
                : "\(label)  \(drawn) \(valueFormat(item.value))"
        }
        return lines.joined(separator: "\n")
    }

    /// A vertical column per value, `height` rows tall, scaled from zero to the largest value with
    /// eighth-block tops, then the `axis` line (e.g. hours) underneath when given. Each value is
    /// one column wide, so an axis string lines up character for character.
    public static func columns(_ values: [Double], height: Int = 5, axis: String? = nil) -> String {
        let rowsCount = max(height, 1)
        let largest = values.filter(\.isFinite).max() ?? 0
        let heights = values.map { value -> Int in
            guard largest > 0, value.isFinite, value > 0 else { return 0 }
            return max(1, Int((value / largest * Double(rowsCount * 8)).rounded()))
        }
        var lines: [String] = []
        for row in 0..<rowsCount {
            let floor = (rowsCount - 1 - row) * 8
            var line = String(heights.map { total -> Character in
                let filled = min(max(total - floor, 0), 8)
                return filled == 0 ? " " : ticks[filled - 1]
            })
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        if let axis { lines.append(axis) }
        return lines.joined(separator: "\n")
    }

    /// Full blocks then one partial block for the remaining eighths.
    static func bar(eighths: Int) -> String {
        let full = String(repeating: "█", count: eighths / 8)
        let remainder = eighths % 8
        return remainder == 0 ? full : full + String(partialBlocks[remainder - 1])
    }

    /// The default value label: whole numbers plain, others to one decimal ("12", "2.5").
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : (value > 0 ? "∞" : "-∞") }
        guard abs(value) < 1e15 else { return "\(value)" } // beyond Int's exact tenths
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        let whole = "\(sign)\(magnitude / 10)"
        return magnitude % 10 == 0 ? whole : "\(whole).\(magnitude % 10)"
    }
}
