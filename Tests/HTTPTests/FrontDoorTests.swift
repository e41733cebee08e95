import Foundation
import Dispatch
import Testing
import Core
@testable import HTTP
@testable import Server
#if canImport(Glibc)
import Glibc
#endif

// What libmicrohttpd 0.9.75 used to answer itself, with an HTML page, before the server saw
// the request: the front door answers it with the documented JSON error and closes.

/// Sends `bytes` on a new connection and reads until the server closes it; `closed` is false
/// when it had not closed within `seconds`.
private func exchange(_ bytes: [UInt8], port: UInt16, from source: String = "127.0.0.1",
                      within seconds: Double = patience) throws -> (text: String, closed: Bool) {
    let fd = try loopbackSocket(from: source, port: port)
    defer { close(fd) }
    var offset = 0
    while offset < bytes.count {
        let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent > 0 else { break } // the server may close before it has read everything
        offset += sent
    }
    return untilClosed(fd, within: seconds)
}

private func exchange(_ text: String, port: UInt16) throws -> (text: String, closed: Bool) {
    try exchange(Array(text.utf8), port: port)
}

/// What arrives on `fd` until the peer closes it (EOF or reset), or until `seconds` pass.
private func untilClosed(_ fd: Int32, within seconds: Double) -> (text: String, closed: Bool) {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    let deadline = Date().addingTimeInterval(seconds)
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while Date() < deadline {
        guard poll(&descriptor, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { continue }
        let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count > 0 {
            data.append(contentsOf: buffer[..<count])
        } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            return (String(decoding: data, as: UTF8.self), true)
        }
    }
    return (String(decoding: data, as: UTF8.self), false)
}

/// How many responses `stream` holds: status lines, not mentions of the version in a message.
private func statusLines(in stream: String) -> Int {
    stream.components(separatedBy: "HTTP/1.1 ").dropFirst().filter { $0.prefix(4).dropLast().allSatisfy(\.isNumber) && $0.dropFirst(3).first == " " }.count
}

@Suite("Front door: what libmicrohttpd would answer in HTML is answered in JSON", .serialized)
struct FrontDoorRefusalTests {
    /// Sends each request on a connection of its own: the answer must be one JSON error with
    /// `status` and `code`, `Connection: close`, no HTML, and the connection closed after it.
    func expectRefused(_ requests: [[UInt8]], status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        for request in requests {
            let label = String(decoding: request.prefix(60), as: UTF8.self).debugDescription
            let (stream, closed) = try exchange(request, port: server.port)
            #expect(closed, "\(label): the connection was left open", sourceLocation: sourceLocation)
            #expect(!stream.lowercased().contains("<html"), "\(label): \(stream)", sourceLocation: sourceLocation)
            #expect(statusLines(in: stream) == 1, "\(label): \(stream)", sourceLocation: sourceLocation)
            guard let response = try? RawResponse(Data(stream.utf8)) else {
                Issue.record("\(label): no response: \(stream.debugDescription)", sourceLocation: sourceLocation)
                continue
            }
            #expect(response.status == status, "\(label): \(stream)", sourceLocation: sourceLocation)
            #expect(response.headers["content-type"] == "application/json", "\(label)", sourceLocation: sourceLocation)
            #expect(response.headers["connection"]?.lowercased() == "close", "\(label)", sourceLocation: sourceLocation)
            #expect(try errorCode(in: response.body) == code, "\(label): \(response.text)", sourceLocation: sourceLocation)
        }
        // And the server goes on serving.
        #expect(try rawRequest(port: server.port, "GET /hello HTTP/1.1\r\nHost: t\r\n").status == 200, sourceLocation: sourceLocation)
    }

    func expectRefused(_ requests: [String], status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectRefused(requests.map { Array($0.utf8) }, status: status, code: code, sourceLocation: sourceLocation)
    }

