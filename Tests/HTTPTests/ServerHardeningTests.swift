import Foundation
import Dispatch
import Testing
import Core
@testable import HTTP
@testable import Server
#if canImport(Glibc)
import Glibc
#endif

/// A server for the hardening suites: the fixture's routes plus `/whoami` (the client's
/// address as the server saw it), under the limits a test gives.
enum HardeningFixture {
    static let routes: [Route] = ServerFixture.routes + [
        makeRoute("GET", "/whoami") { request in
            HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Data((request.remoteAddress ?? "none").utf8))
        },
    ]

    static func start(_ configuration: HTTPServer.Configuration = .init(host: "127.0.0.1", port: 0, threads: 2),
                      routes: [Route] = routes, maximumBodySize: Int = 1 << 20) throws -> HTTPServer {
        let server = HTTPServer(application: makeApplication(routes, maximumBodySize: maximumBodySize), configuration: configuration)
        try server.start()
        return server
    }

    static func configuration(connectionLimit: Int = 1024, perAddress: Int = 32, reserved: Int = 64,
                              requestTimeout: Duration = .seconds(20)) -> HTTPServer.Configuration {
        .init(host: "127.0.0.1", port: 0, threads: 2, connectionLimit: connectionLimit, connectionsPerAddress: perAddress,
              reservedConnections: reserved, requestTimeout: requestTimeout)
    }
}

/// What came back on a connection that sent `bytes`: the whole stream until the server closed it.
private func exchange(_ bytes: String, port: UInt16) throws -> String {
    let fd = try loopbackSocket(port: port)
    defer { close(fd) }
    sendAll(fd, bytes)
    return readAll(fd)
}

private func statusLines(_ stream: String) -> Int {
    stream.components(separatedBy: "HTTP/1.1 ").count - 1
}

@Suite("Server hardening: ambiguous framing is refused", .serialized)
struct ServerFramingHardeningTests {
    /// A POST whose framing two readers could read differently, followed by a second request
    /// that a reader taking the shorter length would serve: the server must answer the first
    /// with one JSON 400, close, and never serve the second.
    func expectRefused(_ headers: String, body: String = "hello", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        let smuggled = "GET /echo/smuggled HTTP/1.1\r\nHost: t\r\n\r\n"
        let stream = try exchange("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\(headers)\r\n\(body)\(smuggled)",
                                  port: server.port)
        #expect(statusLines(stream) == 1, "\(stream)", sourceLocation: sourceLocation)
        #expect(!stream.contains("smuggled"), "the bytes after the body were served: \(stream)", sourceLocation: sourceLocation)
        let response = try RawResponse(Data(stream.utf8))
        #expect(response.status == 400, "\(stream)", sourceLocation: sourceLocation)
        #expect(response.headers["content-type"] == "application/json", sourceLocation: sourceLocation)
        #expect(response.headers["connection"]?.lowercased() == "close", sourceLocation: sourceLocation)
        let code = try errorCode(in: response.body)
        #expect(code == "invalid_framing" || code == "invalid_header", "\(stream)", sourceLocation: sourceLocation)
        // The server is fine afterwards.
        #expect(try rawRequest(port: server.port, "GET /hello HTTP/1.1\r\nHost: t\r\n").status == 200, sourceLocation: sourceLocation)
    }

    @Test func twoDifferentContentLengths() throws {
        try expectRefused("Content-Length: 5\r\nContent-Length: 47\r\n")
        try expectRefused("Content-Length: 47\r\nContent-Length: 5\r\n")
    }

    @Test func twoEqualContentLengths() throws {
        try expectRefused("Content-Length: 5\r\nContent-Length: 5\r\n")
    }

    @Test func contentLengthWithTransferEncoding() throws {
        try expectRefused("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", body: "0\r\n\r\n")
        try expectRefused("Transfer-Encoding: chunked\r\nContent-Length: 5\r\n", body: "0\r\n\r\n")
    }

    @Test func obfuscatedTransferEncodings() throws {
        for value in ["chunked, identity", "identity, chunked", "xchunked", "chunked-false", "identity", "\"chunked\""] {
            try expectRefused("Transfer-Encoding: \(value)\r\n", body: "5\r\nhello\r\n0\r\n\r\n")
        }
        try expectRefused("Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n", body: "5\r\nhello\r\n0\r\n\r\n")
        try expectRefused("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", body: "5\r\nhello\r\n0\r\n\r\n")
    }

