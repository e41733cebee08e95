import Foundation
import FoundationXML
import Testing
import Core

@Suite("tend insulin status / calendar / chart / settings")
struct ReportCommandTests {
    @Test func calendarJSONHasTheContractShape() throws {
        let tend = try InsulinCommandHarness()
        _ = tend.run("insulin", "log", "long", "--at", "2026-11-28 22:50")
        _ = tend.run("insulin", "log", "long", "--at", "2026-11-30 00:10")
        _ = tend.run("insulin", "log", "rapid", "4", "--at", "2026-11-30 12:10")
        _ = tend.run("insulin", "log", "rapid", "6", "--at", "2026-11-30 12:40")
        let month = try tend.run("--json", "insulin", "calendar", "--month", "2026-11").json()
        #expect(month["month"] as? String == "2026-11")
        #expect(month["long_dose_days"] as? Int == 2)
        #expect(month["average_long_time"] as? String == "23:30")
        #expect(month["elapsed_days"] as? Int == 3) // first use: the back-dated dose on the 28th
        #expect((month["days"] as? [Any])?.count == 30)
        let rapid = try #require(month["rapid"] as? [String: Any])
        let byHour = try #require(rapid["by_hour"] as? [Int])
        #expect(byHour.count == 24)
        #expect(byHour[12] == 2)
        #expect(rapid["average_units"] as? Double == 5)
        for key in ["adherence_pct", "current_streak_days", "longest_streak_days"] {
            #expect(month.keys.contains(key), "missing \(key)")
        }
        #expect(month["adherence_pct"] as? Double == 66.67) // 2 of the 3 elapsed days
        // Every day is present: a past day without a dose has `[]`, none is left out.
        let days = try #require(month["days"] as? [[String: Any]])
        #expect(days.allSatisfy { $0.keys.sorted() == ["date", "doses", "time_in_range_pct"] })
        #expect((days[0]["doses"] as? [Any])?.isEmpty == true)
        #expect(month["current_streak_days"] as? Int == 2) // days 28 and 29; today (30) is still open
    }

    @Test func calendarDaysStillToComeAreNull() throws {
        let tend = try InsulinCommandHarness(now: "2026-11-10T21:00:00+09:00")
        _ = tend.run("insulin", "log", "long", "--at", "2026-11-09 22:00")
        let month = try tend.run("--json", "insulin", "calendar", "--month", "2026-11").json()
        let days = try #require(month["days"] as? [[String: Any]])
        #expect(days.count == 30)
        #expect((days[8]["doses"] as? [Any])?.count == 1) // the 9th
        #expect((days[9]["doses"] as? [Any])?.isEmpty == true) // today, not taken yet
        #expect(days[10...].allSatisfy { $0["doses"] is NSNull }) // still to come: null, not "missed"
        let december = try tend.run("--json", "insulin", "calendar", "--month", "2026-12").json()
        #expect(december["elapsed_days"] as? Int == 0)
        #expect(december["adherence_pct"] is NSNull) // nothing elapsed: no rate, not 0 %
    }

    @Test func textCalendarMarksTodayAndTakenDays() throws {
        let tend = try InsulinCommandHarness()
        _ = tend.run("insulin", "log", "long", "--at", "20:00")
        let text = tend.run("insulin", "calendar").stdout
        #expect(text.contains("November 2026"))
        #expect(text.contains("[30●]"))
        #expect(text.contains("Average time"))
    }

    @Test func statusLineAndCard() throws {
        let tend = try InsulinCommandHarness(now: "2026-11-30T22:30:00+09:00")
        let before = tend.run("insulin", "status", "--format", "line")
        #expect(before.stdout.contains("long ✗ due 22:00"))
        _ = tend.run("insulin", "log", "long", "--at", "22:10")
        #expect(tend.run("insulin", "status", "--format", "line").stdout.contains("long ✓ 22:10"))
        let status = try tend.run("--json", "insulin", "status").json()
        let long = try #require(status["long"] as? [String: Any])
        #expect(long["taken"] as? Bool == true)
        let rapid = try #require(status["rapid"] as? [String: Any])
        #expect(rapid["since_last_s"] is NSNull) // no rapid dose yet: null, not 0
        _ = tend.run("insulin", "log", "rapid", "4", "--at", "21:59")
        let after = try #require(try tend.run("--json", "insulin", "status").json()["rapid"] as? [String: Any])
        #expect(after["since_last_s"] as? Int == 1860)
        #expect(tend.run("insulin", "status", "--format", "html").status == 2)
    }

    @Test func chartWritesARealSVG() throws {
        let tend = try InsulinCommandHarness()
        _ = tend.run("insulin", "log", "long", "--at", "20:00")
        _ = tend.run("insulin", "log", "rapid", "5", "--at", "12:00")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tend-chart-\(UUID()).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(tend.run("insulin", "chart", "--svg", path).status == 0)
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("</svg>"))
        #expect(svg.components(separatedBy: "<circle").count - 1 == 2)
        let document = try XMLDocument(xmlString: svg)
        #expect(document.rootElement()?.name == "svg")
        #expect(tend.run("insulin", "chart").status == 2)
        #expect(tend.run("insulin", "chart", "--svg", "/nonexistent-folder/x.svg").status == 1)
    }

    @Test func settingsShowAndChange() throws {
        let tend = try InsulinCommandHarness()
        let defaults = try tend.run("--json", "insulin", "settings").json()
        #expect(defaults["day_starts"] as? String == "04:00")
        #expect(defaults["long_guard_s"] as? Int == 43_200)
        #expect(defaults["rapid_window_s"] as? Int == 600)
        #expect(defaults["time_zone"] as? String == "Asia/Seoul")
        let changed = try tend.run("--json", "insulin", "settings", "--long-name", "Tresiba", "--long-units", "18",
                                   "--long-guard-hours", "20", "--reminder", "21:30").json()
        #expect(changed["long_name"] as? String == "Tresiba")
        #expect(changed["long_units"] as? Double == 18)
        #expect(changed["long_guard_s"] as? Int == 72_000)
        #expect(changed["reminder"] as? String == "21:30")
        let dose = try tend.run("--json", "insulin", "log", "long").json()
        #expect(dose["units"] as? Double == 18)
        #expect(tend.run("insulin", "settings", "--time-zone", "Mars/Olympus").status == 2)
        #expect(tend.run("insulin", "settings", "--day-starts", "4am").status == 2)
    }
}
