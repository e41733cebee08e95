import Core
import Console
import Domain

/// The calendar screen in a terminal: a month grid (● long dose taken, ○ missed, today in
/// brackets), the figures under it, and the rapid-acting doses by hour as a column chart.
enum CalendarText {
    static func render(_ report: InsulinMonthReport) -> String {
        let settings = report.settings
        var lines: [String] = []
        lines.append("\(LocalDateText.monthNames[report.month.month - 1]) \(report.month.year) · \(settings.longName)"
            + " · insulin day starts \(settings.dayStart) (\(settings.timeZoneIdentifier))")
        lines.append("")
        lines.append(" Mon  Tue  Wed  Thu  Fri  Sat  Sun")
        var row = String(repeating: "     ", count: report.month.firstDay.isoWeekday - 1)
        for day in report.days {
            row += cell(day, today: report.today, firstCounted: firstCountedDay(report))
            if day.date.isoWeekday == 7 {
                lines.append(row.trailingTrimmed)
                row = ""
            }
        }
        if !row.isEmpty { lines.append(row.trailingTrimmed) }
        lines.append("")
        lines.append("● long dose taken   ○ missed   [ ] today")
        lines.append("")

        let percent = Int((report.adherenceRate * 100).rounded())
        var table = [(String, String)]()
        table.append(("Long-acting days", "\(report.longDoseDays) of \(report.elapsedDays) elapsed (\(percent)%)"))
        table.append(("Average time", report.averageLongTime?.description ?? "—"))
        table.append(("Streak", "\(report.currentStreakDays) \(days(report.currentStreakDays)) (longest \(report.longestStreakDays))"))
        let rapidCount = report.rapidByHour.reduce(0, +)
        let average = report.rapidAverageUnits.map { "average \(formatDecimal($0)) u" } ?? "no doses"
        table.append(("Rapid-acting", "\(rapidCount) \(rapidCount == 1 ? "dose" : "doses"), \(average)"))
        let width = table.map { TextWidth.displayWidth($0.0) }.max() ?? 0
        for (label, value) in table {
            lines.append(TextWidth.pad(label, to: width, alignment: .left) + "  " + value)
        }
        if rapidCount > 0 {
            lines.append("")
            lines.append("Rapid-acting doses by hour")
            lines.append(Chart.columns(report.rapidByHour.map(Double.init), height: 4,
                                       axis: "0     6     12    18    23"))
        }
        return lines.joined(separator: "\n")
    }

    /// Days before first use (or in the future) are neither taken nor missed.
    private static func firstCountedDay(_ report: InsulinMonthReport) -> LocalDate {
        let elapsedStart = min(report.month.lastDay, report.today).adding(days: -(report.elapsedDays - 1))
        return report.elapsedDays > 0 ? elapsedStart : report.month.lastDay.adding(days: 1)
    }

    private static func cell(_ day: InsulinMonthReport.Day, today: LocalDate, firstCounted: LocalDate) -> String {
        let number = day.date.day < 10 ? " \(day.date.day)" : "\(day.date.day)"
        let mark: String
        if day.hasLong {
            mark = "●"
        } else if day.date >= firstCounted && day.date < today {
            mark = "○"
        } else {
            mark = " "
        }
        return day.date == today ? "[\(number)\(mark)]" : " \(number)\(mark) "
    }

    private static func days(_ count: Int) -> String { count == 1 ? "day" : "days" }
}

func formatDecimal(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return formatUnits(rounded)
}

extension String {
    var trailingTrimmed: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