    @Test func framingHeadersHiddenByFoldingOrSpacing() throws {
        // A line that starts with white space continues the previous header (obs-fold).
        try expectRefused("X-Note: a\r\n Transfer-Encoding: chunked\r\nContent-Length: 5\r\n")
        try expectRefused("Transfer-Encoding:\r\n chunked\r\nContent-Length: 5\r\n")
        try expectRefused("Transfer-Encoding: chunked\r\n x\r\n", body: "5\r\nhello\r\n0\r\n\r\n")
        try expectRefused("Content-Length: 5\r\n 0\r\n")
        // White space before the colon: a name no header has.
        try expectRefused("Transfer-Encoding : chunked\r\nContent-Length: 5\r\n")
        try expectRefused("Content-Length\t: 5\r\n")
    }

    @Test func transferEncodingInHTTP10() throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        let stream = try exchange("POST /upload HTTP/1.0\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                                      + "5\r\nhello\r\n0\r\n\r\nGET /echo/smuggled HTTP/1.0\r\n\r\n", port: server.port)
        #expect(statusLines(stream) == 1, "\(stream)")
        #expect(!stream.contains("smuggled"))
        #expect(try errorCode(in: RawResponse(Data(stream.utf8)).body) == "invalid_framing")
    }

    @Test func soundFramingStillServesKeepAlive() throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        let stream = try exchange("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"a\":1}"
                                      + "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                                      + "Transfer-Encoding: Chunked\r\n\r\n"
                                      + "7\r\n{\"b\":2}\r\n0\r\n\r\n"
                                      + "GET /echo/third HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(stream.components(separatedBy: "HTTP/1.1 200 OK\r\n").count - 1 == 3, "\(stream)")
        #expect(stream.contains(#"{"a":1}"#) && stream.contains(#"{"b":2}"#) && stream.contains(#""id":"third""#))
    }
}

@Suite("Server hardening: every error the server answers is JSON", .serialized)
struct ServerErrorHardeningTests {
    func expectJSONError(_ request: String, status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        let stream = try exchange(request, port: server.port)
        let response = try RawResponse(Data(stream.utf8))
        #expect(response.status == status, "\(stream.prefix(300))", sourceLocation: sourceLocation)
        #expect(response.headers["content-type"] == "application/json", "\(stream.prefix(300))", sourceLocation: sourceLocation)
        #expect(try errorCode(in: response.body) == code, sourceLocation: sourceLocation)
        #expect(response.headers["connection"]?.lowercased() == "close", sourceLocation: sourceLocation)
    }

    @Test func http11WithoutHostIs400() throws {
        try expectJSONError("GET /hello HTTP/1.1\r\n\r\n", status: 400, code: "missing_host")
        try expectJSONError("GET /hello HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400, code: "conflicting_host")
        try expectJSONError("GET /hello HTTP/1.1\r\nHost: a, b\r\n\r\n", status: 400, code: "invalid_host")
        // A folded line is refused as such (libmicrohttpd 0.9.75 would fold it into the name,
        // leaving no Host).
        try expectJSONError("GET /hello HTTP/1.1\r\nHost:\r\n t\r\n\r\n", status: 400, code: "invalid_header")
    }

    @Test func http10WithoutHostIsServed() throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        let response = try RawResponse(Data(try exchange("GET /hello HTTP/1.0\r\n\r\n", port: server.port).utf8))
        #expect(response.status == 200)
        #expect(response.text == "Hello, Tend!")
    }

    @Test func longTargetIs414() throws {
        let target = "/echo/" + String(repeating: "a", count: 9000)
        try expectJSONError("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n", status: 414, code: "uri_too_long")
        let query = String(repeating: "b", count: 9000)
        try expectJSONError("GET /hello?q=\(query) HTTP/1.1\r\nHost: t\r\n\r\n", status: 414, code: "uri_too_long")
    }

    @Test func largeHeadIs431() throws {
        let headers = (0..<20).map { "X-Filler-\($0): \(String(repeating: "f", count: 1000))\r\n" }.joined()
        try expectJSONError("GET /hello HTTP/1.1\r\nHost: t\r\n\(headers)\r\n", status: 431, code: "headers_too_large")
        let cookie = "Cookie: " + String(repeating: "c", count: 20_000) + "\r\n"
        try expectJSONError("GET /hello HTTP/1.1\r\nHost: t\r\n\(cookie)\r\n", status: 431, code: "headers_too_large")
    }

    @Test func controlCharacterInAHeaderIs400() throws {
        try expectJSONError("GET /hello HTTP/1.1\r\nHost: t\r\nX-Bell: a\u{07}b\r\n\r\n", status: 400, code: "invalid_header")
        try expectJSONError("GET /hello HTTP/1.1\r\nHost: t\r\nX(Bad): a\r\n\r\n", status: 400, code: "invalid_header")
    }

