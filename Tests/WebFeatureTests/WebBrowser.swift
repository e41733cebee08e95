import Foundation
import Core
import HTTP
import Composition

/// A browser in process: it keeps the cookies the server sets, sends them back, and posts
/// forms with the CSRF token of the last page it was shown, against the whole `tend-server`
/// application on an in-memory database.
final class WebBrowser: @unchecked Sendable {
    let application: HTTPApplication
    var cookies: [String: String] = [:]
    var lastPage = ""
    var headers: [String: String]
    var remoteAddress: String

    init(_ application: HTTPApplication, headers: [String: String] = [:], remoteAddress: String = "127.0.0.1") {
        self.application = application
        self.headers = headers
        self.remoteAddress = remoteAddress
    }

    struct Page {
        let response: HTTPResponse
        var status: Int { response.status }
        var html: String { String(decoding: response.body, as: UTF8.self) }
        var location: String? { response.header("Location") }
        var setCookies: [String] { response.headers.filter { $0.name == "Set-Cookie" }.map(\.value) }
    }

    @discardableResult
    func get(_ target: String, extraHeaders: [String: String] = [:]) -> Page {
        send("GET", target, body: Data(), extraHeaders: extraHeaders)
    }

    /// Posts a form with the last page's `csrf` field unless the fields give one.
    @discardableResult
    func post(_ path: String, _ fields: [(String, String)], csrf: String? = nil, extraHeaders: [String: String] = [:]) -> Page {
        let token = csrf ?? lastCSRF ?? ""
        let body = ([("csrf", token)] + fields).map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return send("POST", path, body: Data(body.utf8),
                    extraHeaders: ["Content-Type": "application/x-www-form-urlencoded"].merging(extraHeaders) { $1 })
    }

    /// Follows a 303 like a browser.
    @discardableResult
    func follow(_ page: Page) -> Page {
        guard page.status == 303, let location = page.location else { return page }
        return get(location)
    }

    var lastCSRF: String? {
        guard let range = lastPage.range(of: #"name="csrf" value=""#) else { return nil }
        return String(lastPage[range.upperBound...].prefix { $0 != "\"" })
    }

    func send(_ method: String, _ target: String, body: Data, extraHeaders: [String: String]) -> Page {
        let parts = target.split(separator: "?", maxSplits: 1)
        var query: [String: String] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let item = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                query[item[0]] = item.count > 1 ? item[1] : ""
            }
        }
        var all = headers.merging(extraHeaders) { $1 }
        if !cookies.isEmpty { all["Cookie"] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
        let request = HTTPRequest(method: method, path: String(parts[0]), query: query, headers: all, body: body, remoteAddress: remoteAddress)
        let page = Page(response: application.respond(to: request))
        for header in page.setCookies {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1).map(String.init)
            if header.contains("Max-Age=0") { cookies[pair[0]] = nil } else { cookies[pair[0]] = pair.count > 1 ? pair[1] : "" }
        }
        if page.response.header("Content-Type")?.hasPrefix("text/html") == true { lastPage = page.html }
        return page
    }

    static func encode(_ text: String) -> String {
        PercentEncoding.encode(text)
    }
}

/// A server application on a fresh in-memory database at a fixed time.
enum WebWorld {
    /// 21:00 in Seoul on Monday 30 November 2026.
    static let now = ISO8601.parseInstant("2026-11-30T21:00:00+09:00")!

    static func make(at instant: Date = now) throws -> (Container, HTTPApplication) {
        let container = try Container.inMemory(clock: FixedClock(instant), timeZone: "Asia/Seoul", isServer: true)
        return (container, ServerApplication.make(container: container, logger: nil))
    }

    /// A browser signed up (and so logged in) as `email`.
    static func signedUp(_ application: HTTPApplication, email: String = "minji@example.com", name: String = "Minji") -> WebBrowser {
        let browser = WebBrowser(application)
        browser.get("/signup")
        browser.follow(browser.post("/signup", [("display_name", name), ("email", email), ("password", "correct horse battery"),
                                                ("time_zone", "Asia/Seoul")]))
        return browser
    }
}
