import Foundation
import Testing
import HTTP
import ActivityFeature

@Suite("The activity API")
struct ActivityRouteTests {
    static let fiveK = GPXText.steady(kilometres: 5, pace: 300, elevation: { 100 + ($0 / 100).rounded(.down) })

    @Test func gpxStatsTakesAGPXBody() throws {
        let api = try ActivityAPI()
        let token = api.token("a@example.com")
        let response = api.send("POST", "/v1/gpx/stats", gpx: GPXText.track(Self.fiveK), token: token)
        #expect(response.status == 200, "\(response.text)")
        let stats = response.json
        for key in GPXStatsCommandTests.contractKeys { #expect(stats.keys.contains(key), "missing \(key)") }
        #expect(stats["points"] as? Int == 501)
        #expect(close(stats.double("distance_2d_m"), GPXText.distance(0, 5000), 0.02))
        #expect(stats.double("duration_s") == 1500)
        #expect(stats["started_at"] as? String == "2026-11-23T07:00:00+09:00") // the account's zone
        #expect(stats.isNull("heart_rate"))
        #expect(stats.objects("splits").count == 5)
        // application/xml and text/xml are GPX too; a charset parameter is fine.
        #expect(api.send("POST", "/v1/gpx/stats", gpx: GPXText.track(Self.fiveK), contentType: "application/xml", token: token).status == 200)
        #expect(api.send("POST", "/v1/gpx/stats", gpx: GPXText.track(Self.fiveK), contentType: "application/gpx+xml; charset=utf-8",
                         token: token).status == 200)
        #expect(api.send("POST", "/v1/gpx/stats", gpx: GPXText.track(Self.fiveK), token: nil).status == 401)
    }

    @Test func gpxStatsRefusesJSONAndBadGPX() throws {
        let api = try ActivityAPI()
        let token = api.token("a@example.com")
        let json = api.send("POST", "/v1/gpx/stats", gpx: GPXText.track(Self.fiveK), contentType: "application/json", token: token)
        #expect(json.status == 415)
        #expect(json.errorCode == "unsupported_media_type")

        let bad = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
              <trk><trkseg>
                <trkpt lat="37.5" lon="east"></trkpt>
              </trkseg></trk>
            </gpx>
            """
        let refused = api.send("POST", "/v1/gpx/stats", gpx: bad, token: token)
        #expect(refused.status == 422)
        #expect(refused.errorCode == "invalid_gpx")
        #expect(refused.errorMessage.hasPrefix("body:4:"), "\(refused.errorMessage)")

        let malformed = api.send("POST", "/v1/gpx/stats", gpx: "<?xml version=\"1.0\"?>\n<gpx>\n<trk>\n</gpx>\n", token: token)
        #expect(malformed.status == 422)
        #expect(malformed.errorCode == "invalid_gpx")
        #expect(malformed.errorMessage.hasPrefix("body:4:"), "\(malformed.errorMessage)")

        let notXML = api.send("POST", "/v1/gpx/stats", gpx: "lat,lon\n37.5,127\n", token: token)
        #expect(notXML.status == 422)
        #expect(notXML.errorMessage.hasPrefix("body:1:"), "\(notXML.errorMessage)")

        let run = api.send("POST", "/v1/runs", gpx: bad, contentType: "text/xml", token: token)
        #expect(run.status == 422)
        #expect(run.errorCode == "invalid_gpx")
        #expect(run.errorMessage.hasPrefix("body:4:"), "\(run.errorMessage)")
        #expect(api.send("GET", "/v1/runs", token: token).json.objects("activities").isEmpty)

        let empty = api.send("POST", "/v1/gpx/stats", gpx: "", token: token)
        #expect((400..<500).contains(empty.status))
    }

    @Test func runsImportedAndAddedListedShownExportedDeleted() throws {
        let api = try ActivityAPI()
        let token = api.token("a@example.com")
        let imported = api.send("POST", "/v1/runs", gpx: GPXText.track(Self.fiveK), token: token)
        #expect(imported.status == 201, "\(imported.text)")
        let id = try #require(imported.json["id"] as? String)
        #expect(imported.json["source"] as? String == "gpx")
        #expect(imported.json["started_at"] as? String == "2026-11-23T07:00:00+09:00")

        let again = api.send("POST", "/v1/runs", gpx: GPXText.track(Self.fiveK), token: token)
        #expect(again.status == 409)
        #expect(again.errorCode == "already_imported")
        #expect(api.send("POST", "/v1/runs", gpx: GPXText.track(Self.fiveK), token: token, query: ["force": "true"]).status == 201)

        let manual = api.send("POST", "/v1/runs", json: ["distance_m": 5000, "duration_s": 1800], token: token)
        #expect(manual.status == 201, "\(manual.text)")
        let manualID = try #require(manual.json["id"] as? String)
        #expect(manual.json["source"] as? String == "manual")
        #expect(manual.json.double("distance_m") == 5000)
        #expect(manual.json["started_at"] as? String == "2026-11-25T19:30:00+09:00") // it just ended (now is 20:00 in Seoul)
        let named = api.send("POST", "/v1/runs", json: ["distance_m": 3000, "duration_s": 1200, "started_at": "2026-11-24T07:00:00+09:00",
                                                        "name": "Easy"], token: token)
        #expect(named.status == 201)
        #expect(named.json["name"] as? String == "Easy")
        #expect(api.send("POST", "/v1/runs", json: ["distance_m": -5000, "duration_s": 1800], token: token).status == 400)
        #expect(api.send("POST", "/v1/runs", json: ["distance_m": 5000], token: token).status == 400)
        #expect(api.send("POST", "/v1/runs", json: ["distance_m": 5000, "duration_s": 1800, "started_at": "yesterday"], token: token).status == 400)
        #expect(api.send("POST", "/v1/runs", json: ["distance_m": 5000, "duration_s": 1800, "started_at": "2026-11-27T07:00:00+09:00"],
                         token: token).status == 400)

        let list = api.send("GET", "/v1/runs", token: token)
        #expect(list.status == 200)
        #expect(list.json.objects("activities").count == 4)
        #expect(list.json.object("totals")?.object("week")?["count"] as? Int == 4)
        let filtered = api.send("GET", "/v1/runs", token: token, query: ["from": "2026-11-24", "to": "2026-11-24"])
        #expect(filtered.json.objects("activities").map { $0["name"] as? String } == ["Easy"])
        #expect(api.send("GET", "/v1/runs", token: token, query: ["from": "24/11/2026"]).status == 400)
        #expect(api.send("GET", "/v1/hikes", token: token).json.objects("activities").isEmpty)

        let shown = api.send("GET", "/v1/runs/\(id)", token: token)
        #expect(shown.status == 200)
        #expect(shown.json.object("stats")?["points"] as? Int == 501)
        #expect(api.send("GET", "/v1/hikes/\(id)", token: token).status == 404) // a run is not a hike

        let gpx = api.send("GET", "/v1/runs/\(id)/gpx", token: token)
        #expect(gpx.status == 200)
        #expect(gpx.header("Content-Type") == "application/gpx+xml")
        let readBack = try XMLReadBack.points(in: gpx.body)
        #expect(readBack == XMLReadBack.expected(Self.fiveK), "\(firstDifference(readBack, XMLReadBack.expected(Self.fiveK)))")
        let noTrack = api.send("GET", "/v1/runs/\(manualID)/gpx", token: token)
        #expect(noTrack.status == 400)
        #expect(noTrack.errorCode == "no_track")

        #expect(api.send("DELETE", "/v1/runs/\(id)", token: token).status == 204)
        #expect(api.send("GET", "/v1/runs/\(id)", token: token).status == 404)
        #expect(api.send("GET", "/v1/runs/\(id)/gpx", token: token).status == 404)
        #expect(api.send("DELETE", "/v1/runs/\(id)", token: token).status == 404)
        #expect(api.send("GET", "/v1/runs", token: token).json.objects("activities").count == 3)
    }

    @Test func hikesHaveTheSameRoutesAndAnEstimate() throws {
        let api = try ActivityAPI()
        let token = api.token("a@example.com")
        let created = api.send("POST", "/v1/hikes", gpx: GPXText.track(name: "Ridge", Self.fiveK), token: token)
        #expect(created.status == 201)
        let id = try #require(created.json["id"] as? String)
        #expect(created.json["kind"] as? String == "hike")
        let shown = api.send("GET", "/v1/hikes/\(id)", token: token)
        #expect(shown.json.object("estimate")?.double("naismith_s") != nil)
        #expect(api.send("GET", "/v1/runs/\(id)", token: token).status == 404)
        #expect(api.send("GET", "/v1/hikes/\(id)/gpx", token: token).header("Content-Type") == "application/gpx+xml")
        #expect(api.send("DELETE", "/v1/hikes/\(id)", token: token).status == 204)
    }

    @Test func oneAccountNeverSeesAnothersActivitiesOrPlaces() throws {
        let api = try ActivityAPI()
        let alice = api.token("alice@example.com")
        let bob = api.token("bob@example.com", zone: "Europe/Berlin")
        let alicesRun = try #require(api.send("POST", "/v1/runs", gpx: GPXText.track(Self.fiveK), token: alice).json["id"] as? String)
        let bobsHike = try #require(api.send("POST", "/v1/hikes", json: ["distance_m": 9000, "duration_s": 10800], token: bob).json["id"] as? String)
        #expect(api.send("POST", "/v1/places", json: ["name": "box", "lat": 37.5, "lon": 127.0], token: alice).status == 201)

        for (token, path) in [(bob, "/v1/runs/\(alicesRun)"), (bob, "/v1/runs/\(alicesRun)/gpx"),
                              (alice, "/v1/hikes/\(bobsHike)"), (alice, "/v1/hikes/\(bobsHike)/gpx")] {
            #expect(api.send("GET", path, token: token).status == 404, "\(path)")
        }
        #expect(api.send("DELETE", "/v1/runs/\(alicesRun)", token: bob).status == 404)
        #expect(api.send("DELETE", "/v1/hikes/\(bobsHike)", token: alice).status == 404)
        #expect(api.send("GET", "/v1/runs", token: bob).json.objects("activities").isEmpty)
        #expect(api.send("GET", "/v1/hikes", token: alice).json.objects("activities").isEmpty)
        #expect(api.send("GET", "/v1/places", token: bob).json.objects("places").isEmpty)
        #expect(api.send("GET", "/v1/places/box/eta", token: bob, query: ["from": "37.49,127"]).status == 404)
        #expect(api.send("DELETE", "/v1/places/box", token: bob).status == 404)
        // Bob's own copy of the same file is not Alice's duplicate.
        #expect(api.send("POST", "/v1/runs", gpx: GPXText.track(Self.fiveK), token: bob).status == 201)
        // Each sees times in their own zone.
        #expect(api.send("GET", "/v1/runs", token: bob).json.objects("activities").first?["started_at"] as? String
            == "2026-11-22T23:00:00+01:00")
        // And Alice still has everything.
        #expect(api.send("GET", "/v1/runs/\(alicesRun)", token: alice).status == 200)
        #expect(api.send("GET", "/v1/places", token: alice).json.objects("places").count == 1)
        #expect(api.send("GET", "/v1/runs", token: nil).status == 401)
    }

    @Test func placesAndTheirETA() throws {
        let api = try ActivityAPI()
        let token = api.token("a@example.com")
        let created = api.send("POST", "/v1/places", json: ["name": "box", "lat": 37.5, "lon": 127.0, "elevation_m": 30], token: token)
        #expect(created.status == 201, "\(created.text)")
        #expect(created.json["name"] as? String == "box")
        #expect(created.json.double("elevation_m") == 30)
        #expect(api.send("POST", "/v1/places", json: ["name": "home", "lat": 91, "lon": 0], token: token).status == 400)
        #expect(api.send("POST", "/v1/places", json: ["name": "home", "lat": 37.4], token: token).status == 400)
        #expect(api.send("POST", "/v1/places", json: ["name": "", "lat": 37.4, "lon": 127], token: token).status == 400)

        let list = api.send("GET", "/v1/places", token: token)
        #expect(list.status == 200)
        #expect(list.json.objects("places").map { $0["name"] as? String } == ["box"])

        let eta = api.send("GET", "/v1/places/box/eta", token: token, query: ["from": "37.49,127.0"])
        #expect(eta.status == 200, "\(eta.text)")
        let straight = 0.01 * GPXText.metresPerDegree
        #expect(close(eta.json.double("straight_distance_m"), straight, 0.05))
        #expect(close(eta.json.double("duration_s").map { $0 / 60 }, PlaceCommandTests.minutes(straight: straight), 0.02))
        #expect(eta.json["is_estimate"] as? Bool == true)

        let missing = api.send("GET", "/v1/places/box/eta", token: token)
        #expect(missing.status == 400)
        #expect(missing.errorCode == "invalid_from")
        #expect(api.send("GET", "/v1/places/box/eta", token: token, query: ["from": "somewhere"]).status == 400)
        #expect(api.send("GET", "/v1/places/box/eta", token: token, query: ["from": "37.49,190"]).status == 400)
        #expect(api.send("GET", "/v1/places/nowhere/eta", token: token, query: ["from": "37.49,127"]).status == 404)

        #expect(api.send("DELETE", "/v1/places/box", token: token).status == 204)
        #expect(api.send("DELETE", "/v1/places/box", token: token).status == 404)
        #expect(api.send("GET", "/v1/places/box/eta", token: token, query: ["from": "37.49,127"]).status == 404)
    }

    @Test func gpxBodiesMayBeLargeButOtherBodiesMayNot() throws {
        let api = try ActivityAPI()
        let token = api.token("a@example.com")
        // About 12 000 points, 10 m apart at 5:00 /km: just over 1 MiB.
        let big = GPXText.track(GPXText.steady(kilometres: 120, pace: 300, elevation: { _ in 100 }))
        let body = Data(big.utf8)
        #expect(body.count > 1 << 20)
        #expect(body.count < 2 << 20)
        let imported = api.send("POST", "/v1/runs", body: body, contentType: "application/gpx+xml", token: token)
        #expect(imported.status == 201, "\(imported.text)")
        #expect(close(imported.json.double("distance_m"), GPXText.distance(0, 120_000), 0.5))
        #expect(api.send("POST", "/v1/gpx/stats", body: body, contentType: "application/gpx+xml", token: token).status == 200)

        let padding = String(repeating: "x", count: (1 << 20) + 1)
        let place = api.send("POST", "/v1/places", json: ["name": "box", "lat": 37.5, "lon": 127.0, "note": padding], token: token)
        #expect(place.status == 413)
        #expect(place.errorCode == "body_too_large")
        // GPX is no place: the 1 MiB default holds whatever the type.
        #expect(api.send("POST", "/v1/places", body: body, contentType: "application/gpx+xml", token: token).status == 413)

        let huge = Data(count: ActivityRoutes.maximumGPXBytes + 1)
        #expect(api.send("POST", "/v1/runs", body: huge, contentType: "application/gpx+xml", token: token).status == 413)
        #expect(api.send("POST", "/v1/gpx/stats", body: huge, contentType: "application/gpx+xml", token: token).status == 413)
        #expect(ActivityRoutes.maximumGPXBytes == 64 << 20)
    }

    @Test func theRoutesAreInTheOpenAPIDocument() throws {
        let api = try ActivityAPI()
        // The routes describe themselves; that the server serves them all is CompositionTests' check.
        let document = try api.stack.openAPIDocument()
        let paths = try #require(document.object("paths"))
        for (path, methods) in [("/v1/gpx/stats", ["post"]), ("/v1/runs", ["get", "post"]), ("/v1/runs/{id}", ["get", "delete"]),
                                ("/v1/runs/{id}/gpx", ["get"]), ("/v1/hikes", ["get", "post"]), ("/v1/hikes/{id}", ["get", "delete"]),
                                ("/v1/hikes/{id}/gpx", ["get"]), ("/v1/places", ["get", "post"]), ("/v1/places/{name}", ["delete"]),
                                ("/v1/places/{name}/eta", ["get"])] {
            let operations = paths.object(path)
            #expect(operations != nil, "\(path) is not documented")
            for method in methods { #expect(operations?[method] != nil, "\(method) \(path) is not documented") }
        }
        let stats = paths.object("/v1/gpx/stats")?.object("post")
        let content = stats?.object("requestBody")?.object("content")
        #expect(content?["application/gpx+xml"] != nil)
        let schemas = try #require(document.object("components")?.object("schemas"))
        let gpxStats = try #require(schemas.object("GPXStats"))
        let required = Set(gpxStats["required"] as? [String] ?? [])
        #expect(required.isSuperset(of: GPXStatsCommandTests.contractKeys))
        for name in ["Activity", "ActivityList", "ManualActivity", "Place", "PlaceList", "PlaceETA"] {
            #expect(schemas[name] != nil, "no schema \(name)")
        }
    }
}