    @Test func unsupportedVersionThatReachesTheServerIs505() throws {
        // libmicrohttpd hands HTTP/1.2 and later 1.x on as HTTP/1.1-compatible; they are answered in JSON.
        try expectJSONError("GET /hello HTTP/1.2\r\nHost: t\r\n\r\n", status: 505, code: "http_version_not_supported")
    }

    @Test func oversizeDeclaredBodyIs413JSON() throws {
        let server = try HardeningFixture.start(maximumBodySize: 1024)
        defer { server.stop() }
        let stream = try exchange("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n",
                                  port: server.port)
        let response = try RawResponse(Data(stream.utf8))
        #expect(response.status == 413)
        #expect(try errorCode(in: response.body) == "body_too_large")
    }
}

@Suite("Server hardening: the client's address", .serialized)
struct ServerAddressHardeningTests {
    @Test func remoteAddressIsTheSocketsPeer() throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        for source in ["127.0.0.1", "127.0.0.2", "127.0.0.77"] {
            let fd = try loopbackSocket(from: source, port: server.port)
            defer { close(fd) }
            sendAll(fd, "GET /whoami HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            #expect(try RawResponse(Data(readAll(fd).utf8)).text == source)
        }
    }

    @Test func remoteAddressOverIPv6() throws {
        guard ipv6LoopbackAvailable() else { return }
        let server = try HardeningFixture.start(.init(host: "::1", port: 0, threads: 2))
        defer { server.stop() }
        let response = try rawRequest(host: "::1", port: server.port, "GET /whoami HTTP/1.1\r\nHost: [::1]\r\n")
        #expect(response.text == "::1")
    }

    @Test func forwardedHeadersDoNotChangeTheAddress() throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        let response = try rawRequest(port: server.port,
                                      "GET /whoami HTTP/1.1\r\nHost: t\r\nX-Forwarded-For: 203.0.113.9\r\nX-Real-IP: 203.0.113.9\r\n")
        #expect(response.text == "127.0.0.1")
    }
}

@Suite("Server hardening: slow and greedy clients", .serialized)
struct ServerSlowClientHardeningTests {
    /// 200 connections from one address trickle a header line every 300 ms. The address holds
    /// at most its limit of them; the server closes every one it holds by the request deadline
    /// (2 s here), which the trickle cannot extend; a client from another address is answered
    /// while they are held.
    @Test func tricklingConnectionsAreBoundedInNumberAndTime() async throws {
        let deadline = 2.0
        let server = try HardeningFixture.start(HardeningFixture.configuration(connectionLimit: 256, perAddress: 16, reserved: 16,
                                                                               requestTimeout: .seconds(deadline)))
        defer { server.stop() }
        let attack = try TricklingClients(count: 200, from: "127.0.0.2", port: server.port)
        attack.start(every: 0.3)
        defer { attack.stopAndWait() }

        // The connections over the address's limit are closed at once.
        #expect(waitUntil { attack.openCount <= 16 }, "\(attack.openCount) connections held")
        let held = attack.openCount
        #expect(held > 0 && held <= 16, "\(held)")

        // Another address is served while they are held.
        let normal = try await onThread { try rawRequest(port: server.port, "GET /hello HTTP/1.1\r\nHost: t\r\n") }
        #expect(normal.status == 200)

        // Every held connection is closed by the deadline, whatever it trickles.
        #expect(waitUntil { attack.openCount == 0 }, "\(attack.openCount) still open")
        let lifetimes = attack.connections.compactMap(\.closedAfter)
        let longest = lifetimes.max() ?? 0
        #expect(longest < deadline + 3, "a trickling connection lived \(longest) s against a \(deadline) s deadline")
        #expect(longest >= deadline - 0.5, "the held connections were closed before their deadline (\(longest) s)")
        // The ones that had begun a request were told why, in JSON.
        let told = attack.connections.filter { $0.received.hasPrefix("HTTP/1.1 408") }
        #expect(told.count >= 1)
        for connection in told {
            #expect(connection.received.contains(#""code":"request_timeout""#))
        }
    }

