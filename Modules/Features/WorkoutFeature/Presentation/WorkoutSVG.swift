import FoundationEssentials
import Console
import Core
import Domain

/// `tend workout calendar --svg`: the month's training days as a heat map, Monday first. A cell
/// is darker the more minutes were trained that day; the legend is the scale in minutes.
enum WorkoutSVG {
    static let cell = 72.0
    static let left = 84.0
    static let top = 150.0
    static let colour = "#20bf6b"

    /// Fill opacity of a day with `minutes` when the busiest day had `most`.
    static func opacity(_ minutes: Double?, most: Double) -> Double {
        minutes.map { (0.25 + 0.75 * $0 / max(most, 1)) * 100 }.map { $0.rounded() / 100 } ?? 0
    }

    static func calendar(_ month: YearMonth, minutes: [LocalDate: Double], today: LocalDate? = nil) -> String {
        let rows = (month.numberOfDays + month.firstDay.isoWeekday - 2) / 7 + 1
        let width = left + 7 * cell + 24
        let height = top + Double(rows) * cell + 60
        let total = minutes.values.reduce(0, +)
        let most = max(minutes.values.max() ?? 1, 1)
        let subtitle = "\(counted(minutes.count, "training day")) · \(WorkoutText.hours(total)) in all · the darker, the longer"
        var svg = SVGDrawing(width: width, height: height, title: "Training · \(month)", subtitle: subtitle, margin: left)

        // The legend is the colour scale: no training, then minutes up to the month's longest day.
        var scale: [SVGDrawing.LegendEntry] = [.init(.box(fill: "#ffffff", stroke: "#cccccc"), "rest")]
        let quarterAndHalf = [most / 4, most / 2].map { $0 >= 10 ? ($0 / 5).rounded() * 5 : max(1, $0.rounded()) }
        let steps = minutes.isEmpty ? [] : Array(Set(quarterAndHalf + [most.rounded()])).sorted()
        for value in steps {
            scale.append(.init(.box(fill: colour, opacity: opacity(value, most: most)), "\(Int(value)) min"))
        }
        if let today, today.yearMonth == month { scale.append(.init(.box(fill: "#ffffff", stroke: "#3867d6"), "today")) }
        svg.legend(x: left, y: 76, entries: scale, maxX: width - 24)

        // Columns: weekdays; rows: the weeks of the month by their Monday.
        let gridTop = top
        for (index, name) in ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].enumerated() {
            svg.text(name, x: left + Double(index) * cell + (cell - 6) / 2, y: gridTop - 10, anchor: .middle, bold: true, fill: "#444")
        }
        svg.text("day of the week", x: left + 3.5 * cell, y: gridTop - 30, anchor: .middle, fill: "#222", className: "axis-title")
        for row in 0..<rows {
            let monday = month.firstDay.adding(days: row * 7 - (month.firstDay.isoWeekday - 1))
            svg.text(shortDate(monday), x: left - 10, y: gridTop + Double(row) * cell + cell / 2, anchor: .end, fill: "#444")
        }
        svg.text("week from Monday", x: left - 62, y: gridTop + Double(rows) * cell / 2, anchor: .middle, fill: "#222",
                 rotation: -90, className: "axis-title")

        for day in month.days {
            let column = Double(day.isoWeekday - 1)
            let row = Double((day.day + month.firstDay.isoWeekday - 2) / 7)
            let x = left + column * cell
            let y = gridTop + row * cell
            let trained = minutes[day]
            let stroke = day == today ? ##"stroke="#3867d6" stroke-width="2.5""## : ##"stroke="#dddddd""##
            svg.raw(##"<rect x="\##(SVGDrawing.number(x))" y="\##(SVGDrawing.number(y))""##
                    + ##" width="\##(cell - 6)" height="\##(cell - 6)" rx="6""##
                    + ##" fill="\##(colour)" fill-opacity="\##(opacity(trained, most: most))" \##(stroke)>"##
                    + ##"<title>\##(day): \##(Int(trained ?? 0)) min</title></rect>"##)
            let strong = trained.map { $0 / most > 0.6 } ?? false
            svg.text("\(day.day)", x: x + 7, y: y + 17, bold: day == today, fill: strong ? "#ffffff" : "#333")
            if let trained {
                svg.text("\(Int(trained.rounded())) min", x: x + (cell - 6) / 2, y: y + cell - 16, anchor: .middle, size: 11,
                         fill: strong ? "#ffffff" : "#1b5e3a")
            }
        }
        return svg.render()
    }

    /// A row label: `Nov 2`.
    static func shortDate(_ date: LocalDate) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(months[date.month - 1]) \(date.day)"
    }
}