    @Test func unsupportedVersionsAre505() throws {
        try expectRefused(["GET /hello HTTP/2.0\r\nHost: t\r\n\r\n", "GET /hello HTTP/0.9\r\nHost: t\r\n\r\n",
                           "GET /hello HTTP/1.2\r\nHost: t\r\n\r\n", "GET /hello HTTP/3\r\n\r\n",
                           "GET /hello\r\n\r\n" /* HTTP/0.9's form, no version */],
                          status: 505, code: "http_version_not_supported")
    }

    @Test func requestLinesThatAreNotOneAre400() throws {
        try expectRefused(["GET /hello FOO/1.1\r\nHost: t\r\n\r\n", "get /hello http/1.1\r\nHost: t\r\n\r\n",
                           "GET  /hello HTTP/1.1\r\nHost: t\r\n\r\n", "GET /hello HTTP/1.1 extra\r\nHost: t\r\n\r\n",
                           "GET /he\u{01}llo HTTP/1.1\r\nHost: t\r\n\r\n", "GE(T /hello HTTP/1.1\r\nHost: t\r\n\r\n",
                           "GET /hello HTTP/1.1\nHost: t\n\n", "GET /hello HTTP/1.1\rHost: t\r\n\r\n", "\r\n\r\n"],
                          status: 400, code: "malformed_request")
        // TLS spoken to a plain HTTP port: a ClientHello's first bytes.
        try expectRefused([[0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03]], status: 400, code: "malformed_request")
    }

    @Test func headerLinesThatAreNotNameColonValueAre400() throws {
        try expectRefused(["GET /hello HTTP/1.1\r\nHost: t\r\nFoo bar\r\n\r\n",
                           "GET /hello HTTP/1.1\r\nHost: t\r\nnonsense\r\n\r\n",
                           "GET /hello HTTP/1.1\r\nHost: t\r\n: no name\r\n\r\n",
                           "GET /hello HTTP/1.1\r\nHost: t\r\nX-Nul: a\u{0}b\r\n\r\n",
                           "GET /hello HTTP/1.1\r\nHost: t\r\nX-Esc: \u{1B}[2J\r\n\r\n",
                           "GET /hello HTTP/1.1\r\nHost: t\r\nX Space: a\r\n\r\n",
                           "GET /hello HTTP/1.1\r\nHost: t\r\nX-Note: a\r\n folded\r\n\r\n",
                           "GET /hello HTTP/1.1\r\n folded-first: a\r\nHost: t\r\n\r\n"],
                          status: 400, code: "invalid_header")
        try expectRefused(["GET /hello HTTP/1.1\r\nHost: t\r\nX-A: a\nX-B: b\r\n\r\n", "GET /hello HTTP/1.1\r\nHost: t\r\nX-A: a\rb\r\n\r\n"],
                          status: 400, code: "malformed_request")
    }

    @Test func headsLargerThanLibmicrohttpdsMemoryAre431() throws {
        let big = "GET /hello HTTP/1.1\r\nHost: t\r\n" + (0..<70).map { "X-Filler-\($0): \(String(repeating: "f", count: 1000))\r\n" }.joined()
        try expectRefused([big + "\r\n", "GET /hello HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "b", count: 100_000))\r\n\r\n",
                           // Never ends: refused once it is over the limit, without waiting for the rest.
                           "GET /hello HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "b", count: 17_000))"],
                          status: 431, code: "headers_too_large")
        try expectRefused(["GET /\(String(repeating: "t", count: 12_000)) HTTP/1.1\r\nHost: t\r\n\r\n"], status: 414, code: "uri_too_long")
    }

    @Test func contentLengthsThatAreNotANumberOfBytesAre400() throws {
        let lengths = ["abc", "5, 5", "+5", "-1", "1e3", "0x10", "5 5", "", "99999999999999999999999", "18446744073709551616"]
        try expectRefused(lengths.map { "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \($0)\r\n\r\nhello" },
                          status: 400, code: "invalid_framing")
    }

