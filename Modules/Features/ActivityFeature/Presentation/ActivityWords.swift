import FoundationEssentials
import Core
import Console
import Domain

/// The words of `tend run`, `tend hike`, `tend gpx` and `tend places` as text, in the screen's
/// language (`--lang`/`LANG`). English is the text the tests pin, kept byte for byte; Korean
/// speaks 해요체, writes dates as `11월 23일 07:00`, and keeps units, paces and the estimates'
/// names (Naismith, Tobler, DIN 33466). 러닝, 등산, 이동, 평균, 오르막/내리막, 고도, 구간 and
/// 페이스 are the words the picture (`ActivityChartWords`) already uses.
struct ActivityWords {
    let ko: Bool

    init(_ language: Language) { ko = language == .ko }

    init(_ invocation: Invocation) { self.init(Language(rawValue: invocation.language.rawValue) ?? .en) }

    var language: Language { ko ? .ko : .en }

    func kind(_ kind: ActivityKind) -> String {
        kind == .run ? (ko ? "러닝" : "Run") : (ko ? "등산" : "Hike")
    }

    /// `2026-11-23 07:00`; `2026년 11월 23일 07:00`, or `11월 23일 07:00` when the year is
    /// `currentYear` (a list reads as the other Korean lists do, and a run from another year says so).
    func dateTime(_ instant: Date, zone: TimeZone, currentYear: Int? = nil) -> String {
        guard ko else { return zone.dateTimeText(of: instant) }
        let wall = zone.wallClock(of: instant)
        let year = wall.date.year == currentYear ? "" : "\(wall.date.year)년 "
        return "\(year)\(wall.date.month)월 \(wall.date.day)일 \(LocalTime(minutes: wall.secondOfDay / 60)!)"
    }

    /// A best's day: `2026-11-23`, `2026년 11월 23일` (with its year: a best can be years old).
    func date(_ date: LocalDate) -> String {
        ko ? "\(date.year)년 \(date.month)월 \(date.day)일" : date.description
    }

    // MARK: Statistics (`gpx stats`, `show`)

    var points: String { ko ? "포인트" : "Points" }
    var distance: String { ko ? "거리" : "Distance" }
    var elevation: String { ko ? "고도" : "Elevation" }
    var start: String { ko ? "시작" : "Start" }
    var duration: String { ko ? "전체 시간" : "Duration" }
    var movingTime: String { ko ? "이동 시간" : "Moving time" }
    var speed: String { ko ? "속도" : "Speed" }
    var heartRate: String { ko ? "심박수" : "Heart rate" }
    var time: String { ko ? "시간" : "Time" }
    var pace: String { ko ? "페이스" : "Pace" }

    /// `501 in 1 track, 1 segment; 0 routes, 0 waypoints`; a segment is 세그먼트, since 구간 is a kilometre split.
    func pointCounts(_ stats: TrackStatistics) -> String {
        guard ko else {
            return "\(stats.points) in \(counted(stats.tracks, "track")), \(counted(stats.segments, "segment")); "
                + "\(counted(stats.routes, "route")), \(counted(stats.waypoints, "waypoint"))"
        }
        return "\(stats.points)개 · 트랙 \(stats.tracks)개, 세그먼트 \(stats.segments)개 · "
            + "경로 \(stats.routes)개, 웨이포인트 \(stats.waypoints)개"
    }

    /// `+50 m / −0 m; 100 m to 150 m`.
    func elevation(gain: String, loss: String, lowest: String, highest: String) -> String {
        ko ? "오르막 +\(gain) / 내리막 −\(loss) · 최저 \(lowest), 최고 \(highest)"
            : "+\(gain) / −\(loss); \(lowest) to \(highest)"
    }

    func movingPace(_ pace: String) -> String { ko ? " · 페이스 \(pace)" : " · pace \(pace)" }

    func speeds(average: String, max: String) -> String { ko ? "평균 \(average), 최고 \(max)" : "average \(average), max \(max)" }

    func heartRates(average: Int, max: Int) -> String {
        ko ? "평균 \(average) bpm, 최고 \(max) bpm" : "average \(average) bpm, max \(max) bpm"
    }

    /// The split table: the kilometre's number, its distance (shorter for the last), time, pace, climb.
    var splitColumns: [String] { ko ? ["구간", "거리", "시간", "페이스", "고도"] : ["km", "Distance", "Time", "Pace", "Elevation"] }

    // MARK: Hiking estimates

