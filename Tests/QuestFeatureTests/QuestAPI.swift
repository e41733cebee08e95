import Foundation
import Testing
import Core
import Domain
import HTTP

/// The quest routes in process, through the request pipeline, with a clock the test moves and
/// the real quest content from Resources.
struct QuestAPI {
    let clock: SteppingClock
    let stack: QuestStack
    let application: HTTPApplication

    init(start: String = "2026-11-02T20:00:00+09:00") throws {
        clock = SteppingClock(ISO8601.parseInstant(start)!)
        stack = try QuestStack(clock: clock, timeZone: "Asia/Seoul")
        application = stack.application()
    }

    struct Response {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: Data

        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var text: String { String(decoding: body, as: UTF8.self) }
        var error: [String: Any] { json["error"] as? [String: Any] ?? [:] }
        var errorCode: String? { error["code"] as? String }
        var errorMessage: String { error["message"] as? String ?? "" }

        func header(_ name: String) -> String? { headers.last { $0.name.lowercased() == name.lowercased() }?.value }
    }

    func send(_ method: String, _ path: String, json: Any? = nil, token: String? = nil, query: [String: String] = [:],
              headers extra: [String: String] = [:]) -> Response {
        var headers = extra
        var body = Data()
        if let json {
            body = try! JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed])
            headers["Content-Type"] = "application/json"
        }
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let response = application.respond(to: HTTPRequest(method: method, path: path, query: query, headers: headers, body: body))
        return Response(status: response.status, headers: response.headers, body: response.body)
    }

    struct Session {
        let token: String
        let accountID: String
    }

    /// An account in `zone`, with its token.
    func signUp(_ email: String, zone: String = "Asia/Seoul") -> Session {
        let account = try! stack.account(email, zone: zone, at: clock.now)
        return Session(token: account.token, accountID: account.id)
    }

    /// Starts a journey; returns its id.
    func startJourney(_ token: String, style: String = "question", feeling: String = "sad", nickname: String = "Mina") -> String {
        let started = send("POST", "/v1/quests/journeys", json: ["nickname": nickname, "feeling": feeling, "style": style], token: token)
        #expect(started.status == 201, "start: \(started.text)")
        return started.json["id"] as? String ?? ""
    }

    func questTitle(_ style: QuestStyle, _ number: Int, _ language: Language) throws -> String {
        try #require(try stack.quests.questContent().journey(style)?.quest(number: number)).title.text(language)
    }
}
