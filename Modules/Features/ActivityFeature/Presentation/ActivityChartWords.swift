import FoundationEssentials
import Core
import Domain

/// The words of the run and hike picture (`tend run show ID --svg`) in the screen's language
/// (`--lang`/`LANG`); 러닝 and 등산 as the seeds and the Korean help name them. Distances, paces
/// and times keep their units (`5.02 km`, `5:01 /km`).
struct ActivityChartWords {
    let ko: Bool

    init(_ language: Language) { ko = language == .ko }

    func kind(_ kind: ActivityKind) -> String {
        kind == .run ? (ko ? "러닝" : "Run") : (ko ? "등산" : "Hike")
    }

    func moving(_ duration: String) -> String { ko ? "이동 \(duration)" : "\(duration) moving" }
    func average(_ pace: String) -> String { ko ? "평균 \(pace)" : "average \(pace)" }
    func climb(gain: Int, loss: Int) -> String { ko ? "오르막 +\(gain) m / 내리막 −\(loss) m" : "climb +\(gain) m / −\(loss) m" }

    var elevation: String { ko ? "고도" : "elevation" }
    var kilometrePace: String { ko ? "1 km 페이스" : "pace of a kilometre" }
    func best(_ index: Int, _ pace: String) -> String {
        ko ? "가장 빠른 구간: \(index) km, \(pace)" : "best (fastest) kilometre: km \(index), \(pace)"
    }

    var elevationAxis: String { ko ? "고도 (m)" : "elevation (m)" }
    func highest(_ metres: Int) -> String { ko ? "최고점 \(metres) m" : "highest \(metres) m" }
    var noElevation: String { ko ? "이 트랙에는 고도가 없어요" : "No elevation in this track" }
    var distanceAxis: String { ko ? "거리 (km)" : "distance (km)" }
    var paceAxis: String { ko ? "페이스 (분/km)" : "pace (min/km)" }
    func splitTooltip(_ index: Int, _ pace: String) -> String { ko ? "\(index) km 구간: \(pace)" : "km \(index): \(pace)" }
    var bestMark: String { ko ? "★ 최고" : "★ best" } // as narrow as "★ best": it sits inside a bar
    var splitAxis: String { ko ? "구간 (km, 마지막 짧은 구간은 거리)" : "kilometre (a shorter last split in km)" }
    var kilometre: String { ko ? "구간 (km)" : "kilometre" }
    var noTimes: String { ko ? "이 트랙에는 시간이 없어요" : "No times in this track" }
}
