import Foundation
import Testing
import Core
@testable import HTTP
@testable import Server
#if canImport(Glibc)
import Glibc
#endif

/// Sends all of `bytes`; the errno of the send that failed, or nil when every byte went.
private func send(_ bytes: Data, on fd: Int32) -> Int32? {
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let sent = Glibc.send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
            guard sent > 0 else { return errno }
            offset += sent
        }
        return nil
    }
}

/// Everything that arrives until the server closes, and how it closed: 0 for an orderly end
/// (EOF), else the errno of the read that failed (ECONNRESET: a reset).
private func readUntilClosed(_ fd: Int32) -> (data: Data, ending: Int32) {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        if count > 0 {
            data.append(contentsOf: buffer[..<count])
        } else if count < 0 && errno == EINTR {
            continue
        } else {
            return (data, count == 0 ? 0 : errno)
        }
    }
}

/// A client that sends a request's head and its whole body before reading, as a browser's form
/// does (no `Expect: 100-continue`): the server answers before reading a body over its limit,
/// and must go on reading (and dropping) what comes for a moment before it closes. Closing
/// with unread bytes resets the connection: the client's sending fails, and it may never read
/// the answer.
@Suite("Server: an early answer reaches a client that sends its whole body", .serialized)
struct LingeringCloseTests {
    /// Larger than the loopback's socket buffers together, so that a server that stops
    /// reading is seen by the sender.
    static let body = Data(repeating: 0x61, count: 16 << 20)

    func expectAnswered(_ head: String, status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let server = try HardeningFixture.start(maximumBodySize: 1024)
        defer { server.stop() }
        let fd = try loopbackSocket(port: server.port)
        defer { close(fd) }
        var request = Data(head.utf8)
        request.append(Self.body)
        let failed = send(request, on: fd)
        #expect(failed == nil, "the server reset the connection while the body went: errno \(failed ?? 0)", sourceLocation: sourceLocation)
        let (stream, ending) = readUntilClosed(fd)
        #expect(ending == 0, "the connection ended with errno \(ending), not an orderly close", sourceLocation: sourceLocation)
        let response = try RawResponse(stream)
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(try errorCode(in: response.body) == code, sourceLocation: sourceLocation)
        // And the server goes on serving.
        #expect(try rawRequest(port: server.port, "GET /hello HTTP/1.1\r\nHost: t\r\n").status == 200, sourceLocation: sourceLocation)
    }

    /// Refused by the server once libmicrohttpd has the head (`HTTPServer.refuse`).
    @Test func aBodyOverTheLimitSentWholeGetsThe413() throws {
        try expectAnswered("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(Self.body.count)\r\n\r\n",
                           status: 413, code: "body_too_large")
    }

    /// Refused by the front door before libmicrohttpd sees the connection.
    @Test func aRefusedHeadWithABodyBehindItGetsItsAnswer() throws {
        try expectAnswered("POST /upload HTTP/1.2\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(Self.body.count)\r\n\r\n",
                           status: 505, code: "http_version_not_supported")
    }

    /// Lingering is bounded in time: a client that stops sending but keeps the connection open
    /// is closed on after a moment, not held for as long as it likes.
    @Test func aClientThatStopsSendingIsClosedOnInTime() throws {
        let server = try HardeningFixture.start(maximumBodySize: 1024)
        defer { server.stop() }
        let fd = try loopbackSocket(port: server.port)
        defer { close(fd) }
        var request = Data("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(Self.body.count)\r\n\r\n".utf8)
        request.append(Self.body.prefix(1 << 20))
        #expect(send(request, on: fd) == nil)
        let response = try readResponse(fd)
        #expect(response.status == 413)
        // The answer is followed by the server's end of sending, while it still reads.
        #expect(readUntilClosed(fd).ending == 0)
        #expect(send(Data(repeating: 0x61, count: 1024), on: fd) == nil)
        // Then it closes for good: what is sent after that is refused (a reset, then EPIPE).
        let deadline = Date().addingTimeInterval(Double(FrontDoor.lingerTime.components.seconds) + patience)
        var refused: Int32?
        while refused == nil && Date() < deadline {
            usleep(100_000)
            refused = send(Data(repeating: 0x61, count: 1024), on: fd)
        }
        #expect(refused == ECONNRESET || refused == EPIPE, "still open after \(patience) s")
    }
}
