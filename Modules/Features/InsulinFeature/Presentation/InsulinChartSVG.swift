import FoundationEssentials
import Console
import Core
import Domain

/// A month as an SVG picture, laid out by insulin day (a day runs from the settings' day start,
/// 04:00 by default, to the next day's start, so a dose at 00:30 sits in the evening before):
/// the long-acting dose time of each insulin day (top panel) and every rapid-acting dose with
/// its units as the dot's area (bottom panel). Both y axes run through the insulin day, so 23:50
/// and 00:20 sit side by side. Past insulin days without a long dose are marked missed; today
/// (still open) and the days to come never are.
public enum InsulinChartSVG {
    static let width = 860.0
    static let left = 84.0
    static let right = 24.0
    static let panelHeight = 200.0

    static let longColour = "#3867d6"
    static let rapidColour = "#eb8c34"
    static let missedColour = "#d63031"

    /// What a day of the month is, for marking it.
    enum DayState: Equatable {
        case beforeFirstUse, taken, missed, today, toCome
    }

    static func states(_ report: InsulinMonthReport) -> [LocalDate: DayState] {
        let last = min(report.month.lastDay, report.today)
        let first = last.adding(days: -(report.elapsedDays - 1))
        var states: [LocalDate: DayState] = [:]
        for day in report.days {
            if day.date > report.today {
                states[day.date] = .toCome
            } else if day.date == report.today {
                states[day.date] = .today
            } else if report.elapsedDays == 0 || day.date < first {
                states[day.date] = day.hasLong ? .taken : .beforeFirstUse
            } else {
                states[day.date] = day.hasLong ? .taken : .missed
            }
        }
        return states
    }

