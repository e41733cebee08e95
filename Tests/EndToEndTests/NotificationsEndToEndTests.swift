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
/// webhook that fails twice. Time moves by restarts, not by waiting: each run's clock starts at
/// a later TEND_NOW, so whatever is pending is due the moment it starts, and the test waits
/// only for what the receivers get.
@Suite("notifications from tend-server, end to end", .serialized)
struct NotificationsEndToEndTests {
    @Test func forgottenDoseReachesNtfyAndAFlakyWebhookAcrossRestarts() async throws {
        let ntfy = try Receiver(failures: 0)
        let webhook = try Receiver(failures: 2)
        defer { ntfy.server.stop(); webhook.server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tend-notify-e2e-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        func start(at now: String) throws -> ServerProcess {
            try ServerProcess(folder: folder, environment: ["TEND_NOW": now])
        }

        // 21:00 in Seoul: an account, its channels and a rapid dose; nothing is due yet.
        var server = try start(at: "2026-11-30T21:00:00+09:00")
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
        // The write asks the scheduler to re-plan: tonight's two and tomorrow's two.
        let planned = try await eventually {
            (try await server.send("GET", "/v1/notifications", token: token).json["notifications"] as? [[String: Any]])?.count == 4
        }
        #expect(planned, "the dose's write did not plan the four reminders")
        #expect(server.stop().status == 0)
        #expect(ntfy.accepted == 0 && webhook.attempts == 0)

        // 22:00: the first reminder is due at once; ntfy takes it, the webhook fails.
        server = try start(at: "2026-11-30T22:00:00+09:00")
        #expect(try await eventually { ntfy.accepted == 1 && webhook.attempts >= 1 })
        #expect(server.stop().status == 0)

        // Restarted later, the webhook's retry is still pending and due at once: it fails again,
        // then goes through (in that run or the next, however fast this machine is).
        server = try start(at: "2026-11-30T22:01:00+09:00")
        #expect(try await eventually { webhook.attempts >= 2 })
        #expect(server.stop().status == 0)
        server = try start(at: "2026-11-30T22:02:00+09:00")
        defer { server.remove() }
        #expect(try await eventually { webhook.accepted == 1 })

        let keys = Set(webhook.log.attempts.withLock { $0.map { $0.headers["idempotency-key"] ?? "" } })
        #expect(keys.count == 1 && webhook.attempts == 3, "\(webhook.attempts) attempts")
        #expect(ntfy.accepted == 1)
        let sent = try await server.send("GET", "/v1/notifications?state=sent", token: token)
        let list = sent.json["notifications"] as? [[String: Any]] ?? []
        #expect(list.count == 1 && list.first?["rule"] as? String == "insulin" && list.first?["attempts"] as? Int == 3, "\(sent.json)")
    }
}
