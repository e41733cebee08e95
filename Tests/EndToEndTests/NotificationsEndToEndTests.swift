import Foundation
import Synchronization
import Testing
import HTTP
import Server

/// What a fake endpoint received.
final class ReceiverLog: Sendable {
    let attempts = Mutex<[(headers: [String: String], body: Data)]>([])
    let accepted = Mutex<[(headers: [String: String], body: Data)]>([])
    let failuresLeft: Mutex<Int>

    init(failures: Int) { failuresLeft = Mutex(failures) }
}

/// A fake ntfy topic or webhook: records POSTs and answers 500 to the first `failures`.
struct Receiver {
    let server: HTTPServer
    let log: ReceiverLog
    var url: String { "http://127.0.0.1:\(server.port)/topic" }
    var attempts: Int { log.attempts.withLock { $0.count } }
    var accepted: Int { log.accepted.withLock { $0.count } }

    init(failures: Int) throws {
        let log = ReceiverLog(failures: failures)
        self.log = log
        var router = Router()
        router.add(Route("POST", "/topic", requiresAuth: false, accepts: ["text/plain", "application/json"],
                         operation: OpenAPIOperation(summary: "receiver", tag: "test", responses: [])) { request in
            log.attempts.withLock { $0.append((request.headers, request.body)) }
            let fail = log.failuresLeft.withLock { count -> Bool in
                defer { count -= 1 }
                return count > 0
            }
            if fail { return HTTPResponse(status: 500) }
            log.accepted.withLock { $0.append((request.headers, request.body)) }
            return HTTPResponse(status: 200)
        })
        server = HTTPServer(application: HTTPApplication(router: router, logger: nil, authenticate: { _ in nil }),
                            configuration: .init(host: "127.0.0.1", port: 0, threads: 2))
        try server.start()
    }
}

/// The built `tend-server` delivering a forgotten bedtime dose to a fake ntfy topic and a fake
/// webhook that fails twice, with a restart in between. The server's clock starts at TEND_NOW
/// (seconds before 22:00 in Seoul) and runs forward.
@Suite("notifications from tend-server, end to end", .serialized)
struct NotificationsEndToEndTests {
    static func wait(_ seconds: Double, until condition: () -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return condition()
    }

    @Test func forgottenDoseReachesNtfyAndAFlakyWebhookAcrossARestart() async throws {
        let ntfy = try Receiver(failures: 0)
        let webhook = try Receiver(failures: 2)
        defer { ntfy.server.stop(); webhook.server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-notify-e2e-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        var server = try ServerProcess(folder: folder, environment: ["TEND_NOW": "2026-11-30T21:59:50+09:00"])
        _ = try await server.send("POST", "/v1/accounts", json: ["email": "minji@example.com", "password": "correct horse battery",
                                                                 "display_name": "Minji", "time_zone": "Asia/Seoul"])
        let token = try await server.send("POST", "/v1/sessions", json: ["email": "minji@example.com", "password": "correct horse battery"])
            .json["token"] as? String ?? ""
        #expect(try await server.send("POST", "/v1/notifications/channels", json: ["kind": "ntfy", "url": ntfy.url], token: token).status == 201)
        let hook = try await server.send("POST", "/v1/notifications/channels", json: ["kind": "webhook", "url": webhook.url], token: token)
        #expect(hook.status == 201 && (hook.json["secret"] as? String)?.isEmpty == false)
        let refused = try await server.send("POST", "/v1/notifications/channels", json: ["kind": "webhook", "url": "http://169.254.169.254/x"], token: token)
        #expect(refused.status == 400 && refused.errorCode == "invalid_channel_url")
        let listed = try await server.send("GET", "/v1/notifications/channels", token: token)
        #expect(!String(decoding: listed.body, as: UTF8.self).contains(hook.json["secret"] as? String ?? "-"))

        // The dose comes last: it plans the reminders (whenever it lands, the channels are there).
        #expect(try await server.send("POST", "/v1/insulin/doses", json: ["kind": "rapid", "units": 2], token: token).status == 201)
        // The write asks the scheduler to re-plan: within moments, tonight's two and tomorrow's two.
        var planned = 0
        for _ in 0..<50 where planned < 4 {
            planned = (try await server.send("GET", "/v1/notifications", token: token).json["notifications"] as? [[String: Any]])?.count ?? 0
            if planned < 4 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(planned == 4)

        #expect(try await Self.wait(30) { ntfy.accepted == 1 && webhook.attempts >= 1 })
        let stopped = server.stop()
        #expect(stopped.status == 0)
        // Restarted: the webhook's retry is still pending and goes out.
        server = try ServerProcess(folder: folder, environment: ["TEND_NOW": "2026-11-30T22:00:02+09:00"])
        defer { server.remove() }
        #expect(try await Self.wait(40) { webhook.accepted == 1 })
        let keys = Set(webhook.log.attempts.withLock { $0.map { $0.headers["idempotency-key"] ?? "" } })
        #expect(keys.count == 1 && webhook.attempts == 3, "\(webhook.attempts) attempts")
        #expect(ntfy.accepted == 1)
        let sent = try await server.send("GET", "/v1/notifications?state=sent", token: token)
        let list = sent.json["notifications"] as? [[String: Any]] ?? []
        #expect(list.count == 1 && list.first?["rule"] as? String == "insulin" && list.first?["attempts"] as? Int == 3, "\(sent.json)")
    }
}