    public static func render(_ report: InsulinMonthReport, language: Language = .en) -> String {
        let words = InsulinChartWords(language)
        let settings = report.settings
        let zone = settings.timeZone
        let calendar = settings.insulinDays
        let dayCount = Double(max(report.days.count, 1))
        let plotRight = width - right
        let plotWidth = plotRight - left
        let column = plotWidth / dayCount
        func x(_ index: Int) -> Double { left + (Double(index) + 0.5) * column }
        let states = states(report)
        let missedCount = states.values.filter { $0 == .missed }.count
        let dayStart = settings.dayStart

        /// Minutes from the start of its insulin day to the dose, 0..<1440 (exact across DST).
        func minutesIntoDay(_ dose: Dose, day: LocalDate) -> Double {
            min(max(dose.takenAt.timeIntervalSince(calendar.start(of: day)) / 60, 0), 1439)
        }
        /// "Insulin day 2026-11-09 · Lantus 20 u at 00:30 on 2026-11-10": the wall date is named
        /// when it is not the insulin day's own.
        func tooltip(_ dose: Dose, day: LocalDate) -> String {
            let wall = zone.wallClock(of: dose.takenAt)
            let time = LocalTime(minutes: wall.secondOfDay / 60)!
            return words.dose("\(words.weekday(day)) \(day)", name: settings.name(of: dose.kind), units: dose.units, at: time,
                              wallDate: wall.date == day ? nil : wall.date)
        }

        let monthName = words.month(report.month.month, year: report.month.year)
        let average = report.averageLongTime?.description ?? "—"
        let subtitle = words.subtitle(long: settings.longName, taken: report.longDoseDays, elapsed: report.elapsedDays,
                                      todayOpen: states.values.contains(.today), missed: missedCount, average: average,
                                      streak: report.currentStreakDays, dayStart: dayStart)
        var svg = SVGDrawing(width: width, height: 690, title: words.title(monthName), subtitle: subtitle, margin: left)

        svg.legend(x: left, y: 76, entries: [
            .init(.dot(fill: longColour), words.longKind(settings.longName)),
            .init(.line(stroke: longColour, width: 1.5, dashed: true), words.averageTime(average)),
            .init(.dot(fill: rapidColour, opacity: 0.75), words.rapidLegend(settings.rapidName)),
            .init(.glyph("✕", fill: missedColour), words.missedLegend(settings.longName)),
            .init(.box(fill: longColour, stroke: longColour, opacity: 0.12), words.todayLegend),
            .init(.box(fill: "#dddddd"), words.notCountedLegend),
        ], maxX: plotRight)

        // Hour ticks through the insulin day: day start, +6 h, +12 h, +18 h, next day start.
        func hourTicks(top: Double) -> [(y: Double, label: String)] {
            stride(from: 0, through: 24, by: 3).map { offset in
                (top + Double(offset) / 24 * panelHeight, LocalTime(minutes: (dayStart.minutes + offset * 60) % 1440)!.description)
            }
        }
        func dayTicks() -> [(x: Double, label: String)] {
            report.days.enumerated().filter { $0.element.date.day == 1 || $0.element.date.day % 5 == 0 }
                .map { (x($0.offset), "\($0.element.date.day)") }
        }
        func shadeDays(top: Double, missedMarks: Bool) {
            for (index, day) in report.days.enumerated() {
                let cellX = SVGDrawing.number(left + Double(index) * column)
                let cellWidth = SVGDrawing.number(column)
                let date = "\(words.weekday(day.date)) \(day.date)"
                switch states[day.date] {
                case .toCome?:
                    svg.raw(##"<rect class="to-come" x="\##(cellX)" y="\##(top)" width="\##(cellWidth)" height="\##(panelHeight)""##
                            + ##" fill="#dddddd" fill-opacity="0.6"><title>\##(SVGDrawing.escape(words.toCome(date)))</title></rect>"##)
                case .beforeFirstUse?:
                    svg.raw(##"<rect class="before-first-use""##
                            + ##" x="\##(cellX)" y="\##(top)" width="\##(cellWidth)" height="\##(panelHeight)""##
                            + ##" fill="#dddddd" fill-opacity="0.6">"##
                            + ##"<title>\##(SVGDrawing.escape(words.beforeFirstUse(date)))</title></rect>"##)
                case .today?:
                    let today = words.today(date, taken: day.hasLong, long: settings.longName)
                    svg.raw(#"<rect class="today" x="\#(cellX)" y="\#(top)" width="\#(cellWidth)" height="\#(panelHeight)""#
                            + #" fill="\#(longColour)" fill-opacity="0.12" stroke="\#(longColour)" stroke-dasharray="3 2">"#
                            + #"<title>\#(SVGDrawing.escape(today))</title></rect>"#)
                case .missed? where missedMarks:
                    let title = SVGDrawing.escape(words.missed(date, long: settings.longName))
                    svg.raw(#"<g class="missed" data-day="\#(day.date)"><title>\#(title)</title>"#)
                    svg.raw(#"<rect x="\#(cellX)" y="\#(top)" width="\#(cellWidth)" height="\#(panelHeight)""#
                            + #" fill="\#(missedColour)" fill-opacity="0.10"/>"#)
                    let cx = x(index), cy = top + panelHeight - 12, half = min(column * 0.3, 5)
                    svg.line(x1: cx - half, y1: cy - half, x2: cx + half, y2: cy + half, stroke: missedColour, width: 2)
                    svg.line(x1: cx - half, y1: cy + half, x2: cx + half, y2: cy - half, stroke: missedColour, width: 2)
                    svg.raw("</g>")
                default:
                    break
                }
            }
        }

        // Top panel: long-acting time within the insulin day.
        let top = 130.0
        svg.text(words.longPanel(settings.longName), x: left, y: top - 10, bold: true, fill: "#222")
        shadeDays(top: top, missedMarks: true)
        svg.yAxis(x: left, from: top, to: top + panelHeight, ticks: hourTicks(top: top), title: words.timeAxis, gridTo: plotRight)
        svg.xAxis(y: top + panelHeight, from: left, to: plotRight, ticks: dayTicks(), title: words.dayAxis(monthName, dayStart: dayStart))
        if let averageTime = report.averageLongTime {
            let minutes = (averageTime.minutes - dayStart.minutes + 1440) % 1440
            let y = top + Double(minutes) / 1440 * panelHeight
            svg.line(x1: left, y1: y, x2: plotRight, y2: y, stroke: longColour, width: 1.5, dashed: true, className: "average")
        }
        // The line joins consecutive insulin days only: a missed day breaks it.
        var path: [String] = []
        var dots: [String] = []
        var previousIndex: Int?
        for (index, day) in report.days.enumerated() {
            for dose in day.doses where dose.kind == .long {
                let y = top + minutesIntoDay(dose, day: day.date) / 1440 * panelHeight
                let cx = SVGDrawing.number(x(index)), cy = SVGDrawing.number(y)
                let joins = previousIndex.map { index - $0 <= 1 } ?? false
                path.append("\(joins ? "L" : "M")\(cx),\(cy)")
                previousIndex = index
                dots.append(#"<circle class="dose long" cx="\#(cx)" cy="\#(cy)" r="4.5" fill="\#(longColour)">"#
                            + #"<title>\#(SVGDrawing.escape(tooltip(dose, day: day.date)))</title></circle>"#)
            }
        }
        if path.contains(where: { $0.hasPrefix("L") }) {
            svg.raw(#"<path d="\#(path.joined(separator: " "))" fill="none""#
                    + #" stroke="\#(longColour)" stroke-opacity="0.35" stroke-width="1.5"/>"#)
        }
        dots.forEach { svg.raw($0) }

        // Bottom panel: rapid-acting doses by time within the insulin day, dot area by units.
        let bottom = top + panelHeight + 100
        svg.text(words.rapidPanel(settings.rapidName), x: left, y: bottom - 10, bold: true, fill: "#222")
        shadeDays(top: bottom, missedMarks: false)
        svg.yAxis(x: left, from: bottom, to: bottom + panelHeight, ticks: hourTicks(top: bottom), title: words.timeAxis,
                  gridTo: plotRight)
        svg.xAxis(y: bottom + panelHeight, from: left, to: plotRight, ticks: dayTicks(),
                  title: words.dayAxis(monthName, dayStart: dayStart))
        // The size key: what a dot's area says in units.
        var keyX = plotRight
        for units in [10.0, 5.0, 2.0] {
            let radius = rapidRadius(units)
            let label = words.units(units)
            keyX -= SVGDrawing.estimatedWidth(label, size: 12) + radius * 2 + 14
            svg.raw(#"<rect class="size-key" x="\#(SVGDrawing.number(keyX))" y="\#(SVGDrawing.number(bottom - 14 - radius))""#
                    + #" width="\#(SVGDrawing.number(radius * 2))" height="\#(SVGDrawing.number(radius * 2))""#
                    + #" rx="\#(SVGDrawing.number(radius))" fill="\#(rapidColour)" fill-opacity="0.75"/>"#)
            svg.text(label, x: keyX + radius * 2 + 4, y: bottom - 10, fill: "#444")
        }
        for (index, day) in report.days.enumerated() {
            for dose in day.doses where dose.kind == .rapid {
                let y = bottom + minutesIntoDay(dose, day: day.date) / 1440 * panelHeight
                svg.raw(##"<circle class="dose rapid" cx="\##(SVGDrawing.number(x(index)))" cy="\##(SVGDrawing.number(y))""##
                        + ##" r="\##(SVGDrawing.number(rapidRadius(dose.units)))" fill="\##(rapidColour)" fill-opacity="0.75""##
                        + ##" stroke="#b35f10" stroke-width="0.5">"##
                        + ##"<title>\##(SVGDrawing.escape(tooltip(dose, day: day.date)))</title></circle>"##)
            }
        }
        return svg.render()
    }

    /// A rapid dose's dot radius: area in proportion to the units.
    static func rapidRadius(_ units: Double) -> Double { 1.5 + max(units, 0).squareRoot() * 1.6 }
}
