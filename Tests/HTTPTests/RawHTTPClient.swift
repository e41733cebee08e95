import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A deliberately small HTTP/1.1 client over a blocking socket, for what URLSession will not
/// do: `Expect: 100-continue` without a body, hand-written chunked bodies, refused connections.
enum RawSocketError: Error, Equatable {
    case socket(Int32)
    case connect(Int32)
    case send(Int32)
    case malformedResponse(String)
}

struct RawResponse {
    let statusLine: String
    let status: Int
    /// Header names lowercased.
    let headers: [String: String]
    let body: Data
    var text: String { String(decoding: body, as: UTF8.self) }

    init(_ data: Data) throws {
        let separator = Data("\r\n\r\n".utf8)
        guard let end = data.range(of: separator) else {
            throw RawSocketError.malformedResponse(String(decoding: data, as: UTF8.self))
        }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        statusLine = lines.removeFirst()
        let words = statusLine.split(separator: " ")
        guard words.count >= 2, let status = Int(words[1]) else { throw RawSocketError.malformedResponse(statusLine) }
        self.status = status
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        let rest = data[end.upperBound...]
        if let length = headers["content-length"].flatMap({ Int($0) }) {
            body = Data(rest.prefix(length))
        } else {
            body = Data(rest)
        }
    }
}

final class RawConnection {
    let fd: Int32

    init(host: String = "127.0.0.1", port: UInt16, timeoutSeconds: Int = Int(patience)) throws {
        let ipv6 = host.contains(":")
        fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawSocketError.socket(errno) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw RawSocketError.connect(code)
        }
    }

    deinit { close(fd) }

    func send(_ text: String) throws { try send(Data(text.utf8)) }

    func send(_ data: Data) throws {
        try data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(fd, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { throw RawSocketError.send(errno) }
                offset += sent
            }
        }
    }

    /// Reads until the peer closes the connection (or the read times out).
    func readToEnd() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data
    }

    /// Reads until `marker` has arrived (or the peer closes, or the read times out).
    func read(until marker: String) -> Data {
        let wanted = Data(marker.utf8)
        var data = Data()
        var byte: UInt8 = 0
        while data.range(of: wanted) == nil {
            guard recv(fd, &byte, 1, 0) == 1 else { break }
            data.append(byte)
        }
        return data
    }
}

/// Sends `head` (request line and headers, without the blank line) plus `Connection: close`
/// and `body`, and reads the whole response.
func rawRequest(host: String = "127.0.0.1", port: UInt16, _ head: String, body: Data = Data()) throws -> RawResponse {
    let connection = try RawConnection(host: host, port: port)
    var message = Data((head.hasSuffix("\r\n") ? head : head + "\r\n").utf8)
    message.append(Data("Connection: close\r\n\r\n".utf8))
    message.append(body)
    try connection.send(message)
    return try RawResponse(connection.readToEnd())
}

/// How long a test waits for something that happens at once on an idle machine: a bound that
/// only a stuck run reaches, never a window the machine's speed could miss.
let patience: TimeInterval = 60

/// A flag set once, from any thread.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
}

/// Runs blocking work on a thread of its own, so that it never ties up the cooperative pool.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}

/// Whether this machine can bind a socket to the IPv6 loopback.
func ipv6LoopbackAvailable() -> Bool {
    let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    guard inet_pton(AF_INET6, "::1", &address.sin6_addr) == 1 else { return false }
    return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
        }
    }
}
