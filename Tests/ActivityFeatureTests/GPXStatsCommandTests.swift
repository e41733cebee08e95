import Foundation
import Testing

@Suite("tend gpx stats")
struct GPXStatsCommandTests {
    static let contractKeys = ["points", "tracks", "segments", "routes", "waypoints", "distance_2d_m", "distance_3d_m",
                               "elevation_gain_m", "elevation_loss_m", "min_elevation_m", "max_elevation_m", "duration_s",
                               "moving_time_s", "started_at", "ended_at", "bounds", "splits", "heart_rate"]

    @Test func everyFigureOfASteadyClimbingRunWithHeartRate() throws {
        let tend = try ActivityCommandHarness()
        // 5 km due north at 5:00 /km (10 m every 3 s), climbing 1 m every 100 m, heart rate 140/160,
        // with a 2-minute stop at 2.5 km, a waypoint 1 km south of the start, and a route.
        var points = GPXText.steady(kilometres: 5, pace: 300, elevation: { 100 + $0 / 100 }, heartRate: { $0 % 2 == 0 ? 140 : 160 })
        let stop = points.firstIndex { $0.metres == 2500 }!
        for index in points.indices where index > stop { points[index].seconds! += 120 }
        points.insert(GPXText.Point(metres: 2500, seconds: points[stop].seconds! + 120, elevation: 125, heartRate: 150), at: stop + 1)
        let text = GPXText.document(segments: [points], routes: [GPXText.steady(kilometres: 0.1, pace: nil)],
                                    waypoints: [(GPXText.Point(metres: -1000), "car park")])
        let result = tend.run("--json", "gpx", "stats", try tend.write(text))
        #expect(result.status == 0, "\(result.stderr)")
        let stats = try result.json()
        for key in Self.contractKeys { #expect(stats.keys.contains(key), "missing \(key)") }

        #expect(stats["points"] as? Int == 502)
        #expect(stats["tracks"] as? Int == 1)
        #expect(stats["segments"] as? Int == 1)
        #expect(stats["routes"] as? Int == 1)
        #expect(stats["waypoints"] as? Int == 1)
        let distance = GPXText.distance(0, 5000)
        #expect(close(stats.double("distance_2d_m"), distance, 0.02))
        // Each 10 m step rises 0.1 m: √(10² + 0.1²) = 10.0005 m, so 25 cm more over 5 km.
        #expect(close(stats.double("distance_3d_m"), distance + 500 * (100.01.squareRoot() - 10), 0.05))
        #expect(close(stats.double("elevation_gain_m"), 50, 0.01))
        #expect(close(stats.double("elevation_loss_m"), 0, 0.01))
        #expect(stats.double("min_elevation_m") == 100)
        #expect(stats.double("max_elevation_m") == 150)
        #expect(stats.double("duration_s") == 1620)
        #expect(stats.double("moving_time_s") == 1500) // the stop is not moving
        #expect(stats["started_at"] as? String == "2026-11-23T07:00:00+09:00") // in the owner's zone
        #expect(stats["ended_at"] as? String == "2026-11-23T07:27:00+09:00")
        #expect(close(stats.double("average_speed_mps"), 10.0 / 3, 0.01))

        let bounds = try #require(stats.object("bounds"))
        #expect(bounds.double("min_lat") == GPXText.latitude(-1000)) // the waypoint is on the map too
        #expect(bounds.double("max_lat") == GPXText.latitude(5000))
        #expect(bounds.double("min_lon") == 127)
        #expect(bounds.double("max_lon") == 127)

        let splits = stats.objects("splits")
        #expect(splits.map { $0["km"] as? Int } == [1, 2, 3, 4, 5])
        for split in splits {
            let km = split["km"] as? Int ?? 0
            #expect(close(split.double("distance_m"), 1000, 0.05))
            let expected = km == 3 ? 420.0 : 300.0 // the stop is inside the third kilometre
            #expect(close(split.double("duration_s"), expected, 0.05), "km \(km)")
            #expect(close(split.double("pace_s_per_km"), expected, 0.05), "km \(km)")
            #expect(close(split.double("elevation_change_m"), 10, 0.01), "km \(km)")
        }
        let heart = try #require(stats.object("heart_rate"))
        let rates = points.compactMap(\.heartRate)
        #expect(close(heart.double("average_bpm"), Double(rates.reduce(0, +)) / Double(rates.count), 0.01))
        #expect(heart["max_bpm"] as? Int == 160)
    }

    @Test func nullWhereTheFileHasNoElevationTimeOrHeartRate() throws {
        let tend = try ActivityCommandHarness()
        let text = GPXText.track(GPXText.steady(kilometres: 2.5, pace: nil))
        let result = tend.run("--json", "gpx", "stats", try tend.write(text))
        #expect(result.status == 0, "\(result.stderr)")
        let stats = try result.json()
        for key in Self.contractKeys { #expect(stats.keys.contains(key), "missing \(key)") }
        for key in ["min_elevation_m", "max_elevation_m", "duration_s", "moving_time_s", "started_at", "ended_at", "heart_rate",
                    "average_speed_mps", "max_speed_mps"] {
            #expect(stats.isNull(key), "\(key) should be null, is \(stats[key] ?? "absent")")
        }
        #expect(stats["points"] as? Int == 251)
        #expect(close(stats.double("distance_2d_m"), GPXText.distance(0, 2500), 0.02))
        #expect(stats.double("distance_3d_m") == stats.double("distance_2d_m"))
        #expect(stats.double("elevation_gain_m") == 0)
        #expect(stats.double("elevation_loss_m") == 0)
        #expect(stats.object("bounds") != nil)
        let splits = stats.objects("splits")
        #expect(splits.count == 3)
        #expect(close(splits.last?.double("distance_m"), GPXText.distance(2000, 2500), 0.02))
        for split in splits {
            #expect(split.isNull("duration_s"))
            #expect(split.isNull("pace_s_per_km"))
            #expect(split.isNull("elevation_change_m"))
        }
    }

    @Test func anEmptyFileHasNoBoundsAndNoSplits() throws {
        let tend = try ActivityCommandHarness()
        let text = #"<?xml version="1.0"?><gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"></gpx>"#
        let stats = try tend.run("--json", "gpx", "stats", try tend.write(text)).json()
        #expect(stats["points"] as? Int == 0)
        #expect(stats["tracks"] as? Int == 0)
        #expect(stats.isNull("bounds"))
        #expect(stats.objects("splits").isEmpty)
        #expect(stats.double("distance_2d_m") == 0)
    }

    @Test func textOutputIsShortAndReadable() throws {
        let tend = try ActivityCommandHarness()
        let text = GPXText.track(GPXText.steady(kilometres: 3, pace: 300, elevation: { _ in 20 }))
        let result = tend.run("gpx", "stats", try tend.write(text))
        #expect(result.status == 0)
        #expect(result.stdout.contains("3.0 km"))
        #expect(result.stdout.contains("5:00 /km"))
        #expect(result.stdout.contains("2026-11-23 07:00"))
    }

    @Test func aBadFileExitsOneWithItsNameAndLine() throws {
        let tend = try ActivityCommandHarness()
        let notANumber = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
              <trk><trkseg>
                <trkpt lat="37.5" lon="127.0"><ele>10</ele></trkpt>
                <trkpt lat="north" lon="127.0"><ele>11</ele></trkpt>
              </trkseg></trk>
            </gpx>
            """
        let path = try tend.write(notANumber, to: "lat.gpx")
        let result = tend.run("gpx", "stats", path)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(path):5: "), "\(result.stderr)")
        #expect(result.stdout.isEmpty)

        let badElevation = notANumber.replacingOccurrences(of: "north", with: "37.6").replacingOccurrences(of: "<ele>11</ele>", with: "<ele>high</ele>")
        let elevationPath = try tend.write(badElevation, to: "ele.gpx")
        let elevation = tend.run("gpx", "stats", elevationPath)
        #expect(elevation.status == 1)
        #expect(elevation.stderr.hasPrefix("error: \(elevationPath):5: "), "\(elevation.stderr)")

        let malformed = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
              <trk><trkseg>
                <trkpt lat="37.5" lon="127.0"></trkpt>
              </trk>
            </gpx>
            """
        let malformedPath = try tend.write(malformed, to: "malformed.gpx")
        let broken = tend.run("gpx", "stats", malformedPath)
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("error: \(malformedPath):5: "), "\(broken.stderr)")

        let notGPX = try tend.write(#"<?xml version="1.0"?>\#n<kml xmlns="http://www.opengis.net/kml/2.2"></kml>"#, to: "map.kml")
        let kml = tend.run("gpx", "stats", notGPX)
        #expect(kml.status == 1)
        #expect(kml.stderr.hasPrefix("error: \(notGPX):"))

        let folder = tend.run("gpx", "stats", tend.folder.path)
        #expect(folder.status == 1)
        #expect(folder.stderr.hasPrefix("error: \(tend.folder.path)"))

        let missing = tend.run("gpx", "stats", tend.path("nowhere.gpx"))
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: "))
    }

    @Test func entitiesAreRefusedNotExpanded() throws {
        let tend = try ActivityCommandHarness()
        var entities = [#"<!ENTITY lol "lol">"#]
        for level in 1...9 {
            entities.append("<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">")
        }
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [
            \(entities.joined(separator: "\n"))
            ]>
            <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
              <trk><name>&lol9;</name><trkseg><trkpt lat="37.5" lon="127.0"/></trkseg></trk>
            </gpx>
            """
        let path = try tend.write(laughs, to: "laughs.gpx")
        // Refused at the first entity reference, before any expansion.
        let result = tend.run("gpx", "stats", path)
        #expect(result.stderr.contains("entity"), "\(result.stderr)")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(path):"), "\(result.stderr)")
        // The entity is used on line 15 (<trk><name>&lol9;): that is the line to name.
        #expect(result.stderr.hasPrefix("error: \(path):15: "), "\(result.stderr)")

        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
              <metadata><name>&secret;</name></metadata>
            </gpx>
            """
        let externalPath = try tend.write(external, to: "xxe.gpx")
        let xxe = tend.run("--json", "gpx", "stats", externalPath)
        #expect(xxe.status == 1)
        // Under --json the error is JSON on stderr too.
        #expect(xxe.stderr.hasPrefix(#"{"error":{"code":"invalid_gpx","message":""# + "\(externalPath):4: "), "\(xxe.stderr)")
        #expect(!xxe.stderr.contains(ProcessInfo.processInfo.hostName) || ProcessInfo.processInfo.hostName.isEmpty)
    }

    @Test func predefinedEntitiesAndCharacterReferencesAreText() throws {
        let tend = try ActivityCommandHarness()
        let text = GPXText.track(name: "Fish &amp; chips &lt;loop&gt; &#x2764;", GPXText.steady(kilometres: 1, pace: 300))
        let path = try tend.write(text)
        #expect(tend.run("gpx", "stats", path).status == 0)
        let imported = tend.run("--json", "run", "import", path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try imported.json()["name"] as? String == "Fish & chips <loop> ❤")
    }
}
