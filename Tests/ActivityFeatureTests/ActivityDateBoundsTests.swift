import Foundation
import Testing
import HTTP
import ActivityFeature

/// Issue 21, item 8: a run or a hike in the year 1 or after 2200 is refused, typed in or read
/// from a GPX file, and so is a list asked for outside those years.
@Suite("The activity API: dates between 1900 and 2200")
struct ActivityDateBoundsTests {
    @Test("a run added by hand outside 1900 to 2200 is invalid_date",
          arguments: ["0001-01-01T08:00:00Z", "1899-12-31T22:00:00Z", "2201-01-01T00:00:00Z"])
    func manualStarts(_ time: String) throws {
        let api = try ActivityAPI()
        let token = api.token("a@example.com")
        for path in ["/v1/runs", "/v1/hikes"] {
            let response = api.send("POST", path, json: ["distance_m": 5000, "duration_s": 1800, "started_at": time], token: token)
            #expect(response.status == 400, "\(path): \(response.text)")
            #expect(response.errorCode == "invalid_date", "\(path)")
            #expect(api.send("GET", path, token: token).json.objects("activities").isEmpty)
        }
    }

    @Test("a GPX track timed in the year 1 is refused with invalid_date")
    func gpxFromTheYearOne() throws {
        let api = try ActivityAPI()
        let token = api.token("a@example.com")
        let track = GPXText.track(start: GPXText.instant("0001-06-01T07:00:00Z"), GPXText.steady(kilometres: 2, pace: 300))
        let response = api.send("POST", "/v1/runs", gpx: track, token: token)
        #expect(response.status == 400, "\(response.text)")
        #expect(response.errorCode == "invalid_date")
        #expect(api.send("GET", "/v1/runs", token: token).json.objects("activities").isEmpty)
        let modern = GPXText.track(GPXText.steady(kilometres: 2, pace: 300))
        #expect(api.send("POST", "/v1/runs", gpx: modern, token: token).status == 201)
    }

    @Test("a list from or to a day outside 1900 to 2200 is a 400 naming it")
    func listBounds() throws {
        let api = try ActivityAPI()
        let token = api.token("a@example.com")
        #expect(api.send("GET", "/v1/runs", token: token, query: ["from": "0001-01-01"]).errorCode == "invalid_from")
        #expect(api.send("GET", "/v1/hikes", token: token, query: ["to": "9999-12-31"]).errorCode == "invalid_to")
        #expect(api.send("GET", "/v1/runs", token: token, query: ["from": "1900-01-01"]).status == 200)
    }
}
