import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// GPX files for the binary: a straight line due north from 37.5° N 127° E, a point every 10 m at
/// a steady pace, so that distances (R·Δφ along a meridian) and times are known by hand.
private enum StraightTrack {
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180
    static let start = ISO8601DateFormatter().date(from: "2026-11-22T22:00:00Z")! // Monday 07:00 in Seoul

    static func latitudeText(_ metres: Double) -> String { String(format: "%.7f", 37.5 + metres / metresPerDegree) }
    static func distance(_ metres: Double) -> Double { (Double(latitudeText(metres))! - 37.5) * metresPerDegree }

    static func time(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: start.addingTimeInterval(seconds))
    }

    struct Point: Equatable {
        var latitude: String
        var elevation: Double?
        var time: String?
    }

    /// `kilometres` at `pace` s/km, 10 m between points, climbing 1 m per 100 m from 100 m.
    static func points(kilometres: Double, pace: Double) -> [Point] {
        (0...Int(kilometres * 100)).map { step in
            let metres = Double(step) * 10
            return Point(latitude: latitudeText(metres), elevation: 100 + (metres / 100).rounded(.down), time: time(metres / 1000 * pace))
        }
    }

    static func gpx(_ points: [Point], name: String = "Monday run") -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#,
                     #"<gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1">"#,
                     "  <trk>", "    <name>\(name)</name>", "    <trkseg>"]
        for point in points {
            var line = #"      <trkpt lat="\#(point.latitude)" lon="127.0000000">"#
            if let elevation = point.elevation { line += "<ele>\(elevation)</ele>" }
            if let time = point.time { line += "<time>\(time)</time>" }
            lines.append(line + "</trkpt>")
        }
        lines += ["    </trkseg>", "  </trk>", "</gpx>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The track points of a GPX file, read with FoundationXML.
    static func readBack(_ data: Data) throws -> [Point] {
        let document = try XMLDocument(data: data, options: [])
        var found: [Point] = []
        func child(_ name: String, _ element: XMLElement) -> String? {
            (element.children ?? []).compactMap { $0 as? XMLElement }.first { $0.localName == name }?.stringValue
        }
        func walk(_ node: XMLNode) {
            if let element = node as? XMLElement, element.localName == "trkpt" {
                let latitude = Double((element.attributes ?? []).first { $0.name == "lat" }?.stringValue ?? "") ?? .nan
                found.append(Point(latitude: String(format: "%.7f", latitude), elevation: child("ele", element).flatMap { Double($0) },
                                   time: child("time", element)))
            }
            for next in node.children ?? [] { walk(next) }
        }
        walk(document)
        return found
    }
}

@Suite("tend gpx, run and hike, end to end", .serialized)
struct ActivityEndToEndTests {
    /// Wednesday 25 November 2026, 20:00 in Seoul.
    static let now = "2026-11-25T20:00:00+09:00"

