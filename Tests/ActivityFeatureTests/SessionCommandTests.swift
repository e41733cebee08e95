import Foundation
import Testing

@Suite("tend run / tend hike")
struct SessionCommandTests {
    /// 5 km north at 5:00 /km from Monday 23 November 2026, 07:00 in Seoul, climbing 1 m per 100 m.
    static let fiveK = GPXText.steady(kilometres: 5, pace: 300, elevation: { 100 + ($0 / 100).rounded(.down) },
                                      heartRate: { $0 % 2 == 0 ? 140 : 160 })

    @Test func importListShowExportAndReadTheFileBack() throws {
        let tend = try ActivityCommandHarness()
        let original = try tend.write(GPXText.track(Self.fiveK), to: "five.gpx")
        let imported = tend.run("--json", "run", "import", original)
        #expect(imported.status == 0, "\(imported.stderr)")
        let saved = try imported.json()
        let id = try #require(saved["id"] as? String)
        #expect(saved["kind"] as? String == "run")
        #expect(saved["source"] as? String == "gpx")
        #expect(saved["has_track"] as? Bool == true)
        #expect(saved["name"] as? String == "Morning run")
        #expect(saved["started_at"] as? String == "2026-11-23T07:00:00+09:00")
        #expect(close(saved.double("distance_m"), GPXText.distance(0, 5000), 0.02))
        #expect(saved.double("duration_s") == 1500)
        #expect(saved.double("moving_time_s") == 1500)
        #expect(close(saved.double("pace_s_per_km"), 300, 0.01))
        #expect(close(saved.double("elevation_gain_m"), 50, 0.5))

        let list = try tend.run("--json", "run", "list").json()
        #expect(list.objects("activities").map { $0["id"] as? String } == [id])
        #expect(list.objects("activities").first?["stats"] == nil) // lists stay light
        #expect(list.object("totals")?.object("week")?["count"] as? Int == 1)

        let shown = tend.run("--json", "run", "show", id)
        #expect(shown.status == 0)
        let detail = try shown.json()
        let stats = try #require(detail.object("stats"))
        #expect(stats["points"] as? Int == 501)
        #expect(stats.objects("splits").count == 5)
        #expect(stats.object("heart_rate")?["max_bpm"] as? Int == 160)
        #expect(detail["estimate"] == nil) // estimates are for hikes
        // The stored statistics are the file's own.
        let fileStats = try tend.run("--json", "gpx", "stats", original).json()
        #expect(NSDictionary(dictionary: stats).isEqual(to: fileStats))

        let out = tend.path("exported.gpx")
        let exported = tend.run("--json", "run", "export", id, "--out", out)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(try exported.json()["out"] as? String == out)
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        let document = try XMLReadBack.document(data)
        #expect(document.rootElement()?.localName == "gpx")
        #expect(document.rootElement()?.uri == GPXText.gpx11)
        #expect(document.rootElement().flatMap { XMLReadBack.attribute("version", of: $0) } == "1.1")
        let readBack = try XMLReadBack.points(in: data)
        #expect(readBack.count == Self.fiveK.count)
        let expected = XMLReadBack.expected(Self.fiveK)
        #expect(readBack == expected, "the same points, times, elevations and heart rates: \(firstDifference(readBack, expected))")
        #expect(XMLReadBack.elements("name", in: document).first?.stringValue == "Morning run")

        // Tend reads its own export to the same figures, and knows it is the same run.
        #expect(tend.run("--json", "gpx", "stats", out).stdout == tend.run("--json", "gpx", "stats", original).stdout)
        #expect(tend.run("run", "import", out).status == 3)

        let deleted = tend.run("--json", "run", "delete", id)
        #expect(deleted.status == 0)
        #expect(try deleted.json()["deleted"] as? String == id)
        #expect(try tend.run("--json", "run", "list").json().objects("activities").isEmpty)
        #expect(tend.run("run", "show", id).status == 1)
        #expect(tend.run("run", "delete", id).status == 1)
    }