    @Test func malformedChunkedBodiesAre400() throws {
        let head = "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        let bodies = ["zz\r\nhello\r\n0\r\n\r\n", "5\r\nhelloXX0\r\n\r\n", "5\r\nhello\n0\r\n\r\n", " 5\r\nhello\r\n0\r\n\r\n",
                      "5 \r\nhello\r\n0\r\n\r\n", "5\nhello\r\n0\r\n\r\n", "-5\r\nhello\r\n0\r\n\r\n", "5;a=\u{01}\r\nhello\r\n0\r\n\r\n",
                      "fffffffffffffffff\r\nhello\r\n", "0\r\nnot a trailer\r\n\r\n", "0\r\nX-T: \u{7}\r\n\r\n", "zz"]
        try expectRefused(bodies.map { head + $0 }, status: 400, code: "malformed_chunked_body")
    }

    /// Each refused before a byte reaches libmicrohttpd: the request hidden behind is never served.
    @Test func theRequestBehindARefusalIsNeverServed() throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        let behind = "GET /echo/smuggled HTTP/1.1\r\nHost: t\r\n\r\n"
        for first in ["POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 1e3\r\n\r\nhello",
                      "POST /upload HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n",
                      "GET /hello HTTP/1.1\r\nHost: t\r\nFoo bar\r\n\r\n"] {
            let (stream, closed) = try exchange(first + behind, port: server.port)
            #expect(closed)
            #expect(!stream.contains("smuggled"), "\(stream)")
        }
    }
}

@Suite("Front door: sound requests are served as before", .serialized)
struct FrontDoorServesTests {
    @Test func aValidRequestAndAPipelinedPair() throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        #expect(try rawRequest(port: server.port, "GET /hello HTTP/1.1\r\nHost: t\r\n").text == "Hello, Tend!")
        let (stream, closed) = try exchange("GET /echo/first HTTP/1.1\r\nHost: t\r\n\r\nGET /echo/second HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
                                            port: server.port)
        #expect(closed)
        #expect(stream.components(separatedBy: "HTTP/1.1 200 OK\r\n").count - 1 == 2, "\(stream)")
        #expect(stream.contains(#""id":"first""#) && stream.contains(#""id":"second""#))
        // Blank lines before the request line are ignored (RFC 9112 §2.2), and HTTP/1.0 needs no Host.
        #expect(try rawRequest(port: server.port, "\r\nGET /hello HTTP/1.1\r\nHost: t\r\n").status == 200)
        #expect(try rawRequest(port: server.port, "GET /hello HTTP/1.0\r\n").status == 200)
    }

    @Test func aChunkedUploadWithExtensionsAndTrailers() throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        let response = try rawRequest(port: server.port, "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n",
                                      body: Data("4;note=a\r\n{\"a\"\r\n3\r\n:1}\r\n0\r\nX-Trailer: done\r\n\r\n".utf8))
        #expect(response.status == 200)
        #expect(response.text == #"{"a":1}"#)
    }

    /// A client whose head and body arrive a few bytes at a time, well within the deadline.
    @Test func aTricklingButValidClientIsServed() throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        let fd = try loopbackSocket(port: server.port)
        defer { close(fd) }
        let request = Array("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"b\":2}".utf8)
        for start in stride(from: 0, to: request.count, by: 3) {
            let piece = String(decoding: request[start..<min(start + 3, request.count)], as: UTF8.self)
            #expect(sendAll(fd, piece))
            usleep(10_000)
        }
        let response = try readResponse(fd)
        #expect(response.status == 200)
        #expect(response.text == #"{"b":2}"#)
        // The connection stays open for the next request, which libmicrohttpd reads on its own.
        sendAll(fd, "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try readResponse(fd).text == "Hello, Tend!")
    }

    /// A client that sends its request and then closes its sending side is still answered.
    @Test func aHalfClosedClientIsServed() throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        let fd = try loopbackSocket(port: server.port)
        defer { close(fd) }
        sendAll(fd, "GET /hello HTTP/1.0\r\n\r\n")
        shutdown(fd, Int32(SHUT_WR))
        let (stream, closed) = untilClosed(fd, within: patience)
        #expect(closed)
        #expect(try RawResponse(Data(stream.utf8)).text == "Hello, Tend!")
    }

    /// What the front door does not cover: a later request on a keep-alive connection is read
    /// by libmicrohttpd alone. The first is served; the malformed second is refused (in
    /// libmicrohttpd's words) and closes the connection, and nothing behind it is served.
    @Test func aMalformedSecondRequestStillClosesTheConnection() throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        let (stream, closed) = try exchange("GET /echo/first HTTP/1.1\r\nHost: t\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\nFoo bar\r\n\r\n"
                                                + "GET /echo/third HTTP/1.1\r\nHost: t\r\n\r\n", port: server.port)
        #expect(closed)
        #expect(stream.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(stream.contains("HTTP/1.1 400 "), "\(stream)")
        #expect(!stream.contains("third"))
    }
}

