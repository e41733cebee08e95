import Foundation
import Testing
@testable import Server
#if canImport(Glibc)
import Glibc
#endif

/// libmicrohttpd zeroes a connection's whole memory pool after every request, so the server
/// keeps the pool small (`Configuration.connectionMemory`). Later requests on a keep-alive
/// connection are read by libmicrohttpd alone, into that pool: a head up to the limit must
/// still be served, and one over it must still meet the server's JSON 431, not libmicrohttpd's.
@Suite("Connection memory: heads on a keep-alive connection", .serialized)
struct ConnectionMemoryTests {
    /// A GET of `/hello` whose request line and headers come to exactly `bytes`, made of header
    /// lines of `lineLength` bytes and one last line for the rest.
    static func request(headBytes bytes: Int, lineLength: Int) -> String {
        var head = "GET /hello HTTP/1.1\r\nHost: t\r\n"
        var index = 0
        while head.utf8.count + 2 * lineLength + 2 <= bytes {
            let name = "X-Filler-\(index): "
            head += name + String(repeating: "f", count: lineLength - name.utf8.count - 2) + "\r\n"
            index += 1
        }
        let last = "X-Last: "
        head += last + String(repeating: "l", count: bytes - head.utf8.count - last.utf8.count - 4) + "\r\n"
        return head + "\r\n"
    }

    @Test func headsUpToTheLimitAreServedOnALaterRequest() throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        let fd = try loopbackSocket(port: server.port)
        defer { close(fd) }
        let limit = server.configuration.maximumHeadBytes
        // Short lines (many header entries in the pool) and long ones, each just under the limit.
        for lineLength in [40, 1000, limit / 2] {
            sendAll(fd, "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try readResponse(fd).status == 200)
            let request = Self.request(headBytes: limit - 64, lineLength: lineLength)
            #expect(request.utf8.count == limit - 64)
            sendAll(fd, request)
            let response = try readResponse(fd)
            #expect(response.status == 200, "a \(request.utf8.count)-byte head of \(lineLength)-byte lines: \(response.statusLine)")
        }
    }

    @Test func headsOverTheLimitMeetTheJSON431OnALaterRequest() throws {
        let limit = HTTPServer.Configuration().maximumHeadBytes
        for (bytes, lineLength) in [(limit + 512, 1000), (limit + 4096, 100), (limit + 4096, limit / 2)] {
            let server = try HardeningFixture.start()
            defer { server.stop() }
            let fd = try loopbackSocket(port: server.port)
            defer { close(fd) }
            sendAll(fd, "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try readResponse(fd).status == 200)
            let request = Self.request(headBytes: bytes, lineLength: lineLength)
            #expect(request.utf8.count == bytes)
            sendAll(fd, request)
            let response = try readResponse(fd)
            #expect(response.status == 431, "\(response.statusLine)")
            #expect(try errorCode(in: response.body) == "headers_too_large")
        }
    }
}