    @Test func exportKeepsSegmentsRoutesWaypointsAndMilliseconds() throws {
        let tend = try ActivityCommandHarness()
        // Two segments with a 500 m gap between them, the second 10 minutes after the first ends;
        // a time with milliseconds, elevations below sea level and with millimetres.
        var first = GPXText.steady(kilometres: 1, pace: 300, elevation: { -400 + $0 / 1000 })
        first[1].seconds = 3.25
        first[2].elevation = -399.123
        let second = GPXText.steady(kilometres: 1, pace: 300, elevation: { _ in 12.5 }).map { point -> GPXText.Point in
            var point = point
            point.metres += 1500
            point.seconds! += 900
            return point
        }
        let route = GPXText.steady(kilometres: 0.05, pace: nil, elevation: { _ in 3 })
        let text = GPXText.document(name: "Two parts", segments: [first, second], routes: [route],
                                    waypoints: [(GPXText.Point(metres: 1200, elevation: 7), "Café &amp; toilets")])
        let original = try tend.write(text, to: "parts.gpx")
        let stats = try tend.run("--json", "gpx", "stats", original).json()
        #expect(stats["segments"] as? Int == 2)
        #expect(close(stats.double("distance_2d_m"), GPXText.distance(0, 1000) + GPXText.distance(1500, 2500), 0.02)) // not the gap
        #expect(stats.double("duration_s") == 1200) // 0–300 s, then 900–1200 s
        #expect(stats.double("moving_time_s") == 600)

        let id = try #require(try tend.run("--json", "hike", "import", original).json()["id"] as? String)
        let out = tend.path("parts-out.gpx")
        #expect(tend.run("hike", "export", id, "--out", out).status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        let document = try XMLReadBack.document(data)
        #expect(XMLReadBack.elements("trkseg", in: document).count == 2)
        let trackPoints = try XMLReadBack.points(in: data)
        let expected = XMLReadBack.expected(first + second)
        #expect(trackPoints == expected, "\(firstDifference(trackPoints, expected))")
        #expect(trackPoints[1].time == "2026-11-22T22:00:03.250Z")
        let routePoints = try XMLReadBack.points("rtept", in: data)
        #expect(routePoints == XMLReadBack.expected(route), "\(firstDifference(routePoints, XMLReadBack.expected(route)))")
        let waypoints = XMLReadBack.elements("wpt", in: document)
        #expect(waypoints.count == 1)
        #expect(waypoints.first.flatMap { XMLReadBack.child("name", of: $0)?.stringValue } == "Café & toilets")
        #expect(waypoints.first.flatMap { XMLReadBack.child("ele", of: $0)?.stringValue }.flatMap { Double($0) } == 7)
        #expect(tend.run("--json", "gpx", "stats", out).stdout == tend.run("--json", "gpx", "stats", original).stdout)
    }

    @Test func theSameFileTwiceIsRefusedWithThreeUnlessForced() throws {
        let tend = try ActivityCommandHarness()
        let path = try tend.write(GPXText.track(Self.fiveK))
        let first = tend.run("--json", "run", "import", path)
        let id = try #require(try first.json()["id"] as? String)
        let again = tend.run("run", "import", path)
        #expect(again.status == 3)
        #expect(again.stderr.hasPrefix("error: "))
        #expect(again.stderr.contains("already imported"))
        #expect(again.stderr.contains(String(id.suffix(7)))) // its handle
        #expect(again.stdout.isEmpty)
        #expect(tend.run("run", "import", path, "--force").status == 0)
        #expect(try tend.run("--json", "run", "list").json().objects("activities").count == 2)
        // A hike is another kind of thing: the same file may be one.
        #expect(tend.run("hike", "import", path).status == 0)
    }

