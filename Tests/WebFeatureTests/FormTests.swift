import FoundationEssentials
import Testing
import Core
@testable import WebFeature

@Suite("Forms and cookies")
struct FormTests {
    @Test func decodesURLEncodedFields() throws {
        let form = try FormBody(Data("email=me%40example.com&display_name=Min+Ji&note=a%0D%0Ab&note=second&empty=".utf8))
        #expect(form["email"] == "me@example.com")
        #expect(form["display_name"] == "Min Ji")
        #expect(form["note"] == "a\nb") // CRLF as a browser sends it becomes a newline; the first value wins
        #expect(form["empty"] == "")
        #expect(form.text("empty") == nil)
        #expect(try FormBody(Data("name=%ED%95%9C%EA%B8%80".utf8))["name"] == "한글")
    }

    @Test func refusesControlCharactersAndBadUTF8() {
        #expect(throws: AppError.self) { try FormBody(Data("note=%1B%5B31m".utf8)) }
        #expect(throws: AppError.self) { try FormBody(Data("note=%FF%FE".utf8)) }
        #expect(throws: AppError.self) { try FormBody(Data(repeating: UInt8(ascii: "a"), count: 70_000)) }
    }

    @Test func parsesAndWritesCookies() {
        let cookies = Cookies.parse("tend_lang=ko; tend_session=abc=def;  other = 1; tend_lang=en")
        #expect(cookies["tend_lang"] == "ko")
        #expect(cookies["tend_session"] == "abc=def")
        #expect(cookies["other"] == "1")
        #expect(Cookies.header(name: "tend_session", value: "t", maxAge: 60, secure: false)
            == "tend_session=t; Path=/; HttpOnly; SameSite=Lax; Max-Age=60")
        #expect(Cookies.header(name: "a", value: "b", maxAge: nil, secure: true) == "a=b; Path=/; HttpOnly; SameSite=Lax; Secure")
    }

    @Test func onlyLocalPathsAreFollowed() {
        #expect(WebResponses.localPath("/insulin?month=2026-11") == "/insulin?month=2026-11")
        #expect(WebResponses.localPath("//evil.example/") == "/today")
        #expect(WebResponses.localPath("https://evil.example/") == "/today")
        #expect(WebResponses.localPath("/\\evil.example") == "/today")
        #expect(WebResponses.localPath(nil) == "/today")
    }

    @Test func namesBrowsers() {
        let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36"
        #expect(UserAgent.label(android) == "Chrome on Android")
        #expect(UserAgent.label("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1")
            == "Safari on iPhone")
        #expect(UserAgent.label(nil) == nil)
    }
}
