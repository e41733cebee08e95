import Foundation
import Testing

/// Care items and events are found by the handle a list shows, by id, or as `last`.
@Suite("The couple API: handles")
struct CoupleHandleTests {
    @Test func careAndEventsByHandleAndLast() throws {
        let api = try CoupleServer()
        let (a, b) = api.pair()
        let first = api.send("POST", "/v1/couple/care", json: ["text": "drink water", "for": "me"], token: a).json
        api.at("2026-11-30T12:05:00Z") // `last` is the newest: ids are made in time order
        let second = api.send("POST", "/v1/couple/care", json: ["text": "call grandma", "for": "partner"], token: a).json
        let handle = try #require(first.string("handle"))
        #expect(handle.count == 7 && first.string("id")?.hasSuffix(handle) == true)
        // The partner marks it done by the handle the list shows.
        let listed = api.send("GET", "/v1/couple/care", token: b).json.objects("care")
        #expect(Set(listed.compactMap { $0.string("handle") }) == Set([handle, second.string("handle") ?? ""]))
        let done = api.send("POST", "/v1/couple/care/\(handle.uppercased())/done", token: b)
        #expect(done.status == 200 && done.json.string("id") == first.string("id"), "\(done)")
        // `last` is the newest item.
        #expect(api.send("DELETE", "/v1/couple/care/last", token: a).status == 204)
        let left = api.send("GET", "/v1/couple/care", token: a).json.objects("care")
        #expect(left.map { $0.string("id") } == [first.string("id")])
        #expect(api.send("DELETE", "/v1/couple/care/abc", token: a).errorCode == "care_not_found")

        let event = api.send("POST", "/v1/couple/events", json: ["title": "Call", "start": "2026-12-05"], token: a).json
        let eventHandle = try #require(event.string("handle"))
        #expect(api.send("DELETE", "/v1/couple/events/\(eventHandle)", token: b).status == 204)
        #expect(api.send("DELETE", "/v1/couple/events/\(eventHandle)", token: b).errorCode == "event_not_found")
    }
}