@Suite("Front door: connections it holds count against the limits", .serialized)
struct FrontDoorLimitTests {
    /// Connections that have sent nothing are held by the front door: they count against the
    /// address's limit (the next one is closed at once) but not another address's.
    @Test func silentConnectionsCountAgainstTheAddressLimit() async throws {
        let server = try HardeningFixture.start(HardeningFixture.configuration(perAddress: 4, requestTimeout: .seconds(60)))
        defer { server.stop() }
        var held: [Int32] = []
        defer { for fd in held { close(fd) } }
        for _ in 0..<4 { held.append(try loopbackSocket(from: "127.0.0.3", port: server.port)) }
        #expect(waitUntil { server.connections.openConnections == 4 })
        let extra = try loopbackSocket(from: "127.0.0.3", port: server.port)
        defer { close(extra) }
        #expect(peerClosed(extra, within: patience), "a fifth connection from the address was kept")
        #expect(try exchange(Array("GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".utf8), port: server.port,
                             from: "127.0.0.4").text.hasSuffix("Hello, Tend!"))
        for fd in held { #expect(!peerClosed(fd, within: 0.05)) }
    }

    /// The deadline holds at the front door: a request line that never ends gets a JSON 408
    /// (a request had begun); a connection that sends nothing is closed without a word.
    @Test func theRequestDeadlineHoldsAtTheFrontDoor() throws {
        let server = try HardeningFixture.start(HardeningFixture.configuration(requestTimeout: .seconds(1)))
        defer { server.stop() }
        let partial = try loopbackSocket(port: server.port)
        defer { close(partial) }
        let silent = try loopbackSocket(port: server.port)
        defer { close(silent) }
        let started = Date()
        sendAll(partial, "GET /hel")
        let (cut, closed) = untilClosed(partial, within: patience)
        #expect(closed)
        #expect(Date().timeIntervalSince(started) < 10)
        let response = try RawResponse(Data(cut.utf8))
        #expect(response.status == 408)
        #expect(try errorCode(in: response.body) == "request_timeout")
        let (said, silentClosed) = untilClosed(silent, within: patience)
        #expect(silentClosed && said.isEmpty, "\(said)")
        #expect(waitUntil { server.connections.openConnections == 0 })
    }

    /// `stop` closes the listening socket at once, while a request is in flight.
    @Test func stopStopsAcceptingAtOnce() throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = try HardeningFixture.start(routes: HardeningFixture.routes + [makeRoute("GET", "/slow") { _ in
            entered.signal()
            _ = release.wait(timeout: .now() + patience)
            return HTTPResponse(status: 200, body: Data("slow done".utf8))
        }])
        defer { release.signal() }
        let port = server.port
        let busy = try loopbackSocket(port: port)
        defer { close(busy) }
        sendAll(busy, "GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        try #require(entered.wait(timeout: .now() + patience) == .success)
        let draining = DispatchSemaphore(value: 0)
        server.drainBegins.withLock { $0 = { draining.signal() } }
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.stop(timeout: .seconds(patience))
            stopped.signal()
        }
        try #require(draining.wait(timeout: .now() + patience) == .success)
        #expect(throws: RawSocketError.connect(ECONNREFUSED)) { _ = try loopbackSocket(port: port) }
        release.signal()
        #expect(try readResponse(busy).text == "slow done")
        #expect(stopped.wait(timeout: .now() + patience) == .success)
    }
}