    @Test func aHeadThatStopsHalfWayGets408BeforeTheIdleTimeout() throws {
        let server = try HardeningFixture.start(HardeningFixture.configuration(requestTimeout: .seconds(1)))
        defer { server.stop() }
        let fd = try loopbackSocket(port: server.port)
        defer { close(fd) }
        let started = Date()
        sendAll(fd, "GET /hello HTTP/1.1\r\nHost: t\r\n")
        let response = try RawResponse(Data(readAll(fd).utf8))
        let elapsed = Date().timeIntervalSince(started)
        #expect(response.status == 408)
        #expect(try errorCode(in: response.body) == "request_timeout")
        #expect(elapsed < 10, "closed after \(elapsed) s: the idle timeout (30 s), not the request deadline (1 s)")
    }

    @Test func aBodyThatTricklesIsCutAndOneThatFlowsIsNot() async throws {
        let server = try HardeningFixture.start(HardeningFixture.configuration(requestTimeout: .seconds(1)))
        defer { server.stop() }
        let port = server.port
        // A trickle: a byte every 100 ms of a 1,000-byte body.
        let trickled = try await onThread {
            let fd = try loopbackSocket(port: port)
            defer { close(fd) }
            sendAll(fd, "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
            let started = Date()
            while Date().timeIntervalSince(started) < patience {
                guard sendAll(fd, "a") else { break }
                if peerClosed(fd, within: 0.1) { break }
            }
            return Date().timeIntervalSince(started)
        }
        #expect(trickled < 10, "a trickling body held its connection \(trickled) s")

        // A flow: 768 KiB in 32 KiB pieces every 50 ms (about 640 KiB/s), 1.2 s in all: past
        // the 1 s deadline, but each piece earns its time.
        let piece = String(repeating: "x", count: 32 * 1024)
        let pieces = 24
        let flowed = try await onThread {
            let fd = try loopbackSocket(port: port)
            defer { close(fd) }
            sendAll(fd, "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                        + "Content-Length: \(pieces * piece.utf8.count)\r\nConnection: close\r\n\r\n")
            for _ in 0..<pieces {
                guard sendAll(fd, piece) else { break }
                usleep(50_000)
            }
            return try RawResponse(Data(readAll(fd).utf8))
        }
        #expect(flowed.status == 200)
        #expect(flowed.body.count == pieces * piece.utf8.count)
    }

    /// Four addresses each open as many connections as one address may: together, the whole
    /// limit. Past the reserve (the last 16 of 64), an address that holds two or more gets no
    /// more, so clients from other addresses still get in while they are held.
    @Test func theReserveKeepsRoomForOtherClients() async throws {
        let server = try HardeningFixture.start(HardeningFixture.configuration(connectionLimit: 64, perAddress: 16, reserved: 16,
                                                                               requestTimeout: .seconds(60)))
        defer { server.stop() }
        var attacks: [TricklingClients] = []
        defer { for attack in attacks { attack.stopAndWait() } }
        for host in 2...5 {
            let attack = try TricklingClients(count: 16, from: "127.0.0.\(host)", port: server.port)
            attack.start(every: 0.5)
            attacks.append(attack)
        }
        // Settled: the server holds no more of them than the limit less the reserve.
        #expect(waitUntil { attacks.map(\.openCount).reduce(0, +) <= 50 + 3 })
        #expect(waitUntil { server.connections.openConnections <= 50 + 3 })
        let held = attacks.map(\.openCount).reduce(0, +)
        #expect(held >= 44 && held <= 53, "\(held) attacking connections held")

        for source in ["127.0.0.1", "127.0.0.10"] {
            let port = server.port
            let answer = try await onThread {
                let fd = try loopbackSocket(from: source, port: port)
                defer { close(fd) }
                sendAll(fd, "GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                return try RawResponse(Data(readAll(fd).utf8))
            }
            #expect(answer.status == 200, "\(source) was not served")
        }
        // And the attackers still hold theirs: the answers came from the reserve, not from a deadline.
        #expect(attacks.map(\.openCount).reduce(0, +) >= 44)
    }
}

@Suite("Server hardening: a graceful stop", .serialized)
struct ServerStopHardeningTests {
    /// Under keep-alive, with one worker thread held by a slow request: once `stop` begins, an
    /// idle connection is closed at once, one whose head is half-way in gets a JSON 503, one
    /// whose next request waits unread gets a JSON 503 when it is read, and the request in
    /// flight finishes, with `Connection: close`.
    ///
    /// The server's own clocks (the request deadline, the idle timeout) are set far beyond
    /// `patience`, so that every close and every answer seen here is the drain's, however long
    /// a loaded run takes between steps: with the 20 s deadline, a run held up for 20 s before
    /// the stop saw the deadline's 408 and closes instead. And the steps run on one thread,
    /// with no `await` between them to wait for a turn of a busy cooperative pool.
    @Test func stopClosesIdleConnectionsRefusesNewRequestsAndFinishesTheOneInFlight() throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let never = 10 * Int(patience)
        let server = try HardeningFixture.start(.init(host: "127.0.0.1", port: 0, threads: 1, connectionTimeoutSeconds: never,
                                                      requestTimeout: .seconds(never)),
                                                routes: HardeningFixture.routes + [makeRoute("GET", "/slow") { _ in
            entered.signal()
            _ = release.wait(timeout: .now() + patience)
            return HTTPResponse(status: 200, body: Data("slow done".utf8))
        }])
        defer { release.signal() }
        let port = server.port

        // Two keep-alive connections served once, and one whose head is half-way in.
        var served: [Int32] = []
        for _ in 0..<2 {
            let fd = try loopbackSocket(port: port)
            sendAll(fd, "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            let first = try readResponse(fd)
            #expect(first.status == 200)
            #expect(first.headers["connection"]?.lowercased() != "close")
            served.append(fd)
        }
        let (idle, late) = (served[0], served[1])
        defer { close(idle); close(late) }
        let partial = try loopbackSocket(port: port)
        defer { close(partial) }
        sendAll(partial, "GET /hello HTTP/1.1\r\nHost: t\r\n")

        // The one worker is held by a request in flight; the late connection's next request
        // waits unread behind it.
        let busy = try loopbackSocket(port: port)
        defer { close(busy) }
        sendAll(busy, "GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        try #require(entered.wait(timeout: .now() + patience) == .success)
        sendAll(late, "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")

        let draining = DispatchSemaphore(value: 0)
        server.drainBegins.withLock { $0 = { draining.signal() } }
        let stopReturned = Flag()
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.stop(timeout: .seconds(patience))
            stopReturned.set()
            stopped.signal()
        }
        try #require(draining.wait(timeout: .now() + patience) == .success)

        // The idle connection is closed without a word, while the request is still in flight.
        let idleBytes = bytesUntilClosed(idle, within: patience)
        #expect(idleBytes == "", "the idle connection \(idleBytes.map { "got \($0)" } ?? "was not closed")")
        #expect(!stopReturned.isSet, "stop returned while a request was in flight")

        release.signal()
        let finished = try readResponse(busy)
        #expect(finished.status == 200)
        #expect(finished.text == "slow done")
        #expect(finished.headers["connection"]?.lowercased() == "close")
        // The half-way one is told why (by the drain, once its request line is read).
        let cut = try RawResponse(Data(readAll(partial).utf8))
        #expect(cut.status == 503)
        #expect(try errorCode(in: cut.body) == "shutting_down")
        let refused = try readResponse(late)
        #expect(refused.status == 503)
        #expect(try errorCode(in: refused.body) == "shutting_down")
        #expect(refused.headers["connection"]?.lowercased() == "close")
        #expect(stopped.wait(timeout: .now() + 2 * patience) == .success, "stop did not return")
        #expect(peerClosed(busy, within: patience))
        #expect(peerClosed(late, within: patience))
    }
}

/// What the peer sends on `fd` until it closes (EOF or reset), or nil when it has not closed
/// within `seconds`: unlike `readAll`, a read that gives up is not taken for a close.
private func bytesUntilClosed(_ fd: Int32, within seconds: Double) -> String? {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = Date().addingTimeInterval(seconds)
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while Date() < deadline {
        guard poll(&descriptor, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { continue }
        let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count > 0 {
            data.append(contentsOf: buffer[..<count])
        } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            return String(decoding: data, as: UTF8.self)
        }
    }
    return nil
}

extension ServerFramingHardeningTests {
    /// A `Content-Length` libmicrohttpd cannot read (which it would refuse itself, in HTML) is
    /// refused by the front door in JSON; the request behind is never served, the connection closes.
    @Test func unreadableContentLengthsAreRefusedInJSON() throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        for length in ["5, 5", "+5", "abc", "-1"] {
            let stream = try exchange("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                                          + "Content-Length: \(length)\r\n\r\nhelloGET /echo/smuggled HTTP/1.1\r\nHost: t\r\n\r\n",
                                      port: server.port)
            #expect(stream.hasPrefix("HTTP/1.1 400 "), "\(length): \(stream)")
            #expect(!stream.contains("smuggled"), "\(length): \(stream)")
            #expect(try errorCode(in: RawResponse(Data(stream.utf8)).body) == "invalid_framing", "\(length): \(stream)")
        }
    }
}
