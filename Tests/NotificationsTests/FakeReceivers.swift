import Foundation
import Synchronization
import Core
import Domain
import HTTP
import Server

/// A local HTTP endpoint standing in for ntfy or a webhook receiver: records every POST and
/// answers 500 to the first `failures` of them.
final class FakeReceiver: Sendable {
    struct Received: Sendable {
        let path: String
        let headers: [String: String]
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    let server: HTTPServer
    let received = Mutex<[Received]>([])
    let attempts = Mutex<[Received]>([])
    let failuresLeft: Mutex<Int>

    var url: String { "http://127.0.0.1:\(server.port)/topic" }
    var accepted: [Received] { received.withLock { $0 } }
    var tried: [Received] { attempts.withLock { $0 } }

    init(failures: Int = 0) throws {
        failuresLeft = Mutex(failures)
        let operation = OpenAPIOperation(summary: "fake receiver", tag: "test", responses: [("200", OpenAPISchema.emptyResponse("OK"))])
        var router = Router()
        let box = Box()
        router.add(Route("POST", "/topic", requiresAuth: false, accepts: ["text/plain", "application/json"], operation: operation) { request in
            guard let receiver = box.receiver else { return HTTPResponse(status: 503) }
            let item = Received(path: request.path, headers: request.headers, body: request.body)
            receiver.attempts.withLock { $0.append(item) }
            let fail = receiver.failuresLeft.withLock { left -> Bool in
                guard left > 0 else { return false }
                left -= 1
                return true
            }
            if fail { return HTTPResponse(status: 500) }
            receiver.received.withLock { $0.append(item) }
            return HTTPResponse(status: 200)
        })
        server = HTTPServer(application: HTTPApplication(router: router, logger: nil, authenticate: { _ in nil }),
                            configuration: .init(host: "127.0.0.1", port: 0, threads: 2))
        try server.start()
        box.receiver = self
    }

    func stop() { server.stop() }

    /// Lets the route reach the receiver made after it.
    final class Box: @unchecked Sendable {
        var receiver: FakeReceiver?
    }
}

/// A clock the test moves by hand.
final class TestClock: Clock {
    private let instant: Mutex<Date>

    init(_ text: String) { instant = Mutex(ISO8601.parseInstant(text)!) }

    var now: Date { instant.withLock { $0 } }

    func set(_ text: String) { instant.withLock { $0 = ISO8601.parseInstant(text)! } }

    func advance(_ seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