    func write(_ text: String, _ name: String, in tend: TendProcess) throws -> String {
        let path = tend.folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func importStatsPictureAndExportRoundTrip() throws {
        let tend = try TendProcess(now: Self.now)
        defer { tend.remove() }
        let points = StraightTrack.points(kilometres: 5, pace: 300)
        let file = try write(StraightTrack.gpx(points), "monday.gpx", in: tend)

        let statsRun = try tend.run("--json", "gpx", "stats", file)
        #expect(statsRun.status == 0, "\(statsRun.stderr)")
        let stats = try statsRun.json()
        #expect(stats["points"] as? Int == 501)
        #expect(stats["tracks"] as? Int == 1)
        #expect(stats["segments"] as? Int == 1)
        #expect(stats["routes"] as? Int == 0)
        #expect(stats["waypoints"] as? Int == 0)
        #expect(abs((stats["distance_2d_m"] as? Double ?? 0) - StraightTrack.distance(5000)) < 0.02)
        #expect(stats["duration_s"] as? Double == 1500)
        #expect(stats["moving_time_s"] as? Double == 1500)
        #expect(stats["elevation_gain_m"] as? Double == 50)
        #expect(stats["min_elevation_m"] as? Double == 100)
        #expect(stats["max_elevation_m"] as? Double == 150)
        #expect(stats["started_at"] as? String == "2026-11-23T07:00:00+09:00")
        #expect(stats["ended_at"] as? String == "2026-11-23T07:25:00+09:00")
        #expect(stats["heart_rate"] is NSNull)
        let splits = stats["splits"] as? [[String: Any]] ?? []
        #expect(splits.count == 5)
        #expect(splits.allSatisfy { abs(($0["pace_s_per_km"] as? Double ?? 0) - 300) < 0.05 })
        let bounds = stats["bounds"] as? [String: Any]
        #expect(bounds?["min_lat"] as? Double == 37.5)
        #expect(bounds?["max_lon"] as? Double == 127)

        let imported = try tend.run("--json", "run", "import", file)
        #expect(imported.status == 0, "\(imported.stderr)")
        let id = try #require(try imported.json()["id"] as? String)
        #expect(try tend.run("run", "import", file).status == 3)

        let svg = tend.folder.appendingPathComponent("monday.svg")
        let shown = try tend.run("run", "show", id, "--svg", svg.path)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Monday run"))
        let picture = try XMLDocument(data: try Data(contentsOf: svg), options: [])
        #expect(picture.rootElement()?.localName == "svg")
        var names: [String] = []
        func walk(_ node: XMLNode) {
            if let element = node as? XMLElement, let name = element.localName { names.append(name) }
            for next in node.children ?? [] { walk(next) }
        }
        walk(picture)
        #expect(names.filter { $0 == "path" }.count == 1)
        #expect(names.filter { $0 == "title" }.count == 6) // the chart's own, and a bar per kilometre

        let out = tend.folder.appendingPathComponent("exported.gpx")
        let exported = try tend.run("run", "export", id, "--out", out.path)
        #expect(exported.status == 0, "\(exported.stderr)")
        let readBack = try StraightTrack.readBack(try Data(contentsOf: out))
        #expect(readBack.count == points.count)
        #expect(readBack == points, "first difference at \(readBack.indices.first { readBack[$0] != points[$0] } ?? -1)")
        #expect(try tend.run("--json", "gpx", "stats", out.path).stdout == statsRun.stdout)
        #expect(try tend.run("run", "import", out.path).status == 3) // the same run

        let list = try tend.run("--json", "run", "list").json()
        #expect((list["activities"] as? [Any])?.count == 1)
    }

    @Test func aBadFileNamesItsLine() throws {
        let tend = try TendProcess(now: Self.now)
        defer { tend.remove() }
        var lines = StraightTrack.gpx(StraightTrack.points(kilometres: 0.1, pace: 300)).split(separator: "\n").map(String.init)
        lines[8] = lines[8].replacingOccurrences(of: "<time>", with: "<time>not ")
        let file = try write(lines.joined(separator: "\n"), "bad.gpx", in: tend)
        let result = try tend.run("gpx", "stats", file)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(file):9: "), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let imported = try tend.run("run", "import", file)
        #expect(imported.status == 1)
        #expect(imported.stderr.hasPrefix("error: \(file):9: "))

        let truncated = try write(String(StraightTrack.gpx(StraightTrack.points(kilometres: 0.1, pace: 300)).dropLast(40)), "cut.gpx", in: tend)
        let cut = try tend.run("--json", "gpx", "stats", truncated)
        #expect(cut.status == 1)
        // Under --json the error is one JSON line on stderr; its message names the line.
        let prefix = #"{"error":{"code":"invalid_gpx","message":""# + "\(truncated):"
        #expect(cut.stderr.hasPrefix(prefix), "\(cut.stderr)")
        let line = cut.stderr.dropFirst(prefix.count).prefix { $0.isNumber }
        #expect(Int(line) != nil)
        #expect((try tend.run("--json", "run", "list").json()["activities"] as? [Any])?.isEmpty == true)
    }

    /// Runs `tend` on a hostile file, killing it if it is still running after a bound that
    /// only a stuck run (an expansion that was not refused) reaches.
    func runHostile(_ arguments: [String], in tend: TendProcess) throws -> (result: TendProcess.Result, killed: Bool) {
        let running = try tend.start(arguments)
        let process = running.process
        let exited = DispatchSemaphore(value: 0)
        Thread.detachNewThread { process.waitUntilExit(); exited.signal() }
        let killed = exited.wait(timeout: .now() + patience) == .timedOut
        if killed { running.process.terminate() }
        return (try running.wait(), killed)
    }

    @Test(arguments: ["element", "attribute"])
    func aBillionLaughsIsRefusedQuickly(_ place: String) throws {
        let tend = try TendProcess(now: Self.now)
        defer { tend.remove() }
        var entities = [#"  <!ENTITY lol "lol">"#]
        for level in 1...9 {
            entities.append("  <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">")
        }
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [
            \(entities.joined(separator: "\n"))
            ]>
            <gpx version="1.1" creator="\(place == "attribute" ? "&lol9;" : "x")" xmlns="http://www.topografix.com/GPX/1/1">
              <trk><name>\(place == "element" ? "&lol9;" : "x")</name><trkseg>
                <trkpt lat="37.5" lon="127.0"><time>2026-11-22T22:00:00Z</time></trkpt>
                <trkpt lat="37.6" lon="127.0"><time>2026-11-22T23:00:00Z</time></trkpt>
              </trkseg></trk>
            </gpx>
            """
        let file = try write(laughs, "laughs.gpx", in: tend)
        for arguments in [["gpx", "stats", file], ["run", "import", file]] {
            let (result, killed) = try runHostile(arguments, in: tend)
            #expect(!killed, "\(arguments) was still expanding entities")
            #expect(result.status == 1, "\(arguments): exit \(result.status)")
            #expect(result.stderr.hasPrefix("error: \(file):"), "\(result.stderr.prefix(200))")
            // Refused for its entities, not run out of time or memory.
            #expect(result.stderr.lowercased().contains("entity"), "\(result.stderr.prefix(200))")
            #expect(result.stdout.count < 10_000)
        }
        #expect((try tend.run("--json", "run", "list").json()["activities"] as? [Any])?.isEmpty == true)
    }

    @Test func todayShowsThisWeeksDistance() throws {
        let tend = try TendProcess(now: Self.now)
        defer { tend.remove() }
        let before = try tend.run("today")
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout.contains("Activity"))
        #expect(before.stdout.contains("No runs or hikes this week yet."))

        let file = try write(StraightTrack.gpx(StraightTrack.points(kilometres: 5, pace: 300)), "monday.gpx", in: tend)
        #expect(try tend.run("run", "import", file).status == 0)
        #expect(try tend.run("hike", "add", "--distance", "7.5", "--duration", "2:30:00", "--at", "2026-11-24 09:00", "--climb", "420").status == 0)
        #expect(try tend.run("run", "add", "--distance", "10", "--duration", "55:00", "--at", "2026-11-20 07:00").status == 0) // last week

        let today = try tend.run("today")
        #expect(today.status == 0, "\(today.stderr)")
        #expect(today.stdout.contains("This week: 12.5 km in 2 sessions, 2:55:00, +470 m"), "\(today.stdout)")
        let json = try tend.run("--json", "today").json()
        let activity = json["activity"] as? [String: Any]
        let week = activity?["week"] as? [String: Any]
        #expect(week?["count"] as? Int == 2)
        #expect(abs((week?["distance_m"] as? Double ?? 0) - (StraightTrack.distance(5000) + 7500)) < 0.02)
    }
}
