import Foundation
import Testing

@Suite("tend places")
struct PlaceCommandTests {
    /// Walking minutes for a straight-line distance, as the contract states the estimate:
    /// × 1.3 for the streets, at Tobler's speed for the average slope.
    static func minutes(straight: Double, rise: Double = 0) -> Double {
        let walking = straight * 1.3
        let slope = rise / walking
        return walking / 1000 / (6 * exp(-3.5 * abs(slope + 0.05))) * 60
    }

    @Test func addListEtaRemove() throws {
        let tend = try ActivityCommandHarness()
        let added = tend.run("--json", "places", "add", "box", "--lat", "37.5", "--lon", "127.0", "--ele", "30")
        #expect(added.status == 0, "\(added.stderr)")
        let place = try added.json()
        #expect(place["name"] as? String == "box")
        #expect(place.double("lat") == 37.5)
        #expect(place.double("lon") == 127)
        #expect(place.double("elevation_m") == 30)
        #expect(tend.run("places", "add", "home", "--lat", "37.4", "--lon", "126.9").status == 0)

        let list = try tend.run("--json", "places", "list").json()
        #expect(list.objects("places").map { $0["name"] as? String } == ["box", "home"])
        #expect(list.objects("places").last?.isNull("elevation_m") == true)
        #expect(tend.run("places", "list").stdout.contains("box"))

        // 0.01° due south of the box: 1111.95 m as the crow flies.
        let straight = 0.01 * GPXText.metresPerDegree
        let eta = tend.run("--json", "places", "eta", "box", "--from", "37.49,127.0")
        #expect(eta.status == 0, "\(eta.stderr)")
        let flat = try eta.json()
        #expect(flat["place"] as? String == "box")
        #expect(close(flat.double("straight_distance_m"), straight, 0.05))
        #expect(close(flat.double("walking_distance_m"), straight * 1.3, 0.05))
        #expect(flat.double("detour_factor") == 1.3)
        #expect(flat["is_estimate"] as? Bool == true)
        #expect(close(flat.double("duration_s").map { $0 / 60 }, Self.minutes(straight: straight), 0.02))
        #expect(close(flat.double("duration_s").map { $0 / 60 }, 17.22, 0.05)) // ~5 km/h on the flat

        // Uphill from 60 m below it takes longer; names are looked up case-insensitively.
        let uphill = try tend.run("--json", "places", "eta", "BOX", "--from", "37.49, 127.0, -30").json()
        #expect(close(uphill.double("duration_s").map { $0 / 60 }, Self.minutes(straight: straight, rise: 60), 0.02))
        #expect((uphill.double("duration_s").map { $0 / 60 } ?? 0) > (flat.double("duration_s").map { $0 / 60 } ?? 0))
        let text = tend.run("places", "eta", "box", "--from", "37.49,127.0")
        #expect(text.stdout.hasPrefix("About 17 min on foot to box"))
        #expect(text.stdout.contains("estimate"))

        // Adding the same name again moves the place.
        #expect(tend.run("places", "add", "Box", "--lat", "37.49", "--lon", "127.0").status == 0)
        let moved = try tend.run("--json", "places", "list").json().objects("places")
        #expect(moved.count == 2)
        #expect(moved.first?.double("lat") == 37.49)
        let here = try tend.run("--json", "places", "eta", "box", "--from", "37.49,127.0").json()
        #expect(here.double("duration_s").map { $0 / 60 } == 0)

        let removed = tend.run("--json", "places", "remove", "box")
        #expect(removed.status == 0)
        #expect(try removed.json()["removed"] as? String == "box")
        #expect(try tend.run("--json", "places", "list").json().objects("places").map { $0["name"] as? String } == ["home"])
        let gone = tend.run("places", "eta", "box", "--from", "37.49,127.0")
        #expect(gone.status == 1)
        #expect(gone.stderr.hasPrefix("error: no place named 'box'"))
        #expect(tend.run("places", "remove", "box").status == 1)
    }

    @Test func anUnknownPlaceIsNotFound() throws {
        let tend = try ActivityCommandHarness()
        let result = tend.run("places", "eta", "nowhere", "--from", "37.5,127")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(tend.run("places", "remove", "nowhere").status == 1)
        #expect(tend.run("places", "list").stdout.contains("No places yet"))
    }

    @Test(arguments: [
        ["add", "box", "--lat", "91", "--lon", "127"],
        ["add", "box", "--lat", "-90.5", "--lon", "127"],
        ["add", "box", "--lat", "37.5", "--lon", "180.1"],
        ["add", "box", "--lat", "north", "--lon", "127"],
        ["add", "box", "--lat", "nan", "--lon", "127"],
        ["add", "box", "--lat", "37.5"],
        ["add", "box", "--lat", "37.5", "--lon", "127", "--ele", "12000"],
        ["add", "", "--lat", "37.5", "--lon", "127"],
        ["add", String(repeating: "x", count: 61), "--lat", "37.5", "--lon", "127"],
        ["eta", "home", "--from", "37.5"],
        ["eta", "home", "--from", "37.5,127,1,2"],
        ["eta", "home", "--from", "95,127"],
        ["eta", "home", "--from", "here"],
        ["eta", "home"],
    ])
    func badCoordinatesAreUsageErrors(_ arguments: [String]) throws {
        let tend = try ActivityCommandHarness()
        #expect(tend.run("places", "add", "home", "--lat", "37.4", "--lon", "126.9").status == 0)
        let result = tend.run(["places"] + arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(try tend.run("--json", "places", "list").json().objects("places").count == 1)
    }
}
