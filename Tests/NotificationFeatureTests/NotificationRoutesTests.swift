import Foundation
import Testing
import Core
import HTTP

/// The notification API in process, through the request pipeline, with a fixed clock.
@Suite("The notification API: channels, quiet hours, a test, the history")
struct NotificationRoutesTests {
    let stack: NotificationStack
    let application: HTTPApplication
    let now = ISO8601.parseInstant("2026-11-30T12:00:00Z")!

    init() throws {
        stack = try NotificationStack(clock: FixedClock(now))
        application = stack.application()
    }

    struct Response {
        let status: Int
        let body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var text: String { String(decoding: body, as: UTF8.self) }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    }

    func send(_ method: String, _ path: String, json: Any? = nil, token: String?, query: [String: String] = [:]) -> Response {
        var headers: [String: String] = [:]
        var body = Data()
        if let json {
            body = try! JSONSerialization.data(withJSONObject: json)
            headers["Content-Type"] = "application/json"
        }
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let response = application.respond(to: HTTPRequest(method: method, path: path, query: query, headers: headers, body: body))
        return Response(status: response.status, body: response.body)
    }

    func token(_ email: String) -> String {
        try! stack.token(email, zone: "Asia/Seoul", at: now)
    }

    @Test("a webhook's secret is shown once; channels are per account; bad URLs and kinds are refused")
    func channels() throws {
        let a = token("a@example.com")
        let b = token("b@example.com")
        let hook = send("POST", "/v1/notifications/channels", json: ["kind": "webhook", "url": "https://example.org/hook"], token: a)
        #expect(hook.status == 201, "\(hook.text)")
        let secret = try #require(hook.json["secret"] as? String)
        #expect(secret.count >= 32)
        let ntfy = send("POST", "/v1/notifications/channels", json: ["kind": "ntfy", "url": "http://192.168.1.5/tend", "token": "tk_abc"], token: a)
        #expect(ntfy.status == 201 && ntfy.json["secret"] is NSNull)

        let listed = send("GET", "/v1/notifications/channels", token: a)
        let channels = listed.json["channels"] as? [[String: Any]] ?? []
        #expect(Set(channels.map { $0["kind"] as? String ?? "" }) == ["webhook", "ntfy"]) // same instant: no order between them
        #expect(!listed.text.contains(secret) && !listed.text.contains("tk_abc"))
        #expect(channels.first { $0["kind"] as? String == "ntfy" }?["has_token"] as? Bool == true)
        #expect(channels.first { $0["kind"] as? String == "webhook" }?["has_token"] as? Bool == false)
        #expect((send("GET", "/v1/notifications/channels", token: b).json["channels"] as? [Any])?.isEmpty == true)
        let id = hook.json["id"] as? String ?? ""
        #expect(send("DELETE", "/v1/notifications/channels/\(id)", token: b).errorCode == "channel_not_found")
        #expect(send("DELETE", "/v1/notifications/channels/\(id)", token: a).status == 204)

        for url in ["http://169.254.169.254/latest/meta-data", "http://[fe80::1]/x", "ftp://example.org/x", "http://[::ffff:a9fe:a9fe]/"] {
            let refused = send("POST", "/v1/notifications/channels", json: ["kind": "ntfy", "url": url], token: a)
            #expect(refused.status == 400 && refused.errorCode == "invalid_channel_url", "\(url): \(refused.text)")
        }
        #expect(send("POST", "/v1/notifications/channels", json: ["kind": "desktop", "url": "http://x/"], token: a).errorCode == "invalid_kind")
        #expect(send("POST", "/v1/notifications/channels", json: ["kind": "webhook", "url": "http://x/", "token": "t"], token: a)
                .errorCode == "invalid_token")
        #expect(send("GET", "/v1/notifications/channels", token: nil).status == 401)
    }

    @Test("quiet hours, a test notification and the history by state")
    func quietHoursTestAndHistory() throws {
        let a = token("a@example.com")
        #expect(send("GET", "/v1/notifications/quiet-hours", token: a).json["from"] as? String == "23:30")
        let set = send("PUT", "/v1/notifications/quiet-hours", json: ["from": "22:00", "to": "06:30"], token: a)
        #expect(set.status == 200 && set.json["to"] as? String == "06:30")
        #expect(send("PUT", "/v1/notifications/quiet-hours", json: ["from": "24:00", "to": "06:30"], token: a).errorCode == "invalid_time")

        let test = send("POST", "/v1/notifications/test", token: a)
        #expect(test.status == 202 && test.json["rule"] as? String == "test" && test.json["state"] as? String == "pending")
        _ = send("POST", "/v1/notifications/test", token: a)
        _ = send("POST", "/v1/notifications/test", token: a)
        #expect(send("POST", "/v1/notifications/test", token: a).status == 429)
        let pending = send("GET", "/v1/notifications", token: a, query: ["state": "pending"])
        #expect((pending.json["notifications"] as? [[String: Any]])?.count == 3)
        #expect((send("GET", "/v1/notifications", token: a, query: ["state": "sent"]).json["notifications"] as? [Any])?.isEmpty == true)
        #expect(send("GET", "/v1/notifications", token: a, query: ["state": "lost"]).errorCode == "invalid_state")
        #expect((send("GET", "/v1/notifications", token: token("b@example.com")).json["notifications"] as? [Any])?.isEmpty == true)
    }
}
