import Foundation
import Testing
import Client
import Console
import Core
import HTTP
@testable import AccountFeature

private let login = Credentials(server: "https://tend.test", token: "token-1", accountID: "0193a1b2-0000-7000-8000-000000000001",
                                email: "alice@example.com", displayName: "Alice", expiresAt: "2026-12-30T12:00:00Z")

/// `tend account delete` against the test client, and `DELETE /v1/me` through the routes.
@Suite("Deleting an account: tend account delete and DELETE /v1/me")
struct AccountDeleteTests {
    static func transport() -> ExpectingTransport {
        ExpectingTransport { message in Issue.record(Comment(rawValue: message)) }
    }

    @Test func offATerminalItNeedsYesAndSendsNothingWithout() {
        let server = Self.transport()
        let tend = AccountCommandRunner(transport: server, login: login)
        let result = tend.run("account", "delete")
        #expect(result.status == 2)
        #expect(result.stderr.contains("--yes") && result.stderr.contains("alice@example.com"))
        #expect(server.sent.isEmpty)
        #expect((try? tend.credentials.load()) == login)
    }

    @Test func withYesItSendsThePasswordAndForgetsTheLogin() throws {
        let server = Self.transport()
        server.expect(AccountAPI.deleteAccount, checkBody: { #expect($0 == DeleteAccountBody(password: "correct horse battery")) },
                      answer: AccountDeletion(deleted: true, erased: ["accounts": 1, "insulin_doses": 3]))
        let tend = AccountCommandRunner(transport: server, login: login)
        let result = tend.run("--json", "account", "delete", "--yes")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json?["deleted"] as? Bool == true)
        #expect((json?["erased"] as? [String: Int])?["insulin_doses"] == 3)
        #expect(try tend.credentials.load() == nil)
        server.verify()

        let text = AccountCommandRunner(transport: { let t = Self.transport()
            t.expect(AccountAPI.deleteAccount, answer: AccountDeletion(deleted: true, erased: ["accounts": 1]))
            return t }(), login: login).run("account", "delete", "--yes")
        #expect(text.status == 0)
        #expect(text.stdout.contains("Deleted the account Alice <alice@example.com> on https://tend.test"))
    }

    @Test func aWrongPasswordIsSaidAsSuchAndTheLoginStays() throws {
        let server = Self.transport()
        server.expect(AccountAPI.deleteAccount, failing: AppError(.unauthorized, code: "wrong_password", "the password is wrong"))
        let tend = AccountCommandRunner(transport: server, login: login)
        let result = tend.run("account", "delete", "--yes")
        #expect(result.status != 0)
        #expect(result.stderr.contains("the password is wrong"))
        #expect(!result.stderr.contains("expired"))
        #expect(try tend.credentials.load() == login)
    }

    @Test func notLoggedInSaysSo() {
        let tend = AccountCommandRunner(transport: Self.transport())
        let result = tend.run("account", "delete", "--yes")
        #expect(result.status != 0)
        #expect(result.stderr.contains("not logged in"))
    }

    @Test func theRouteAsksForThePasswordAndThrottlesLikeLogin() throws {
        let api = try APIHarness()
        let token = api.signUp("alice@example.com")
        #expect(api.send("DELETE", "/v1/me", token: token).status == 400)
        #expect(api.send("DELETE", "/v1/me", json: ["passwd": "x"], token: token).status == 400)
        #expect(api.send("DELETE", "/v1/me", json: ["password": ""], token: token).status == 400)
        #expect(api.send("DELETE", "/v1/me", json: ["password": "correct horse battery"]).status == 401)
        for _ in 0..<5 {
            let wrong = api.send("DELETE", "/v1/me", json: ["password": "wrong password!"], token: token)
            #expect(wrong.status == 401 && wrong.errorCode == "wrong_password")
        }
        let locked = api.send("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: token)
        #expect(locked.status == 429 && locked.errorCode == "too_many_attempts" && locked.header("Retry-After") != nil)
        #expect(api.send("GET", "/v1/me", token: token).status == 200)
    }

    @Test func afterTheRouteTheTokenIsDeadAndTheEmailSignsUpAfresh() throws {
        let api = try APIHarness()
        let token = api.signUp("alice@example.com")
        let deleted = api.send("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: token)
        #expect(deleted.status == 200)
        #expect(deleted.json["deleted"] as? Bool == true)
        #expect(api.send("GET", "/v1/me", token: token).status == 401)
        for table in ["accounts", "sessions", "login_failures"] {
            #expect(try api.database.queryOne("SELECT count(*) AS n FROM \(table)")?.get("n", as: Int64.self) == 0, "\(table)")
        }
        #expect(api.signUpOnly("alice@example.com").status == 201)
    }
}
