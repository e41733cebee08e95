import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// Clients that misbehave on purpose, for the hardening suites: raw sockets from a chosen
// loopback address (127.0.0.2 and up stand for other machines), tricklers, readers of a whole
// connection's bytes.

/// A connected TCP socket from `source` (an address of the loopback: 127.0.0.x or ::1) to the
/// server's loopback port, with reads and writes that give up after `timeoutSeconds`.
func loopbackSocket(from source: String = "127.0.0.1", port: UInt16, timeoutSeconds: Int = Int(patience)) throws -> Int32 {
    let ipv6 = source.contains(":")
    let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw RawSocketError.socket(errno) }
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    func bindAndConnect<Address>(_ local: Address, _ remote: Address) -> Int32 {
        var local = local
        var remote = remote
        let size = socklen_t(MemoryLayout<Address>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        guard bound == 0 else { return -1 }
        return withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, size) } }
    }
    let result: Int32
    if ipv6 {
        var local = sockaddr_in6()
        local.sin6_family = sa_family_t(AF_INET6)
        inet_pton(AF_INET6, source, &local.sin6_addr)
        var remote = local
        remote.sin6_port = port.bigEndian
        result = bindAndConnect(local, remote)
    } else {
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        result = bindAndConnect(local, remote)
    }
    guard result == 0 else {
        let code = errno
        close(fd)
        throw RawSocketError.connect(code)
    }
    return fd
}

/// Sends all of `text`; false when the peer has gone.
@discardableResult
func sendAll(_ fd: Int32, _ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent > 0 else { return false }
        offset += sent
    }
    return true
}

/// Everything the peer sends until it closes (or a read times out).
func readAll(_ fd: Int32) -> String {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 0 else { break }
        data.append(contentsOf: buffer[..<count])
    }
    return String(decoding: data, as: UTF8.self)
}

/// Reads one response (head and a `Content-Length` body) from a keep-alive connection.
func readResponse(_ fd: Int32) throws -> RawResponse {
    var data = Data()
    var byte: UInt8 = 0
    while data.range(of: Data("\r\n\r\n".utf8)) == nil {
        guard recv(fd, &byte, 1, 0) == 1 else { throw RawSocketError.malformedResponse(String(decoding: data, as: UTF8.self)) }
        data.append(byte)
    }
    let head = try RawResponse(data)
    var remaining = head.headers["content-length"].flatMap { Int($0) } ?? 0
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while remaining > 0 {
        let count = recv(fd, &buffer, min(buffer.count, remaining), 0)
        guard count > 0 else { break }
        data.append(contentsOf: buffer[..<count])
        remaining -= count
    }
    return try RawResponse(data)
}

/// Whether the peer has closed `fd` (EOF or reset), waiting at most `seconds` for it.
func peerClosed(_ fd: Int32, within seconds: Double) -> Bool {
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN) | 0x2000 /* POLLRDHUP */, revents: 0)
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        let ready = poll(&descriptor, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
        guard ready > 0 else { continue }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count == 0 { return true }
        if count < 0 && errno != EAGAIN && errno != EWOULDBLOCK { return true }
    }
    return false
}

/// Clients that open connections from one address and send their request a line at a time,
/// a line every `interval`, forever: each holds its connection for as long as the server lets
/// it. Records when the server closed each one and what it said before.
final class TricklingClients: @unchecked Sendable {
    struct Connection {
        let fd: Int32
        let opened: Date
        var closedAfter: Double?
        var received = ""
    }

    private let state = Mutex<[Connection]>([])
    private let running = Atomic<Bool>(true)
    private let finished = DispatchSemaphore(value: 0)
    let source: String

    /// Opens `count` connections from `source` and sends each a request line.
    init(count: Int, from source: String, port: UInt16, target: String = "/hello") throws {
        self.source = source
        var connections: [Connection] = []
        for _ in 0..<count {
            let fd = try loopbackSocket(from: source, port: port)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = "GET \(target) HTTP/1.1\r\n".withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            connections.append(Connection(fd: fd, opened: Date()))
        }
        state.withLock { $0 = connections }
    }

    deinit {
        stop()
        for connection in state.withLock({ $0 }) { close(connection.fd) }
    }

    /// Sends a header line on every open connection every `interval`, on a thread of its own.
    func start(every interval: TimeInterval) {
        Thread.detachNewThread { [self] in
            var line = 0
            var nextSend = Date()
            while running.load(ordering: .sequentiallyConsistent) {
                let now = Date()
                let sendNow = now >= nextSend
                if sendNow {
                    line += 1
                    nextSend = now.addingTimeInterval(interval)
                }
                state.withLock { connections in
                    for index in connections.indices where connections[index].closedAfter == nil {
                        let fd = connections[index].fd
                        if sendNow {
                            let text = "X-Trickle-\(line): a\r\n"
                            let sent = text.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                            if sent < 0 && errno != EAGAIN && errno != EWOULDBLOCK {
                                connections[index].closedAfter = Date().timeIntervalSince(connections[index].opened)
                                continue
                            }
                        }
                        var buffer = [UInt8](repeating: 0, count: 4096)
                        while true {
                            let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                            if count > 0 {
                                connections[index].received += String(decoding: buffer[..<count], as: UTF8.self)
                                continue
                            }
                            if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
                                connections[index].closedAfter = Date().timeIntervalSince(connections[index].opened)
                            }
                            break
                        }
                    }
                }
                usleep(20_000)
            }
            finished.signal()
        }
    }

    func stop() {
        running.store(false, ordering: .sequentiallyConsistent)
    }

    /// Stops the thread started by `start` and waits for it.
    func stopAndWait() {
        running.store(false, ordering: .sequentiallyConsistent)
        _ = finished.wait(timeout: .now() + patience)
    }

    var connections: [Connection] { state.withLock { $0 } }
    var openCount: Int { connections.filter { $0.closedAfter == nil }.count }
}

/// Waits until `condition` holds, checking every 20 ms, for at most `bound` seconds.
func waitUntil(within bound: TimeInterval = patience, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(bound)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
