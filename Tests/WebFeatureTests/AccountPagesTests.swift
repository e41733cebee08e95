import Foundation
import Testing
import Core
import HTTP
@testable import WebFeature

@Suite("Web app: accounts, sessions, CSRF")
struct AccountPagesTests {
    @Test func signUpSetsAnHttpOnlySessionCookieAndOpensToday() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebBrowser(app)
        let form = browser.get("/signup")
        #expect(form.status == 200)
        #expect(form.setCookies.contains { $0.hasPrefix("tend_csrf=") && $0.contains("HttpOnly") && $0.contains("SameSite=Lax") })
        for field in ["name=\"email\"", "name=\"password\"", "name=\"display_name\"", "name=\"time_zone\"", "name=\"csrf\""] {
            #expect(form.html.contains(field))
        }
        let posted = browser.post("/signup", [("display_name", "Minji"), ("email", "minji@example.com"),
                                              ("password", "correct horse battery"), ("time_zone", "Asia/Seoul")])
        #expect(posted.status == 303)
        #expect(posted.location == "/today")
        let cookie = try #require(posted.setCookies.first { $0.hasPrefix("tend_session=") })
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))
        #expect(!cookie.contains("Secure")) // plain HTTP from a client, no proxy saying otherwise
        let today = browser.follow(posted)
        #expect(today.status == 200)
        #expect(today.html.contains("<h1>Today · Mon 30 November</h1>"))
        #expect(today.response.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
        #expect(today.response.header("Content-Security-Policy")?.contains("script-src 'self';") == true)
        #expect(today.response.header("Cache-Control") == "no-store")
        #expect(!today.html.contains("<script>"), "no inline script")
        #expect(!today.html.contains("style=\""), "no inline style")
    }

    @Test func aFormWithoutTheTokenOrFromAnotherOriginIsRefused() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        browser.get("/insulin")
        #expect(browser.post("/insulin/doses", [("kind", "long")], csrf: "forged").status == 403)
        #expect(browser.post("/insulin/doses", [("kind", "long")], extraHeaders: ["Origin": "https://evil.example", "Host": "tend.example"]).status == 403)
        let account = try #require(container.accounts.login(email: "minji@example.com", password: "correct horse battery").session.accountID)
        #expect(try container.insulin.listDoses(ownerID: account, in: nil).isEmpty)
        // A logged-out form needs the cookie it was given, not just any field.
        let stranger = WebBrowser(app)
        #expect(stranger.post("/login", [("email", "minji@example.com"), ("password", "correct horse battery")], csrf: String(repeating: "a", count: 64)).status == 403)
        browser.get("/insulin")
        #expect(browser.post("/insulin/doses", [("kind", "long")], extraHeaders: ["Origin": "http://tend.example", "Host": "tend.example"]).status == 303)
    }

    @Test func loginLogoutAndTheThrottle() throws {
        let (_, app) = try WebWorld.make()
        _ = WebWorld.signedUp(app)
        let browser = WebBrowser(app)
        #expect(browser.get("/today").location == "/login?next=%2Ftoday")
        browser.get("/login?next=/insulin/calendar")
        let wrong = browser.post("/login", [("email", "minji@example.com"), ("password", "wrong password!"), ("next", "/insulin")])
        #expect(wrong.status == 401)
        #expect(wrong.html.contains("The email or the password is wrong."))
        let right = browser.post("/login", [("email", "MinJi@example.com"), ("password", "correct horse battery"), ("next", "/insulin/calendar")])
        #expect(right.location == "/insulin/calendar")
        #expect(browser.get("/today").status == 200)
        browser.get("/account")
        let out = browser.post("/logout", [])
        #expect(out.location == "/login")
        #expect(out.setCookies.contains { $0.hasPrefix("tend_session=;") && $0.contains("Max-Age=0") })
        #expect(browser.get("/today").status == 303)

        // Five wrong passwords, then a refusal at once with Retry-After, as the API does.
        let guesser = WebBrowser(app)
        guesser.get("/login")
        for _ in 0..<5 { #expect(guesser.post("/login", [("email", "minji@example.com"), ("password", "not the password")]).status == 401) }
        let locked = guesser.post("/login", [("email", "minji@example.com"), ("password", "correct horse battery")])
        #expect(locked.status == 429)
        #expect(locked.response.header("Retry-After") == "30")
    }

    @Test func anOffsiteNextIsNotFollowed() throws {
        let (_, app) = try WebWorld.make()
        _ = WebWorld.signedUp(app)
        let browser = WebBrowser(app)
        browser.get("/login")
        #expect(browser.post("/login", [("email", "minji@example.com"), ("password", "correct horse battery"),
                                        ("next", "//evil.example/")]).location == "/today")
    }

    @Test func cookiesAreSecureOnlyBehindATrustedProxyOverTLS() throws {
        let (_, app) = try WebWorld.make()
        let proxied = WebBrowser(app, headers: ["X-Forwarded-Proto": "https"], remoteAddress: "127.0.0.1")
        let page = proxied.get("/login")
        #expect(page.setCookies.allSatisfy { $0.contains("; Secure") })
        #expect(page.response.header("Strict-Transport-Security") != nil)
        let spoofing = WebBrowser(app, headers: ["X-Forwarded-Proto": "https"], remoteAddress: "203.0.113.9")
        #expect(spoofing.get("/login").setCookies.allSatisfy { !$0.contains("Secure") })
    }

    @Test func sessionsAndTokensAreListedAndRevocable() throws {
        let (container, app) = try WebWorld.make()
        let browser = WebWorld.signedUp(app)
        let token = try container.accounts.login(email: "minji@example.com", password: "correct horse battery")
        let account = browser.get("/account")
        #expect(account.html.contains("API token"))
        #expect(account.html.contains("this browser"))
        let revoke = "/account/sessions/\(token.session.id)/revoke"
        #expect(account.html.contains(revoke))
        #expect(browser.post(revoke, []).location == "/account?done=revoked")
        #expect(try container.accounts.authenticate(token: token.token) == nil)
        // An API token in the session cookie is not a browser session.
        let other = try container.accounts.login(email: "minji@example.com", password: "correct horse battery")
        let impostor = WebBrowser(app)
        impostor.cookies["tend_session"] = other.token
        #expect(impostor.get("/today").status == 303)
        // Another account's session is not found, as a missing one.
        let second = WebWorld.signedUp(app, email: "jun@example.com", name: "Jun")
        second.get("/account")
        #expect(second.post("/account/sessions/\(other.session.id)/revoke", []).status == 404)
        #expect(try container.accounts.authenticate(token: other.token) != nil)
    }

    @Test func nameAndZoneChangeAndTypedTextStaysText() throws {
        let (container, app) = try WebWorld.make()
        let payload = #"<script>alert("x")</script><img src=x onerror=alert(1)>"#
        let browser = WebWorld.signedUp(app, name: payload)
        let page = browser.get("/account")
        #expect(!page.html.contains("<script>alert"))
        #expect(!page.html.contains("<img src=x"))
        #expect(page.html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        let saved = browser.post("/account", [("display_name", "Minji"), ("time_zone", "Europe/Paris")])
        #expect(saved.location == "/account?done=saved")
        let id = try container.accounts.login(email: "minji@example.com", password: "correct horse battery").session.accountID
        #expect(try container.accounts.account(id: id).timeZoneIdentifier == "Europe/Paris")
        browser.get("/account")
        let bad = browser.post("/account", [("display_name", "Minji"), ("time_zone", "Mars/Olympus")])
        #expect(bad.status == 400)
        #expect(bad.html.contains("Mars/Olympus"))
    }

    @Test func koreanFromAcceptLanguageAndTheSwitch() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebBrowser(app, headers: ["Accept-Language": "ko-KR,ko;q=0.9,en;q=0.5"])
        let login = browser.get("/login")
        #expect(login.html.contains(#"<html lang="ko">"#))
        #expect(login.html.contains("<h1>로그인</h1>"))
        let switched = browser.get("/language?set=en&back=/login")
        #expect(switched.location == "/login")
        #expect(browser.get("/login").html.contains("<h1>Log in</h1>"))
        #expect(browser.get("/language?set=ko&back=https://evil.example").location == "/today")
    }

    @Test func signUpErrorsKeepWhatWasTyped() throws {
        let (_, app) = try WebWorld.make()
        let browser = WebBrowser(app, headers: ["Accept-Language": "ko"])
        browser.get("/signup")
        let short = browser.post("/signup", [("display_name", "민지"), ("email", "minji@example.com"), ("password", "short"),
                                             ("time_zone", "Asia/Seoul")])
        #expect(short.status == 400)
        #expect(short.html.contains(#"value="minji@example.com""#))
        #expect(!short.html.contains("short\""), "the password is never written back")
    }
}
