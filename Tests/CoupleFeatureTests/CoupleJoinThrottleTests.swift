import Foundation
import Testing
import Core

/// Guessing invite codes from many fresh accounts: the throttle per account alone was
/// sidestepped by signing up again; the one per client address is not.
@Suite("Invite codes per client address")
struct CoupleJoinThrottleTests {
    @Test("wrong codes from one address count across accounts: after 10, 429 with Retry-After even for the right code")
    func perAddressAcrossAccounts() throws {
        let api = try CoupleServer()
        let minji = api.token("minji@example.com", name: "Minji", zone: "Asia/Seoul")
        let code = try #require(api.send("POST", "/v1/couple/invites", token: minji).json["code"] as? String)

        // Five fresh accounts, two wrong codes each: no account reaches its own throttle (5).
        for index in 1...5 {
            let guesser = api.token("guesser\(index)@example.com", name: "G\(index)", zone: "UTC")
            for attempt in 1...2 {
                let wrong = api.send("POST", "/v1/couple/join", json: ["code": "ZZZZ-ZZZ\(attempt + 1)"], token: guesser,
                                     from: "203.0.113.7")
                #expect(wrong.status == 404, "\(wrong)")
                #expect(wrong.errorCode == "invite_not_found")
            }
        }
        let theo = api.token("theo@example.com", name: "Théo", zone: "Europe/Paris")
        let refused = api.send("POST", "/v1/couple/join", json: ["code": code], token: theo, from: "203.0.113.7")
        #expect(refused.status == 429, "\(refused)")
        #expect(refused.errorCode == "too_many_attempts")
        #expect(refused.header("Retry-After") == "360")
        #expect((refused.json["error"] as? [String: Any])?["message"] as? String
                == "too many wrong invite codes from this address; try again in 360 s")

        // From another address the right code joins; the guessing address waits its 6 minutes.
        let joined = api.send("POST", "/v1/couple/join", json: ["code": code], token: theo, from: "198.51.100.20")
        #expect(joined.status == 200, "\(joined)")
        api.clock.advance(6 * 60)
        let later = api.token("guesser6@example.com", name: "G6", zone: "UTC")
        #expect(api.send("POST", "/v1/couple/join", json: ["code": "ZZZZ-ZZZZ"], token: later, from: "203.0.113.7").errorCode
                == "invite_not_found")
        #expect(api.send("POST", "/v1/couple/join", json: ["code": "ZZZZ-ZZZZ"], token: later, from: "203.0.113.7").status == 429)
    }

    @Test("the throttle per account still holds from many addresses")
    func perAccountFromManyAddresses() throws {
        let api = try CoupleServer()
        let guesser = api.token("guesser@example.com", name: "G", zone: "UTC")
        for index in 1...5 {
            let wrong = api.send("POST", "/v1/couple/join", json: ["code": "ZZZZ-ZZZZ"], token: guesser, from: "192.0.2.\(index)")
            #expect(wrong.status == 404)
        }
        let locked = api.send("POST", "/v1/couple/join", json: ["code": "ZZZZ-ZZZZ"], token: guesser, from: "192.0.2.99")
        #expect(locked.status == 429)
        #expect(locked.header("Retry-After") == "60")
    }
}
