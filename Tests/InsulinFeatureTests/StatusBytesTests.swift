import Foundation
import Testing
import Core
import HTTP

/// The exact bytes `GET /v1/insulin/status` answers, captured from the JSONEncoder-based encoding
/// before the hand-written writer replaced it: clients and caches may compare bodies, so the
/// faster path must not move a byte (key order, number forms, escapes, nulls).
@Suite("The status response's bytes")
struct StatusBytesTests {
    let now = ISO8601.parseInstant("2026-11-30T12:00:00Z")!

    func status(_ stack: InsulinStack, token: String) -> String {
        let response = stack.application().respond(to: HTTPRequest(method: "GET", path: "/v1/insulin/status",
                                                                   headers: ["Authorization": "Bearer \(token)"]))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        return String(decoding: response.body, as: UTF8.self)
    }

    func post(_ stack: InsulinStack, token: String, _ body: String) {
        let response = stack.application().respond(to: HTTPRequest(
            method: "POST", path: "/v1/insulin/doses",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: Data(body.utf8)))
        #expect(response.status == 201, "\(String(decoding: response.body, as: UTF8.self))")
    }

    @Test func aDayWithoutDoses() throws {
        let stack = try InsulinStack(clock: FixedClock(now))
        let token = try stack.token("a@example.com", zone: "Asia/Seoul", at: now)
        #expect(status(stack, token: token) == """
            {"insulin_day":"2026-11-30","long":{"dose":null,"due":false,"guard_ends_at":null,"last_dose":null,"name":"Long-acting",\
            "reminder":"22:00","taken":false},"now":"2026-11-30T21:00:00+09:00","rapid":{"count_today":0,"last_dose":null,\
            "name":"Rapid-acting","since_last_s":null,"units_today":0}}
            """)
    }

    @Test func dosesWithNotesThatNeedEscapes() throws {
        let stack = try InsulinStack(clock: FixedClock(now))
        let token = try stack.token("a@example.com", zone: "America/St_Johns", at: now)
        post(stack, token: token, #"""
            {"id":"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b","kind":"long","units":12.5,"taken_at":"2026-11-30T05:10:00-03:30",
             "note":"pen \"B\" / slot\\2\n\tline é 한글 😀"}
            """#)
        post(stack, token: token, #"""
            {"id":"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c","kind":"rapid","units":0.5,"taken_at":"2026-11-30T07:59:59.250-03:30"}
            """#)
        post(stack, token: token, #"""
            {"id":"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5d","kind":"rapid","units":3,"taken_at":"2026-11-30T08:00:00-03:30",
             "note":"</script>"}
            """#)
        #expect(status(stack, token: token) == #"""
            {"insulin_day":"2026-11-30","long":{"dose":{"handle":"e3f4a5b","id":"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",\#
            "insulin_day":"2026-11-30","kind":"long","note":"pen \"B\" / slot\\2\n\tline é 한글 😀",\#
            "taken_at":"2026-11-30T05:10:00-03:30","units":12.5},"due":false,"guard_ends_at":"2026-11-30T17:10:00-03:30",\#
            "last_dose":{"handle":"e3f4a5b","id":"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b","insulin_day":"2026-11-30","kind":"long",\#
            "note":"pen \"B\" / slot\\2\n\tline é 한글 😀","taken_at":"2026-11-30T05:10:00-03:30","units":12.5},\#
            "name":"Long-acting","reminder":"22:00","taken":true},"now":"2026-11-30T08:30:00-03:30","rapid":{"count_today":2,\#
            "last_dose":{"handle":"e3f4a5d","id":"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5d","insulin_day":"2026-11-30","kind":"rapid",\#
            "note":"</script>","taken_at":"2026-11-30T08:00:00-03:30","units":3},"name":"Rapid-acting","since_last_s":1800,\#
            "units_today":3.5}}
            """#)
    }
}
