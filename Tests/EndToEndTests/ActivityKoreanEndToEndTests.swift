import Foundation
import Testing

/// `tend --lang ko run|hike|gpx …` through the built binary: the text in Korean, the catalog's
/// Korean errors, `LANG=ko_KR.UTF-8` choosing the same, and `--json` unchanged.
@Suite("tend run, hike and gpx in Korean, end to end", .serialized)
struct ActivityKoreanEndToEndTests {
    /// Wednesday 25 November 2026, 20:00 in Seoul.
    static let now = "2026-11-25T20:00:00+09:00"

    /// 3 km due north from 37.5° N 127° E at 5:00 /km from Monday 23 November 2026, 07:00 in
    /// Seoul, a point every 10 m, climbing 1 m every 100 m from 100 m.
    static func gpx() -> String {
        let metresPerDegree = 6_371_008.8 * Double.pi / 180
        let start = Date(timeIntervalSince1970: 1_795_384_800) // 2026-11-22T22:00:00Z
        let formatter = ISO8601DateFormatter()
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#,
                     #"<gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1">"#,
                     "<trk><name>한강</name><trkseg>"]
        for step in 0...300 {
            let metres = Double(step) * 10
            lines.append(#"<trkpt lat="\#(String(format: "%.7f", 37.5 + metres / metresPerDegree))" lon="127.0000000">"#
                + "<ele>\(100 + (metres / 100).rounded(.down))</ele>"
                + "<time>\(formatter.string(from: start.addingTimeInterval(metres * 0.3)))</time></trkpt>")
        }
        return (lines + ["</trkseg></trk>", "</gpx>"]).joined(separator: "\n") + "\n"
    }

    @Test func importListShowAndStatsSpeakKorean() throws {
        let tend = try TendProcess(now: Self.now)
        defer { tend.remove() }
        let file = tend.folder.appendingPathComponent("han.gpx").path
        try Data(Self.gpx().utf8).write(to: URL(fileURLWithPath: file))

        let stats = try tend.run("--lang", "ko", "gpx", "stats", file)
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.hasPrefix("포인트     301개 · 트랙 1개, 세그먼트 1개 · 경로 0개, 웨이포인트 0개\n거리       3.0 km"), "\(stats.stdout)")
        #expect(stats.stdout.contains("\n시작       2026년 11월 23일 07:00\n"))
        #expect(stats.stdout.contains("\n구간    거리  시간    페이스   고도\n"))

        let imported = try tend.run("--lang", "ko", "run", "import", file)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("✓ 11월 23일 07:00 러닝을 기록했어요: 3.0 km, 15:00, 페이스 5:00 /km, +30 m\n  핸들 "),
                "\(imported.stdout)")
        // The same file again: the guard's refusal (exit 3) in the screen's language.
        let again = try tend.run("--lang", "ko", "run", "import", file)
        #expect(again.status == 3)
        #expect(again.stderr.hasPrefix("오류: 이미 가져온 러닝이에요 (핸들 "), "\(again.stderr)")

        // LANG chooses Korean as --lang does.
        let list = try tend.run(["run", "list"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.hasPrefix("날짜"), "\(list.stdout)")
        #expect(list.stdout.contains("\n11월 23일 07:00  3.0 km  15:00  5:00 /km    30 m  한강  "), "\(list.stdout)")
        #expect(list.stdout.hasSuffix("\n\n이번 주: 1회 · 3.0 km · 15:00 · +30 m\n이번 달: 1회 · 3.0 km · 15:00 · +30 m\n"))

        let shown = try tend.run("--lang", "ko", "run", "show", "last")
        #expect(shown.stdout.hasPrefix("러닝 — 한강 · "), "\(shown.stdout)")
        #expect(shown.stdout.contains("\n이동 시간  15:00 · 페이스 5:00 /km\n"))
        #expect(try tend.run("--lang", "ko", "--json", "run", "show", "last").stdout == (try tend.run("--json", "run", "show", "last").stdout))

        #expect(try tend.run("--lang", "ko", "run", "delete", "last").stdout == "러닝 기록을 지웠어요.\n")
        // An error the catalog has, in Korean; English stays English.
        let missing = try tend.run("--lang", "ko", "run", "show", "last")
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("오류: 아직 러닝이나 등산 기록이 없어요."), "\(missing.stderr)")
        #expect(try tend.run("run", "show", "last").stderr.hasPrefix("error: there is no run yet"))
        #expect(try tend.run("run", "list").stdout.hasPrefix("No runs yet: tend run import FILE.gpx"))
    }

    @Test func aRunEnteredByHandInKorean() throws {
        let tend = try TendProcess(now: Self.now)
        defer { tend.remove() }
        let added = try tend.run("--lang", "ko", "run", "add", "--distance", "5", "--duration", "30:00", "--at", "2026-11-24 07:00")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("✓ 11월 24일 07:00 러닝을 기록했어요: 5.0 km, 30:00, 페이스 6:00 /km\n"))
        let shown = try tend.run("--lang", "ko", "run", "show", "last")
        #expect(shown.stdout.hasSuffix("\n\n시작    2026년 11월 24일 07:00\n거리    5.0 km\n시간    30:00\n페이스  6:00 /km\n(직접 입력한 기록이에요)\n"),
                "\(shown.stdout)")
        let export = try tend.run("--lang", "ko", "run", "export", "last", "--out", tend.folder.appendingPathComponent("x.gpx").path)
        #expect(export.status == 2)
        #expect(export.stderr.hasPrefix("오류: 직접 입력한 기록이라 트랙이 없어요."), "\(export.stderr)")
        // The refusals met in daily use, with what was typed in them.
        let fast = try tend.run("--lang", "ko", "run", "add", "--distance", "50", "--duration", "30:00")
        #expect(fast.stderr.hasPrefix("오류: 30:00에 50 km는 사람이 걷거나 달릴 수 있는 속도보다 빨라요"), "\(fast.stderr)")
        let range = try tend.run("--lang", "ko", "run", "list", "--from", "2026-11-24", "--to", "2026-11-20")
        #expect(range.stderr.hasPrefix("오류: 끝 날짜 2026-11-20이(가) 시작 날짜 2026-11-24보다 앞서요."), "\(range.stderr)")
        let id = "01a2359b-b179-7721-9687-e36de2dc3a41"
        let unknown = try tend.run("--lang", "ko", "run", "show", id)
        #expect(unknown.stderr.hasPrefix("오류: \(id)에 해당하는 러닝이나 등산 기록이 없어요."), "\(unknown.stderr)")
    }
}
