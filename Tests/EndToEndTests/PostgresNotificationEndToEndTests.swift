import Foundation
import Dispatch
import Synchronization
import Testing
import HTTP
import Server

/// What a `HoldingWebhook` received, and the gate its held requests wait at.
final class HookLog: Sendable {
    let state = Mutex<(holding: Bool, held: [String], accepted: [String], waiting: Int)>((true, [], [], 0))
    let gate = DispatchSemaphore(value: 0)

    /// Records a request; a held one waits at the gate, then is answered 503.
    func receive(key: String) -> HTTPResponse {
        let holding = state.withLock { state -> Bool in
            if state.holding {
                state.held.append(key)
                state.waiting += 1
            } else {
                state.accepted.append(key)
            }
            return state.holding
        }
        guard holding else { return HTTPResponse(status: 200) }
        gate.wait()
        return HTTPResponse(status: 503)
    }
}

/// A webhook that can hold what it receives: while holding, a request is recorded and left
/// unanswered (its sender stays mid-send, its claim held) until `release()`, then answered 503;
/// afterwards it accepts with 200. Only accepted requests are deliveries.
struct HoldingWebhook {
    let server: HTTPServer
    let log: HookLog

    var url: String { "http://127.0.0.1:\(server.port)/hook" }
    var held: [String] { log.state.withLock { $0.held } }
    /// The `Idempotency-Key` (the notification id) of each accepted delivery.
    var accepted: [String] { log.state.withLock { $0.accepted } }

    init() throws {
        let log = HookLog()
        self.log = log
        var router = Router()
        router.add(Route("POST", "/hook", requiresAuth: false, accepts: ["application/json"],
                         operation: OpenAPIOperation(summary: "webhook", tag: "test", responses: [])) { [log] request in
            log.receive(key: request.headers["idempotency-key"] ?? "")
        })
        // Threads enough that held requests never keep an accepted one from being served.
        server = HTTPServer(application: HTTPApplication(router: router, logger: nil, authenticate: { _ in nil }),
                            configuration: .init(host: "127.0.0.1", port: 0, threads: 16))
        try server.start()
    }

    /// From now on accepts; the held requests are answered 503 (their senders are gone).
    func release() {
        let count = log.state.withLock { state -> Int in
            state.holding = false
            defer { state.waiting = 0 }
            return state.waiting
        }
        for _ in 0..<count { log.gate.signal() }
    }

    func stop() {
        release()
        server.stop()
    }
}

/// Notifications and the bridge with two built `tend-server`s on one PostgreSQL database: a
/// server killed mid-send leaves its claims to the other after the lease, and the bridge of a
/// couple acting on two servers at once counts each member once.
@Suite("tend-server on PostgreSQL: notifications and the bridge across servers", .enabled(if: PostgresCluster.url != nil),
       .serialized)
struct PostgresNotificationEndToEndTests {
    /// Short, to keep the test quick, but longer than a send takes on a loaded machine: with 2 s a
    /// survivor's own send outlived its claim under a full parallel build and went out twice.
    static let lease = ["--notification-claim-lease", "6"]

