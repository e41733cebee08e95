import Testing
import Core
#if canImport(Glibc)
import Glibc
#endif
@testable import HTTP
@testable import Server

@Suite("SocketAddress")
struct SocketAddressTests {
    func family(_ address: SocketAddress) -> Int32 {
        address.withSockaddr { Int32($0.pointee.sa_family) }
    }

    @Test func ipv4LiteralIsParsed() throws {
        let address = try SocketAddress(host: "127.0.0.1", port: 8080)
        #expect(!address.isIPv6)
        #expect(family(address) == AF_INET)
        let port = address.withSockaddr { pointer in
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        #expect(port == 8080)
    }

    @Test func localhostIsTheIPv4Loopback() throws {
        let address = try SocketAddress(host: "localhost", port: 1)
        #expect(!address.isIPv6)
        let raw = address.withSockaddr { pointer in
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt32(bigEndian: $0.pointee.sin_addr.s_addr) }
        }
        #expect(raw == 0x7F00_0001)
    }

    @Test(arguments: ["::1", "[::1]", "::", "fe80::1"])
    func ipv6LiteralIsParsed(host: String) throws {
        let address = try SocketAddress(host: host, port: 443)
        #expect(address.isIPv6)
        #expect(family(address) == AF_INET6)
        let port = address.withSockaddr { pointer in
            pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
        }
        #expect(port == 443)
    }

    @Test(arguments: ["not-an-address", "", "256.1.1.1", "127.0.0.1:80", "example.com", "::1::2", " 127.0.0.1"])
    func anythingElseIsInvalidHost(host: String) throws {
        let error = try #require(throws: AppError.self) { try SocketAddress(host: host, port: 80) }
        #expect(error.kind == .invalidInput)
        #expect(error.code == "invalid_host")
        #expect(error.message.contains("'\(host)'"))
    }
}
