import Foundation
import Testing
import Core
@testable import CoupleFeature

/// Issue 21, item 8: a day outside 1900 to 2200 is refused wherever one enters the couple routes
/// (the month view always was; a home or a bridge of 9999-12-31 was not).
@Suite("The couple API: dates between 1900 and 2200")
struct CoupleDateBoundsTests {
    @Test("a day asked for outside 1900 to 2200 is invalid_date", arguments: ["0001-01-01", "1899-12-31", "2201-01-01", "9999-12-31"])
    func queriedDays(_ day: String) throws {
        let api = try CoupleServer()
        let (a, _) = api.pair()
        for path in ["/v1/couple/home", "/v1/couple/bridge", "/v1/couple/photos"] {
            let response = api.send("GET", path, token: a, query: ["date": day])
            #expect(response.status == 400, "\(path) \(day): \(response)")
            #expect(response.errorCode == "invalid_date", "\(path) \(day)")
        }
        for name in ["from", "to"] {
            let response = api.send("GET", "/v1/couple/moods", token: a, query: [name: day])
            #expect(response.errorCode == "invalid_date", "\(name) \(day)")
        }
        #expect(api.send("GET", "/v1/couple/events", token: a, query: ["month": String(day.prefix(7))]).errorCode == "invalid_month")
    }

    @Test("an event, a care item's due day and a meeting outside the span are refused")
    func writtenDays() throws {
        let api = try CoupleServer()
        let (a, _) = api.pair()
        #expect(api.send("POST", "/v1/couple/events", json: ["title": "x", "start": "0001-01-01"], token: a).errorCode == "invalid_start")
        #expect(api.send("POST", "/v1/couple/events", json: ["title": "x", "start": "0001-01-01T10:00:00Z"], token: a).errorCode
                == "invalid_start")
        #expect(api.send("POST", "/v1/couple/care", json: ["text": "x", "for": "me", "due": "9999-12-31"], token: a).status == 400)
        #expect(api.send("PUT", "/v1/couple/meeting", json: ["date": "0001-01-01"], token: a).errorCode == "invalid_date")
        #expect(api.send("GET", "/v1/couple/home", token: a, query: ["date": "2200-12-31"]).status == 200)
    }
}
