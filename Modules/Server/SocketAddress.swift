import Core
import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address and port to listen on, from a literal address or `localhost`.
struct SocketAddress {
    private var storage = sockaddr_storage()
    let isIPv6: Bool

    init(host: String, port: UInt16) throws {
        let literal = host == "localhost" ? "127.0.0.1" : host.trimmingCharacters(in: "[]")
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, literal, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { target in
                withUnsafeBytes(of: v4) { target.copyMemory(from: $0) }
            }
            isIPv6 = false
            return
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, literal, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { target in
                withUnsafeBytes(of: v6) { target.copyMemory(from: $0) }
            }
            isIPv6 = true
            return
        }
        throw AppError.invalidInput("--host must be an IPv4 or IPv6 address or localhost (got '\(host)')", code: "invalid_host")
    }

    /// A non-blocking socket listening on this address; `naming` the address as the user gave it.
    func listen(backlog: Int32, naming: String) throws -> Int32 {
        let fd = withSockaddr { tend_listen($0, isIPv6 ? 1 : 0, backlog) }
        guard fd >= 0 else {
            throw AppError.unavailable("cannot listen on \(naming) (in use, or not an address of this machine)", code: "listen_failed")
        }
        return fd
    }

    func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        var copy = storage
        return withUnsafePointer(to: &copy) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
        }
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
