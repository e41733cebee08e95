import FoundationEssentials
import Core
import Domain

/// Pictures: the day as four rings (energy and the three macros against their goals), and the
/// weight with its trend line.
enum NutritionSVG {
    static func day(_ day: NutritionUseCases.Day) -> String {
        let totals = day.totals
        let rings: [(String, Double, Double, String, String)] = [
            ("Energy", totals.kcal, day.goals.kcal, "kcal", "#eb3b5a"),
            ("Protein", totals.protein, day.goals.protein, "g", "#3867d6"),
            ("Carbs", totals.carbs, day.goals.carbs, "g", "#f7b731"),
            ("Fat", totals.fat, day.goals.fat, "g", "#20bf6b"),
        ]
        var svg = [##"<svg xmlns="http://www.w3.org/2000/svg" width="720" height="260" viewBox="0 0 720 260" font-family="sans-serif" font-size="13">"##,
                   ##"<rect width="100%" height="100%" fill="#ffffff"/>"##,
                   ##"<text x="20" y="28" font-size="18" font-weight="bold">Diet · \##(day.date)</text>"##]
        let radius = 60.0
        let circumference = 2 * Double.pi * radius
        for (index, ring) in rings.enumerated() {
            let cx = 100 + Double(index) * 170
            let ratio = ring.2 > 0 ? min(ring.1 / ring.2, 1) : 0
            svg.append(##"<circle cx="\##(cx)" cy="130" r="\##(radius)" fill="none" stroke="#eeeeee" stroke-width="16"/>"##)
            svg.append(##"<circle cx="\##(cx)" cy="130" r="\##(radius)" fill="none" stroke="\##(ring.4)" stroke-width="16" stroke-linecap="round" stroke-dasharray="\##(r(ratio * circumference)) \##(r(circumference))" transform="rotate(-90 \##(cx) 130)"/>"##)
            svg.append(##"<text x="\##(cx)" y="126" text-anchor="middle" font-weight="bold">\##(Int(ring.1.rounded())) \##(ring.3)</text>"##)
            svg.append(##"<text x="\##(cx)" y="144" text-anchor="middle" fill="#666">of \##(Int(ring.2.rounded()))</text>"##)
            svg.append(##"<text x="\##(cx)" y="222" text-anchor="middle">\##(ring.0)</text>"##)
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    static func trend(_ trend: WeightTrend) -> String {
        let width = 760.0, height = 320.0, left = 60.0, right = 20.0, top = 40.0, bottom = 40.0
        var svg = [##"<svg xmlns="http://www.w3.org/2000/svg" width="760" height="320" viewBox="0 0 760 320" font-family="sans-serif" font-size="12">"##,
                   ##"<rect width="100%" height="100%" fill="#ffffff"/>"##,
                   ##"<text x="\##(left)" y="26" font-size="16" font-weight="bold">Weight and trend</text>"##]
        let points = trend.points
        guard let first = points.first, let last = points.last else {
            svg.append(##"<text x="\##(left)" y="160" fill="#888">No weighings yet</text>"##)
            svg.append("</svg>")
            return svg.joined(separator: "\n") + "\n"
        }
        let values = points.flatMap { [$0.kilograms, $0.trend] }
        let low = values.min()! - 0.5, high = values.max()! + 0.5
        let span = Double(max(first.date.days(until: last.date), 1))
        func x(_ date: LocalDate) -> Double { left + Double(first.date.days(until: date)) / span * (width - left - right) }
        func y(_ kg: Double) -> Double { top + (high - kg) / (high - low) * (height - top - bottom) }
        svg.append(##"<rect x="\##(left)" y="\##(top)" width="\##(width - left - right)" height="\##(height - top - bottom)" fill="none" stroke="#ccc"/>"##)
        for kg in [low + 0.5, (low + high) / 2, high - 0.5] {
            svg.append(##"<text x="\##(left - 6)" y="\##(r(y(kg) + 4))" text-anchor="end" fill="#555">\##((kg * 10).rounded() / 10)</text>"##)
        }
        let path = points.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(r(x($0.element.date))),\(r(y($0.element.trend)))" }.joined(separator: " ")
        svg.append(##"<path d="\##(path)" fill="none" stroke="#eb3b5a" stroke-width="2"/>"##)
        for point in points {
            svg.append(##"<circle cx="\##(r(x(point.date)))" cy="\##(r(y(point.kilograms)))" r="3" fill="#3867d6"><title>\##(point.date): \##(point.kilograms) kg</title></circle>"##)
        }
        svg.append(##"<text x="\##(left)" y="\##(height - 12)" fill="#555">\##(first.date)</text>"##)
        svg.append(##"<text x="\##(width - right)" y="\##(height - 12)" text-anchor="end" fill="#555">\##(last.date)</text>"##)
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    static func r(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
