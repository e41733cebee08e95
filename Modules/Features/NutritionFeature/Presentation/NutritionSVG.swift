import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Console
import Core
import Domain

/// Pictures: the day as four rings (energy and the three macros against their goals), and the
/// weight with its trend line.
public enum NutritionSVG {
    /// Where a ring stands against its goal, by the whole percent a person reads under it.
    enum RingState: String, Equatable {
        case under, met, over

        init(value: Double, goal: Double) {
            let percent = goal > 0 ? Int((value / goal * 100).rounded()) : 0
            self = percent > 100 ? .over : percent == 100 ? .met : .under
        }
    }

    static let overColour = "#2d3436"

    /// The words follow `language`; `data-nutrient` keeps the English key for styles and scripts.
    public static func day(_ day: NutritionUseCases.Day, language: Language = .en) -> String {
        let words = DietChartWords(language)
        let totals = day.totals
        let keys = ["energy", "protein", "carbs", "fat"]
        let rings: [(name: String, value: Double, goal: Double, unit: String, colour: String)] = [
            (words.names[0], totals.kcal, day.goals.kcal, "kcal", "#eb3b5a"),
            (words.names[1], totals.protein, day.goals.protein, "g", "#3867d6"),
            (words.names[2], totals.carbs, day.goals.carbs, "g", "#f7b731"),
            (words.names[3], totals.fat, day.goals.fat, "g", "#20bf6b"),
        ]
        let left = day.remainingKcal
        let subtitle = words.subtitle(eaten: amount(totals.kcal, "kcal"), goal: amount(day.goals.kcal, "kcal"), left: left,
                                      remaining: amount(abs(left), "kcal"))
        var svg = SVGDrawing(width: 720, height: 340, title: words.title(day.date), subtitle: subtitle)
        svg.legend(x: 20, y: 76, entries: [
            .init(.box(fill: "#eeeeee"), words.legendGoal),
            .init(.glyph("✓", fill: "#1e9e5a"), words.legendMet),
            .init(.box(fill: overColour), words.legendOver),
        ])
        let radius = 60.0, cy = 180.0
        let circumference = 2 * Double.pi * radius
        for (index, ring) in rings.enumerated() {
            let cx = 100 + Double(index) * 173
            let ratio = ring.goal > 0 ? max(ring.value / ring.goal, 0) : 0
            let state = RingState(value: ring.value, goal: ring.goal)
            let percent = Int((ratio * 100).rounded())
            let shown = min(ratio, 1)
            let x = SVGDrawing.number(cx), y = SVGDrawing.number(cy)
            svg.raw(##"<g class="ring \##(state.rawValue)" data-nutrient="\##(keys[index])">"##)
            let tooltip = words.tooltip(ring.name, value: amount(ring.value, ring.unit), goal: amount(ring.goal, ring.unit),
                                        percent: percent, state: state)
            svg.raw(##"<title>\##(SVGDrawing.escape(tooltip))</title>"##)
            svg.raw(##"<circle cx="\##(x)" cy="\##(y)" r="\##(radius)" fill="none" stroke="#eeeeee" stroke-width="16"/>"##)
            svg.raw(##"<circle cx="\##(x)" cy="\##(y)" r="\##(radius)" fill="none" stroke="\##(ring.colour)" stroke-width="16""##
                    + ##" stroke-dasharray="\##(SVGDrawing.number(shown * circumference)) \##(SVGDrawing.number(circumference))""##
                    + ##" transform="rotate(-90 \##(x) \##(y))"/>"##)
            // Quarter ticks across the ring: the scale of the goal.
            for quarter in 0..<4 {
                let angle = Double(quarter) * Double.pi / 2
                let (sinA, cosA) = (sin(angle), cos(angle))
                svg.line(x1: cx + sinA * (radius - 9), y1: cy - cosA * (radius - 9),
                         x2: cx + sinA * (radius + 9), y2: cy - cosA * (radius + 9),
                         stroke: "#ffffff", width: quarter == 0 ? 2.5 : 1.5)
            }
            if state == .over {
                // The part past the goal as a second, dark lap from the top (capped at one more lap).
                let extra = min(ratio - 1, 0.999)
                let angle = extra * 2 * Double.pi
                let endX = cx + sin(angle) * radius, endY = cy - cos(angle) * radius
                let largeArc = extra > 0.5 ? 1 : 0
                svg.raw(##"<path class="over-lap""##
                        + ##" d="M\##(x),\##(SVGDrawing.number(cy - radius)) A\##(radius),\##(radius) 0 \##(largeArc) 1"##
                        + ##" \##(SVGDrawing.number(endX)),\##(SVGDrawing.number(endY))""##
                        + ##" fill="none" stroke="\##(overColour)" stroke-width="10" stroke-linecap="round"/>"##)
                svg.text("▲", x: endX, y: endY + 5, anchor: .middle, size: 13, fill: "#ffffff", className: "over-mark")
            }
            if state == .met {
                // A green badge with a check where the ring closes on itself, top right.
                let bx = cx + radius * 0.72, by = cy - radius * 0.72
                svg.raw(##"<rect class="met-badge" x="\##(SVGDrawing.number(bx - 11))" y="\##(SVGDrawing.number(by - 11))""##
                        + ##" width="22" height="22" rx="11" fill="#1e9e5a" stroke="#ffffff" stroke-width="2"/>"##)
                svg.text("✓", x: bx, y: by + 5, anchor: .middle, size: 14, bold: true, fill: "#ffffff", className: "met-mark")
            }
            svg.text(amount(ring.value, ring.unit), x: cx, y: cy - 4, anchor: .middle, bold: true, fill: "#111")
            svg.text(words.ofGoal(amount(ring.goal, ring.unit)), x: cx, y: cy + 14, anchor: .middle, fill: "#666")
            svg.text(ring.name, x: cx, y: cy + radius + 34, anchor: .middle, bold: true, fill: "#222")
            switch state {
            case .under:
                svg.text(words.toGo(percent, amount(ring.goal - ring.value, ring.unit)), x: cx, y: cy + radius + 52, anchor: .middle,
                         fill: "#555", className: "state-label")
            case .met:
                svg.text(words.met, x: cx, y: cy + radius + 52, anchor: .middle, bold: true, fill: "#1e9e5a",
                         className: "state-label")
            case .over:
                svg.text(words.over(percent), x: cx, y: cy + radius + 52, anchor: .middle, bold: true, fill: overColour,
                         className: "state-label")
                svg.text(words.pastGoal(amount(ring.value - ring.goal, ring.unit)), x: cx, y: cy + radius + 68, anchor: .middle,
                         fill: overColour, className: "state-label")
            }
            svg.raw("</g>")
        }
        return svg.render()
    }

    /// Weights in the person's unit (`unit`); the trend is computed in kilograms and only shown converted.
    public static func trend(_ trend: WeightTrend, unit: WeightUnit, language: Language = .en) -> String {
        let words = WeightChartWords(language)
        func w(_ kilograms: Double) -> Double { unit.value(ofKilograms: kilograms) }
        func label(_ kilograms: Double) -> String { "\(SVGDrawing.number(w(kilograms), places: 1)) \(unit.rawValue)" }
        let width = 760.0, height = 400.0, left = 78.0, right = words.rightMargin, bottom = 70.0
        let points = trend.points
        guard let first = points.first, let last = points.last else {
            var svg = SVGDrawing(width: width, height: 200, title: words.title, subtitle: words.noWeighingsHint, margin: left)
            svg.text(words.noWeighings, x: left, y: 120, fill: "#888")
            return svg.render()
        }
        var facts = [words.latest(label(last.kilograms)), words.trend(label(last.trend))]
        if let weekly = trend.weeklyChange { facts.append(words.weekly("\(weekly >= 0 ? "+" : "−")\(label(abs(weekly)))")) }
        facts.append(words.days(points.count))
        var svg = SVGDrawing(width: width, height: height, title: "\(words.title) · \(first.date) – \(last.date)",
                             subtitle: facts.joined(separator: " · "), margin: left)
        let top = svg.legend(x: left, y: 76, entries: [
            .init(.dot(fill: "#3867d6"), words.weighing),
            .init(.line(stroke: "#eb3b5a", width: 2), words.trendLine),
            .init(.line(stroke: "#bbbbbb", width: 1), words.distance),
        ], maxX: width - right) + 12

        let values = points.flatMap { [w($0.kilograms), w($0.trend)] }
        let step = SVGDrawing.niceStep(max(values.max()! - values.min()!, 1) / 5)
        let low = (values.min()! / step).rounded(.down) * step
        let high = max((values.max()! / step).rounded(.up) * step, low + step)
        let span = Double(max(first.date.days(until: last.date), 1))
        let plotRight = width - right, plotBottom = height - bottom
        func x(_ date: LocalDate) -> Double { left + Double(first.date.days(until: date)) / span * (plotRight - left) }
        func y(_ value: Double) -> Double { top + (high - value) / (high - low) * (plotBottom - top) }
        let kgTicks = SVGDrawing.niceTicks(low: low, high: high, count: 5).map { (y($0), SVGDrawing.number($0, places: 1)) }
        svg.yAxis(x: left, from: top, to: plotBottom, ticks: kgTicks, title: words.weightAxis(unit.rawValue), gridTo: plotRight)
        let dayStep = [1, 2, 7, 14, 28, 56, 91, 182, 364].first { span / Double($0) <= 7 } ?? 728 // whole weeks once past a fortnight
        var dateTicks: [(x: Double, label: String)] = []
        var offset = 0
        while offset <= Int(span) {
            let date = first.date.adding(days: offset)
            dateTicks.append((x(date), words.shortDate(date)))
            offset += dayStep
        }
        let years = first.date.year == last.date.year ? "\(first.date.year)" : "\(first.date.year)–\(last.date.year)"
        svg.xAxis(y: plotBottom, from: left, to: plotRight, ticks: dateTicks, title: words.dateAxis(years))
        for point in points {
            svg.line(x1: x(point.date), y1: y(w(point.kilograms)), x2: x(point.date), y2: y(w(point.trend)),
                     stroke: "#bbbbbb", className: "sinker")
        }
        let path = points.enumerated().map { index, point in
            "\(index == 0 ? "M" : "L")\(SVGDrawing.number(x(point.date))),\(SVGDrawing.number(y(w(point.trend))))"
        }.joined(separator: " ")
        svg.raw(##"<path class="trend" d="\##(path)" fill="none" stroke="#eb3b5a" stroke-width="2"/>"##)
        for point in points {
            let tooltip = words.tooltip(point.date, weight: label(point.kilograms), trend: label(point.trend))
            svg.raw(##"<circle class="weighing" cx="\##(SVGDrawing.number(x(point.date)))""##
                    + ##" cy="\##(SVGDrawing.number(y(w(point.kilograms))))" r="3.5" fill="#3867d6">"##
                    + ##"<title>\##(SVGDrawing.escape(tooltip))"##
                    + "</title></circle>")
        }
        return svg.render()
    }

    static func amount(_ value: Double, _ unit: String) -> String { "\(Int(value.rounded())) \(unit)" }
}