    var timeEstimates: String { ko ? "예상 소요 시간" : "Time estimates" }
    var route: String { ko ? "경로" : "Route" }
    var naismithRule: String { ko ? "(시속 5 km, 오르막 600 m마다 1시간 더)" : "(5 km/h + 1 h per 600 m up)" }
    var toblerRule: String { ko ? "(점과 점 사이마다 등산 함수로 계산)" : "(hiking function over every stretch)" }
    var dinRule: String { ko ? "(시속 4 km, 오르막 시간당 300 m, 내리막 시간당 500 m)" : "(4 km/h, 300 m/h up, 500 m/h down)" }
    var actual: String { ko ? "실제" : "Actual" }
    func moving(_ duration: String) -> String { ko ? "이동 \(duration)" : "\(duration) moving" }

    // MARK: Lists, records, bests

    /// `tend run list`: when, distance, time, pace, climb, name, handle.
    var listColumns: [String] {
        ko ? ["날짜", "거리", "시간", "페이스", "오르막", "이름", "핸들"] : ["Date", "Distance", "Time", "Pace", "Climb", "Name", "Handle"]
    }

    func noActivities(_ kind: ActivityKind) -> String {
        ko ? "아직 \(self.kind(kind)) 기록이 없어요: tend \(kind.rawValue) import FILE.gpx"
            : "No \(kind.rawValue)s yet: tend \(kind.rawValue) import FILE.gpx"
    }

    /// The two totals lines under a list, their figures aligned.
    func totals(week: String, month: String) -> String {
        ko ? "이번 주: \(week)\n이번 달: \(month)" : "This week:  \(week)\nThis month: \(month)"
    }

    func count(_ count: Int) -> String { ko ? "\(count)회" : "\(count)" }

    var enteredByHand: String { ko ? "(직접 입력한 기록이에요)" : "(entered by hand)" }

    /// `✓ Run on 2026-11-22 08:00: 10.0 km in 50:00, pace 5:00 /km, +40 m`.
    func saved(_ kind: ActivityKind, when: String, distance: String, time: String, pace: String, climb: String) -> String {
        ko ? "✓ \(when) \(self.kind(kind))을 기록했어요: \(distance), \(time), 페이스 \(pace)\(climb)"
            : "✓ \(self.kind(kind)) on \(when): \(distance) in \(time), pace \(pace)\(climb)"
    }

    func handle(_ handle: String) -> String { ko ? "  핸들 \(handle)" : "  handle \(handle)" }

    func deleted(_ kind: ActivityKind) -> String { ko ? "\(self.kind(kind)) 기록을 지웠어요." : "Deleted the \(kind.rawValue)." }

    var bestColumns: [String] { ko ? ["거리", "시간", "페이스", "날짜", "러닝"] : ["Distance", "Time", "Pace", "Date", "Run"] }

    /// The last line of a command that wrote a file (`--svg`, `export --out`).
    func wrote(_ path: String) -> String { ko ? "저장했어요: \(path)" : "Wrote \(path)." }

    // MARK: Places

    func placeSaved(_ name: String, latitude: Double, longitude: Double) -> String {
        ko ? "✓ 장소를 저장했어요: \(name) (\(latitude), \(longitude))" : "✓ Saved \(name) at \(latitude), \(longitude)"
    }

    var noPlaces: String {
        ko ? "아직 저장한 장소가 없어요: tend places add box --lat 37.5 --lon 127.0"
            : "No places yet: tend places add box --lat 37.5 --lon 127.0"
    }

    var placeColumns: [String] { ko ? ["이름", "위도", "경도", "고도"] : ["Name", "Latitude", "Longitude", "Elevation"] }

    func placeRemoved(_ name: String) -> String { ko ? "장소를 지웠어요: \(name)" : "Removed \(name)." }

    func eta(minutes: Int, place: String, straight: String, walking: String, detour: Double) -> String {
        guard ko else {
            return "About \(minutes) min on foot to \(place) (\(straight) as the crow flies, ~\(walking) walking).\n"
                + "An estimate without a road network: the straight line × \(detour) for streets, "
                + "the climb through Tobler's hiking function."
        }
        return "\(place)까지 걸어서 약 \(minutes)분이에요 (직선 \(straight), 걷는 길 약 \(walking)).\n"
            + "도로망 없이 낸 추정이에요: 길은 직선 거리의 \(detour)배로 어림하고, 오르막은 Tobler 등산 함수로 계산해요."
    }
}
