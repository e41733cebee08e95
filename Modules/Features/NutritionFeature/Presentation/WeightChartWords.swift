import FoundationEssentials
import Core
import Domain

/// The words of the weight trend picture (`tend weight trend --svg`) in the screen's language
/// (`--lang`/`LANG`), as its text output has them.
struct WeightChartWords {
    let ko: Bool

    init(_ language: Language) { ko = language == .ko }

    /// Room right of the plot for half the last date's label (`11월 29일` is wider than `Nov 29`).
    var rightMargin: Double { ko ? 36 : 24 }

    var title: String { ko ? "체중과 추세" : "Weight and trend" }
    var noWeighings: String { ko ? "아직 잰 체중이 없어요" : "No weighings yet" }
    var noWeighingsHint: String { ko ? "아직 잰 체중이 없어요: tend weight log 72.5" : "No weighings yet: tend weight log 72.5" }
    func latest(_ label: String) -> String { ko ? "최근 \(label)" : "latest \(label)" }
    func trend(_ label: String) -> String { ko ? "추세 \(label)" : "trend \(label)" }
    func weekly(_ change: String) -> String { ko ? "주당 \(change)" : "\(change)/week" }
    func days(_ count: Int) -> String { ko ? "잰 날 \(count)일" : counted(count, "weighing day") }
    var weighing: String { ko ? "체중 (그날 마지막 측정)" : "weighing (the day's last)" }
    var trendLine: String { ko ? "추세 (10 % 평활, The Hacker's Diet)" : "trend (10 % smoothing, The Hacker's Diet)" }
    var distance: String { ko ? "추세와의 차이" : "distance from the trend" }
    func weightAxis(_ unit: String) -> String { ko ? "체중 (\(unit))" : "weight (\(unit))" }
    func dateAxis(_ years: String) -> String { ko ? "날짜 (\(years)년)" : "date (\(years))" }
    func tooltip(_ date: LocalDate, weight: String, trend: String) -> String {
        ko ? "\(date): \(weight), 추세 \(trend)" : "\(date): \(weight), trend \(trend)"
    }

    func shortDate(_ date: LocalDate) -> String {
        if ko { return "\(date.month)월 \(date.day)일" }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(months[date.month - 1]) \(date.day)"
    }
}
