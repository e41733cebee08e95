import Foundation
import Testing
@testable import Server
#if canImport(Glibc)
import Glibc
#endif

// epoll forgets a socket only once its last descriptor is closed. A process forked at the moment
// the front door closes a connection (a test spawning a program; its copies go at exec) holds
// another, and the old socket's events would then come under its number, which the next
// accepted connection may already have. Here a `dup` stands for that child's copy.

/// The port of `fd`'s own end, or of its peer's.
private func port(of fd: Int32, peer: Bool) -> UInt16? {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let found = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            peer ? getpeername(fd, $0, &length) : getsockname(fd, $0, &length)
        }
    }
    guard found == 0, address.sin_family == sa_family_t(AF_INET) else { return nil }
    return UInt16(bigEndian: address.sin_port)
}

/// The descriptors of this process's epoll instances that watch the file with inode `inode`.
private func epollsWatching(inode: UInt64) -> [Int32] {
    let token = "ino:" + String(inode, radix: 16)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return names.compactMap(Int32.init).filter { fd in
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) == "anon_inode:[eventpoll]",
              let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(fd)", encoding: .utf8) else { return false }
        return info.split(whereSeparator: \.isWhitespace).contains { $0 == token }
    }
}

@Suite("Front door: a closed connection stops being watched, whoever else holds its socket", .serialized)
struct FrontDoorEpollTests {
    @Test func aRefusedConnectionIsNoLongerWatchedOnceClosedThoughACopyLives() throws {
        let server = try HardeningFixture.start()
        defer { server.stop() }
        let client = try loopbackSocket(port: server.port)
        var clientOpen = true
        defer { if clientOpen { close(client) } }
        _ = "GET /hello FOO/1.1\r\nHost: t\r\n\r\n".withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        // The refusal, then the end of the server's sending side: it now lingers for ours.
        var answer = [UInt8](), buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            answer += buffer[..<count]
        }
        #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 400 "))

        let clientPort = try #require(port(of: client, peer: false))
        let held = try #require((0..<Int32(4096)).first { fd in
            fd != client && port(of: fd, peer: false) == server.port && port(of: fd, peer: true) == clientPort
        }, "the server's end of the connection")
        var status = stat()
        try #require(fstat(held, &status) == 0)
        let inode = UInt64(status.st_ino)
        try #require(!epollsWatching(inode: inode).isEmpty, "the front door watches it while it lingers")

        let copy = dup(held)
        try #require(copy >= 0)
        defer { close(copy) }
        close(client)
        clientOpen = false
        // The server sees our end and closes its descriptor; the copy keeps the socket.
        let deadline = Date().addingTimeInterval(10)
        while !epollsWatching(inode: inode).isEmpty, Date() < deadline { usleep(10_000) }
        #expect(epollsWatching(inode: inode).isEmpty, "still watched after the server closed it: its events would reach the next connection under its number")
        #expect(try rawRequest(port: server.port, "GET /hello HTTP/1.1\r\nHost: t\r\n").status == 200)
    }
}