    @Test("a server killed with kill -9 while holding claims: the other delivers each after the lease, exactly once")
    func claimsOfAKilledServer() async throws {
        let (database, url) = try PostgresCluster.freshDatabase()
        defer { PostgresCluster.drop(database) } // after the servers below are removed
        let hook = try HoldingWebhook()
        defer { hook.stop() }
        // The survivor looks only when its own write wakes it (a poll of an hour): whatever it
        // delivers of the first server's, it found after the kill.
        let survivor = try ServerProcess(extraArguments: ["--database", url, "--notification-poll-interval", "3600",
                                                          "--notification-retry-max-delay", "2"] + Self.lease)
        defer { survivor.remove() }
        let doomed = try ServerProcess(extraArguments: ["--database", url] + Self.lease)
        defer { doomed.remove() }

        // Four accounts ask the doomed server for a test each: its scheduler claims them and is
        // left waiting on the webhook, which holds every request.
        var tokens: [String] = []
        for index in 0..<4 {
            let token = try await doomed.token(for: "claim\(index)@example.com")
            #expect(try await doomed.send("POST", "/v1/notifications/channels", json: ["kind": "webhook", "url": hook.url],
                                          token: token).status == 201)
            tokens.append(token)
        }
        for token in tokens { #expect(try await doomed.send("POST", "/v1/notifications/test", token: token).status < 300) }
        #expect(try await eventually { Set(hook.held).count == 4 }, "held: \(hook.held)")

        kill(doomed.process.processIdentifier, SIGKILL)
        doomed.process.waitUntilExit()
        #expect(doomed.process.terminationReason == .uncaughtSignal)
        hook.release()

        // A fifth test through the survivor wakes its scheduler: it sends that one, and the four
        // claimed by the dead server once their lease has run out.
        let fifth = try await survivor.token(for: "claim4@example.com")
        #expect(try await survivor.send("POST", "/v1/notifications/channels", json: ["kind": "webhook", "url": hook.url],
                                        token: fifth).status == 201)
        #expect(try await survivor.send("POST", "/v1/notifications/test", token: fifth).status < 300)
        #expect(try await eventually { Set(hook.accepted).count == 5 }, "accepted: \(hook.accepted)")
        // A send the hook took but whose answer came back too late (the whole suite on two cores)
        // is tried again 2 s later as a counted attempt: stopping before that retry would leave it
        // pending. So the survivor stops once its outbox says each was sent.
        #expect(try await eventually {
            for token in tokens {
                let sent = try await survivor.send("GET", "/v1/notifications?state=sent", token: token).json["notifications"]
                guard (sent as? [Any])?.count == 1 else { return false }
            }
            return true
        }, "the survivor's outbox says each was sent")

        // Stopped gracefully, the survivor has nothing in flight: what was accepted is final.
        #expect(survivor.stop().status == 0)
        let accepted = hook.accepted
        #expect(Set(accepted).count == 5, "each delivered: \(accepted)")
        #expect(Set(hook.held).isSubset(of: Set(accepted)), "every held claim was delivered")

        // The outbox agrees (read through a third server): sent, the dead server's try counted.
        // Delivery is at least once: a send the receiver took but whose answer never came back
        // in time (seen once with the whole suite on two cores) is tried again, as a counted
        // attempt. So a notification may reach the hook more than once only by that many more
        // attempts of the survivor's; taken twice by one claim, it would not have them.
        let reader = try ServerProcess(extraArguments: ["--database", url, "--notification-delivery", "off"])
        defer { reader.remove() }
        for token in tokens {
            let answer = try await reader.send("GET", "/v1/notifications?state=sent", token: token)
            #expect(answer.status == 200, "the reader answered \(answer.status): \(answer.json)")
            let sent = answer.json["notifications"] as? [[String: Any]]
            let attempts = sent?.first?["attempts"] as? Int ?? 0
            let id = sent?.first?["id"] as? String ?? ""
            let deliveries = accepted.filter { $0 == id }.count
            #expect(sent?.count == 1 && attempts >= 2, "\(sent ?? [])")
            #expect(deliveries >= 1 && deliveries <= attempts - 1,
                    "\(deliveries) deliveries of \(id) after \(attempts) attempts (the dead server's one held): \(sent ?? [])")
        }
    }

    @Test("both members act on two servers at once, each action repeated: the bridge counts each once and is completed once")
    func bridgeAcrossServers() async throws {
        let (database, url) = try PostgresCluster.freshDatabase()
        defer { PostgresCluster.drop(database) } // after the servers below are removed
        let one = try ServerProcess(extraArguments: ["--database", url])
        let two = try ServerProcess(extraArguments: ["--database", url])
        defer {
            one.remove()
            two.remove()
        }
        let minji = try await one.token(for: "minji@example.com")
        let haru = try await two.token(for: "haru@example.com")
        let code = try await one.send("POST", "/v1/couple/invites", token: minji).json["code"] as? String ?? ""
        #expect(try await two.send("POST", "/v1/couple/join", json: ["code": code], token: haru).status < 300)

        // Each member on their own server, both at once, each action several times over.
        let members = [(one, minji), (two, haru)]
        try await withThrowingTaskGroup(of: [Int].self) { group in
            for (server, token) in members {
                group.addTask {
                    var statuses: [Int] = []
                    for round in 0..<3 {
                        statuses.append(try await server.send("PUT", "/v1/couple/mood", json: ["mood": round == 0 ? "happy" : "calm"],
                                                              token: token).status)
                        statuses.append(try await server.send("POST", "/v1/couple/calendar/checked", token: token).status)
                        let care = try await server.send("POST", "/v1/couple/care", json: ["text": "water \(round)", "for": "me"], token: token)
                        let id = care.json["id"] as? String ?? ""
                        statuses += [care.status, try await server.send("POST", "/v1/couple/care/\(id)/done", token: token).status]
                        statuses.append(try await server.send("PUT", "/v1/couple/photos/today", body: CoupleEndToEndTests.jpeg,
                                                              contentType: "image/jpeg", token: token).status)
                    }
                    return statuses
                }
            }
            for try await statuses in group { #expect(statuses.allSatisfy { (200..<300).contains($0) }, "\(statuses)") }
        }

        for (server, token) in members + [(two, minji), (one, haru)] {
            let bridge = try await server.send("GET", "/v1/couple/bridge", token: token).json
            let parts = bridge["parts"] as? [String: Any] ?? [:]
            #expect(bridge["score"] as? Int == 100, "\(bridge)")
            #expect(parts["mood"] as? Int == 20 && parts["photo"] as? Int == 30 && parts["care"] as? Int == 30
                    && parts["calendar"] as? Int == 20, "\(parts)")
        }
        // The completed bridge is news for each member once, whichever server completed it.
        for (server, token) in members {
            let listed = try await server.send("GET", "/v1/notifications", token: token).json["notifications"] as? [[String: Any]] ?? []
            let completed = listed.filter { $0["title"] as? String == "Today's bridge is complete" }
            #expect(completed.count == 1, "\(listed.map { $0["title"] ?? "" })")
        }
    }
}
