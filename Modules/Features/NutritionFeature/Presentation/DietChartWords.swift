import FoundationEssentials
import Core
import Domain

/// The words of the diet rings picture (`tend diet today --svg`, the web's food page) in the
/// screen's language, as `tend diet today` has them (열량 rather than 에너지, like its gauges).
struct DietChartWords {
    let ko: Bool

    init(_ language: Language) { ko = language == .ko }

    /// The rings' names, in the order they are drawn: energy, protein, carbs, fat.
    var names: [String] { ko ? ["열량", "단백질", "탄수화물", "지방"] : ["Energy", "Protein", "Carbs", "Fat"] }

    func title(_ date: LocalDate) -> String { ko ? "식단 · \(date.month)월 \(date.day)일" : "Diet · \(date)" }

    func subtitle(eaten: String, goal: String, left: Double, remaining: String) -> String {
        if ko {
            return "목표 \(goal) 중 \(eaten) 섭취"
                + (left >= 0 ? " · \(remaining) 남음" : " · 목표보다 \(remaining) 초과")
                + " · 링 눈금은 목표의 25 %마다"
        }
        return "\(eaten) of \(goal)" + (left >= 0 ? " · \(remaining) left" : " · \(remaining) over the goal")
            + " · ring ticks every 25 % of the goal"
    }

    var legendGoal: String { ko ? "목표 (링 한 바퀴 = 100 %)" : "goal (a full ring = 100 %)" }
    var legendMet: String { ko ? "달성: 100 %" : "met: 100 %" }
    var legendOver: String { ko ? "▲ 100 % 초과: 두 번째 바퀴" : "▲ over 100 %: the second lap" }

    func ofGoal(_ goal: String) -> String { ko ? "목표 \(goal)" : "of \(goal)" }

    /// The tooltip of a ring: `Fat: 90 g of 60 g (150 %, over)`.
    func tooltip(_ name: String, value: String, goal: String, percent: Int, state: NutritionSVG.RingState) -> String {
        ko ? "\(name): 목표 \(goal) 중 \(value) (\(percent) %, \(stateName(state)))"
            : "\(name): \(value) of \(goal) (\(percent) %, \(state.rawValue))"
    }

    func stateName(_ state: NutritionSVG.RingState) -> String {
        guard ko else { return state.rawValue }
        switch state {
        case .under: return "미달"
        case .met: return "달성"
        case .over: return "초과"
        }
    }

    func toGo(_ percent: Int, _ remaining: String) -> String { ko ? "\(percent) % · \(remaining) 남음" : "\(percent) % · \(remaining) to go" }
    var met: String { ko ? "✓ 달성 · 100 %" : "✓ met · 100 %" }
    func over(_ percent: Int) -> String { ko ? "▲ 초과 · \(percent) %" : "▲ over · \(percent) %" }
    func pastGoal(_ extra: String) -> String { ko ? "목표보다 \(extra) 초과" : "\(extra) past the goal" }
}
