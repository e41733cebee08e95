import Foundation
import Core
import HTTP
import Composition

/// The whole server pipeline in process, on an in-memory container with a fixed clock.
struct APIHarness {
    let container: Container
    let application: HTTPApplication

    init(now: String = "2026-11-30T12:00:00Z") throws {
        container = try Container.inMemory(clock: FixedClock(ISO8601.parseInstant(now)!))
        application = ServerApplication.make(container: container, logger: nil)
    }

    struct Response {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: Data

        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        }

        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }

        func header(_ name: String) -> String? { headers.last { $0.name.lowercased() == name.lowercased() }?.value }
    }

    func send(_ method: String, _ path: String, json: Any? = nil, token: String? = nil, query: [String: String] = [:]) -> Response {
        var headers: [String: String] = [:]
        var body = Data()
        if let json {
            body = try! JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed])
            headers["Content-Type"] = "application/json"
        }
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let response = application.respond(to: HTTPRequest(method: method, path: path, query: query, headers: headers, body: body))
        return Response(status: response.status, headers: response.headers, body: response.body)
    }

    /// Signs up and logs in; returns the token.
    func signUp(_ email: String, password: String = "correct horse battery", zone: String = "Asia/Seoul") -> String {
        _ = send("POST", "/v1/accounts", json: ["email": email, "password": password, "display_name": "Someone", "time_zone": zone])
        return send("POST", "/v1/sessions", json: ["email": email, "password": password]).json["token"] as? String ?? ""
    }
}
