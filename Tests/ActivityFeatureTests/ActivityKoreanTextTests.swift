import Foundation
import Testing
import Console

/// `tend --lang ko run|hike|gpx|places …` as text: every line in Korean, the values in their
/// columns however wide Hangul is on a terminal; and English as it was, byte for byte.
@Suite("tend run, hike, gpx and places as text, in Korean and in English")
struct ActivityKoreanTextTests {
    static func lines(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    static func hasHangul(_ text: String) -> Bool { text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }

    /// The terminal column at which `needle` ends in `line` (Hangul two columns wide), nil when absent.
    static func end(of needle: String, in line: String) -> Int? {
        guard let range = line.range(of: needle) else { return nil }
        return TextWidth.displayWidth(String(line[..<range.upperBound]))
    }

    /// The terminal column where a labelled row's value starts: after the first run of two spaces or more.
    static func valueColumn(_ line: String) -> Int? {
        guard let gap = line.range(of: "  "), let value = line[gap.lowerBound...].firstIndex(where: { $0 != " " }) else { return nil }
        return TextWidth.displayWidth(String(line[..<value]))
    }

    static func start(of needle: String, in line: String) -> Int? {
        guard let range = line.range(of: needle) else { return nil }
        return TextWidth.displayWidth(String(line[..<range.lowerBound]))
    }

    // MARK: gpx stats

    @Test func gpxStatsInKorean() throws {
        let tend = try ActivityCommandHarness()
        let path = try tend.write(GPXText.track(SessionCommandTests.fiveK))
        let result = tend.korean("gpx", "stats", path)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Self.lines(result.stdout)
        #expect(Array(lines.prefix(8)) == [
            "포인트     501개 · 트랙 1개, 세그먼트 1개 · 경로 0개, 웨이포인트 0개",
            "거리       5.0 km (3D 5.0 km)",
            "고도       오르막 +50 m / 내리막 −0 m · 최저 100 m, 최고 150 m",
            "시작       2026년 11월 23일 07:00",
            "전체 시간  25:00",
            "이동 시간  25:00 · 페이스 5:00 /km",
            "속도       평균 12.0 km/h, 최고 12.0 km/h",
            "심박수     평균 150 bpm, 최고 160 bpm",
        ], "\(result.stdout)")
        #expect(lines.prefix(8).map(Self.valueColumn) == Array(repeating: 11, count: 8))
        // The split table: Korean titles over right-aligned figures.
        #expect(lines.dropFirst(9).first == "구간    거리  시간    페이스   고도")
        #expect(lines.dropFirst(11).first == "   1  1.0 km  5:00  5:00 /km  +10 m")
        let table = lines.dropFirst(9).filter { !$0.isEmpty }
        #expect(table.count == 7) // the titles, the rule, five kilometres
        #expect(Set(table.map(TextWidth.displayWidth)).count == 1, "\(table)")
        for word in ["Points", "Distance", "Elevation", "Start", "Duration", "Moving", "Speed", "Heart", "average", "pace", " in "] {
            #expect(!result.stdout.contains(word), "English left: \(word)")
        }
        // JSON does not change with the language.
        #expect(tend.korean("--json", "gpx", "stats", path).stdout == tend.run("--json", "gpx", "stats", path).stdout)
    }

    @Test func gpxStatsInEnglishAsBefore() throws {
        let tend = try ActivityCommandHarness()
        let result = tend.run("gpx", "stats", try tend.write(GPXText.track(SessionCommandTests.fiveK)))
        #expect(result.status == 0)
        #expect(Array(Self.lines(result.stdout).prefix(12)) == [
            "Points       501 in 1 track, 1 segment; 0 routes, 0 waypoints",
            "Distance     5.0 km (3D 5.0 km)",
            "Elevation    +50 m / −0 m; 100 m to 150 m",
            "Start        2026-11-23 07:00",
            "Duration     25:00",
            "Moving time  25:00 · pace 5:00 /km",
            "Speed        average 12.0 km/h, max 12.0 km/h",
            "Heart rate   average 150 bpm, max 160 bpm",
            "",
            "km  Distance  Time      Pace  Elevation",
            "──  ────────  ────  ────────  ─────────",
            " 1    1.0 km  5:00  5:00 /km      +10 m",
        ], "\(result.stdout)")
        #expect(!Self.hasHangul(result.stdout))
    }

    // MARK: show

    @Test func showByHandInKoreanAndEnglish() throws {
        let tend = try ActivityCommandHarness()
        let added = try tend.run("--json", "run", "add", "--distance", "5", "--duration", "30:00", "--at", "2026-11-24 07:00",
                                 "--name", "Easy").json()
        let id = try #require(added["id"] as? String)
        let handle = String(id.suffix(7))
        let korean = tend.korean("run", "show", id)
        #expect(korean.status == 0, "\(korean.stderr)")
        #expect(korean.stdout == """
            러닝 — Easy · \(handle)

            시작    2026년 11월 24일 07:00
            거리    5.0 km
            시간    30:00
            페이스  6:00 /km
            (직접 입력한 기록이에요)

            """)
        #expect(tend.run("run", "show", id).stdout == """
            Run — Easy · \(handle)

            Start     2026-11-24 07:00
            Distance  5.0 km
            Time      30:00
            Pace      6:00 /km
            (entered by hand)

            """)
    }

    @Test func showAHikeWithItsEstimatesInKorean() throws {
        let tend = try ActivityCommandHarness()
        var points = SessionCommandTests.climb
        for index in points.indices { points[index].seconds = Double(index) * 90 } // 4 km/h
        let id = try tend.importGPX(GPXText.track(name: "Ridge", points), kind: "hike")
        let shown = tend.korean("hike", "show", id)
        #expect(shown.status == 0, "\(shown.stderr)")
        let lines = Self.lines(shown.stdout)
        #expect(lines.first == "등산 — Ridge · \(id.suffix(7))")
        let heading = try #require(lines.firstIndex(of: "예상 소요 시간"), "\(shown.stdout)")
        let estimates = Array(lines[(heading + 1)...].prefix(5))
        #expect(estimates.first?.hasPrefix("경로       5.0 km, +600 m / −0 m") == true, "\(estimates)")
        #expect(estimates.dropFirst().first?.hasSuffix("  (시속 5 km, 오르막 600 m마다 1시간 더)") == true, "\(estimates)")
        #expect(estimates.dropFirst(2).first?.hasPrefix("Tobler     ") == true, "\(estimates)")
        #expect(estimates.dropFirst(3).first?.hasSuffix("(시속 4 km, 오르막 시간당 300 m, 내리막 시간당 500 m)") == true)
        #expect(estimates.last == "실제       이동 1:15:00")
        // Every estimate's time starts in one column, after the widest name (DIN 33466) and two spaces.
        #expect(estimates.map(Self.valueColumn) == Array(repeating: 11, count: 5), "\(estimates)")
        for word in ["Time estimates", "Route", "Actual", "moving", "hiking function", "km/h +"] {
            #expect(!shown.stdout.contains(word), "English left: \(word)")
        }
        #expect(tend.run("hike", "show", id).stdout.contains("\nTime estimates\nRoute      5.0 km, +600 m / −0 m\nNaismith   "))
        #expect(tend.korean("hike", "estimate", try tend.write(GPXText.track(points), to: "ridge.gpx")).stdout
            .hasSuffix("실제       이동 1:15:00\n"))
    }

    // MARK: list, record, delete, bests

    @Test func listInKoreanKeepsItsColumns() throws {
        let tend = try ActivityCommandHarness()
        #expect(tend.korean("run", "add", "--distance", "5", "--duration", "30:00", "--at", "2026-11-24 07:00", "--name", "가벼운 조깅")
            .status == 0)
        #expect(tend.korean("run", "add", "--distance", "10", "--duration", "1:00:00", "--at", "2025-11-20 07:00", "--climb", "120")
            .status == 0)
        let result = tend.korean("run", "list")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Self.lines(result.stdout)
        #expect(lines.first?.hasPrefix("날짜") == true)
        for title in ["거리", "시간", "페이스", "오르막", "이름", "핸들"] { #expect(lines.first?.contains(title) == true, "\(title)") }
        let thisYear = try #require(lines.first { $0.hasPrefix("11월 24일 07:00 ") }, "\(result.stdout)")
        let lastYear = try #require(lines.first { $0.hasPrefix("2025년 11월 20일 07:00 ") }, "\(result.stdout)")
        // Right-aligned figures end where their title ends; the handles start where theirs does.
        #expect(Self.end(of: "거리", in: lines[0]) == Self.end(of: "5.0 km", in: thisYear))
        #expect(Self.end(of: "거리", in: lines[0]) == Self.end(of: "10.0 km", in: lastYear))
        #expect(Self.end(of: "오르막", in: lines[0]) == Self.end(of: "120 m", in: lastYear))
        #expect(Self.start(of: "핸들", in: lines[0]) == Self.start(of: thisYear.split(separator: " ").last.map(String.init) ?? "?",
                                                                   in: thisYear))
        #expect(Self.start(of: "이름", in: lines[0]) == Self.start(of: "가벼운 조깅", in: thisYear))
        #expect(lines.suffix(3) == ["이번 주: 1회 · 5.0 km · 30:00 · +0 m", "이번 달: 1회 · 5.0 km · 30:00 · +0 m", ""])
        for word in ["Date", "Distance", "This week", "This month"] { #expect(!result.stdout.contains(word), "English left: \(word)") }

        let english = tend.run("run", "list").stdout
        #expect(Self.lines(english).first == "Date              Distance     Time      Pace  Climb  Name         Handle")
        #expect(english.contains("\n2025-11-20 07:00   10.0 km  1:00:00  6:00 /km  120 m               "))
        #expect(english.hasSuffix("\n\nThis week:  1 · 5.0 km · 30:00 · +0 m\nThis month: 1 · 5.0 km · 30:00 · +0 m\n"))
    }

    @Test func anEmptyListInKorean() throws {
        let tend = try ActivityCommandHarness()
        #expect(tend.korean("hike", "list").stdout
            == "아직 등산 기록이 없어요: tend hike import FILE.gpx\n\n이번 주: 0회 · 0.0 km · 0:00 · +0 m\n이번 달: 0회 · 0.0 km · 0:00 · +0 m\n")
        #expect(tend.run("run", "list").stdout
            == "No runs yet: tend run import FILE.gpx\n\nThis week:  0 · 0.0 km · 0:00 · +0 m\nThis month: 0 · 0.0 km · 0:00 · +0 m\n")
    }

    @Test func theLinesARecordAndADeletePrint() throws {
        let tend = try ActivityCommandHarness()
        let added = tend.korean("run", "add", "--distance", "10", "--duration", "50:00", "--at", "2026-11-22 08:00", "--climb", "40")
        #expect(added.status == 0, "\(added.stderr)")
        let id = try #require(try tend.run("--json", "run", "list").json().objects("activities").first?["id"] as? String)
        #expect(added.stdout == "✓ 11월 22일 08:00 러닝을 기록했어요: 10.0 km, 50:00, 페이스 5:00 /km, +40 m\n  핸들 \(id.suffix(7))\n")
        let imported = tend.korean("hike", "import", try tend.write(GPXText.track(SessionCommandTests.fiveK)))
        #expect(imported.stdout.hasPrefix("✓ 11월 23일 07:00 등산을 기록했어요: 5.0 km, 25:00, 페이스 5:00 /km, +50 m\n  핸들 "),
                "\(imported.stdout)")
        #expect(tend.korean("run", "delete", id).stdout == "러닝 기록을 지웠어요.\n")
        #expect(tend.korean("hike", "delete", "last").stdout == "등산 기록을 지웠어요.\n")

        let english = tend.run("run", "add", "--distance", "10", "--duration", "50:00", "--at", "2026-11-22 08:00", "--climb", "40")
        let englishID = try #require(try tend.run("--json", "run", "list").json().objects("activities").first?["id"] as? String)
        #expect(english.stdout == "✓ Run on 2026-11-22 08:00: 10.0 km in 50:00, pace 5:00 /km, +40 m\n  handle \(englishID.suffix(7))\n")
        #expect(tend.run("run", "delete", englishID).stdout == "Deleted the run.\n")
    }

    @Test func writtenFilesAreAnnouncedInTheLanguage() throws {
        let tend = try ActivityCommandHarness()
        let id = try tend.importGPX(GPXText.track(SessionCommandTests.fiveK))
        let svg = tend.path("run.svg")
        #expect(tend.korean("run", "show", id, "--svg", svg).stdout.hasSuffix("\n\n저장했어요: \(svg)\n"))
        let gpx = tend.path("run.gpx")
        #expect(tend.korean("run", "export", id, "--out", gpx).stdout == "저장했어요: \(gpx)\n")
        #expect(tend.run("run", "export", id, "--out", gpx).stdout == "Wrote \(gpx).\n")
    }

    @Test func bestsInKorean() throws {
        let tend = try ActivityCommandHarness()
        _ = try tend.importGPX(GPXText.track(SessionCommandTests.fiveK))
        let result = tend.korean("run", "bests")
        #expect(result.status == 0)
        let lines = Self.lines(result.stdout)
        #expect(lines.first?.split(separator: " ") == ["거리", "시간", "페이스", "날짜", "러닝"], "\(result.stdout)")
        let fastest = try #require(lines.first { $0.hasPrefix(" 1.0 km") }, "\(result.stdout)")
        #expect(fastest.contains("5:00 /km  2026년 11월 23일  "))
        #expect(Self.start(of: "날짜", in: lines[0]) == Self.start(of: "2026년", in: fastest))
        #expect(Self.start(of: "러닝", in: lines[0]) == Self.start(of: "2026년 11월 23일", in: fastest).map { $0 + 18 })
        #expect(Self.lines(tend.run("run", "bests").stdout).first == "Distance  Time      Pace  Date        Run")
    }

    // MARK: places

    @Test func placesInKorean() throws {
        let tend = try ActivityCommandHarness()
        #expect(tend.korean("places", "list").stdout == "아직 저장한 장소가 없어요: tend places add box --lat 37.5 --lon 127.0\n")
        #expect(tend.korean("places", "add", "박스", "--lat", "37.51", "--lon", "127.0").stdout == "✓ 장소를 저장했어요: 박스 (37.51, 127.0)\n")
        let list = Self.lines(tend.korean("places", "list").stdout)
        #expect(list.first == "이름   위도   경도  고도")
        #expect(list.dropFirst(2).first == "박스  37.51  127.0     —")
        let eta = tend.korean("places", "eta", "박스", "--from", "37.5,127.0").stdout
        #expect(eta.hasPrefix("박스까지 걸어서 약 "), "\(eta)")
        #expect(eta.contains("분이에요 (직선 1.11 km, 걷는 길 약 "))
        #expect(eta.hasSuffix("오르막은 Tobler 등산 함수로 계산해요.\n"))
        #expect(tend.korean("places", "remove", "박스").stdout == "장소를 지웠어요: 박스\n")
        #expect(tend.run("places", "list").stdout == "No places yet: tend places add box --lat 37.5 --lon 127.0\n")
    }
}