    @Test func filesThatCannotBeARunAreRefused() throws {
        let tend = try ActivityCommandHarness()
        let untimed = tend.run("run", "import", try tend.write(GPXText.track(GPXText.steady(kilometres: 1, pace: nil)), to: "untimed.gpx"))
        #expect(untimed.status == 1)
        #expect(untimed.stderr.contains("no times"))
        let onePoint = tend.run("run", "import", try tend.write(GPXText.track([GPXText.Point(metres: 0, seconds: 0)]), to: "one.gpx"))
        #expect(onePoint.status == 1)
        let routeOnly = GPXText.document(segments: [], routes: [GPXText.steady(kilometres: 1, pace: 300)])
        #expect(tend.run("run", "import", try tend.write(routeOnly, to: "route.gpx")).status == 1)
        #expect(tend.run("run", "import", tend.path("missing.gpx")).status == 1)
        #expect(try tend.run("--json", "run", "list").json().objects("activities").isEmpty)
    }

    @Test func addingByHand() throws {
        let tend = try ActivityCommandHarness()
        let added = tend.run("--json", "run", "add", "--distance", "5", "--duration", "30:00", "--at", "2026-11-24 07:00",
                             "--name", "Easy", "--climb", "40")
        #expect(added.status == 0, "\(added.stderr)")
        let run = try added.json()
        #expect(run["source"] as? String == "manual")
        #expect(run["has_track"] as? Bool == false)
        #expect(run.double("distance_m") == 5000)
        #expect(run.double("duration_s") == 1800)
        #expect(run.double("pace_s_per_km") == 360)
        #expect(run.double("elevation_gain_m") == 40)
        #expect(run["name"] as? String == "Easy")
        #expect(run["started_at"] as? String == "2026-11-24T07:00:00+09:00")

        // Without --at it has just ended.
        let justNow = try tend.run("--json", "run", "add", "--distance", "3.2", "--duration", "1:05:00").json()
        #expect(justNow["started_at"] as? String == "2026-11-25T18:55:00+09:00")
        #expect(justNow.double("duration_s") == 3900)
        let hike = try tend.run("--json", "hike", "add", "--distance", "8", "--duration", "2:30:00", "--at", "yesterday 09:00").json()
        #expect(hike.double("duration_s") == 9000)
        #expect(hike["kind"] as? String == "hike")
        #expect(hike["started_at"] as? String == "2026-11-24T09:00:00+09:00")

        let text = tend.run("run", "add", "--distance", "10", "--duration", "50:00", "--at", "2026-11-22 08:00")
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("✓ Run on 2026-11-22 08:00: 10.0 km in 50:00, pace 5:00 /km"))
        let id = try #require(try tend.run("--json", "run", "list", "--from", "2026-11-22", "--to", "2026-11-22").json()
            .objects("activities").first?["id"] as? String)
        #expect(tend.run("run", "show", id).stdout.contains("(entered by hand)"))
        #expect(tend.run("run", "show", id, "--svg", tend.path("x.svg")).status == 2) // no track to draw
        #expect(tend.run("run", "export", id, "--out", tend.path("x.gpx")).status == 2)
        #expect(!FileManager.default.fileExists(atPath: tend.path("x.gpx")))
    }

    @Test(arguments: [
        ["--distance", "-5", "--duration", "30:00"],
        ["--distance", "0", "--duration", "30:00"],
        ["--distance", "five", "--duration", "30:00"],
        ["--distance", "1001", "--duration", "30:00"],
        ["--distance", "5", "--duration", "1:75:00"],
        ["--distance", "5", "--duration", "0:00"],
        ["--distance", "5", "--duration", "half an hour"],
        ["--distance", "5", "--duration", "30:00", "--at", "2026-11-26 07:00"],  // tomorrow
        ["--distance", "5", "--duration", "30:00", "--at", "19:50"],             // would end at 20:20, now is 20:00
        ["--distance", "5", "--duration", "30:00", "--at", "someday"],
        ["--distance", "10", "--duration", "10:00"],                             // 60 km/h on foot
        ["--distance", "5000", "--duration", "30:00"],                          // metres typed as km
        ["--duration", "30:00"],
        ["--distance", "5"],
    ])
    func badManualEntriesAreUsageErrors(_ options: [String]) throws {
        let tend = try ActivityCommandHarness()
        let result = tend.run(["run", "add"] + options)
        #expect(result.status == 2, "\(options): \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stdout.isEmpty)
        #expect(try tend.run("--json", "run", "list").json().objects("activities").isEmpty)
    }

    /// `--duration` takes "H:MM:SS, MM:SS or minutes" (its help): a plain number is minutes.
    @Test(arguments: [("150", 9000.0), ("75", 4500.0), ("1.5", 90.0), ("45:30", 2730.0), ("1:05:00", 3900.0)])
    func durationForms(_ text: String, _ seconds: Double) throws {
        let tend = try ActivityCommandHarness()
        let result = tend.run("--json", "hike", "add", "--distance", "0.3", "--duration", text, "--at", "2026-11-24 09:00")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try result.json().double("duration_s") == seconds, "--duration \(text)")
    }

    @Test func aNegativeClimbIsAUsageError() throws {
        let tend = try ActivityCommandHarness()
        let result = tend.run("run", "add", "--distance", "5", "--duration", "30:00", "--climb", "-120")
        #expect(result.status == 2, "a run cannot climb -120 m: \(result.stdout)\(result.stderr)")
        let totals = try tend.run("--json", "run", "list").json().object("totals")?.object("week")
        #expect((totals?.double("elevation_gain_m") ?? 0) >= 0)
    }

    @Test func weekAndMonthTotalsInTheOwnersZone() throws {
        // Wednesday 25 November 2026, 20:00 in Seoul; the week began on Monday the 23rd.
        let tend = try ActivityCommandHarness()
        func add(_ km: String, _ duration: String, at: String, climb: String? = nil, kind: String = "run") {
            let result = tend.run(["run" == kind ? "run" : "hike", "add", "--distance", km, "--duration", duration, "--at", at]
                + (climb.map { ["--climb", $0] } ?? []))
            #expect(result.status == 0, "\(result.stderr)")
        }
        add("5", "30:00", at: "2026-11-23T00:30:00+09:00", climb: "20") // Monday in Seoul (Sunday 15:30 UTC): week and month
        add("3", "20:00", at: "2026-11-22 23:30")                       // Sunday: last week, this month
        add("2", "12:00", at: "2026-11-01 00:10")                       // the 1st in Seoul (31 October UTC): this month
        add("10", "1:00:00", at: "2026-10-31 10:00")                    // last month
        add("12", "4:00:00", at: "2026-11-24 09:00", climb: "800", kind: "hike") // a hike is not a run

        let list = try tend.run("--json", "run", "list").json()
        #expect(list.objects("activities").count == 4)
        let week = try #require(list.object("totals")?.object("week"))
        #expect(week["count"] as? Int == 1)
        #expect(week.double("distance_m") == 5000)
        #expect(week.double("duration_s") == 1800)
        #expect(week.double("elevation_gain_m") == 20)
        let month = try #require(list.object("totals")?.object("month"))
        #expect(month["count"] as? Int == 3)
        #expect(month.double("distance_m") == 10000)
        #expect(month.double("duration_s") == 3720)
        #expect(month.double("elevation_gain_m") == 20)

        let hikes = try tend.run("--json", "hike", "list").json()
        #expect(hikes.object("totals")?.object("week")?["count"] as? Int == 1)
        #expect(hikes.object("totals")?.object("week")?.double("elevation_gain_m") == 800)

        let text = tend.run("run", "list").stdout
        #expect(text.contains("This week:  1 · 5.0 km · 30:00 · +20 m"), "\(text)")
        #expect(text.contains("This month: 3 · 10.0 km · 1:02:00 · +20 m"), "\(text)")

        // Days are the owner's: Monday 00:30 in Seoul is on the 23rd, Sunday 23:30 on the 22nd.
        let sunday = try tend.run("--json", "run", "list", "--from", "2026-11-22", "--to", "2026-11-22").json()
        #expect(sunday.objects("activities").map { $0["started_at"] as? String } == ["2026-11-22T23:30:00+09:00"])
        let range = try tend.run("--json", "run", "list", "--from", "2026-11-01", "--to", "2026-11-23").json()
        #expect(range.objects("activities").map { $0["started_at"] as? String }
            == ["2026-11-23T00:30:00+09:00", "2026-11-22T23:30:00+09:00", "2026-11-01T00:10:00+09:00"]) // newest first
        #expect(try tend.run("--json", "run", "list", "--to", "2026-10-31").json().objects("activities").count == 1)
        #expect(tend.run("run", "list", "--from", "2026-11-23", "--to", "2026-11-01").status == 2)
        #expect(tend.run("run", "list", "--from", "23/11/2026").status == 2)
    }

    @Test func aWeekThatBeganLastMonth() throws {
        // Wednesday 2 December 2026: the week began on Monday 30 November.
        let tend = try ActivityCommandHarness(now: "2026-12-02T12:00:00+09:00")
        #expect(tend.run("run", "add", "--distance", "7", "--duration", "40:00", "--at", "2026-11-30 08:00").status == 0)
        let totals = try #require(try tend.run("--json", "run", "list").json().object("totals"))
        #expect(totals.object("week")?["count"] as? Int == 1)
        #expect(totals.object("week")?.double("distance_m") == 7000)
        #expect(totals.object("month")?["count"] as? Int == 0)
        #expect(totals.object("month")?.double("distance_m") == 0)
    }

    @Test func personalBestsInsideRuns() throws {
        let tend = try ActivityCommandHarness()
        // 6 km: the first at 6:40 /km, the second at 3:20 /km, the rest at 5:00 /km.
        let fast = tend.run("--json", "run", "import",
                            try tend.write(GPXText.track(GPXText.points([(1000, 400), (1000, 200), (4000, 300)])), to: "fast.gpx"))
        let fastID = try #require(try fast.json()["id"] as? String)
        // 10.5 km steady at 5:30 /km, two days earlier.
        let long = tend.run("--json", "run", "import", try tend.write(GPXText.track(start: GPXText.instant("2026-11-20T22:00:00Z"),
                                                                                    GPXText.steady(kilometres: 10.5, pace: 330)), to: "long.gpx"))
        let longID = try #require(try long.json()["id"] as? String)
        // Neither a faster hike nor a run entered by hand is a running best.
        #expect(tend.run("hike", "import", try tend.write(GPXText.track(GPXText.steady(kilometres: 2, pace: 150)), to: "hike.gpx")).status == 0)
        #expect(tend.run("run", "add", "--distance", "1", "--duration", "2:00", "--at", "2026-11-24 07:00").status == 0)

        let result = tend.run("--json", "run", "bests")
        #expect(result.status == 0)
        let bests = try result.json().objects("bests")
        #expect(bests.map { $0.double("distance_m") } == [1000, 5000, 10000])
        guard bests.count == 3 else { return }
        // The fastest kilometre is the second one: 200 s.
        #expect(close(bests[0].double("duration_s"), 200, 0.05))
        #expect(close(bests[0].double("pace_s_per_km"), 200, 0.05))
        #expect(bests[0]["activity_id"] as? String == fastID)
        #expect(bests[0]["started_at"] as? String == "2026-11-23T07:00:00+09:00")
        // A 5 km window starting at x ≤ 1 km takes 0.4(1000 − x) + 200 + 0.3(x + 3000) s: 1400 s at x = 1 km.
        #expect(close(bests[1].double("duration_s"), 1400, 0.05))
        #expect(bests[1]["activity_id"] as? String == fastID)
        #expect(close(bests[2].double("duration_s"), 3300, 0.05))
        #expect(bests[2]["activity_id"] as? String == longID)
        #expect(bests[2]["started_at"] as? String == "2026-11-21T07:00:00+09:00")

        let text = tend.run("run", "bests").stdout
        #expect(text.contains("3:20"))
        #expect(text.contains("23:20"))
        #expect(text.contains("55:00"))
    }

    @Test func noBestsYet() throws {
        let tend = try ActivityCommandHarness()
        let result = tend.run("--json", "run", "bests")
        #expect(result.status == 0)
        #expect(try result.json().objects("bests").isEmpty)
        #expect(tend.run("run", "bests").status == 0)
    }

    /// 5 km climbing 600 m in 100 m steps (a steady 12 % slope), as a route or a timed track.
    static let climb = GPXText.steady(kilometres: 5, pace: nil, step: 100, elevation: { 200 + $0 * 0.12 })

    static func expectTheClimbEstimates(_ estimate: [String: Any]) {
        let distance = GPXText.distance(0, 5000)
        #expect(close(estimate.double("distance_m"), distance, 0.05))
        #expect(close(estimate.double("elevation_gain_m"), 600, 0.01))
        #expect(close(estimate.double("elevation_loss_m"), 0, 0.01))
        // Naismith: 5 km/h plus an hour per 600 m up.
        #expect(close(estimate.double("naismith_s"), distance / 5000 * 3600 + 3600, 0.05))
        // Tobler: 6·e^(−3.5·|0.12 + 0.05|) km/h all the way.
        let tobler = distance / 1000 / (6 * exp(-3.5 * 0.17)) * 3600
        #expect(close(estimate.double("tobler_s"), tobler, 1))
        // DIN 33466: 4 km/h = 4500 s, 300 m/h up = 7200 s; the larger plus half the smaller.
        #expect(close(estimate.double("din33466_s"), 7200 + distance / 4000 * 3600 / 2, 0.05))
    }

    @Test func hikeEstimateOfARouteOnlyFile() throws {
        let tend = try ActivityCommandHarness()
        let path = try tend.write(GPXText.document(segments: [], routes: [Self.climb]), to: "route.gpx")
        let result = tend.run("--json", "hike", "estimate", path)
        #expect(result.status == 0, "\(result.stderr)")
        let estimate = try result.json()
        Self.expectTheClimbEstimates(estimate)
        #expect(estimate.isNull("actual_moving_time_s"))
        let text = tend.run("hike", "estimate", path)
        #expect(text.stdout.contains("Naismith"))
        #expect(text.stdout.contains("Tobler"))
        #expect(text.stdout.contains("DIN 33466"))
        #expect(!text.stdout.contains("Actual"))
    }

    @Test func hikeEstimateOfATrackBesideItsActualTime() throws {
        let tend = try ActivityCommandHarness()
        var points = Self.climb
        for index in points.indices { points[index].seconds = Double(index) * 90 } // 4 km/h
        let path = try tend.write(GPXText.track(name: "Ridge", points), to: "ridge.gpx")
        let estimate = try tend.run("--json", "hike", "estimate", path).json()
        Self.expectTheClimbEstimates(estimate)
        #expect(estimate.double("actual_moving_time_s") == 4500)
        #expect(tend.run("hike", "estimate", path).stdout.contains("1:15:00 moving"))

        // Imported, the hike shows the same estimates.
        let id = try tend.importGPX(GPXText.track(name: "Ridge", points), kind: "hike")
        let shown = try tend.run("--json", "hike", "show", id).json()
        Self.expectTheClimbEstimates(try #require(shown.object("estimate")))
        #expect(tend.run("hike", "show", id).stdout.contains("Time estimates"))

        let single = try tend.write(GPXText.track([GPXText.Point(metres: 0)]), to: "single.gpx")
        #expect(tend.run("hike", "estimate", single).status == 1)
    }

    @Test func showDrawsTheElevationProfileAndThePaceOfEachKilometre() throws {
        let tend = try ActivityCommandHarness()
        let points = GPXText.points([(1000, 400), (1000, 200), (4000, 300)], elevation: { 100 + $0 / 50 })
        let id = try tend.importGPX(GPXText.track(name: "Hills &amp; &lt;valleys&gt;", points))
        let svgPath = tend.path("run.svg")
        let shown = tend.run("run", "show", id, "--svg", svgPath)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Wrote \(svgPath)."))

        let document = try XMLReadBack.document(try Data(contentsOf: URL(fileURLWithPath: svgPath)))
        let root = try #require(document.rootElement())
        #expect(root.localName == "svg")
        #expect(root.uri == "http://www.w3.org/2000/svg")
        #expect(Double(XMLReadBack.attribute("width", of: root) ?? "") ?? 0 > 0)
        #expect(XMLReadBack.elements("text", in: root).contains { $0.stringValue?.contains("Hills & <valleys>") == true })

        // The elevation profile: a path over the points, rising to the right (SVG y grows downwards).
        let paths = XMLReadBack.elements("path", in: root)
        #expect(paths.count == 1)
        let d = paths.first.flatMap { XMLReadBack.attribute("d", of: $0) } ?? ""
        #expect(d.hasPrefix("M"))
        let vertices = d.split(separator: " ").compactMap { token -> (Double, Double)? in
            let pair = token.trimmingCharacters(in: CharacterSet(charactersIn: "MLZ")).split(separator: ",")
            guard pair.count == 2, let x = Double(pair[0]), let y = Double(pair[1]) else { return nil }
            return (x, y)
        }
        #expect(vertices.count >= points.count)
        let profile = Array(vertices.prefix(points.count))
        #expect(zip(profile, profile.dropFirst()).allSatisfy { $0.0 <= $1.0 && $0.1 >= $1.1 })
        #expect((profile.first?.1 ?? 0) > (profile.last?.1 ?? 0))

        // The pace bars: one per kilometre, as tall as the kilometre was slow.
        let bars = XMLReadBack.elements("rect", in: root).filter { XMLReadBack.child("title", of: $0) != nil }
        #expect(bars.count == 6)
        let heights = bars.map { Double(XMLReadBack.attribute("height", of: $0) ?? "") ?? -1 }
        guard heights.count == 6, heights[0] > 0 else { return }
        #expect(close(heights[1] / heights[0], 0.5, 0.01))
        #expect(close(heights[2] / heights[0], 0.75, 0.01))
        #expect(XMLReadBack.child("title", of: bars[1])?.stringValue == "km 2: 3:20 /km")
        let xs = bars.map { Double(XMLReadBack.attribute("x", of: $0) ?? "") ?? -1 }
        #expect(xs == xs.sorted())

        // A track without elevation still gives a picture.
        let flatID = try tend.importGPX(GPXText.track(start: GPXText.instant("2026-11-21T22:00:00Z"),
                                                      GPXText.steady(kilometres: 2, pace: 300)), name: "flat.gpx")
        let flatPath = tend.path("flat.svg")
        #expect(tend.run("run", "show", flatID, "--svg", flatPath).status == 0)
        let flat = try XMLReadBack.document(try Data(contentsOf: URL(fileURLWithPath: flatPath)))
        #expect(XMLReadBack.elements("path", in: flat).isEmpty)
        #expect(XMLReadBack.elements("rect", in: flat).filter { XMLReadBack.child("title", of: $0) != nil }.count == 2)

        #expect(tend.run("run", "show", id, "--svg", tend.path("no/such/folder/run.svg")).status == 1)
    }

    @Test func aRunIsNotAHike() throws {
        let tend = try ActivityCommandHarness()
        let id = try tend.importGPX(GPXText.track(Self.fiveK))
        let shown = tend.run("hike", "show", id)
        #expect(shown.status == 1)
        #expect(shown.stderr.hasPrefix("error: no hike with id"))
        #expect(tend.run("hike", "export", id, "--out", tend.path("h.gpx")).status == 1)
        #expect(tend.run("hike", "delete", id).status == 1)
        #expect(tend.run("run", "show", id).status == 0) // still there
        #expect(tend.run("run", "show", id.uppercased()).status == 0)
        #expect(tend.run("run", "show", "0192f3a0-0000-7000-8000-000000000000").status == 1)
        #expect(tend.run("run", "show", "not-an-id").status == 1)
        #expect(tend.run("run", "export", id).status == 2) // --out is required
    }
}
