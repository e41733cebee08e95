import Foundation
import Testing
import Core
@testable import HTTP
@testable import Server

/// A string with a terminal control character (after JSON's escapes are undone) never gets past
/// the request pipeline: a JSON body's field, a query item or a path parameter is a 400
/// `invalid_text` in the documented JSON error, and the handler never runs.
@Suite("Control characters in requests")
struct HTTPControlCharacterTests {
    struct Note: Codable {
        let text: String
        let tags: [String]?
    }

    final class Calls: Sendable {
        let count = Flag()
    }

    static func routes(_ calls: Calls = Calls()) -> [Route] {
        [
            makeRoute("POST", "/notes/{id}") { request in
                let note = try request.decode(Note.self)
                calls.count.set()
                return try .json(note)
            },
            makeRoute("GET", "/notes/{id}") { request in
                calls.count.set()
                return try .json(["id": request.pathParameters["id"] ?? "", "q": request.query["q"] ?? ""])
            },
            makeRoute("POST", "/batch") { request in
                // A use case that judges each item itself reads the body unchecked.
                let note = try request.decode(Note.self, checkingText: false)
                return try .json(note)
            },
        ]
    }

    func post(_ body: String, to application: HTTPApplication) -> HTTPResponse {
        application.respond(to: HTTPRequest(method: "POST", path: "/notes/1", headers: ["Content-Type": "application/json"],
                                            body: Data(body.utf8)))
    }

    @Test(arguments: [
        (#"{"text": "\u001b[2J\u001b[HYou were hacked"}"#, "field 'text'"),
        (#"{"text": "ding\u0007"}"#, "field 'text'"),
        (#"{"text": "nul\u0000"}"#, "field 'text'"),
        (#"{"text": "over\rwrite"}"#, "field 'text'"),
        (#"{"text": "back\bspace"}"#, "field 'text'"),
        (#"{"text": "form\ffeed"}"#, "field 'text'"),
        (#"{"text": "del\u007f"}"#, "field 'text'"),
        (#"{"text": "csi\u009b31m"}"#, "field 'text'"),
        ("{\"text\": \"raw csi\u{9B}31m\"}", "field 'text'"),
        ("{\"text\": \"raw del\u{7F}\"}", "field 'text'"),
        (#"{"text": "fine", "tags": ["a", "\u001b]0;title\u0007"]}"#, "field 'tags[1]'"),
        ("{\"text\": \"raw esc\u{1B}[2J\"}", "raw control character (0x1B)"),
    ])
    func aBodyStringWithAControlCharacterIs400InvalidText(_ body: String, _ named: String) throws {
        let calls = Calls()
        let response = post(body, to: makeApplication(Self.routes(calls)))
        #expect(response.status == 400, "\(String(decoding: response.body, as: UTF8.self))")
        let error = try ErrorBody(response)
        #expect(error.code == "invalid_text")
        #expect(error.message.contains(named), "\(error.message)")
        #expect(!calls.count.isSet, "the handler must not run")
        #expect(!String(decoding: response.body, as: UTF8.self).unicodeScalars.contains { $0.isControlCharacter },
                "the error body is escaped JSON")
    }

    @Test func newlinesTabsAndEscapedBackslashesAreText() throws {
        let application = makeApplication(Self.routes())
        let response = post(#"{"text": "line one\nline\ttwo \\u001b as typed \"quoted\" a\/b 민지 \ud83d\ude00"}"#, to: application)
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let note = try JSONDecoder().decode(Note.self, from: response.body)
        #expect(note.text == "line one\nline\ttwo \\u001b as typed \"quoted\" a/b 민지 😀")
    }

    @Test func aMalformedBodyIsStillMalformed() throws {
        let response = post(#"{"text": "\u001b"#, to: makeApplication(Self.routes()))
        #expect(response.status == 400)
        #expect(try ErrorBody(response).code == "malformed_json")
    }

    @Test func aRouteThatJudgesItemsItselfReadsTheBodyUnchecked() throws {
        let application = makeApplication(Self.routes())
        let response = application.respond(to: HTTPRequest(method: "POST", path: "/batch", headers: ["Content-Type": "application/json"],
                                                           body: Data(#"{"text": "ding\u0007"}"#.utf8)))
        #expect(response.status == 200)
    }

    @Test(arguments: [
        ("/notes/a\u{1B}[2Jb", [:], "path parameter 'id'"),
        ("/notes/1", ["q": "\u{7}"], "query parameter 'q'"),
        ("/notes/1", ["q": "ok", "x": "csi\u{9B}"], "query parameter 'x'"),
        ("/notes/1", ["bad\u{1B}": "ok"], "query parameter 'bad^['"),
    ] as [(String, [String: String], String)])
    func aQueryOrPathValueWithAControlCharacterIs400InvalidText(_ path: String, _ query: [String: String], _ named: String) throws {
        let calls = Calls()
        let response = makeApplication(Self.routes(calls)).respond(to: HTTPRequest(method: "GET", path: path, query: query))
        #expect(response.status == 400)
        let error = try ErrorBody(response)
        #expect(error.code == "invalid_text")
        #expect(error.message.contains(named), "\(error.message)")
        #expect(!calls.count.isSet)
    }

    @Test func aQueryWithNewlinesAndTabsIsServed() throws {
        let response = makeApplication(Self.routes()).respond(to: HTTPRequest(method: "GET", path: "/notes/1", query: ["q": "a\nb\tc"]))
        #expect(response.status == 200)
    }

    // MARK: Over a real socket

    @Test func overTheWireEachIsA400JSONErrorAndNever5xx() throws {
        let server = try ServerFixture.start(Self.routes())
        defer { server.stop() }
        let escaped = Data(#"{"text": "\u001b[2J\u0007"}"#.utf8)
        let raw = Data("{\"text\": \"raw\u{1B}[2J\"}".utf8)
        let cases: [(head: String, body: Data)] = [
            ("GET /notes/1?q=%1B%5B2J HTTP/1.1\r\nHost: t\r\n", Data()),
            ("GET /notes/a%07b HTTP/1.1\r\nHost: t\r\n", Data()),
            ("GET /notes/1?q=%C2%9B31m HTTP/1.1\r\nHost: t\r\n", Data()),
            ("POST /notes/1 HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(escaped.count)\r\n", escaped),
            ("POST /notes/1 HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(raw.count)\r\n", raw),
        ]
        for (head, body) in cases {
            let response = try rawRequest(port: server.port, head, body: body)
            #expect(response.status == 400, "\(head): \(response.statusLine) \(response.text)")
            #expect(response.headers["content-type"] == "application/json")
            let error = try #require(try jsonObject(response.body)["error"] as? [String: Any])
            #expect(error["code"] as? String == "invalid_text", "\(head): \(response.text)")
        }
        let fine = try rawRequest(port: server.port, "GET /notes/1?q=plain%20text HTTP/1.1\r\nHost: t\r\n")
        #expect(fine.status == 200)
    }
}
