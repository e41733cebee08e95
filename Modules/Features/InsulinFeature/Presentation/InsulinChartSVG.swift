import FoundationEssentials
import Core
import Domain

/// A month as an SVG picture: the long-acting dose time of each insulin day (top panel, the
/// y axis runs through the insulin day so that 23:50 and 00:20 sit side by side), and every
/// rapid-acting dose by day and time of day with its units as the dot's size (bottom panel).
enum InsulinChartSVG {
    static let width = 800.0
    static let left = 64.0
    static let right = 24.0
    static let panelHeight = 220.0

    static func render(_ report: InsulinMonthReport) -> String {
        let settings = report.settings
        let zone = settings.timeZone
        let dayCount = Double(report.days.count)
        let plotWidth = width - left - right
        func x(_ index: Int) -> Double { left + (Double(index) + 0.5) / dayCount * plotWidth }

        var svg: [String] = []
        let height = 80 + panelHeight * 2 + 60
        svg.append(##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" viewBox="0 0 \##(Int(width)) \##(Int(height))" font-family="sans-serif" font-size="12">"##)
        svg.append(##"<rect width="100%" height="100%" fill="#ffffff"/>"##)
        let title = "\(LocalDateText.monthNames[report.month.month - 1]) \(report.month.year) — insulin"
        svg.append(##"<text x="\##(left)" y="28" font-size="18" font-weight="bold">\##(escape(title))</text>"##)
        let average = report.averageLongTime?.description ?? "—"
        let summary = "\(escape(settings.longName)): \(report.longDoseDays)/\(report.elapsedDays) days, average \(average), streak \(report.currentStreakDays)"
        svg.append(##"<text x="\##(left)" y="48" fill="#555">\##(summary)</text>"##)

        // Top panel: long-acting time within the insulin day.
        let top = 70.0
        let dayStart = settings.dayStart.minutes
        svg.append(contentsOf: panelFrame(top: top, label: "\(settings.longName) time", report: report, x: x))
        for hourOffset in stride(from: 0, through: 24, by: 6) {
            let y = top + Double(hourOffset) / 24 * panelHeight
            let clock = LocalTime(minutes: (dayStart + hourOffset * 60) % 1440)!
            svg.append(##"<line x1="\##(left)" y1="\##(y)" x2="\##(width - right)" y2="\##(y)" stroke="#eee"/>"##)
            svg.append(##"<text x="\##(left - 8)" y="\##(y + 4)" text-anchor="end" fill="#555">\##(clock)</text>"##)
        }
        var path: [String] = []
        for (index, day) in report.days.enumerated() {
            for dose in day.doses where dose.kind == .long {
                let minutes = (zone.localTime(of: dose.takenAt).minutes - dayStart + 1440) % 1440
                let y = top + Double(minutes) / 1440 * panelHeight
                path.append("\(path.isEmpty ? "M" : "L")\(round1(x(index))),\(round1(y))")
                svg.append(##"<circle cx="\##(round1(x(index)))" cy="\##(round1(y))" r="4" fill="#3867d6"><title>\##(day.date) \##(zone.localTime(of: dose.takenAt)) · \##(formatUnits(dose.units)) u</title></circle>"##)
            }
        }
        if path.count > 1 {
            svg.insert(##"<path d="\##(path.joined(separator: " "))" fill="none" stroke="#3867d6" stroke-opacity="0.4" stroke-width="1.5"/>"##, at: svg.count - path.count)
        }

        // Bottom panel: rapid-acting doses by time of day, dot area by units.
        let bottom = top + panelHeight + 40
        svg.append(contentsOf: panelFrame(top: bottom, label: "\(settings.rapidName) time and units", report: report, x: x))
        for hour in stride(from: 0, through: 24, by: 6) {
            let y = bottom + Double(hour) / 24 * panelHeight
            svg.append(##"<line x1="\##(left)" y1="\##(y)" x2="\##(width - right)" y2="\##(y)" stroke="#eee"/>"##)
            svg.append(##"<text x="\##(left - 8)" y="\##(y + 4)" text-anchor="end" fill="#555">\##(LocalTime(minutes: hour % 24 * 60)!)</text>"##)
        }
        for (index, day) in report.days.enumerated() {
            for dose in day.doses where dose.kind == .rapid {
                let time = zone.localTime(of: dose.takenAt)
                let y = bottom + Double(time.minutes) / 1440 * panelHeight
                let radius = 2 + dose.units.squareRoot() * 1.5
                svg.append(##"<circle cx="\##(round1(x(index)))" cy="\##(round1(y))" r="\##(round1(radius))" fill="#eb8c34" fill-opacity="0.7"><title>\##(day.date) \##(time) · \##(formatUnits(dose.units)) u</title></circle>"##)
            }
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    private static func panelFrame(top: Double, label: String, report: InsulinMonthReport, x: (Int) -> Double) -> [String] {
        var parts: [String] = []
        parts.append(##"<rect x="\##(left)" y="\##(top)" width="\##(width - left - right)" height="\##(panelHeight)" fill="none" stroke="#ccc"/>"##)
        parts.append(##"<text x="\##(width - right)" y="\##(top - 6)" text-anchor="end" fill="#333">\##(escape(label))</text>"##)
        for (index, day) in report.days.enumerated() where day.date.day == 1 || day.date.day % 5 == 0 {
            parts.append(##"<text x="\##(round1(x(index)))" y="\##(top + panelHeight + 16)" text-anchor="middle" fill="#555">\##(day.date.day)</text>"##)
        }
        return parts
    }

    private static func round1(_ value: Double) -> String {
        formatUnits((value * 10).rounded() / 10)
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
