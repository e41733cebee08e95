import FoundationEssentials
import Core
import Domain

/// The words of `tend insulin chart`'s picture in the screen's language (`--lang`/`LANG`), so
/// that a chart printed for a Korean reader says 지효성, 속효성 and 빠뜨린 날, as the text output does.
struct InsulinChartWords {
    let ko: Bool

    init(_ language: Language) { ko = language == .ko }

    func month(_ month: Int, year: Int) -> String {
        ko ? "\(year)년 \(month)월" : "\(LocalDateText.monthNames[month - 1]) \(year)"
    }

    func title(_ monthName: String) -> String { ko ? "인슐린 · \(monthName)" : "Insulin · \(monthName)" }

    func weekday(_ date: LocalDate) -> String {
        (ko ? ["월", "화", "수", "목", "금", "토", "일"] : ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])[date.isoWeekday - 1]
    }

    func subtitle(long: String, taken: Int, elapsed: Int, todayOpen: Bool, missed: Int, average: String, streak: Int,
                  dayStart: LocalTime) -> String {
        ko ? "\(long): \(elapsed)일 중 \(taken)일" + (todayOpen ? " (오늘은 진행 중)" : "")
            + " · 빠뜨린 날 \(missed)일 · 평균 \(average) · 연속 \(streak)일 · 인슐린 하루는 \(dayStart) → \(dayStart)"
            : "\(long): \(taken) of \(elapsed) days" + (todayOpen ? " (today open)" : "")
            + " · \(missed) missed · average \(average) · streak \(streak) · each insulin day runs \(dayStart) → \(dayStart)"
    }

    func longKind(_ name: String) -> String { ko ? "\(name) (지효성)" : "\(name) (long-acting)" }
    func rapidKind(_ name: String) -> String { ko ? "\(name) (속효성)" : "\(name) (rapid-acting)" }
    func averageTime(_ average: String) -> String { ko ? "평균 시각 \(average)" : "average time \(average)" }
    func rapidLegend(_ name: String) -> String { ko ? "\(rapidKind(name)), 점의 넓이 ∝ 단위" : "\(rapidKind(name)), area ∝ units" }
    func missedLegend(_ long: String) -> String { ko ? "빠뜨림: 지난 날에 \(long) 없음" : "missed: no \(long) on a past day" }
    var todayLegend: String { ko ? "오늘 (진행 중)" : "today (still open)" }
    var notCountedLegend: String { ko ? "세지 않음 (앞으로의 날, 처음 쓰기 전)" : "not counted (to come, before first use)" }

    func longPanel(_ name: String) -> String {
        ko ? "\(longKind(name)): 인슐린 하루마다 맞은 시각" : "\(longKind(name)): time of the dose on each insulin day"
    }

    func rapidPanel(_ name: String) -> String {
        ko ? "\(rapidKind(name)): 맞은 시각과 단위" : "\(rapidKind(name)): time and units of each dose"
    }

    var timeAxis: String { ko ? "시각 (시)" : "time of day (h)" }
    func dayAxis(_ monthName: String, dayStart: LocalTime) -> String {
        ko ? "\(monthName)의 인슐린 하루 (\(dayStart)부터)" : "insulin day of \(monthName) (from \(dayStart))"
    }

    func units(_ units: Double) -> String { ko ? "\(formatUnits(units))단위" : "\(formatUnits(units)) u" }

    // Tooltips (`<title>`): what a pointer or a screen reader says of a mark.
    func day(_ date: String) -> String { ko ? "인슐린 하루 \(date)" : "Insulin day \(date)" }
    func toCome(_ date: String) -> String { ko ? "\(day(date)): 아직 오지 않음" : "\(day(date)): still to come" }
    func beforeFirstUse(_ date: String) -> String { ko ? "\(day(date)): 기록을 처음 쓰기 전" : "\(day(date)): before the log was first used" }
    func today(_ date: String, taken: Bool, long: String) -> String {
        let state = ko ? (taken ? "\(long) 맞음" : "\(long) 아직") : (taken ? "\(long) taken" : "no \(long) yet")
        return ko ? "\(day(date)): 오늘, 진행 중 (\(state))" : "\(day(date)): today, still open (\(state))"
    }
    func missed(_ date: String, long: String) -> String { ko ? "\(day(date)): 빠뜨림, \(long) 없음" : "\(day(date)): missed, no \(long)" }
    func dose(_ date: String, name: String, units: Double, at time: LocalTime, wallDate: LocalDate?) -> String {
        if ko { return "\(day(date)) · \(name) \(self.units(units)), " + (wallDate.map { "\($0) " } ?? "") + "\(time)" }
        return "\(day(date)) · \(name) \(self.units(units)) at \(time)" + (wallDate.map { " on \($0)" } ?? "")
    }
}
