import Core
import Console
import Domain

/// The calendar screen in a terminal: a month grid (● long dose taken, ○ missed, today in
/// brackets; under a week with glucose readings, each day's time in range), the figures under
/// it, and the rapid-acting doses by hour as a column chart.
enum CalendarText {
    static func render(_ report: InsulinMonthReport, timeInRange: [LocalDate: Double] = [:], language: Language = .en) -> String {
        let settings = report.settings
        let words = CalendarWords(language)
        var lines: [String] = []
        lines.append(words.heading(report.month, settings: settings))
        lines.append("")
        lines.append(words.weekdays)
        var row = String(repeating: "     ", count: report.month.firstDay.isoWeekday - 1)
        var inRange = row
        func endWeek() {
            lines.append(row.trailingTrimmed)
            if !inRange.trimmed.isEmpty { lines.append(inRange.trailingTrimmed) }
            row = ""
            inRange = ""
        }
        for day in report.days {
            row += cell(day, today: report.today, firstCounted: firstCountedDay(report))
            inRange += percentCell(timeInRange[day.date])
            if day.date.isoWeekday == 7 { endWeek() }
        }
        if !row.isEmpty { endWeek() }
        lines.append("")
        lines.append(words.legend)
        if !timeInRange.isEmpty { lines.append(words.timeInRangeLegend) }
        lines.append("")

        let percent = Int((report.adherenceRate * 100).rounded())
        let rapidCount = report.rapidByHour.reduce(0, +)
        let table = words.figures(report, percent: percent, rapidCount: rapidCount)
        let width = table.map { TextWidth.displayWidth($0.0) }.max() ?? 0
        for (label, value) in table {
            lines.append(TextWidth.pad(label, to: width, alignment: .left) + "  " + value)
        }
        if rapidCount > 0 {
            lines.append("")
            lines.append(words.rapidByHour)
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

    /// A day's time in range under its number (`72%`), in the cell's five columns; blank without readings.
    private static func percentCell(_ percent: Double?) -> String {
        guard let percent else { return "     " }
        return TextWidth.pad("\(Int(percent.rounded()))%", to: 4, alignment: .right) + " "
    }

    static func days(_ count: Int) -> String { count == 1 ? "day" : "days" }
}

/// The words of `tend insulin calendar` and `tend insulin list` in English and Korean (해요체,
/// months as `2026년 11월`, dates as `11월 30일`, times `22:14`).
struct CalendarWords {
    let ko: Bool

    init(_ language: Language) { ko = language == .ko }

    private func t(_ en: String, _ korean: String) -> String { ko ? korean : en }

    func heading(_ month: YearMonth, settings: InsulinSettings) -> String {
        ko
            ? "\(month.year)년 \(month.month)월 · \(settings.longName) · 인슐린 하루는 \(settings.dayStart)에 시작해요"
                + " (\(settings.timeZoneIdentifier))"
            : "\(LocalDateText.monthNames[month.month - 1]) \(month.year) · \(settings.longName)"
                + " · insulin day starts \(settings.dayStart) (\(settings.timeZoneIdentifier))"
    }

    /// A Korean weekday is two columns wide, over the day's two digits: each cell stays five columns.
    var weekdays: String { t(" Mon  Tue  Wed  Thu  Fri  Sat  Sun", " 월   화   수   목   금   토   일") }

    var legend: String { t("● long dose taken   ○ missed   [ ] today", "● 지효성 맞음   ○ 놓침   [ ] 오늘") }

    var timeInRangeLegend: String {
        t("72% under a day: its time in range, 70–180 mg/dL (sensor readings, midnight to midnight)",
          "날짜 아래 72%: 그날 목표 범위(70–180 mg/dL) 안에 있던 시간 (센서 측정값, 자정부터 자정까지)")
    }

    func figures(_ report: InsulinMonthReport, percent: Int, rapidCount: Int) -> [(String, String)] {
        let average = report.averageLongTime?.description ?? "—"
        if ko {
            let rapid = report.rapidAverageUnits.map { "\(rapidCount)회, 평균 \(formatDecimal($0))단위" } ?? "투여 기록이 없어요"
            return [
                ("지효성 맞은 날", "지난 \(report.elapsedDays)일 중 \(report.longDoseDays)일 (\(percent)%)"),
                ("평균 시각", average),
                ("연속 기록", "\(report.currentStreakDays)일 연속 (최장 \(report.longestStreakDays)일)"),
                ("속효성", rapid),
            ]
        }
        let rapidAverage = report.rapidAverageUnits.map { "average \(formatDecimal($0)) u" } ?? "no doses"
        return [
            ("Long-acting days", "\(report.longDoseDays) of \(report.elapsedDays) elapsed (\(percent)%)"),
            ("Average time", average),
            ("Streak", "\(report.currentStreakDays) \(CalendarText.days(report.currentStreakDays)) (longest \(report.longestStreakDays))"),
            ("Rapid-acting", "\(rapidCount) \(rapidCount == 1 ? "dose" : "doses"), \(rapidAverage)"),
        ]
    }

    var rapidByHour: String { t("Rapid-acting doses by hour", "시간대별 속효성 투여") }

    // `tend insulin list`
    var noDoses: String { t("No doses in that range.", "이 기간에는 투여 기록이 없어요.") }

    var listColumns: [String] {
        ko ? ["인슐린 하루", "시각", "종류", "단위", "메모", "핸들"] : ["Insulin day", "Time", "Kind", "Units", "Note", "Handle"]
    }

    func day(_ date: LocalDate) -> String { ko ? "\(date.month)월 \(date.day)일" : date.description }

    func kind(_ kind: InsulinKind) -> String { ko ? (kind == .long ? "지효성" : "속효성") : kind.rawValue }
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
