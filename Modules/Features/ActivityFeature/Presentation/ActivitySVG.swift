import FoundationEssentials
import Console
import Core
import Domain

/// An activity as an SVG picture: the elevation profile over distance (top, metres against
/// kilometres) and the pace of each kilometre as bars (bottom, min/km from zero, so a taller bar
/// is a slower kilometre). The fastest full kilometre is drawn in its own colour and labelled
/// best; a dashed line marks the average pace.
enum ActivitySVG {
    static let width = 800.0
    static let left = 78.0
    static let right = 24.0
    static let panel = 200.0

    static let elevationFill = "#7bb274"
    static let elevationStroke = "#3f7d3a"
    static let barColour = "#8fa8dc"
    static let bestColour = "#1e9e5a"
    static let averageColour = "#444444"

    /// The fastest split: among full kilometres when there are any (a short last split says
    /// little), else among all splits with a pace.
    static func bestSplit(_ splits: [Split]) -> Split? {
        let timed = splits.filter { ($0.pace ?? 0) > 0 }
        let full = timed.filter { $0.distance >= 999 }
        return (full.isEmpty ? timed : full).min { $0.pace! < $1.pace! }
    }

    static func render(_ activity: Activity, stats: TrackStatistics, language: Language = .en) -> String {
        let words = ActivityChartWords(language)
        let plotRight = width - right
        let plotWidth = plotRight - left
        let total = max(stats.distance2D, 1)
        let kind = words.kind(activity.kind)
        let title = "\(kind)\(activity.name.map { " — \($0)" } ?? "") · \(ActivityText.km(stats.distance2D))"
        var facts = [ActivityText.km(stats.distance2D)]
        if let moving = stats.movingTime ?? stats.duration { facts.append(words.moving(ActivityText.duration(moving))) }
        if let moving = stats.movingTime ?? stats.duration, stats.distance2D > 0 {
            facts.append(words.average(ActivityText.pace(moving / (stats.distance2D / 1000))))
        }
        facts.append(words.climb(gain: Int(stats.elevationGain.rounded()), loss: Int(stats.elevationLoss.rounded())))
        let height = 110 + panel + 90 + panel + 60
        var svg = SVGDrawing(width: width, height: height, title: title, subtitle: facts.joined(separator: " · "), margin: left)

        let paces = stats.splits.compactMap { split in split.pace.map { (split, $0) } }
        let best = bestSplit(stats.splits)
        let averagePace: Double? = {
            guard let moving = stats.movingTime ?? stats.duration, stats.distance2D > 0, !paces.isEmpty else { return nil }
            return moving / (stats.distance2D / 1000)
        }()
        var legend: [SVGDrawing.LegendEntry] = [.init(.box(fill: elevationFill, stroke: elevationStroke, opacity: 0.35), words.elevation)]
        if !paces.isEmpty {
            legend.append(.init(.box(fill: barColour), words.kilometrePace))
            if let best {
                legend.append(.init(.box(fill: bestColour), words.best(best.index, ActivityText.pace(best.pace))))
            }
            if let averagePace {
                legend.append(.init(.line(stroke: averageColour, width: 1.5, dashed: true), words.average(ActivityText.pace(averagePace))))
            }
        }
        svg.legend(x: left, y: 76, entries: legend, maxX: plotRight)

        // Elevation profile: cumulative distance against elevation.
        let top = 110.0
        var profile: [(Double, Double)] = []
        var covered = 0.0
        for segment in activity.track?.segments ?? [] {
            var previous: TrackPoint?
            for point in segment {
                if let previous { covered += Geo.distance2D(previous, point) }
                if let elevation = point.elevation { profile.append((covered, elevation)) }
                previous = point
            }
        }
        svg.raw(##"<rect class="frame" x="\##(left)" y="\##(top)" width="\##(plotWidth)" height="\##(panel)""##
                + ##" fill="none" stroke="#dddddd"/>"##)
        func kmTicks(_ positions: (Double) -> Double) -> [(x: Double, label: String)] {
            SVGDrawing.niceTicks(low: 0, high: total / 1000, count: 8).map { km in
                (positions(km * 1000), SVGDrawing.number(km, places: 2))
            }
        }
        if let low = profile.map(\.1).min(), let high = profile.map(\.1).max() {
            let step = SVGDrawing.niceStep(max(high - low, 10) / 4)
            let floor = (low / step).rounded(.down) * step
            let ceiling = max((high / step).rounded(.up) * step, floor + step)
            func y(_ elevation: Double) -> Double { top + panel - (elevation - floor) / (ceiling - floor) * panel }
            let ticks = SVGDrawing.niceTicks(low: floor, high: ceiling, count: 4).map { (y($0), SVGDrawing.number($0, places: 0)) }
            svg.yAxis(x: left, from: top, to: top + panel, ticks: ticks, title: words.elevationAxis, gridTo: plotRight)
            let stride = max(1, profile.count / 1500) // keep the picture light for long tracks
            var path = ""
            for (index, sample) in profile.enumerated() where index % stride == 0 || index == profile.count - 1 {
                let px = SVGDrawing.number(left + sample.0 / total * plotWidth)
                path += (path.isEmpty ? "M" : " L") + "\(px),\(SVGDrawing.number(y(sample.1)))"
            }
            svg.raw(##"<path class="elevation""##
                    + ##" d="\##(path) L\##(SVGDrawing.number(plotRight)),\##(top + panel) L\##(left),\##(top + panel) Z""##
                    + ##" fill="\##(elevationFill)" fill-opacity="0.35" stroke="\##(elevationStroke)" stroke-width="1.5"/>"##)
            if let highest = profile.max(by: { $0.1 < $1.1 }) {
                let hx = left + highest.0 / total * plotWidth
                svg.text(words.highest(Int(highest.1.rounded())), x: min(max(hx, left + 60), plotRight - 60), y: y(highest.1) - 8,
                         anchor: .middle, fill: elevationStroke)
            }
        } else {
            svg.yAxis(x: left, from: top, to: top + panel, ticks: [], title: words.elevationAxis)
            svg.text(words.noElevation, x: left + 10, y: top + panel / 2, fill: "#888")
        }
        svg.xAxis(y: top + panel, from: left, to: plotRight, ticks: kmTicks { left + $0 / total * plotWidth }, title: words.distanceAxis)

        // Pace per kilometre, from zero: a taller bar is a slower kilometre.
        let bottom = top + panel + 90
        svg.raw(##"<rect class="frame" x="\##(left)" y="\##(bottom)" width="\##(plotWidth)" height="\##(panel)""##
                + ##" fill="none" stroke="#dddddd"/>"##)
        if let slowest = paces.map(\.1).max() {
            let step = SVGDrawing.niceStep(slowest / 4 / 60) * 60 // whole minutes or 30 s, 2 min …
            let ceiling = max((slowest * 1.02 / step).rounded(.up) * step, step)
            func height(_ pace: Double) -> Double { pace / ceiling * panel }
            let ticks = Swift.stride(from: 0, through: ceiling + 0.5, by: step).map {
                (bottom + panel - height($0), ActivityText.duration($0))
            }
            svg.yAxis(x: left, from: bottom, to: bottom + panel, ticks: ticks, title: words.paceAxis, gridTo: plotRight)
            let barWidth = plotWidth / Double(max(stats.splits.count, 1))
            let labelEvery = max(1, Int((Double(stats.splits.count) / 25).rounded(.up)))
            var labels: [(x: Double, label: String)] = []
            for (split, pace) in paces {
                let barHeight = height(pace)
                let x = left + Double(split.index - 1) * barWidth
                let isBest = split.index == best?.index
                let fill = isBest ? bestColour : barColour
                let className = isBest ? "split best" : "split"
                svg.raw(##"<rect class="\##(className)" x="\##(SVGDrawing.number(x + 2))""##
                        + ##" y="\##(SVGDrawing.number(bottom + panel - barHeight))""##
                        + ##" width="\##(SVGDrawing.number(max(barWidth - 4, 1)))" height="\##(SVGDrawing.number(barHeight))""##
                        + ##" fill="\##(fill)">"##
                        + ##"<title>\##(SVGDrawing.escape(words.splitTooltip(split.index, ActivityText.pace(pace))))</title></rect>"##)
                if isBest {
                    // Inside the top of the bar when it is tall enough (the fastest bar is the
                    // shortest, below the average line), else above it.
                    let inside = barHeight > 48
                    let labelY = inside ? bottom + panel - barHeight + 18 : bottom + panel - barHeight - 22
                    let colour = inside ? "#ffffff" : bestColour
                    svg.text(words.bestMark, x: x + barWidth / 2, y: labelY, anchor: .middle, bold: true, fill: colour, className: "best-label")
                    svg.text(ActivityText.duration(pace), x: x + barWidth / 2, y: labelY + 15, anchor: .middle, fill: colour)
                }
                if split.index % labelEvery == 0 || split.index == 1 {
                    let partial = split.distance < 999 ? " (\(SVGDrawing.number(split.distance / 1000, places: 2)))" : ""
                    labels.append((x + barWidth / 2, "\(split.index)\(stats.splits.count <= 12 ? partial : "")"))
                }
            }
            if let averagePace {
                let y = bottom + panel - height(averagePace)
                svg.line(x1: left, y1: y, x2: plotRight, y2: y, stroke: averageColour, width: 1.5, dashed: true, className: "average")
            }
            svg.xAxis(y: bottom + panel, from: left, to: plotRight, ticks: labels, title: words.splitAxis)
        } else {
            svg.yAxis(x: left, from: bottom, to: bottom + panel, ticks: [], title: words.paceAxis)
            svg.xAxis(y: bottom + panel, from: left, to: plotRight, ticks: [], title: words.kilometre)
            svg.text(words.noTimes, x: left + 10, y: bottom + panel / 2, fill: "#888")
        }
        return svg.render()
    }
}
