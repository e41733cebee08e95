import FoundationEssentials
import Core
import Domain
import HTTP
import InsulinFeature

/// `/insulin/calendar?month=YYYY-MM`: the seed's calendar — the long-acting days of the month,
/// 투여일, 복약률, 평균 투여 시각 and streaks, the rapid-acting pattern by hour, and the chart
/// `tend insulin chart` draws, inline.
struct InsulinCalendarPage: Sendable {
    let services: WebServices
    let layout: Layout

    func render(_ context: WebContext) throws -> HTTPResponse {
        let words = context.words
        let owner = context.account!.id
        let settings = try services.insulin.settings.current(ownerID: owner)
        let today = settings.insulinDays.day(of: services.insulin.clock.now)
        let month = try Self.month(context, default: today.yearMonth)
        let report = try services.insulin.monthReport(ownerID: owner, month: month)
        let html = layout.document(context, title: "\(words.calendar) · \(words.month(month))", tab: .calendar) {
            el("h1") { words.month(month) }
            Self.monthNavigation(words, month: month, path: "/insulin/calendar")
            el("section", .class("card"), .aria(label: words.calendar)) {
                grid(report, words: words)
                el("p", .class("legend")) { for entry in words.legend() { el("span") { entry } } }
            }
            statistics(report, words: words)
            el("section", .class("card"), Attribute("aria-labelledby", "pattern-title")) {
                el("h2", .id("pattern-title")) { words.rapidPattern }
                RapidPattern.bars(report.rapidByHour, words: words)
                el("details") {
                    el("summary") { words.openChart }
                    el("div", .class("chart"), Attribute("tabindex", "0"), Attribute("role", "group"), .aria(label: words.openChart)) { Node.trusted(TrustedMarkup(generatedSVG: InsulinChartSVG.render(report, language: context.language))) }
                }
            }
        }
        return WebResponses.page(html, context: context)
    }

    /// Monday-first weeks; a long-acting day filled, a missed one dashed, today outlined, a dot
    /// for a day with rapid-acting doses. Each cell says so in words for a screen reader.
    func grid(_ report: InsulinMonthReport, words: WebWords) -> Node {
        let first = report.month.firstDay
        let lastCounted = min(report.month.lastDay, report.today)
        let firstCounted = lastCounted.adding(days: -(report.elapsedDays - 1))
        let leading = first.isoWeekday - 1
        let cells: [InsulinMonthReport.Day?] = Array(repeating: nil, count: leading) + report.days.map { $0 }
        let weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<min($0 + 7, cells.count)]) }
        return el("table", .class("month")) {
            el("thead") { el("tr") { for name in words.weekdays() { el("th", Attribute("scope", "col")) { name } } } }
            el("tbody") {
                for week in weeks {
                    el("tr") {
                        for cell in week {
                            if let day = cell {
                                let missed = !day.hasLong && day.date < report.today && report.elapsedDays > 0 && day.date >= firstCounted
                                let rapid = day.doses.contains { $0.kind == .rapid }
                                let classes = [day.hasLong ? "taken" : nil, missed ? "missed" : nil, day.date == report.today ? "today" : nil,
                                               rapid ? "rapid" : nil].compactMap { $0 }.joined(separator: " ")
                                let spoken = [words.date(day.date), day.hasLong ? words.legend()[0] : nil, missed ? words.legend()[1] : nil,
                                              rapid ? words.legend()[2] : nil].compactMap { $0 }.joined(separator: ", ")
                                el("td", attributes: [.class(classes)]) {
                                    el("span", .aria(label: spoken)) { "\(day.date.day)" }
                                }
                            } else {
                                el("td")
                            }
                        }
                    }
                }
            }
        }
    }

    func statistics(_ report: InsulinMonthReport, words: WebWords) -> Node {
        let figures: [(String, String)] = [
            (words.doseDays, "\(report.longDoseDays)/\(report.elapsedDays)"),
            (words.adherence, "\(Int((report.adherenceRate * 100).rounded()))%"),
            (words.averageTime, report.averageLongTime?.description ?? "—"),
            (words.streak, words.days(report.currentStreakDays)),
            (words.longestStreak, words.days(report.longestStreakDays)),
            (words.rapidAverage, report.rapidAverageUnits.map { words.units(($0 * 10).rounded() / 10) } ?? "—"),
        ]
        return el("section", .class("card")) {
            el("dl", .class("stats")) {
                for (name, value) in figures { el("div") { el("dt") { name }; el("dd") { value } } }
            }
        }
    }

    /// `?month=YYYY-MM`, else the current month; a month outside 1900–2200 is a 400.
    static func month(_ context: WebContext, default month: YearMonth) throws -> YearMonth {
        guard let text = context.request.query["month"], !text.isEmpty else { return month }
        guard let parsed = PlausibleTime.month(text) else {
            throw AppError.invalidInput("'month' must be YYYY-MM \(PlausibleTime.span) (got '\(text)')", code: "invalid_month")
        }
        return parsed
    }

    static func monthNavigation(_ words: WebWords, month: YearMonth, path: String) -> Node {
        el("nav", .class("month-nav"), .aria(label: words.calendar)) {
            el("a", .href("\(path)?month=\(month.previous)"), .aria(label: words.previousMonth)) { "← \(words.month(month.previous))" }
            el("a", .href("\(path)?month=\(month.next)"), .aria(label: words.nextMonth)) { "\(words.month(month.next)) →" }
        }
    }
}

/// The rapid-acting doses of the month by hour of day as 24 bars (SVG made by the builder,
/// so no inline style is needed under the page's CSP).
enum RapidPattern {
    static func bars(_ counts: [Int], words: WebWords) -> Node {
        let highest = max(counts.max() ?? 0, 1)
        let total = counts.reduce(0, +)
        let summary = words.ko ? "시간대별 속효성 투여 \(total)회" : "\(total) rapid-acting doses by hour of day"
        return el("svg", Attribute("viewBox", "0 0 480 150"), Attribute("role", "img"), .aria(label: summary), .class("pattern")) {
            for (hour, count) in counts.enumerated() {
                let height = Double(count) / Double(highest) * 110
                el("rect", Attribute("x", "\(hour * 20 + 2)"), Attribute("y", "\(Int(120 - height))"), Attribute("width", "16"),
                   Attribute("height", "\(Int(height.rounded()))"), Attribute("rx", "3"), Attribute("fill", "#9a4a00")) {
                    el("title") { "\(hour):00 · \(count)" }
                }
                if hour % 6 == 0 {
                    el("text", Attribute("x", "\(hour * 20 + 2)"), Attribute("y", "142"), Attribute("font-size", "12"),
                       Attribute("fill", "currentColor")) { "\(hour)h" }
                }
            }
            el("line", Attribute("x1", "0"), Attribute("y1", "120.5"), Attribute("x2", "480"), Attribute("y2", "120.5"),
               Attribute("stroke", "currentColor"), Attribute("stroke-opacity", "0.4"))
        }
    }
}
