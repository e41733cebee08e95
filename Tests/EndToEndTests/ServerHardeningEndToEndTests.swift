import Foundation
import Dispatch
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A keep-alive HTTP/1.1 connection over a raw socket from a chosen loopback address.
private final class KeepAliveConnection {
    let fd: Int32

    init(port: Int, from source: String = "127.0.0.1") throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CocoaError(.fileReadUnknown) }
        var timeout = timeval(tv_sec: Int(patience), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, size) } }
        guard bound == 0, connected == 0 else {
            close(fd)
            throw CocoaError(.fileReadUnknown)
        }
    }

    deinit { close(fd) }

    struct Response {
        let status: Int
        let headers: [String: String]
        let body: Data
        var closes: Bool { headers["connection"]?.lowercased() == "close" }
        var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
    }

    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// One response, or nil when the server closed the connection instead.
    func response() -> Response? {
        var head = Data()
        var byte: UInt8 = 0
        while head.range(of: Data("\r\n\r\n".utf8)) == nil {
            guard recv(fd, &byte, 1, 0) == 1 else { return nil }
            head.append(byte)
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let words = lines[0].split(separator: " ")
        guard words.count >= 2, let status = Int(words[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data()
        var remaining = Int(headers["content-length"] ?? "0") ?? 0
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while remaining > 0 {
            let count = recv(fd, &buffer, min(buffer.count, remaining), 0)
            guard count > 0 else { return nil }
            body.append(contentsOf: buffer[..<count])
            remaining -= count
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// Whether the server closed the connection (EOF or reset) without sending anything more.
    func closedByServer() -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) <= 0
    }
}

/// What the load's connections saw, from their threads.
private final class Tally: Sendable {
    let acknowledged = Mutex<[String]>([])
    /// Per connection: how it ended.
    let endings = Mutex<[String]>([])
    let signalled = Atomic<Bool>(false)
    /// Per connection: responses that kept it open after the stop was signalled.
    let keptOpenAfterSignal = Mutex<[Int]>([])
}

@Suite("tend-server hardening, end to end", .serialized)
struct ServerHardeningEndToEndTests {
    /// SIGTERM under keep-alive load: eight connections post doses back to back. The server
    /// stops taking requests at once: a connection gets the response to what it had in flight,
    /// with `Connection: close`, or a JSON 503 that closes it, and nothing after. It exits 0 in
    /// about a second (it used to serve on until its 10 s cap), and every dose it acknowledged
    /// is in the database.
    @Test func sigtermUnderKeepAliveLoadStopsAtOnceAndLosesNothingAcknowledged() async throws {
        let server = try ServerProcess()
        let token = try await server.token(for: "erin@example.com")
        let port = server.port
        let tally = Tally()
        let ready = DispatchSemaphore(value: 0)
        let body = #"{"kind":"rapid","units":1,"force":true}"#
        let request = "POST /v1/insulin/doses HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"

        let workers = (0..<8).map { _ in
            Task.detached {
                try await onThread {
                    let connection = try KeepAliveConnection(port: port)
                    var served = 0, keptOpen = 0
                    defer { tally.keptOpenAfterSignal.withLock { $0.append(keptOpen) } }
                    while true {
                        guard connection.send(request), let response = connection.response() else {
                            let signalled = tally.signalled.load(ordering: .sequentiallyConsistent)
                            tally.endings.withLock { $0.append(signalled ? "closed" : "closed early") }
                            return
                        }
                        if tally.signalled.load(ordering: .sequentiallyConsistent), !response.closes { keptOpen += 1 }
                        served += 1
                        if served == 5 { ready.signal() }
                        if response.status == 201, let id = response.json["id"] as? String {
                            tally.acknowledged.withLock { $0.append(id) }
                        }
                        if response.closes {
                            let quiet = connection.closedByServer()
                            tally.endings.withLock { $0.append("\(response.status) close" + (quiet ? "" : " then more bytes")) }
                            return
                        }
                        if response.status != 201 {
                            tally.endings.withLock { $0.append("\(response.status) kept open") }
                            return
                        }
                    }
                }
            }
        }
        // The stop comes on an event: once every connection has had five requests served.
        for _ in 0..<8 { _ = try await onThread { ready.wait(timeout: .now() + patience) } }
        let started = Date()
        kill(server.process.processIdentifier, SIGTERM) // first, so a response counted after the flag came after it
        tally.signalled.store(true, ordering: .sequentiallyConsistent)
        let stopped = try await onThread { server.stop() }
        let stopSeconds = Date().timeIntervalSince(started)
        for worker in workers { try await worker.value }

        #expect(stopped.status == 0, "\(stopped.log)")
        // The old behaviour served on, keeping connections open, until its 10 s cap: hundreds of
        // responses a connection. Now the first response after the server's signal thread has run
        // closes it; until that thread runs (moments, later on a starved machine) a connection
        // may still be served a few. Counted, not timed: alone the stop takes about 0.1 s, but
        // beside the whole parallel suite on two cores it has taken 3.5 and 9.4 s.
        for keptOpen in tally.keptOpenAfterSignal.withLock({ $0 }) {
            #expect(keptOpen <= 10, "a connection was served on after the stop: \(keptOpen) responses kept it open")
        }
        #expect(stopSeconds < 60, "tend-server took \(stopSeconds) s to stop under keep-alive load")
        for ending in tally.endings.withLock({ $0 }) {
            #expect(ending == "201 close" || ending == "503 close" || ending == "closed", "\(ending)")
        }
        #expect(stopped.log.contains("stopped"))
        let ids = tally.acknowledged.withLock { $0 }
        #expect(ids.count >= 40)

        // The same database, a new server: every acknowledged dose is there.
        let again = try ServerProcess(folder: server.folder)
        defer { again.remove() }
        let login = try await again.send("POST", "/v1/sessions", json: ["email": "erin@example.com", "password": "correct horse battery"])
        let token2 = try #require(login.json["token"] as? String)
        let list = try await again.send("GET", "/v1/insulin/doses", token: token2)
        let stored = Set((list.json["doses"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(Set(ids).subtracting(stored).isEmpty, "\(Set(ids).subtracting(stored).count) acknowledged doses are missing")
    }

    /// The built server under a slow-client attack from one address: that address holds no
    /// more than its limit, every connection it holds is closed by the request deadline, and
    /// /healthz from another address is answered meanwhile.
    @Test func slowClientsFromOneAddressCannotHoldTheServer() async throws {
        let server = try ServerProcess(extraArguments: ["--max-connections-per-address", "16", "--request-timeout", "2"])
        defer { server.remove() }
        let port = server.port
        let connections = try (0..<200).map { _ in try KeepAliveConnection(port: port, from: "127.0.0.2") }
        for connection in connections {
            _ = fcntl(connection.fd, F_SETFL, fcntl(connection.fd, F_GETFL) | O_NONBLOCK)
            connection.send("GET /healthz HTTP/1.1\r\n")
        }
        let health = try await server.send("GET", "/healthz")
        #expect(health.status == 200)

        // Trickle a header line every 300 ms; count the connections the server still holds.
        let started = Date()
        var open = Set(connections.indices)
        var heldAtOnce = 0
        while !open.isEmpty, Date().timeIntervalSince(started) < patience {
            for index in open {
                let fd = connections[index].fd
                let sent = "X-Trickle: a\r\n".withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                var buffer = [UInt8](repeating: 0, count: 4096)
                var gone = sent < 0 && errno != EAGAIN
                while !gone {
                    let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                    if count > 0 { continue }
                    gone = count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
                    break
                }
                if gone { open.remove(index) }
            }
            if Date().timeIntervalSince(started) > 0.5 { heldAtOnce = max(heldAtOnce, open.count) }
            try await Task.sleep(for: .milliseconds(300))
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(open.isEmpty, "\(open.count) trickling connections were never closed")
        #expect(heldAtOnce <= 16, "one address held \(heldAtOnce) connections")
        // Alone the last one goes after about 3 s; with the whole suite on two cores it has taken
        // 17 s, and once 30.06 s (CI, 2026-12-03). Without the deadline they would live as long as
        // they trickle (until `patience`, 120 s): 45 s tells the two apart with room for a busy CI.
        #expect(elapsed < 45, "the last trickling connection lived \(elapsed) s against a 2 s deadline")
        #expect(server.stop().status == 0)
    }

    /// Framing two readers could disagree on, against the built server: one JSON 400, then the
    /// connection closes; the request hidden behind it is never served.
    @Test func smuggledRequestIsNeverServed() throws {
        let server = try ServerProcess()
        defer { server.remove() }
        let connection = try KeepAliveConnection(port: server.port)
        connection.send("POST /v1/sessions HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                            + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try #require(connection.response())
        #expect(response.status == 400)
        #expect((response.json["error"] as? [String: Any])?["code"] as? String == "invalid_framing")
        #expect(response.closes)
        #expect(connection.closedByServer(), "a second response followed the refusal")

        let noHost = try KeepAliveConnection(port: server.port)
        noHost.send("GET /healthz HTTP/1.1\r\n\r\n")
        let refused = try #require(noHost.response())
        #expect(refused.status == 400)
        #expect((refused.json["error"] as? [String: Any])?["code"] as? String == "missing_host")
        #expect(server.stop().status == 0)
    }

    /// What libmicrohttpd would answer with its own HTML page, against the built server: the
    /// front door answers each with the documented JSON error and closes the connection.
    @Test func whatLibmicrohttpdWouldRefuseInHTMLIsRefusedInJSON() throws {
        let server = try ServerProcess()
        defer { server.remove() }
        let cases: [(request: String, status: Int, code: String)] = [
            ("GET /healthz HTTP/2.0\r\nHost: t\r\n\r\n", 505, "http_version_not_supported"),
            ("GET /healthz HTTP/1.1\r\nHost: t\r\nFoo bar\r\n\r\n", 400, "invalid_header"),
            ("GET /healthz HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "b", count: 70 * 1024))\r\n\r\n", 431, "headers_too_large"),
            ("POST /v1/sessions HTTP/1.1\r\nHost: t\r\nContent-Length: 1e3\r\n\r\n", 400, "invalid_framing"),
            ("POST /v1/sessions HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
             400, "malformed_chunked_body"),
        ]
        for (request, status, code) in cases {
            let connection = try KeepAliveConnection(port: server.port)
            connection.send(request)
            let response = try #require(connection.response(), "\(request.prefix(40).debugDescription)")
            #expect(response.status == status, "\(request.prefix(40).debugDescription)")
            #expect(response.headers["content-type"] == "application/json")
            #expect((response.json["error"] as? [String: Any])?["code"] as? String == code)
            #expect(response.closes)
            #expect(connection.closedByServer())
        }
        #expect(server.stop().status == 0)
    }
}
