import FoundationEssentials
import Core
import Domain

/// An activity as an SVG picture: the elevation profile over distance (top) and the pace of
/// each kilometre as bars (bottom).
enum ActivitySVG {
    static let width = 800.0
    static let left = 64.0
    static let right = 24.0
    static let panel = 200.0

    static func render(_ activity: Activity, stats: TrackStatistics) -> String {
        let plotWidth = width - left - right
        let total = max(stats.distance2D, 1)
        var svg: [String] = []
        let height = 70 + panel * 2 + 80
        svg.append(##"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="\##(Int(height))" viewBox="0 0 800 \##(Int(height))" font-family="sans-serif" font-size="12">"##)
        svg.append(##"<rect width="100%" height="100%" fill="#ffffff"/>"##)
        let title = "\(activity.kind == .run ? "Run" : "Hike")\(activity.name.map { " — \($0)" } ?? "") · \(ActivityText.km(stats.distance2D))"
        svg.append(##"<text x="\##(left)" y="30" font-size="18" font-weight="bold">\##(escape(title))</text>"##)

        // Elevation profile: cumulative distance against elevation.
        let top = 60.0
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
        svg.append(##"<rect x="\##(left)" y="\##(top)" width="\##(plotWidth)" height="\##(panel)" fill="none" stroke="#ccc"/>"##)
        svg.append(##"<text x="\##(width - right)" y="\##(top - 6)" text-anchor="end" fill="#333">Elevation (m)</text>"##)
        if let low = profile.map(\.1).min(), let high = profile.map(\.1).max() {
            let span = max(high - low, 10)
            func y(_ elevation: Double) -> Double { top + panel - (elevation - low) / span * (panel - 10) - 5 }
            let step = max(1, profile.count / 1500) // keep the picture light for long tracks
            var path = ""
            for (index, sample) in profile.enumerated() where index % step == 0 || index == profile.count - 1 {
                path += (path.isEmpty ? "M" : " L") + "\(r(left + sample.0 / total * plotWidth)),\(r(y(sample.1)))"
            }
            svg.append(##"<path d="\##(path) L\##(r(left + plotWidth)),\##(top + panel) L\##(left),\##(top + panel) Z" fill="#7bb274" fill-opacity="0.35" stroke="#3f7d3a" stroke-width="1.5"/>"##)
            for elevation in [low, high] {
                svg.append(##"<text x="\##(left - 8)" y="\##(r(y(elevation) + 4))" text-anchor="end" fill="#555">\##(Int(elevation.rounded()))</text>"##)
            }
        } else {
            svg.append(##"<text x="\##(left + 10)" y="\##(top + panel / 2)" fill="#888">No elevation in this track</text>"##)
        }

        // Pace per kilometre.
        let bottom = top + panel + 50
        svg.append(##"<rect x="\##(left)" y="\##(bottom)" width="\##(plotWidth)" height="\##(panel)" fill="none" stroke="#ccc"/>"##)
        svg.append(##"<text x="\##(width - right)" y="\##(bottom - 6)" text-anchor="end" fill="#333">Pace per km (min/km)</text>"##)
        let paces = stats.splits.compactMap { split in split.pace.map { (split, $0) } }
        if let slowest = paces.map(\.1).max() {
            let barWidth = plotWidth / Double(max(stats.splits.count, 1))
            for (split, pace) in paces {
                let barHeight = pace / slowest * (panel - 20)
                let x = left + Double(split.index - 1) * barWidth
                svg.append(##"<rect x="\##(r(x + 2))" y="\##(r(bottom + panel - barHeight))" width="\##(r(max(barWidth - 4, 1)))" height="\##(r(barHeight))" fill="#3867d6"><title>km \##(split.index): \##(ActivityText.pace(pace))</title></rect>"##)
                if stats.splits.count <= 30 {
                    svg.append(##"<text x="\##(r(x + barWidth / 2))" y="\##(r(bottom + panel + 16))" text-anchor="middle" fill="#555">\##(split.index)</text>"##)
                }
            }
        } else {
            svg.append(##"<text x="\##(left + 10)" y="\##(bottom + panel / 2)" fill="#888">No times in this track</text>"##)
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    static func r(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
    }
}
