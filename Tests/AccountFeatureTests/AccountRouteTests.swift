import Foundation
import Testing

@Suite("Accounts and sessions over the API")
struct AccountRouteTests {
    @Test func signUpLogInMeAndLogOut() throws {
        let api = try APIHarness()
        let created = api.send("POST", "/v1/accounts", json: [
            "email": " Alice@Example.COM ", "password": "correct horse battery", "display_name": "Alice", "time_zone": "Asia/Seoul",
        ])
        #expect(created.status == 201)
        #expect(created.json["email"] as? String == "alice@example.com")
        #expect(created.json["password_hash"] == nil)
        let accountID = try #require(created.json["id"] as? String)

        let session = api.send("POST", "/v1/sessions", json: ["email": "ALICE@example.com", "password": "correct horse battery"])
        #expect(session.status == 201)
        #expect(session.json["account_id"] as? String == accountID)
        #expect(session.json["expires_at"] as? String == "2026-12-30T12:00:00Z")
        let token = try #require(session.json["token"] as? String)

        let me = api.send("GET", "/v1/me", token: token)
        #expect(me.status == 200)
        #expect(me.json["display_name"] as? String == "Alice")
        #expect(me.json["time_zone"] as? String == "Asia/Seoul")

        #expect(api.send("DELETE", "/v1/sessions/current", token: token).status == 204)
        #expect(api.send("GET", "/v1/me", token: token).status == 401)
        #expect(api.send("DELETE", "/v1/sessions/current", token: token).status == 401)
    }

    @Test func theNameAndTheTimeZoneCanChange() throws {
        let api = try APIHarness()
        let token = api.signUp("traveller@example.com")
        let moved = api.send("PATCH", "/v1/me", json: ["time_zone": "Europe/Paris", "display_name": " Minji in Paris "], token: token)
        #expect(moved.status == 200)
        #expect(moved.json["time_zone"] as? String == "Europe/Paris" && moved.json["display_name"] as? String == "Minji in Paris")
        #expect(api.send("GET", "/v1/me", token: token).json["time_zone"] as? String == "Europe/Paris")
        #expect(api.send("PATCH", "/v1/me", json: ["time_zone": "Mars/Olympus"], token: token).status == 400)
        #expect(api.send("PATCH", "/v1/me", json: ["display_name": ""], token: token).status == 400)
        #expect(api.send("PATCH", "/v1/me", json: ["time_zone": "Asia/Seoul"], token: nil).status == 401)
        #expect(api.send("GET", "/v1/me", token: token).json["display_name"] as? String == "Minji in Paris")
    }

    @Test func theTokenIsStoredOnlyAsAHash() throws {
        let api = try APIHarness()
        let token = api.signUp("bob@example.com")
        #expect(api.sessions.inserted.count == 1)
        #expect(try api.sessions.session(tokenHash: token) == nil)
        let stored = try #require(try api.sessions.session(tokenHash: api.tokens.hash(token))).tokenHash
        #expect(stored != token)
        #expect(!stored.contains(token))
        let account = try #require(try api.accounts.account(email: "bob@example.com"))
        #expect(account.passwordHash.hasPrefix("$argon2id$"))
    }

    @Test func aSecondAccountWithTheSameEmailIsAConflict() throws {
        let api = try APIHarness()
        _ = api.signUp("carol@example.com")
        let again = api.send("POST", "/v1/accounts", json: ["email": "CAROL@example.com", "password": "another password", "display_name": "C"])
        #expect(again.status == 409)
        #expect(again.errorCode == "email_taken")
    }

    @Test(arguments: [
        (["email": "no-at-sign", "password": "long enough pw", "display_name": "A"], "invalid_email"),
        (["email": "a@b.c", "password": "short", "display_name": "A"], "weak_password"),
        (["email": "a@b.c", "password": "long enough pw", "display_name": "  "], "invalid_display_name"),
        (["email": "a@b.c", "password": "long enough pw", "display_name": "A", "time_zone": "Moon/Base"], "invalid_time_zone"),
        (["password": "long enough pw", "display_name": "A"], "invalid_field"),
    ])
    func invalidSignUpsAreRefusedWithAReason(body: [String: String], code: String) throws {
        let api = try APIHarness()
        let response = api.send("POST", "/v1/accounts", json: body)
        #expect(response.status == 400)
        #expect(response.errorCode == code)
        #expect(api.accounts.inserted.isEmpty)
    }

    @Test func repeatedFailedLoginsLockTheEmailOutWithAGrowingWindow() throws {
        let api = try APIHarness()
        _ = api.signUp("dave@example.com")
        for _ in 0..<4 {
            #expect(api.send("POST", "/v1/sessions", json: ["email": "dave@example.com", "password": "wrong password"]).status == 401)
        }
        let fifth = api.send("POST", "/v1/sessions", json: ["email": "dave@example.com", "password": "wrong password"])
        #expect(fifth.status == 401)
        let locked = api.send("POST", "/v1/sessions", json: ["email": "dave@example.com", "password": "correct horse battery"])
        #expect(locked.status == 429)
        #expect(locked.errorCode == "too_many_attempts")
        #expect(locked.header("Retry-After") == "30")
        // Another email is not affected.
        _ = api.signUp("erin@example.com")
        #expect(api.send("POST", "/v1/sessions", json: ["email": "erin@example.com", "password": "correct horse battery"]).status == 201)
    }

    @Test func requestsWithoutAValidTokenAre401() throws {
        let api = try APIHarness()
        for token in [nil, "", "not-a-token", String(repeating: "x", count: 5000)] {
            let response = api.send("GET", "/v1/me", token: token)
            #expect(response.status == 401)
            #expect(response.errorCode == "unauthorized")
        }
    }
}
