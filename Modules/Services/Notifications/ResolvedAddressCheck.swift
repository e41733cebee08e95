import FoundationEssentials
import Client
import Core
import Domain
#if canImport(Glibc)
import Glibc
#endif

/// Resolves a host name to the addresses a connection to it may reach.
public protocol HostResolver: Sendable {
    /// Every address `name` resolves to; empty when it resolves to none.
    func addresses(of name: String) -> [IPAddress]
}

/// The system's resolver, as libcurl uses it: `getaddrinfo` (the hosts file, DNS, and the
/// numeric forms `inet_aton` reads).
public struct SystemHostResolver: HostResolver {
    public init() {}

    public func addresses(of name: String) -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &result) == 0, let first = result else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            cursor = info.pointee.ai_next
            guard let socketAddress = info.pointee.ai_addr else { continue }
            let address: IPAddress?
            switch Int32(socketAddress.pointee.sa_family) {
            case AF_INET:
                address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    withUnsafeBytes(of: $0.pointee.sin_addr.s_addr) { IPAddress(bytes: $0) }
                }
            case AF_INET6:
                address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    withUnsafeBytes(of: $0.pointee.sin6_addr) { IPAddress(bytes: $0) }
                }
            default:
                address = nil
            }
            if let address, !addresses.contains(address) { addresses.append(address) }
        }
        return addresses
    }
}

/// A channel URL is checked when it is added, but a name can resolve to a forbidden address
/// (169.254.169.254.nip.io, or a DNS answer that changes): before each delivery the URL is read
/// again, its name resolved, and the delivery refused when any address is one a channel must
/// never reach. The addresses checked are pinned for libcurl, which then connects to them
/// without resolving the name again; its socket opener checks every address once more.
enum ResolvedAddressCheck {
    /// The pinned addresses for a delivery to `url` (none for an address literal), or an
    /// `invalid_channel_url` error when the URL or any address it leads to is refused.
    static func pins(for url: String, addresses: ChannelAddresses, resolver: any HostResolver) throws -> [ServerRequest.PinnedHost] {
        guard let target = addresses.target(of: url) else {
            throw AppError.invalidInput("the channel URL is not valid", code: "invalid_channel_url")
        }
        if let refusal = addresses.refusal(for: target.host) {
            throw AppError.invalidInput("the channel's host \(target.host) is \(refusal.rawValue)", code: "invalid_channel_url")
        }
        guard let name = target.lookupName else { return [] }
        let resolved = resolver.addresses(of: name)
        guard !resolved.isEmpty else {
            throw AppError.unavailable("cannot resolve the channel's host \(target.host)", code: "server_unreachable")
        }
        for address in resolved {
            if let refusal = ChannelAddressRule.refusal(for: address) {
                throw AppError.invalidInput("the channel's host \(target.host) resolves to \(refusal.rawValue) (\(address))",
                                            code: "invalid_channel_url")
            }
        }
        return [ServerRequest.PinnedHost(host: name, port: target.port, addresses: resolved)]
    }
}
